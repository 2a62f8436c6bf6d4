import { describe, expect, it } from 'vitest';
import { countOrders, insertTestOrder, postOrderLines, storedHoodieLine } from '@tests/helpers/orders';
import { pdfText } from '@tests/helpers/ledger';
import { uploadImage } from '@tests/helpers/print-files';
import { request } from '@tests/helpers/server';
import { useAdminServer } from '@tests/helpers/use-server';
import type { AdminOrderDetail } from '@/shared/admin';
import type { OrderView, PlacedOrderAnswer } from '@/shared/order-view';
import type { ProductionBoard } from '@/shared/production';
import type { ApiErrorBody } from '@/server/http/errors';

const server = useAdminServer();

const post = <T>(lines: unknown[], headers: Record<string, string> = {}) =>
  postOrderLines<T>(server, lines, headers);

const tshirtLine = (prints: unknown[]) => ({
  productId: 'tshirt-bomull',
  quantity: 50,
  sizes: { M: 50 },
  customisation: { color: 'black', prints, additionalInfo: '' },
});

describe('screen print on several sides of one garment', () => {
  it('screen front and back → 201, priced at the tier, both sides on the order page, invoice, admin and job ticket', async () => {
    const front = (await uploadImage(server)).id;
    const back = (await uploadImage(server)).id;
    const placed = await post<PlacedOrderAnswer>([
      tshirtLine([
        { method: 'screen', uploadId: front, side: 'front', x: 50, y: 40, scale: 0.3 },
        { method: 'screen', uploadId: back, side: 'back', x: 50, y: 45, scale: 0.5 },
      ]),
    ]);
    expect(placed.status).toBe(201);
    // The tier price covers the prints (SPEC §4: quantity × the tier's unit price): 50 × 76,25.
    expect(placed.body.total).toBe('3812.50');

    const view = await request<OrderView>(server, `/api/orders/${placed.body.orderNumber}`, {
      headers: { 'x-order-token': placed.body.accessToken, cookie: 'lang=sv' },
    });
    expect(view.status).toBe(200);
    expect(view.body.lines[0]?.text.prints).toEqual(['Screentryck (Framsida)', 'Screentryck (Baksida)']);

    const invoice = await request<string>(
      server,
      `/api/orders/${placed.body.orderNumber}/invoice?token=${encodeURIComponent(placed.body.accessToken)}`,
    );
    expect(invoice.status).toBe(200);
    expect(String(invoice.body)).toContain('Screentryck (Framsida), Screentryck (Baksida)');

    const detail = await request<AdminOrderDetail>(server, `/api/admin/orders/${placed.body.orderNumber}`, {
      headers: { cookie: server.cookie },
    });
    expect(detail.body.items[0]?.customisation?.prints.map((p) => [p.method, p.side])).toEqual([
      ['screen', 'front'],
      ['screen', 'back'],
    ]);

    const ticket = await fetch(`${server.url}/api/admin/orders/${placed.body.orderNumber}/job-ticket.pdf`, {
      headers: { cookie: server.cookie },
    });
    expect(ticket.status).toBe(200);
    const text = await pdfText(new Uint8Array(await ticket.arrayBuffer()));
    expect(text).toContain('Screentryck, Framsida');
    expect(text).toContain('Screentryck, Baksida');
    // 0,5 × 1,6 × the back's 32 cm area = 25,6 cm.
    expect(text).toContain('bredd 25,6 cm');
    expect(text).not.toContain('får inte plats');
  });

  it('the same method twice on one side is refused in the reader’s language, and nothing is stored', async () => {
    const image = (await uploadImage(server)).id;
    const before = await countOrders(server.database);
    const twice = tshirtLine([
      { method: 'screen', uploadId: image, side: 'front', x: 50, y: 30, scale: 0.3 },
      { method: 'screen', uploadId: image, side: 'front', x: 50, y: 60, scale: 0.3 },
    ]);
    const sv = await post<ApiErrorBody>([twice], { 'accept-language': 'sv' });
    expect(sv.status).toBe(400);
    expect(sv.body.fieldErrors).toEqual({
      'lines.0.customisation': 'T-shirt i bomull: varje tryckmetod kan bara användas en gång på framsidan',
    });
    const en = await post<ApiErrorBody>([twice], { 'accept-language': 'en' });
    expect(en.body.error).toBe('Cotton T-shirt: each print method can be used once on the front');
    expect(await countOrders(server.database)).toBe(before);
  });
});

describe('a print no larger than its print area', () => {
  it('refuses a print wider than the side’s area with 400 naming the line; the largest that fits is placed', async () => {
    const image = (await uploadImage(server)).id;
    const before = await countOrders(server.database);
    const hoodie = { productId: 'hoodie', quantity: 20, sizes: { M: 20 }, options: { colour: 'navy' } };
    // Line 2: 200 % on the T-shirt front was "cirka 96 cm brett" on a 30 cm area.
    const tooLarge = [
      hoodie,
      tshirtLine([{ method: 'dtg', uploadId: image, side: 'front', x: 50, y: 40, scale: 2 }]),
    ];
    const sv = await post<ApiErrorBody>(tooLarge, { 'accept-language': 'sv-SE,sv;q=0.9' });
    expect(sv.status).toBe(400);
    const message =
      'Rad 2 (T-shirt i bomull): trycket på framsidan är 96 cm brett men tryckytan bara 30 cm. Största storlek är 28,8 cm.';
    expect(sv.body).toEqual({ error: message, fieldErrors: { 'lines.1.customisation': message } });
    const en = await post<ApiErrorBody>(tooLarge, { 'accept-language': 'en' });
    expect(en.body.fieldErrors).toEqual({
      'lines.1.customisation':
        'Line 2 (Cotton T-shirt): the print on the front is 96 cm wide but the print area only 30 cm. The largest size is 28,8 cm.',
    });
    // One step above the largest: 70 % = 33,6 cm on 30 cm; on the cap's side (7 cm) 70 % = 7,8 cm.
    const justOver = await post<ApiErrorBody>([
      tshirtLine([{ method: 'dtg', uploadId: image, side: 'front', x: 50, y: 40, scale: 0.7 }]),
    ]);
    expect(justOver.status).toBe(400);
    expect(justOver.body.fieldErrors?.['lines.0.customisation']).toContain('33,6 cm');
    const capSide = await post<ApiErrorBody>([
      {
        productId: 'baseball-keps',
        quantity: 20,
        customisation: {
          color: 'black',
          prints: [{ method: 'screen', uploadId: image, side: 'side', x: 60, y: 45, scale: 0.7 }],
          additionalInfo: '',
        },
      },
    ]);
    expect(capSide.status).toBe(400);
    expect(capSide.body.fieldErrors?.['lines.0.customisation']).toContain('7,8 cm');
    expect(await countOrders(server.database)).toBe(before);

    // The largest that fits (60 % = 28,8 cm) is an order, with its width as today.
    const largest = await post<PlacedOrderAnswer>([
      tshirtLine([{ method: 'dtg', uploadId: image, side: 'front', x: 50, y: 40, scale: 0.6 }]),
    ]);
    expect(largest.status).toBe(201);
  });

  it('an order stored before the rule: the board flags the line and the ticket keeps the drawing off its text', async () => {
    const stored = await insertTestOrder(server.database, {
      customerOrganization: 'Too Large AB',
      items: [
        storedHoodieLine(
          'navy',
          { M: 20 },
          {
            customisation: {
              color: 'navy',
              prints: [
                { method: 'dtg', uploadId: 'abcdefgh12345678', side: 'front', x: 50, y: 40, scale: 2 },
              ],
              additionalInfo: '',
            },
          },
        ),
      ],
    });
    const board = await request<ProductionBoard>(server, '/api/admin/production', {
      headers: { cookie: server.cookie },
    });
    const job = board.body.jobs.find((j) => j.orderNumber === stored.orderNumber);
    expect(job?.blocks).toContain('printTooLarge');
    expect(job?.ready).toBe(false);
    expect(job?.lines[0]?.printTooLarge).toBe(true);

    const ticket = await fetch(`${server.url}/api/admin/orders/${stored.orderNumber}/job-ticket.pdf`, {
      headers: { cookie: server.cookie },
    });
    expect(ticket.status).toBe(200);
    const text = await pdfText(new Uint8Array(await ticket.arrayBuffer()));
    // 28 cm × 1,6 × 2 = 89,6 cm on the hoodie's 28 cm front.
    expect(text).toContain('Trycket får inte plats: 89,6 cm brett på tryckytan 28 cm');
  });
});
