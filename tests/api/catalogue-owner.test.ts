import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { ProductRecord } from '@/shared/catalogue-record';
import { testCustomer } from '@tests/helpers/orders';
import { makePng } from '@tests/helpers/png';
import { request } from '@tests/helpers/server';
import { useAdminServer } from '@tests/helpers/use-server';

const server = useAdminServer();

type Refusal = { error: string; fieldErrors?: Record<string, string> };
type Picture = { id: string; image: string; url: string; contentType: string };

function call<T>(method: string, path: string, json?: unknown, language = 'en') {
  return request<T>(server, path, {
    method,
    headers: { cookie: server.cookie, 'accept-language': language },
    ...(json === undefined ? {} : { json }),
  });
}

function uploadPicture(
  bytes: Uint8Array<ArrayBuffer>,
  name: string,
  language = 'en',
  cookie = server.cookie,
) {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type: 'image/png' }), name);
  return request<Picture & Refusal>(server, '/api/admin/product-pictures', {
    method: 'POST',
    body: form,
    headers: { ...(cookie ? { cookie } : {}), 'accept-language': language },
  });
}

const text = (value: string): Uint8Array<ArrayBuffer> => new Uint8Array(new TextEncoder().encode(value));

/** A tote bag in one size, in a colour the owner adds, with its own picture. */
const toteBag = (image: string) => ({
  id: 'tygkasse',
  names: { sv: 'Tygkasse', en: 'Tote bag' },
  descriptions: { sv: 'Tygkasse i ekologisk bomull.', en: 'Tote bag in organic cotton.' },
  category: 'accessoarer',
  kind: 'tiers',
  image,
  tiers: [
    { quantity: 25, pricePerUnit: '59' },
    { quantity: 100, pricePerUnit: '45' },
  ],
  ownColours: [{ id: 'natur', names: { sv: 'Natur', en: 'Natural' }, hex: '#E8DCC4' }],
  options: [{ id: 'colour', choices: [{ id: 'natur' }, { id: 'black' }] }],
  facts: {},
  visible: true,
});

/** A kids' t-shirt ordered in children's sizes. */
const kidsTee = {
  id: 'barn-t-shirt',
  names: { sv: 'Barn-t-shirt', en: 'Kids’ T-shirt' },
  descriptions: { sv: 'T-shirt för barn med ditt tryck.', en: 'Kids’ T-shirt with your print.' },
  category: 'kläder',
  kind: 'tiers',
  image: 'tshirt-bomull',
  garment: true,
  sizeSet: 'kids',
  tiers: [
    { quantity: 20, pricePerUnit: '89' },
    { quantity: 50, pricePerUnit: '79' },
  ],
  ownColours: [{ id: 'natur', names: { sv: 'Natur', en: 'Natural' }, hex: '#e8dcc4' }],
  options: [{ id: 'colour', choices: [{ id: 'natur' }, { id: 'navy' }] }],
  facts: {},
  visible: true,
};

describe('product pictures the owner uploads', () => {
  it('a PNG is kept; the shop shows the server’s WebP thumbnail, at most 800 px a side', async () => {
    const uploaded = await uploadPicture(new Uint8Array(makePng(1200)), 'bag.png');
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    expect(uploaded.body.image).toBe(`picture:${uploaded.body.id}`);
    const shown = await fetch(`${server.url}${uploaded.body.url}`);
    expect(shown.status).toBe(200);
    expect(shown.headers.get('content-type')).toBe('image/webp');
    expect(shown.headers.get('x-content-type-options')).toBe('nosniff');
    const meta = await sharp(Buffer.from(await shown.arrayBuffer())).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(800);
  });

  it('hostile and wrong files are refused in the owner’s language; an SVG is cleaned before it is kept', async () => {
    const php = await uploadPicture(text('<?php system($_GET["c"]); ?>'), 'bag.png', 'sv');
    expect(php.status).toBe(415);
    expect(php.body.error).toBe('Det här är ingen bild. Ladda upp en PNG, JPEG, WebP eller SVG.');
    const pdf = await uploadPicture(text('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n'), 'bag.png');
    expect(pdf.status).toBe(415);
    const gif = await uploadPicture(text('GIF89a\u0001\u0000\u0001\u0000\u0000\u0000\u0000;'), 'bag.gif');
    expect(gif.status).toBe(415);
    const entities = await uploadPicture(
      text(
        '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg"><text>&xxe;</text></svg>',
      ),
      'bag.svg',
    );
    expect(entities.status).toBe(415);
    const tooLarge = await uploadPicture(new Uint8Array(11 * 1024 * 1024), 'huge.png');
    expect(tooLarge.status).toBe(413);
    // Another staff member's session, or none, cannot upload.
    const anonymous = await uploadPicture(new Uint8Array(makePng()), 'bag.png', 'en', '');
    expect([401, 403]).toContain(anonymous.status);

    const svg = await uploadPicture(
      text(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" onload="alert(1)"><script>alert(2)</script><a href="javascript:alert(3)"><rect width="10" height="10" fill="#e8dcc4"/></a></svg>',
      ),
      'bag.svg',
    );
    expect(svg.status, JSON.stringify(svg.body)).toBe(201);
    const served = await fetch(`${server.url}${svg.body.url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-security-policy')).toContain('sandbox');
    const body = await served.text();
    expect(body).toContain('<rect');
    expect(body).not.toMatch(/script|onload|javascript/i);
  });

  it('a product names an uploaded picture; an unknown one is refused naming the field', async () => {
    const unknown = await call<Refusal>(
      'POST',
      '/api/admin/products',
      toteBag('picture:abcdefghijklmnop'),
      'sv',
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.fieldErrors).toEqual({ image: 'Bilden finns inte. Ladda upp den igen.' });
    const notOurs = await call<Refusal>('POST', '/api/admin/products', toteBag('../../etc/passwd'));
    expect(notOurs.status).toBe(400);
    expect(notOurs.body.fieldErrors?.image).toBe('Choose one of the shop’s pictures.');
  });
});

describe('colours and size sets the owner adds', () => {
  it('colours are checked: id, both names, hex; a choice names a known colour', async () => {
    const refused = await call<Refusal>(
      'POST',
      '/api/admin/products',
      {
        ...toteBag('mossa'),
        id: 'tygkasse-fel',
        ownColours: [
          { id: 'black', names: { sv: 'Svart', en: 'Black' }, hex: '#000000' },
          { id: 'Natur Vit', names: { sv: 'Naturvit', en: '' }, hex: 'beige' },
          { id: 'sand', names: { sv: 'Sand', en: 'Sand' }, hex: '#12345' },
        ],
        options: [{ id: 'colour', choices: [{ id: 'natur' }] }],
      },
      'sv',
    );
    expect(refused.status).toBe(400);
    expect(refused.body.fieldErrors).toEqual({
      'ownColours.0.id': 'Det finns redan en färg med det id:t.',
      'ownColours.1.id': 'Använd små bokstäver, siffror och bindestreck (högst 40 tecken).',
      'ownColours.1.names.en': 'Fyll i fältet.',
      'ownColours.1.hex': 'Ange färgen som hex med sex siffror, t.ex. #e8dcc4.',
      'ownColours.2.hex': 'Ange färgen som hex med sex siffror, t.ex. #e8dcc4.',
      'options.0.choices.0': 'Okänd färg.',
    });
    // A customisable product offers the owner's colours too: its swatches and mockup take their hex.
    const customiser = await call<ProductRecord>('POST', '/api/admin/products', {
      ...kidsTee,
      id: 'barn-design',
      kind: 'customiser',
      mockup: 'tshirt',
      printAreas: { front: { widthCm: '20', heightCm: '25' } },
    });
    expect(customiser.status, JSON.stringify(customiser.body)).toBe(201);
    expect(customiser.body.customiser?.availableColors).toEqual(['natur', 'navy']);
    const kidsWithoutSizes = await call<Refusal>('POST', '/api/admin/products', {
      ...kidsTee,
      id: 'barn-utan',
      garment: undefined,
    });
    expect(kidsWithoutSizes.status).toBe(400);
    expect(kidsWithoutSizes.body.fieldErrors?.sizeSet).toBe(
      'Choose sizes only for a product ordered in sizes.',
    );
  });

  it('a tote bag with its own picture and colour, and a kids’ T-shirt orderable only in kids’ sizes', async () => {
    const picture = await uploadPicture(new Uint8Array(makePng(300, [232, 220, 196])), 'tote.png');
    expect(picture.status).toBe(201);
    const tote = await call<ProductRecord>('POST', '/api/admin/products', toteBag(picture.body.image));
    expect(tote.status, JSON.stringify(tote.body)).toBe(201);
    expect(tote.body.ownColours).toEqual([
      { id: 'natur', names: { sv: 'Natur', en: 'Natural' }, hex: '#e8dcc4' },
    ]);
    expect(tote.body.image).toBe(picture.body.image);
    expect(tote.body.garment).toBeUndefined();
    const kids = await call<ProductRecord>('POST', '/api/admin/products', kidsTee);
    expect(kids.status, JSON.stringify(kids.body)).toBe(201);
    expect(kids.body.sizeSet).toBe('kids');
    const shop = await request<ProductRecord>(server, '/api/products/barn-t-shirt');
    expect(shop.body.sizeSet).toBe('kids');

    const order = (key: string, sizes: Record<string, number>) => ({
      idempotencyKey: key,
      customer: testCustomer,
      lines: [
        { productId: 'tygkasse', quantity: 25, options: { colour: 'natur' } },
        { productId: 'barn-t-shirt', quantity: 20, options: { colour: 'natur' }, sizes },
      ],
    });
    const adult = await request<Refusal>(server, '/api/orders', {
      method: 'POST',
      json: order('kids-order-adult-sizes', { M: 20 }),
      headers: { 'accept-language': 'en' },
    });
    expect(adult.status).toBe(400);
    expect(adult.body.fieldErrors?.['lines.1.sizes']).toContain(
      '98/104, 110/116, 122/128, 134/140, 146/152, 158/164',
    );
    // An adult garment is refused children's sizes the same way.
    const hoodie = await request<Refusal>(server, '/api/orders', {
      method: 'POST',
      json: {
        idempotencyKey: 'hoodie-order-kids-sizes',
        customer: testCustomer,
        lines: [{ productId: 'hoodie', quantity: 20, sizes: { '122/128': 20 } }],
      },
    });
    expect(hoodie.status).toBe(400);
    expect(hoodie.body.fieldErrors?.['lines.0.sizes']).toContain('XS, S, M, L, XL, XXL, 3XL');

    const placed = await request<{ orderNumber: string; total: string }>(server, '/api/orders', {
      method: 'POST',
      json: order('kids-order-kids-sizes', { '110/116': 8, '122/128': 12 }),
      headers: { 'accept-language': 'sv' },
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    // 25 × 59 + 20 × 89 = 3 255 kr.
    expect(placed.body.total).toBe('3255.00');
    const view = await call<unknown>('GET', `/api/admin/orders/${placed.body.orderNumber}`, undefined, 'sv');
    expect(JSON.stringify(view.body)).toContain('"110/116":8');

    // The blanks list: by the product's sizes and the colour's name in the staff's language.
    const csv = await fetch(`${server.url}/api/admin/blanks.csv`, {
      headers: { cookie: server.cookie, 'accept-language': 'sv' },
    });
    const rows = (await csv.text()).split('\r\n');
    expect(rows).toContain('barn-t-shirt,Barn-t-shirt,natur,Natur,110/116,8');
    expect(rows).toContain('barn-t-shirt,Barn-t-shirt,natur,Natur,122/128,12');
    expect(rows).toContain('tygkasse,Tygkasse,natur,Natur,,25');
  });
});
