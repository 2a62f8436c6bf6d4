import { describe, expect, it } from 'vitest';
import type { ProductRecord } from '@/shared/catalogue-record';
import { pdfText } from '@tests/helpers/ledger';
import { testCustomer } from '@tests/helpers/orders';
import { makePng } from '@tests/helpers/png';
import { request } from '@tests/helpers/server';
import { useAdminServer } from '@tests/helpers/use-server';

/**
 * A customisable product on the owner's own mockup picture (issue 45): the picture, a rectangle per
 * side drawn on it, the sides' areas in cm; the order's print check, colours the owner added and
 * the job ticket follow.
 */
const server = useAdminServer();

type Refusal = { error: string; fieldErrors: Record<string, string> };

function call<T>(method: string, path: string, json?: unknown, language = 'en') {
  return request<T>(server, path, {
    method,
    headers: { cookie: server.cookie, 'accept-language': language },
    ...(json === undefined ? {} : { json }),
  });
}

async function uploadPicture(): Promise<string> {
  const form = new FormData();
  form.append(
    'file',
    new Blob([new Uint8Array(makePng(400, [255, 255, 255]))], { type: 'image/png' }),
    'bag.png',
  );
  const uploaded = await request<{ image: string }>(server, '/api/admin/product-pictures', {
    method: 'POST',
    body: form,
    headers: { cookie: server.cookie },
  });
  expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
  return uploaded.body.image;
}

async function uploadPrint(): Promise<string> {
  const image = new FormData();
  image.append('file', new Blob([new Uint8Array(makePng())], { type: 'image/png' }), 'logo.png');
  const uploaded = await request<{ id: string }>(server, '/api/uploads', { method: 'POST', body: image });
  expect(uploaded.status).toBe(201);
  return uploaded.body.id;
}

const designTote = (image: string, rects: Record<string, unknown>) => ({
  id: 'designkasse',
  names: { sv: 'Designkasse', en: 'Design tote' },
  descriptions: { sv: 'Tygkasse med ditt tryck.', en: 'Tote bag with your print.' },
  category: 'accessoarer',
  kind: 'customiser',
  mockupPicture: { image, rects },
  printAreas: { front: { widthCm: '30', heightCm: '35' }, back: { widthCm: '20', heightCm: '20' } },
  tiers: [
    { quantity: 20, pricePerUnit: '79' },
    { quantity: 50, pricePerUnit: '69' },
  ],
  ownColours: [{ id: 'natur', names: { sv: 'Natur', en: 'Natural' }, hex: '#e8dcc4' }],
  options: [{ id: 'colour', choices: [{ id: 'natur' }, { id: 'white' }] }],
  facts: {},
  visible: true,
});

const front = { x: 120, y: 140, width: 160, height: 186.67 };
const back = { x: 150, y: 150, width: 100, height: 100 };

describe('a customisable product on the owner’s own mockup picture', () => {
  it('is refused without the picture or a side’s rectangle, or with a rectangle off the picture, naming the field', async () => {
    const image = await uploadPicture();
    const noBack = await call<Refusal>('POST', '/api/admin/products', designTote(image, { front }), 'sv');
    expect(noBack.status).toBe(400);
    expect(noBack.body.fieldErrors['mockupPicture.rects.back']).toBe(
      'Rita tryckytan för sidan på mockupbilden.',
    );
    const off = await call<Refusal>(
      'POST',
      '/api/admin/products',
      designTote(image, { front, back: { ...back, x: 390 } }),
    );
    expect(off.status).toBe(400);
    expect(off.body.fieldErrors['mockupPicture.rects.back']).toBe(
      'The print area must lie on the picture and be at least 2 % wide and high.',
    );
    const { image: _none, ...withoutImage } = designTote(image, { front, back }).mockupPicture;
    const noPicture = await call<Refusal>('POST', '/api/admin/products', {
      ...designTote(image, { front, back }),
      mockupPicture: withoutImage,
    });
    expect(noPicture.status).toBe(400);
    expect(noPicture.body.fieldErrors['mockupPicture.image']).toBe('Upload the mockup picture.');
    const unknown = await call<Refusal>(
      'POST',
      '/api/admin/products',
      designTote('picture:AAAAAAAAAAAAAAAAAAAAAA', { front, back }),
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.fieldErrors['mockupPicture.image']).toBe(
      'The picture does not exist. Upload it again.',
    );
  });

  it('is added with its picture and rectangles; an order in the owner’s colour is checked against the areas in cm and its job ticket draws them', async () => {
    const image = await uploadPicture();
    const added = await call<ProductRecord>(
      'POST',
      '/api/admin/products',
      designTote(image, { front, back }),
    );
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body).toMatchObject({
      kind: 'customiser',
      mockupPicture: { image, rects: { front, back } },
      customiser: {
        availableSides: [
          { id: 'front', label: 'Front' },
          { id: 'back', label: 'Back' },
        ],
        availableColors: ['natur', 'white'],
      },
    });
    expect(added.body.mockup).toBeUndefined();
    const shop = await request<ProductRecord>(server, '/api/products/designkasse');
    expect(shop.body.mockupPicture).toEqual({ image, rects: { front, back } });

    const uploadId = await uploadPrint();
    const order = (key: string, prints: unknown[], color = 'natur') => ({
      idempotencyKey: `designkasse-order-${key}-0001`,
      customer: testCustomer,
      lines: [
        { productId: 'designkasse', quantity: 20, customisation: { color, prints, additionalInfo: '' } },
      ],
    });
    // The back's area is 20 cm wide: scale 0.7 prints 22,4 cm (20 × 1,6 × 0,7), too wide.
    const tooWide = await request<Refusal>(server, '/api/orders', {
      method: 'POST',
      json: order('wide', [{ method: 'screen', uploadId, side: 'back', x: 50, y: 50, scale: 0.7 }]),
    });
    expect(tooWide.status).toBe(400);
    expect(Object.keys(tooWide.body.fieldErrors).join(' ')).toContain('lines.0');
    // A colour the product does not offer (one the shop has, not ticked) is refused.
    const navy = await request<Refusal>(server, '/api/orders', {
      method: 'POST',
      json: order('navy', [{ method: 'screen', uploadId, side: 'front', x: 50, y: 50, scale: 0.3 }], 'navy'),
    });
    expect(navy.status).toBe(400);
    expect(Object.keys(navy.body.fieldErrors).join(' ')).toContain('lines.0');
    const placed = await request<{ orderNumber: string }>(server, '/api/orders', {
      method: 'POST',
      headers: { 'accept-language': 'sv' },
      json: order('ok', [
        { method: 'screen', uploadId, side: 'front', x: 50, y: 50, scale: 0.5 },
        { method: 'screen', uploadId, side: 'back', x: 50, y: 50, scale: 0.6 },
      ]),
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);

    const ticket = await fetch(`${server.url}/api/admin/orders/${placed.body.orderNumber}/job-ticket.pdf`, {
      headers: { cookie: server.cookie, 'accept-language': 'sv' },
    });
    expect(ticket.status).toBe(200);
    const text = await pdfText(new Uint8Array(await ticket.arrayBuffer()));
    expect(text).toContain('Natur');
    expect(text).toContain('Tryckyta 30 × 35 cm');
    expect(text).toContain('Tryckyta 20 × 20 cm');
    // Front: 30 × 1,6 × 0,5 = 24 cm wide, centred on the 30 cm area (the rectangle's middle).
    expect(text).toMatch(/24 cm[^\n]*3 cm/);
  });
});
