import { describe, expect, it } from 'vitest';
import type { AdminOrderDetail } from '@/shared/admin';
import type { PlacedOrderAnswer } from '@/shared/order-view';
import { peppolClub } from '@tests/helpers/orders';
import { uploadImage } from '@tests/helpers/print-files';
import { request } from '@tests/helpers/server';
import { useAdminServer } from '@tests/helpers/use-server';
import { validateUbl } from '@tests/helpers/validate-ubl';

/**
 * Issue 41: staff change an order's lines before production beyond quantities and prices: a
 * product line added or removed, a line's options (colour, pages) and prints (a side or method
 * added or removed). Each is refused with the checkout's own words when the checkout would refuse
 * it, and the money follows by a supplementary invoice or credit notes of exactly the difference.
 */
const server = useAdminServer();

let keys = 0;
const key = (name: string) => `${name}-${Date.now()}-${++keys}-line-structure`;

type Answer<T> = T & { error?: string; fieldErrors?: Record<string, string> };
type Line = Record<string, unknown>;

const booklets = (pages: string, quantity = 300): Line => ({
  productId: 'kuponghäfte',
  quantity,
  options: { bookletSize: 'a6', pages, coupons: '1' },
});

async function designedOrder(): Promise<{ number: string; image: string; hoodie: Line }> {
  const image = (await uploadImage(server)).id;
  const print = (method: string, side: string) => ({
    method,
    uploadId: image,
    side,
    x: 50,
    y: 40,
    scale: 0.3,
  });
  const hoodie = {
    productId: 'hoodie',
    quantity: 30,
    sizes: { M: 10, L: 20 },
    customisation: {
      color: 'navy',
      prints: [print('dtg', 'front'), print('screen', 'back')],
      additionalInfo: 'Loggan centrerad',
    },
  };
  const placed = await request<PlacedOrderAnswer>(server, '/api/orders', {
    method: 'POST',
    json: { idempotencyKey: key('designed'), customer: peppolClub, lines: [hoodie, booklets('10')] },
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  return { number: placed.body.orderNumber, image, hoodie };
}

const change = (number: string, body: Line, lang = 'sv') =>
  request<Answer<AdminOrderDetail>>(server, `/api/admin/orders/${number}/lines`, {
    method: 'PATCH',
    headers: { cookie: server.cookie, 'accept-language': lang },
    json: body,
  });

const preview = (number: string, body: Line, lang = 'sv') =>
  request<Answer<{ difference: string; settledBy: string; totalAfter: string }>>(
    server,
    `/api/admin/orders/${number}/lines/preview`,
    { method: 'POST', headers: { cookie: server.cookie, 'accept-language': lang }, json: body },
  );

/** What the checkout answers for the same lines: the messages a change must repeat. */
const checkoutRefusal = async (lines: Line[], lang = 'sv') =>
  (
    await request<Answer<object>>(server, '/api/orders', {
      method: 'POST',
      headers: { 'accept-language': lang },
      json: { idempotencyKey: key('checkout'), customer: peppolClub, lines },
    })
  ).body;

const ore = (decimal: string) => Math.round(Number(decimal) * 100);

async function passesUbl(document: { xml: string | null; number: string }) {
  expect(document.xml, document.number).not.toBeNull();
  const xml = await (
    await fetch(`${server.url}${document.xml ?? ''}`, { headers: { cookie: server.cookie } })
  ).text();
  const validation = await validateUbl(xml);
  expect(validation.output, document.number).toMatch(/^0 fatal/m);
  expect(validation.ok, document.number).toBe(true);
}

describe('a line added, removed, its options and prints changed (issue 41)', () => {
  it('adding a product line is a supplementary invoice of exactly its price; removing it a credit note of the same', async () => {
    const { number, hoodie } = await designedOrder();
    const before = await change(number, { lines: [hoodie, booklets('10')], reason: 'x' });
    // Nothing changed: refused, nothing stored.
    expect(before.status).toBe(400);

    const beanies = { productId: 'mossa', quantity: 25, options: { colour: 'black' } };
    const asked = await preview(number, { lines: [hoodie, booklets('10'), beanies], reason: 'Mössor till' });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    expect(asked.body.settledBy).toBe('supplementary_invoice');
    const added = await change(number, { lines: [hoodie, booklets('10'), beanies], reason: 'Mössor till' });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.items.map((line) => line.productId)).toEqual(['hoodie', 'kuponghäfte', 'mossa']);
    const beanieTotal = added.body.items[2]?.lineTotal ?? '';
    const supplementary = added.body.documents.at(-1);
    expect(supplementary?.kind).toBe('supplementary_invoice');
    // The document's amount is the new line's, which is the difference the preview told.
    expect(ore(supplementary?.total ?? '')).toBe(ore(beanieTotal));
    expect(ore(asked.body.difference)).toBe(ore(beanieTotal));
    expect(added.body.lineChanges.at(-1)?.documents).toEqual([supplementary?.number]);

    const totalBefore = ore(added.body.totalAmount);
    const removed = await change(number, { lines: [hoodie, beanies], reason: 'Inga kuponghäften' });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(removed.body.items.map((line) => line.productId)).toEqual(['hoodie', 'mossa']);
    const credits = removed.body.documents.filter((d) => d.kind === 'credit_note');
    const credited = credits.reduce((sum, d) => sum + ore(d.total), 0);
    expect(credited).toBe(ore(removed.body.totalAmount) - totalBefore);
    expect(credited).toBeLessThan(0);
    // The order's documents add up to its current total.
    expect(removed.body.documents.reduce((sum, d) => sum + ore(d.total), 0)).toBe(
      ore(removed.body.totalAmount),
    );

    for (const document of [supplementary, ...credits]) if (document) await passesUbl(document);
  }, 300_000);

  it('changing options: a colour at one price is no document; more pages a supplementary invoice of 2 kr a booklet', async () => {
    const { number, hoodie } = await designedOrder();
    const black = { ...hoodie, customisation: { ...(hoodie.customisation as object), color: 'black' } };
    const recoloured = await change(number, { lines: [black, booklets('10')], reason: 'Svart i stället' });
    expect(recoloured.status, JSON.stringify(recoloured.body)).toBe(200);
    expect(recoloured.body.items[0]?.customisation?.color).toBe('black');
    expect(recoloured.body.documents.map((d) => d.kind)).toEqual(['invoice']);

    const thicker = await change(number, { lines: [black, booklets('20')], reason: '20 sidor' });
    expect(thicker.status, JSON.stringify(thicker.body)).toBe(200);
    expect(thicker.body.items[1]?.options).toEqual({ bookletSize: 'a6', pages: '20', coupons: '1' });
    const supplementary = thicker.body.documents.at(-1);
    expect(supplementary?.kind).toBe('supplementary_invoice');
    // 300 booklets × 2 kr (VAT included) for 20 pages instead of 10.
    expect(supplementary?.total).toBe('600.00');
  });

  it('prints: the back’s screen print removed, a DTG print added there with the order’s own image, the front’s method changed; no document (the tier price has no price per print)', async () => {
    const { number, image, hoodie } = await designedOrder();
    const customisation = hoodie.customisation as { prints: Record<string, unknown>[] };
    const front = { ...customisation.prints[0], method: 'screen' };
    const back = { method: 'dtg', uploadId: image, side: 'back', x: 50, y: 40, scale: 0.3 };
    const reprinted = { ...hoodie, customisation: { ...customisation, prints: [front, back] } };
    const changed = await change(number, { lines: [reprinted, booklets('10')], reason: 'DTG på ryggen' });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.items[0]?.customisation?.prints.map((p) => [p.method, p.side])).toEqual([
      ['screen', 'front'],
      ['dtg', 'back'],
    ]);
    expect(changed.body.documents.map((d) => d.kind)).toEqual(['invoice']);
    expect(changed.body.lineChanges.at(-1)).toMatchObject({ reason: 'DTG på ryggen', documents: [] });
  });

  it('refuses what the checkout refuses, with its words: an option missing, a method twice on a side, an unknown image, a side the product lacks', async () => {
    const { number, image, hoodie } = await designedOrder();
    const customisation = hoodie.customisation as { prints: Record<string, unknown>[] };
    const print = (method: string, side: string, uploadId = image) => ({
      method,
      uploadId,
      side,
      x: 50,
      y: 40,
      scale: 0.3,
    });
    const withPrints = (prints: unknown[]) => ({ ...hoodie, customisation: { ...customisation, prints } });
    const cases: Line[][] = [
      [hoodie, { productId: 'mossa', quantity: 25 }],
      [withPrints([print('dtg', 'front'), print('dtg', 'front')]), booklets('10')],
      [withPrints([print('dtg', 'side')]), booklets('10')],
      [
        hoodie,
        {
          productId: 'kuponghäfte',
          quantity: 300,
          options: { bookletSize: 'a6', pages: '15', coupons: '1' },
        },
      ],
      [hoodie, booklets('10', 3)],
    ];
    for (const lines of cases) {
      for (const lang of ['sv', 'en']) {
        const refused = await change(number, { lines, reason: 'Prövar' }, lang);
        const checkout = await checkoutRefusal(lines, lang);
        expect(refused.status, JSON.stringify(lines)).toBe(400);
        expect(refused.body.error).toBe(checkout.error);
        expect(refused.body.fieldErrors).toEqual(checkout.fieldErrors);
        expect((await preview(number, { lines, reason: 'Prövar' }, lang)).body.error).toBe(checkout.error);
      }
    }
    // An image the shop does not have: the checkout's words too, for the change and its preview.
    const unknown = [withPrints([print('dtg', 'front', 'neveruploaded1234')]), booklets('10')];
    const checkout = await checkoutRefusal(unknown);
    const refused = await change(number, { lines: unknown, reason: 'Ny bild' });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe(checkout.error);
    expect(refused.body.error).toBe('En uppladdad tryckbild hittades inte. Ladda upp den igen.');
    expect((await preview(number, { lines: unknown, reason: 'Ny bild' })).body.error).toBe(checkout.error);

    // Nothing was stored by any refusal.
    const detail = await request<AdminOrderDetail>(server, `/api/admin/orders/${number}`, {
      headers: { cookie: server.cookie },
    });
    expect(detail.body.lineChanges).toEqual([]);
    expect(detail.body.items[0]?.customisation?.prints).toHaveLength(2);
  });
});
