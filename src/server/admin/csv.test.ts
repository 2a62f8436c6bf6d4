import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestPglite } from '@tests/helpers/server';
import { itemsSummary, type AdminOrderLine } from '@/shared/admin';
import { orderStatuses, statusLabels } from '@/shared/order-status';
import { sizeCodes } from '@/shared/sizes';
import { locales } from '@/shared/i18n/locale';
import { orderLineName } from '@/shared/i18n/order-line-name';
import { conversionFeeLine } from '@/server/print-files';
import type { Database } from '@/server/db/client';
import { csvCell, csvRow, csvRowSql } from './csv';
import { itemColumnsSql, itemsSummarySql, sizeColumns } from './order-export';
import { queryRows } from '@/server/db/query-rows';

/** The export formats lines in the database; they must be the very text the TypeScript makes. */
describe('CSV made by the database = CSV made by csvRow', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestPglite();
  });
  afterAll(() => database.close());

  const values: (string | null)[] = [
    'plain',
    '',
    null,
    '=1+1',
    '+46 70',
    '+46 (0)70-123 45 67',
    '+SUM(A1)',
    "-2+3+cmd|' /C calc'!A0",
    '-1',
    '@SUM(A1)',
    '\tindented',
    '\rreturn',
    'a "quoted" word',
    '"',
    "it's",
    'Åsa Öberg, Ängelholm',
    'line\nbreak',
    '<script>x</script>',
    ' =spaced',
  ];

  it.each(values.map((v) => [v]))('%j', async (value) => {
    const [row] = await queryRows<{ line: string }>(
      database.db,
      sql`SELECT ${csvRowSql([sql`${value}::text`, sql`${value}::text`])} AS line`,
    );
    expect(row?.line).toBe(csvRow([value, value]));
    expect(csvCell(value)).toBe(csvRow([value]).slice(0, -2));
  });

  // The cells the export leaves unguarded: numbers, times, codes and the Swedish status labels.
  const codeValues = [
    ...orderStatuses,
    ...orderStatuses.map((status) => statusLabels[status]),
    'personal',
    'company',
    'domestic',
    'reverse_charge',
    '12345.50',
    '0.00',
    '2026-11-23T09:05:00.000000Z',
    '2026-11-23 10:05',
    null,
  ];
  it.each(codeValues.map((v) => [v]))('code cell %j', async (value) => {
    const [row] = await queryRows<{ line: string }>(
      database.db,
      sql`SELECT ${csvRowSql([{ code: sql`${value}::text` }, sql`${value}::text`], 'excel-sv')} AS line`,
    );
    expect(row?.line).toBe(csvRow([value, value], 'excel-sv'));
  });

  it('items summary and pieces per size', async () => {
    const hoodie = {
      productId: 'hoodie',
      name: 'Hoodie',
      quantity: 50,
      unitPrice: '114.375',
      lineTotal: '5718.75',
    };
    const lists: AdminOrderLine[][] = [
      [],
      [hoodie],
      [
        { ...hoodie, sizes: { S: 10, M: 25, XL: 15 } },
        { ...hoodie, quantity: 30, sizes: { M: 20, '3XL': 10 } },
        { ...hoodie, quantity: 5, sizes: { XS: 5, S: 0 } },
        {
          productId: 'kuponghäfte',
          name: 'Coupon "Booklet"',
          quantity: 1000,
          unitPrice: '15',
          lineTotal: '15000.00',
        },
      ],
    ];
    for (const items of lists) {
      const [row] = await queryRows<Record<string, string | null>>(
        database.db,
        sql`SELECT item_columns.* FROM (SELECT ${JSON.stringify(items)}::jsonb AS items) AS orders
            CROSS JOIN LATERAL ${itemColumnsSql(sql`order_export_item_cells(orders.items)`)} AS item_columns`,
      );
      expect(row?.items_summary ?? '').toBe(itemsSummary(items));
      expect(sizeCodes.map((code) => row?.[`size_${code}`])).toEqual(sizeColumns(items));
    }
  });

  it("the items summary in each reader's language has orderLineName's words, made at export and stored", async () => {
    const tshirt = {
      productId: 'tshirt-bomull',
      name: 'Cotton T-shirt',
      names: { sv: 'T-shirt i bomull', en: 'Cotton T-shirt' },
      quantity: 30,
      unitPrice: '99',
      lineTotal: '2970.00',
      sizes: { S: 10, M: 20 },
    };
    const lines: AdminOrderLine[] = [
      tshirt,
      // Renamed by the owner after: the line keeps the names it was sold with.
      { ...tshirt, productId: 'hoodie', name: 'Club hoodie', names: { sv: 'Klubbhuva', en: 'Club hoodie' } },
      // Stored before lines kept their names: the catalogue's name by id.
      {
        productId: 'kuponghäfte',
        name: 'Coupon Booklet',
        quantity: 100,
        unitPrice: '15',
        lineTotal: '1500.00',
      },
      // A product the catalogue's messages do not know, without names: its stored name.
      { productId: 'own-1', name: 'Own "special"', quantity: 2, unitPrice: '10', lineTotal: '20.00' },
      conversionFeeLine({ id: 'upload-1', name: 'logo.png' }),
      // Children's sizes, which the size columns do not count but the summary names.
      { ...tshirt, quantity: 30, sizes: { '110/116': 10, '122/128': 20 } },
    ];
    const [row] = await queryRows<Record<string, string>>(
      database.db,
      sql`SELECT ${itemsSummarySql('sv')} AS sv, ${itemsSummarySql('en')} AS en,
            order_items_summary_en(orders.items) AS stored_en, order_items_summary_sv(orders.items) AS stored_sv
          FROM (SELECT ${JSON.stringify(lines)}::jsonb AS items) AS orders`,
    );
    const worded = (locale: (typeof locales)[number]) =>
      itemsSummary(lines.map((line) => ({ ...line, name: orderLineName(locale, line) })));
    for (const locale of locales) expect(row?.[locale]).toBe(worded(locale));
    expect(row?.sv).toBe(
      '30 × T-shirt i bomull (10 S, 20 M), 30 × Klubbhuva (10 S, 20 M), 100 × Kuponghäfte, 2 × Own "special", 1 × Konvertering av tryckfil som inte är vektor, 30 × T-shirt i bomull (10 110/116, 20 122/128)',
    );
    expect(row?.stored_en).toBe(worded('en'));
    expect(row?.stored_sv).toBe(worded('sv'));
  });
});
