import { describe, expect, it } from 'vitest';
import type { PlacedOrderAnswer } from '@/shared/order-view';
import { checkoutBody, testCustomer } from '@tests/helpers/orders';
import { parseCsv } from '@tests/helpers/csv';
import { request } from '@tests/helpers/server';
import { useAdminServer } from '@tests/helpers/use-server';

/**
 * The CSV export names the items in its reader's language, as the admin's pages do: the admin's
 * chosen language (the lang cookie), else the browser's. Its cells stay safe in a spreadsheet.
 */
describe("the orders CSV in the admin's language", () => {
  const server = useAdminServer();

  async function placeOrder(): Promise<string> {
    const placed = await request<PlacedOrderAnswer>(server, '/api/orders', {
      method: 'POST',
      json: {
        ...checkoutBody(`export-language-${Date.now()}-abcdef`),
        // A formula without a link (checkout refuses web addresses in names).
        customer: { ...testCustomer, name: '=HYPERLINK("evil")' },
        lines: [
          { productId: 'tshirt-bomull', quantity: 30, sizes: { S: 10, M: 20 }, options: { colour: 'navy' } },
          { productId: 'mossa', quantity: 25, options: { colour: 'navy' } },
        ],
      },
    });
    expect(placed.status).toBe(201);
    return placed.body.orderNumber;
  }

  async function download(orderNumber: string, language: Record<string, string>, format = 'standard') {
    const response = await fetch(`${server.url}/api/admin/orders.csv?q=${orderNumber}&format=${format}`, {
      headers: { ...language, cookie: [server.cookie, language.cookie].filter(Boolean).join('; ') },
    });
    expect(response.status).toBe(200);
    const [header = [], ...rows] = parseCsv(
      (await response.text()).replace(/^\uFEFF/, ''),
      format === 'excel-sv' ? ';' : ',',
    );
    expect(rows).toHaveLength(1);
    return (name: string) => rows[0]?.[header.indexOf(name)];
  }

  it('Swedish for a Swedish admin, English for an English one, in both formats', async () => {
    const orderNumber = await placeOrder();
    const swedish = { 'accept-language': 'sv-SE,sv;q=0.9' };
    const english = { 'accept-language': 'sv-SE,sv;q=0.9', cookie: 'lang=en' };
    for (const format of ['standard', 'excel-sv']) {
      const sv = await download(orderNumber, swedish, format);
      const en = await download(orderNumber, english, format);
      expect(sv('Artiklar')).toBe('30 × T-shirt i bomull (10 S, 20 M), 25 × Mössa');
      expect(en('Artiklar')).toBe('30 × Cotton T-shirt (10 S, 20 M), 25 × Beanie');
      // The buyer's formula stays text either way; the sizes are counted the same.
      expect(sv('Namn')).toBe(`'=HYPERLINK("evil")`);
      expect(en('Namn')).toBe(`'=HYPERLINK("evil")`);
      expect([sv('Storlek S'), sv('Storlek M')]).toEqual(['10', '20']);
      expect([en('Storlek S'), en('Storlek M')]).toEqual(['10', '20']);
    }
    // Without a chosen language, the browser's decides, as on every admin route.
    const asked = await download(orderNumber, { 'accept-language': 'en' }, 'standard');
    expect(asked('Artiklar')).toBe('30 × Cotton T-shirt (10 S, 20 M), 25 × Beanie');
  });

  it('names the lines as they are after a change, in both languages (the summaries are stored with the lines)', async () => {
    const orderNumber = await placeOrder();
    const changed = await request<object>(server, `/api/admin/orders/${orderNumber}/lines`, {
      method: 'PATCH',
      headers: { cookie: server.cookie, 'accept-language': 'sv' },
      json: {
        lines: [
          {
            productId: 'tshirt-bomull',
            quantity: 30,
            sizes: { S: 5, M: 15, L: 10 },
            options: { colour: 'navy' },
          },
          { productId: 'hoodie', quantity: 20, sizes: { XL: 20 }, options: { colour: 'navy' } },
        ],
        reason: 'Mössorna blev huvtröjor',
      },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const sv = await download(orderNumber, { 'accept-language': 'sv' });
    const en = await download(orderNumber, { 'accept-language': 'en' });
    expect(sv('Artiklar')).toBe('30 × T-shirt i bomull (5 S, 15 M, 10 L), 20 × Hoodie (20 XL)');
    expect(en('Artiklar')).toBe('30 × Cotton T-shirt (5 S, 15 M, 10 L), 20 × Hoodie (20 XL)');
    expect([sv('Storlek L'), sv('Storlek XL')]).toEqual(['10', '20']);
  });
});
