import { describe, expect, it } from 'vitest';
import type { PlacedOrderAnswer } from '@/shared/order-view';
import { checkoutBody } from '@tests/helpers/orders';
import { parseCsv } from '@tests/helpers/csv';
import { seedOrders } from '@tests/helpers/seed-orders';
import { request } from '@tests/helpers/server';
import { useAdminServer } from '@tests/helpers/use-server';

/**
 * The bench measures the orders CSV on seeded orders (tests/helpers/seed-orders.ts). Its figures
 * only say something about the shop if a seeded order exports like one placed through checkout:
 * the same columns filled, with values of the same kind (issue 47: a seed without the invoice
 * document exported empty receivables columns, and measured a query that never read the ledger).
 */
describe('the orders CSV of seeded orders and of orders placed through checkout', () => {
  const server = useAdminServer();

  /** What a cell holds, as far as the export's shape goes. */
  function kind(cell: string | undefined): string {
    if (cell === undefined || cell === '') return 'empty';
    if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/.test(cell)) return 'time';
    if (/^\d{4}-\d{2}-\d{2}$/.test(cell)) return 'date';
    if (/^-?\d+(?:\.\d+)?$/.test(cell)) return 'number';
    return 'text';
  }

  // Columns the buyer's own choices fill or leave empty (a company's number, a reference, a
  // delivery elsewhere, sizes ordered): compared only where both orders made the same choice.
  const buyerChoices = new Set([
    'Företag',
    'Organisationsnummer',
    'Köparens momsreg.nr',
    'Er referens',
    'Fakturaadress',
    'Leveransadress',
  ]);

  it('fill the same columns with the same kinds of values', async () => {
    // The seed writes the ledger of every order in the table: it goes first.
    await server.database.withConnection((exec) => seedOrders(exec, 200, { batch: 100 }));
    const placed = await request<PlacedOrderAnswer>(server, '/api/orders', {
      method: 'POST',
      json: checkoutBody(`seed-like-checkout-${Date.now()}-abcdef`),
    });
    expect(placed.status).toBe(201);

    const response = await fetch(`${server.url}/api/admin/orders.csv?format=standard`, {
      headers: { cookie: server.cookie },
    });
    expect(response.status).toBe(200);
    const [header = [], ...rows] = parseCsv((await response.text()).replace(/^\uFEFF/, ''), ',');
    expect(rows).toHaveLength(201);
    const cell = (row: string[], name: string) => row[header.indexOf(name)];
    const checkout = rows.find((row) => cell(row, 'Ordernummer') === placed.body.orderNumber);
    if (!checkout) throw new Error('the checkout order is not in the export');
    // Seeded orders as checkout leaves one: new, unpaid, with its sizes split on its lines.
    const comparable = rows.filter(
      (row) =>
        row !== checkout &&
        cell(row, 'Status') === cell(checkout, 'Status') &&
        cell(row, 'Betalningsstatus') === cell(checkout, 'Betalningsstatus') &&
        cell(row, 'Kundtyp') === cell(checkout, 'Kundtyp') &&
        cell(row, 'Momsbehandling') === cell(checkout, 'Momsbehandling'),
    );
    expect(comparable.length).toBeGreaterThan(0);

    const shape = (row: string[]) =>
      Object.fromEntries(
        header
          .filter((name) => !buyerChoices.has(name) && !name.startsWith('Storlek '))
          .map((name) => [name, kind(cell(row, name))]),
      );
    const expected = shape(checkout);
    // The receivables columns are what the former seed lacked: checkout fills every one of them.
    for (const name of ['Fakturadatum', 'Förfallodag', 'OCR', 'Betalt (kr)', 'Kvar att betala (kr)'])
      expect(expected[name], name).not.toBe('empty');
    for (const row of comparable) expect(shape(row)).toEqual(expected);
    // Items name what was ordered with pieces per size, as checkout's do.
    const itemsPattern = /^\d+ × [^(,]+(?: \([^)]*\))?(?:, \d+ × [^(,]+(?: \([^)]*\))?)*$/;
    expect(cell(checkout, 'Artiklar')).toMatch(itemsPattern);
    for (const row of comparable) expect(cell(row, 'Artiklar')).toMatch(itemsPattern);
    // Balance of an unpaid order is its total, on both.
    for (const row of [checkout, ...comparable])
      expect(cell(row, 'Kvar att betala (kr)')).toBe(cell(row, 'Totalt (kr)'));
  });
});
