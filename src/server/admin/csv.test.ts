import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestPglite } from '@tests/helpers/server';
import { itemsSummary, type AdminOrderLine } from '@/shared/admin';
import { orderStatuses, statusLabels } from '@/shared/order-status';
import { sizeCodes } from '@/shared/sizes';
import type { Database } from '@/server/db/client';
import { csvCell, csvRow, csvRowSql } from './csv';
import { itemColumnsSql, sizeColumns } from './order-export';
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
});
