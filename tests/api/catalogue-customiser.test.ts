import { describe, expect, it } from 'vitest';
import type { ProductRecord } from '@/shared/catalogue-record';
import { pdfText } from '@tests/helpers/ledger';
import { testCustomer } from '@tests/helpers/orders';
import { makePng } from '@tests/helpers/png';
import { request } from '@tests/helpers/server';
import { useAdminServer } from '@tests/helpers/use-server';

const server = useAdminServer();

type Refusal = { error: string; fieldErrors: Record<string, string> };

function call<T>(method: string, path: string, json?: unknown, language = 'en') {
  return request<T>(server, path, {
    method,
    headers: { cookie: server.cookie, 'accept-language': language },
    ...(json === undefined ? {} : { json }),
  });
}

/** A polo the owner adds, designed by the buyer on the T-shirt mockup with a front print area. */
const polo = {
  id: 'pike',
  names: { sv: 'Piké', en: 'Polo shirt' },
  descriptions: {
    sv: 'Pikétröja med ditt tryck på bröstet.',
    en: 'Polo shirt with your print on the chest.',
  },
  category: 'kläder',
  kind: 'customiser',
  mockup: 'tshirt',
  printAreas: { front: { widthCm: '25,5', heightCm: '30' } },
  garment: true,
  image: 'tshirt-polyester',
  tiers: [
    { quantity: 20, pricePerUnit: '149' },
    { quantity: 50, pricePerUnit: '129,5' },
    { quantity: 100, pricePerUnit: '109,875' },
  ],
  options: [
    { id: 'colour', choices: [{ id: 'white' }, { id: 'navy' }] },
    { id: 'decoration', choices: [{ id: 'embroidery', extraPerUnit: '12' }, { id: 'transfer' }] },
  ],
  facts: {
    material: { sv: '100 % bomullspiké, 220 g/m².', en: '100% cotton piqué, 220 g/m².' },
    fit: { sv: 'Unisex, normal passform.', en: 'Unisex, regular fit.' },
    print: { sv: 'Brodyr eller transfertryck på bröstet.', en: 'Embroidery or transfer print on the chest.' },
    weightGsm: 220,
    sizeChart: 'tshirt',
  },
  visible: true,
};

async function uploadedImage(): Promise<string> {
  const image = new FormData();
  image.append('file', new Blob([new Uint8Array(makePng())], { type: 'image/png' }), 'logo.png');
  const uploaded = await request<{ id: string }>(server, '/api/uploads', { method: 'POST', body: image });
  expect(uploaded.status).toBe(201);
  return uploaded.body.id;
}

describe('a product’s mockup, print areas, picture, choices and facts live in its record', () => {
  it('the seeded products carry them as the code had them', async () => {
    const hoodie = await request<ProductRecord>(server, '/api/products/hoodie');
    expect(hoodie.body.mockup).toBe('hoodie');
    expect(hoodie.body.printAreas).toEqual({
      front: { widthCm: '28', heightCm: '24.4' },
      back: { widthCm: '32', heightCm: '29.3' },
    });
    expect(hoodie.body.image).toBe('hoodie');
    expect(hoodie.body.facts.material?.sv).toBe('80 % bomull, 20 % polyester med borstad insida.');
    expect(hoodie.body.facts.sizeChart).toBe('sweatshirt');
    const tape = await request<ProductRecord>(server, '/api/products/tejp');
    expect(tape.body.mockup).toBeUndefined();
    expect(tape.body.printAreas).toEqual({});
  });

  it('the owner adds a customisable product; a buyer designs on it and orders; the order keeps its copy', async () => {
    const added = await call<ProductRecord>('POST', '/api/admin/products', polo, 'sv');
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body).toMatchObject({
      id: 'pike',
      kind: 'customiser',
      mockup: 'tshirt',
      printAreas: { front: { widthCm: '25.5', heightCm: '30' } },
      customiser: { availableSides: [{ id: 'front', label: 'Front' }], availableColors: ['white', 'navy'] },
      garment: true,
      image: 'tshirt-polyester',
      minQuantity: 20,
      options: [
        { id: 'colour', choices: [{ id: 'white' }, { id: 'navy' }] },
        { id: 'decoration', choices: [{ id: 'embroidery', extraPerUnit: '12' }, { id: 'transfer' }] },
      ],
    });
    expect(added.body.facts.fit).toEqual(polo.facts.fit);
    // The shop's API has it at once (the page: tests/e2e/catalogue-customiser.test.ts).
    const shop = await request<ProductRecord>(server, '/api/products/pike');
    expect(shop.status).toBe(200);
    expect(shop.body.printAreas.front).toEqual({ widthCm: '25.5', heightCm: '30' });
    expect(shop.body.facts.material?.sv).toBe('100 % bomullspiké, 220 g/m².');

    const uploadId = await uploadedImage();
    const print = { method: 'dtg', uploadId, side: 'front', x: 50, y: 35, scale: 0.3 };
    const order = (side: string) => ({
      idempotencyKey: `pike-order-${side}`,
      customer: testCustomer,
      lines: [
        {
          productId: 'pike',
          quantity: 50,
          sizes: { M: 30, L: 20 },
          options: { decoration: 'embroidery' },
          customisation: { color: 'navy', prints: [{ ...print, side }], additionalInfo: '' },
        },
      ],
    });
    // Only the sides the product offers.
    const onBack = await request<Refusal>(server, '/api/orders', { method: 'POST', json: order('back') });
    expect(onBack.status).toBe(400);
    const placed = await request<{ orderNumber: string; accessToken: string; total: string }>(
      server,
      '/api/orders',
      { method: 'POST', json: order('front'), headers: { 'accept-language': 'sv' } },
    );
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    // 50 × (129,50 + 12 embroidery) = 7 075 kr.
    expect(placed.body.total).toBe('7075.00');

    // The owner changes the print area, the price and the name afterwards.
    const record = (await call<ProductRecord>('GET', '/api/admin/products/pike')).body;
    const edited = await call<ProductRecord>('PUT', '/api/admin/products/pike', {
      ...record,
      names: { sv: 'Piké Deluxe', en: 'Polo Deluxe' },
      printAreas: { front: { widthCm: '20', heightCm: '22,25' } },
      tiers: record.tiers.map((t) => ({ ...t, pricePerUnit: '99' })),
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.printAreas.front).toEqual({ widthCm: '20', heightCm: '22.25' });

    // The job ticket prints the order as it was sold: its print area and the print in cm on it.
    const ticket = await fetch(`${server.url}/api/admin/orders/${placed.body.orderNumber}/job-ticket.pdf`, {
      headers: { cookie: server.cookie },
    });
    expect(ticket.status).toBe(200);
    const text = await pdfText(new Uint8Array(await ticket.arrayBuffer()));
    expect(text).toContain('Tryckyta 25,5 × 30 cm');
    // 0,3 × 1,6 × 25,5 cm = 12,2 cm wide.
    expect(text).toContain('bredd 12,2 cm');
    // Admin and the invoice name it as sold, in the reader's language, at the price it was sold at.
    const view = await call('GET', `/api/admin/orders/${placed.body.orderNumber}`, undefined, 'sv');
    expect(view.status).toBe(200);
    expect(JSON.stringify(view.body)).toContain('"name":"Piké"');
    expect(JSON.stringify(view.body)).toContain('141.5');
    expect(JSON.stringify(view.body)).not.toContain('Deluxe');
    const invoice = await fetch(
      `${server.url}/api/orders/${placed.body.orderNumber}/invoice?token=${encodeURIComponent(placed.body.accessToken)}`,
    );
    const invoiceText = (await invoice.text()).replace(/[\u00a0\u202f]/g, ' ');
    expect(invoiceText).toContain('Piké');
    expect(invoiceText).toContain('7 075,00');
    expect(invoiceText).not.toContain('Deluxe');
  });

  it('invalid new fields → 400 naming each one in the owner’s language; nothing is saved', async () => {
    const invalid = {
      ...polo,
      id: 'pike-2',
      mockup: 'kaftan',
      printAreas: {
        front: { widthCm: '0', heightCm: '36' },
        back: { widthCm: 'tio', heightCm: '20' },
        side: { widthCm: '5' },
      },
      image: 'no-such-picture',
      options: [
        { id: 'colour', choices: [{ id: 'white' }] },
        { id: 'decoration', choices: [{ id: 'glitter' }] },
      ],
      facts: { ...polo.facts, material: { sv: 'Bomull', en: '' }, weightGsm: 0 },
    };
    const swedish = await call<Refusal>('POST', '/api/admin/products', invalid, 'sv');
    expect(swedish.status).toBe(400);
    expect(swedish.body.fieldErrors).toEqual({
      mockup: 'Välj vilken mockup kunden designar på.',
      'printAreas.front.widthCm': 'Tryckytan måste vara större än 0 cm.',
      'printAreas.back.widthCm': 'Ange centimeter med högst två decimaler, t.ex. 25,5.',
      'printAreas.side.heightCm': 'Fyll i fältet.',
      image: 'Välj en av butikens bilder.',
      'options.1.choices.0.id': 'Okänt val.',
      'facts.material.en': 'Fyll i fältet.',
      'facts.weightGsm': 'Ange vikten i hela gram per kvadratmeter (1–5000).',
    });

    // On a known mockup: an area larger than the mockup's, and a customisable product with no side.
    const tooLarge = await call<Refusal>('POST', '/api/admin/products', {
      ...polo,
      id: 'pike-3',
      printAreas: { front: { widthCm: '31', heightCm: '35' }, back: { widthCm: '32', heightCm: '41,9' } },
    });
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.body.fieldErrors).toEqual({
      'printAreas.front.widthCm': 'The print area must fit the mockup’s: at most 30 × 35 cm.',
      'printAreas.back.heightCm': 'The print area must fit the mockup’s: at most 32 × 41,8 cm.',
    });
    const noSide = await call<Refusal>(
      'POST',
      '/api/admin/products',
      { ...polo, id: 'pike-4', printAreas: {} },
      'sv',
    );
    expect(noSide.status).toBe(400);
    expect(noSide.body.fieldErrors).toEqual({ printAreas: 'Välj minst en trycksida med tryckyta.' });
    const noMockup = await call<Refusal>('POST', '/api/admin/products', {
      ...polo,
      id: 'pike-5',
      mockup: undefined,
    });
    expect(noMockup.body.fieldErrors).toEqual({ mockup: 'Choose the mockup the buyer designs on.' });

    const listed = await call<ProductRecord[]>('GET', '/api/admin/products');
    expect(listed.body.map((p) => p.id).filter((id) => id.startsWith('pike-'))).toEqual([]);

    // A PUT of the hoodie with a too-large area changes nothing.
    const hoodie = (await call<ProductRecord>('GET', '/api/admin/products/hoodie')).body;
    const refused = await call<Refusal>('PUT', '/api/admin/products/hoodie', {
      ...hoodie,
      printAreas: { ...hoodie.printAreas, front: { widthCm: '40', heightCm: '24,4' } },
    });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.fieldErrors)).toEqual(['printAreas.front.widthCm']);
    const after = (await call<ProductRecord>('GET', '/api/admin/products/hoodie')).body;
    expect(after).toEqual(hoodie);
  });

  it('malformed new fields are a 400, never a 500', async () => {
    const bodies: Record<string, unknown>[] = [
      { printAreas: [] },
      { printAreas: 'front' },
      { printAreas: { front: null } },
      { printAreas: { front: { widthCm: {}, heightCm: [] } } },
      { printAreas: { top: { widthCm: '10', heightCm: '10' } } },
      { printAreas: { __proto__: { widthCm: '10' } } },
      { mockup: 5 },
      { image: 42 },
      { facts: { material: 'Bomull' } },
      { facts: { material: { sv: 1, en: null } } },
      { customiser: { availableSides: 'front' } },
      { customiser: { availableSides: [{ id: 'top' }] } },
      { options: [{ id: 'decoration', choices: [null, 5] }] },
    ];
    for (const [index, change] of bodies.entries()) {
      const answer = await call<Refusal>('POST', '/api/admin/products', {
        ...polo,
        id: `bad-${index}`,
        ...change,
      });
      expect(answer.status, JSON.stringify(change)).toBe(400);
      expect(Object.keys(answer.body.fieldErrors ?? {}).length, JSON.stringify(change)).toBeGreaterThan(0);
    }
    const listed = await call<ProductRecord[]>('GET', '/api/admin/products');
    expect(listed.body.filter((p) => p.id.startsWith('bad-'))).toEqual([]);
  });
});
