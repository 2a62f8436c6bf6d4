import { describe, expect, it } from 'vitest';
import { countOrders, postOrderLines } from '@tests/helpers/orders';
import { uploadImage } from '@tests/helpers/print-files';
import { request } from '@tests/helpers/server';
import { useAdminServer } from '@tests/helpers/use-server';
import type { AdminOrderDetail } from '@/shared/admin';
import type { OrderView, PlacedOrderAnswer } from '@/shared/order-view';
import type { ApiErrorBody } from '@/server/http/errors';

const server = useAdminServer();

const post = <T>(lines: unknown[], headers: Record<string, string> = {}) =>
  postOrderLines<T>(server, lines, headers);

interface ProductAnswer {
  id: string;
  options: { id: string; choices: { id: string; extraPerUnit?: string }[] }[];
}

describe('product options', () => {
  it('GET /api/products/:id lists the choices a buyer must make', async () => {
    const cap = await request<ProductAnswer>(server, `/api/products/${encodeURIComponent('urvattad-keps')}`);
    expect(cap.status).toBe(200);
    expect(cap.body.options.map((o) => o.id)).toEqual(['colour', 'decoration']);
    expect(cap.body.options[1]?.choices.map((c) => c.id)).toEqual(['embroidery', 'transfer']);
    // Garments that had no colour before have one now.
    for (const id of ['tracktop', 'tshirt-polyester', 'zip', 'hoodie', 'fiskehatt', 'becknarväska']) {
      const product = await request<ProductAnswer>(server, `/api/products/${encodeURIComponent(id)}`);
      expect(product.body.options.find((o) => o.id === 'colour')?.choices.length).toBeGreaterThan(2);
    }
    const booklet = await request<ProductAnswer>(
      server,
      `/api/products/${encodeURIComponent('kuponghäfte')}`,
    );
    expect(booklet.body.options.map((o) => o.id)).toEqual(['bookletSize', 'pages', 'coupons']);
    // A price effect is an exact decimal string per piece.
    expect(booklet.body.options[1]?.choices).toContainEqual({ id: '20', extraPerUnit: '2' });
    const tape = await request<ProductAnswer>(server, '/api/products/tejp');
    expect(tape.body.options).toEqual([{ id: 'tapeWidth', choices: [{ id: '48' }, { id: '75' }] }]);
  });

  it('a required choice missing, unknown or foreign → 400 naming the line; nothing stored', async () => {
    const before = await countOrders(server.database);
    const missing = await post<ApiErrorBody>([
      { productId: 'hoodie', quantity: 20, sizes: { M: 20 }, options: { colour: 'navy' } },
      { productId: 'urvattad-keps', quantity: 20, options: { colour: 'black' } },
    ]);
    expect(missing.status).toBe(400);
    expect(missing.body.fieldErrors?.['lines.1.options']).toBe('Line 2 (Washed Cap): Decoration is missing');
    expect(missing.body.error).toBe('Line 2 (Washed Cap): Decoration is missing');

    const swedish = await post<ApiErrorBody>([{ productId: 'tracktop', quantity: 20, sizes: { M: 20 } }], {
      'accept-language': 'sv-SE',
    });
    expect(swedish.body.fieldErrors?.['lines.0.options']).toBe('Rad 1 (Track top): Färg saknas');

    const unknownChoice = await post<ApiErrorBody>([
      { productId: 'urvattad-keps', quantity: 20, options: { colour: 'pink', decoration: 'embroidery' } },
    ]);
    expect(unknownChoice.body.fieldErrors?.['lines.0.options']).toBe(
      'Line 1 (Washed Cap): Colour: “pink” does not exist',
    );
    const foreign = await post<ApiErrorBody>([
      { productId: 'tejp', quantity: 120, options: { tapeWidth: '48', colour: 'red' } },
    ]);
    expect(foreign.body.fieldErrors?.['lines.0.options']).toBe(
      'Line 1 (Printed Tape): The product has no choice “colour”',
    );
    const notAnObject = await post<ApiErrorBody>([{ productId: 'tejp', quantity: 120, options: ['48'] }]);
    expect(notAnObject.status).toBe(400);
    expect(Object.keys(notAnObject.body.fieldErrors ?? {})).toContain('lines.0.options');
    expect(await countOrders(server.database)).toBe(before);
  });

  it('a washed cap keeps its colour and decoration on the order, invoice and admin; an extra is priced', async () => {
    const placed = await post<PlacedOrderAnswer>([
      {
        productId: 'urvattad-keps',
        quantity: 50,
        options: { decoration: 'transfer', colour: 'navy' },
        notes: 'Logo centred, 8 cm wide',
      },
      { productId: 'kuponghäfte', quantity: 100, options: { bookletSize: 'a6', pages: '20', coupons: '2' } },
    ]);
    expect(placed.status).toBe(201);
    const { orderNumber, accessToken } = placed.body;
    // 50 caps × 27 kr + 100 booklets × (30 + 2 kr for 20 pages).
    expect(placed.body.total).toBe('4550.00');

    const view = await request<OrderView>(server, `/api/orders/${orderNumber}?token=${accessToken}`);
    expect(view.body.lines[0]).toMatchObject({
      options: { colour: 'navy', decoration: 'transfer' },
      notes: 'Logo centred, 8 cm wide',
      unitPrice: '27',
    });
    expect(view.body.lines[1]).toMatchObject({ unitPrice: '32', lineTotal: '3200.00' });

    const invoice = await request<string>(server, `/api/orders/${orderNumber}/invoice?token=${accessToken}`);
    // Colour and the other choices as every reader words them (orderLineText), one per row.
    expect(invoice.body).toContain('Färg: Marinblå\nDekor: Transfertryck');
    expect(invoice.body).not.toContain('Logo centred');
    expect(invoice.body).toContain(
      'Format: A6 (105 × 148 mm) · Sidor: 20 sidor · Kuponger per sida: 2 per sida',
    );

    const admin = await request<AdminOrderDetail>(server, `/api/admin/orders/${orderNumber}`, {
      headers: { cookie: server.cookie },
    });
    expect(admin.body.items[0]).toMatchObject({ options: { colour: 'navy', decoration: 'transfer' } });
  });

  it("a customised garment's colour is its design's: filled in, and a different one refused", async () => {
    const uploadId = (await uploadImage(server)).id;
    const print = { method: 'dtg', uploadId, side: 'front', x: 50, y: 40, scale: 0.3 };
    const placed = await post<PlacedOrderAnswer>([
      {
        productId: 'hoodie',
        quantity: 20,
        sizes: { M: 20 },
        customisation: { color: 'red', prints: [print] },
      },
    ]);
    expect(placed.status).toBe(201);
    const view = await request<OrderView>(
      server,
      `/api/orders/${placed.body.orderNumber}?token=${placed.body.accessToken}`,
    );
    expect(view.body.lines[0]?.options).toEqual({ colour: 'red' });
    const conflict = await post<ApiErrorBody>([
      {
        productId: 'hoodie',
        quantity: 20,
        sizes: { M: 20 },
        customisation: { color: 'red', prints: [print] },
        options: { colour: 'navy' },
      },
    ]);
    expect(conflict.status).toBe(400);
    expect(conflict.body.fieldErrors?.['lines.0.options']).toContain('differs from the design’s colour');
  });
});

describe('one design across colours at one tier', () => {
  it('120 hoodies of one design in two colours cost the 100-tier price, not the 50-tier price twice', async () => {
    const uploadId = (await uploadImage(server)).id;
    const print = { method: 'dtg', uploadId, side: 'front', x: 50, y: 40, scale: 0.3 };
    const line = (color: string, quantity: number) => ({
      productId: 'hoodie',
      quantity,
      sizes: { M: quantity },
      customisation: { color, prints: [print], additionalInfo: '' },
    });
    const placed = await post<PlacedOrderAnswer>([line('navy', 60), line('black', 60)]);
    expect(placed.status).toBe(201);
    // 120 × 96 kr (the 100 tier) = 11 520 kr; apart they would be 2 × 60 × 114,375 = 13 725 kr.
    expect(placed.body.total).toBe('11520.00');
    const view = await request<OrderView>(
      server,
      `/api/orders/${placed.body.orderNumber}?token=${placed.body.accessToken}`,
    );
    expect(view.body.lines.map((l) => [l.options?.colour, l.unitPrice, l.tierQuantity])).toEqual([
      ['navy', '96', 120],
      ['black', '96', 120],
    ]);

    // Another placement is another design: each colour at its own tier.
    const moved = await post<PlacedOrderAnswer>([
      line('navy', 60),
      { ...line('black', 60), customisation: { color: 'black', prints: [{ ...print, x: 30 }] } },
    ]);
    expect(moved.body.total).toBe('13725.00');
  });
});
