import { asc, count, eq } from 'drizzle-orm';
import { orders } from '@/server/db/orders-schema';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkoutMessages as m } from '@/shared/checkout-schema';
import { makePng } from '@tests/helpers/png';
import { request } from '@tests/helpers/server';
import { useServer } from '@tests/helpers/use-server';
import { testCustomer } from '@tests/helpers/orders';
import { ocrForInvoiceNumber } from '@/shared/invoicing/ocr-reference';
import type { OrderView } from '@/shared/order-view';
import { invalidCharacterMessage } from '@/shared/text';

const server = useServer();

let keyCounter = 0;
const newKey = () => `test-key-${Date.now()}-${++keyCounter}-abcdef`;

const customer = testCustomer;

interface Placed {
  orderNumber: string;
  accessToken: string;
  total: string;
}
interface ErrorBody {
  error: string;
  fieldErrors?: Record<string, string>;
}

/** POST /api/orders with this body (see `order`). */
const post = (json: unknown) => request<Placed>(server, '/api/orders', { method: 'POST', json });
/** POST /api/orders of these lines for the test customer. */
const placeLines = (...lines: unknown[]) => post(order({ lines }));
/** Coupon booklets A6, 10 pages of 1 coupon each. */
const couponBooklets = (quantity: number) => ({
  productId: 'kuponghäfte',
  quantity,
  options: { bookletSize: 'a6', pages: '10', coupons: '1' },
});

function order(overrides: Record<string, unknown> = {}) {
  return {
    idempotencyKey: newKey(),
    customer,
    lines: [{ productId: 'hoodie', quantity: 50, sizes: { M: 50 }, options: { colour: 'navy' } }],
    ...overrides,
  };
}

async function countOrders(): Promise<number> {
  const [row] = await server.database.db.select({ n: count() }).from(orders);
  return row?.n ?? 0;
}

describe('POST /api/orders', () => {
  it('places a good order: server prices, exact VAT, 201 with a working token', async () => {
    const res = await post(
      order({
        lines: [
          { productId: 'hoodie', quantity: 50, sizes: { M: 50 }, options: { colour: 'navy' } },
          couponBooklets(300),
        ],
      }),
    );
    expect(res.status).toBe(201);
    expect(res.body.orderNumber).toMatch(/^INV-\d{13,}$/);
    // 50 × 114.375 = 5718.75; 300 × 23 = 6900
    expect(res.body.total).toBe('12618.75');
    const stored = await request<OrderView>(
      server,
      `/api/orders/${res.body.orderNumber}?token=${res.body.accessToken}`,
    );
    expect(stored.status).toBe(200);
    expect(stored.body.exVat).toBe('10095.00');
    expect(stored.body.vat).toBe('2523.75');
    expect(stored.body.status).toBe('pending');
    expect(stored.body.lines.map((l) => [l.name, l.quantity, l.unitPrice, l.lineTotal])).toEqual([
      ['Hoodie', 50, '114.375', '5718.75'],
      ['Coupon Booklet', 300, '23', '6900.00'],
    ]);
    expect(stored.body.customer).toMatchObject({
      name: 'Anna Andersson',
      countryName: 'Sweden',
      companyName: null,
    });
    expect(stored.body.payment).toMatchObject({
      bankAccount: server.config.seller.bankAccount,
      // The OCR reference of the invoice number: its digits, a length digit and a Luhn digit.
      ocr: ocrForInvoiceNumber(res.body.orderNumber),
    });
    const byHeader = await request(server, `/api/orders/${res.body.orderNumber}`, {
      headers: { 'x-order-token': res.body.accessToken },
    });
    expect(byHeader.status).toBe(200);
    const [row] = await server.database.db
      .select({ address: orders.customerAddress, organization: orders.customerOrganization })
      .from(orders)
      .where(eq(orders.orderNumber, res.body.orderNumber));
    expect(row).toEqual({ address: 'Storgatan 1, 111 22 Stockholm, Sweden', organization: null });
  });

  it('ignores forged price fields', async () => {
    const res = await post(
      order({
        total: 1,
        totalAmount: '1.00',
        lines: [
          {
            productId: 'hoodie',
            quantity: 50,
            sizes: { M: 50 },
            options: { colour: 'navy' },
            price: 1,
            unitPrice: '0.01',
            lineTotal: 1,
          },
        ],
      }),
    );
    expect(res.status).toBe(201);
    expect(res.body.total).toBe('5718.75');
  });

  it('the tier follows the quantity: 5000 coupon booklets cost 8 kr each', async () => {
    const res = await placeLines(couponBooklets(5000));
    expect(res.body.total).toBe('40000.00');
  });

  it.each([
    [{ customer: { ...customer, name: '' } }, 'customer.name', m.fillAll],
    [{ customer: { ...customer, email: '' } }, 'customer.email', m.fillAll],
    [{ customer: { ...customer, phone: '   ' } }, 'customer.phone', m.fillAll],
    [{ customer: { ...customer, address: '' } }, 'customer.address', m.fillAll],
    [
      { customer: { ...customer, customerType: 'company', companyName: '', orgNumber: '556016-0680' } },
      'customer.companyName',
      m.company,
    ],
    [
      { customer: { ...customer, customerType: 'company', companyName: 'Acme AB' } },
      'customer.orgNumber',
      m.company,
    ],
    [{ customer: { ...customer, personalNumber: '' } }, 'customer.personalNumber', m.personal],
    [{ lines: [] }, 'lines', m.emptyCart],
    [{ customer: { ...customer, email: 'nope' } }, 'customer.email', m.email],
    [{ customer: { ...customer, country: 'XX' } }, 'customer.country', m.country],
    [
      { customer: { ...customer, personalNumber: '19811218-9877' } },
      'customer.personalNumber',
      m.personalChecksum,
    ],
    [
      { customer: { ...customer, customerType: 'company', companyName: 'Acme', orgNumber: '556016-068' } },
      'customer.orgNumber',
      m.orgFormat,
    ],
    [{ customer: { ...customer, name: 12 } }, 'customer.name', m.fillAll],
    [{ customer: 'x' }, 'customer', m.fillAll],
    [{ lines: 'x' }, 'lines', m.emptyCart],
    [
      { lines: [{ productId: 'hoodie', quantity: -5, options: { colour: 'navy' } }] },
      'lines.0.quantity',
      m.quantity,
    ],
    [
      { lines: [{ productId: 'hoodie', quantity: 1e12, options: { colour: 'navy' } }] },
      'lines.0.quantity',
      m.quantityTooLarge,
    ],
    [
      { lines: [{ productId: 'hoodie', quantity: '50', options: { colour: 'navy' } }] },
      'lines.0.quantity',
      m.quantity,
    ],
    [{ lines: [{ productId: 'nope', quantity: 50 }] }, 'lines.0.productId', 'Unknown product: nope'],
    [
      { lines: [{ productId: 'hoodie', quantity: 19, options: { colour: 'navy' } }] },
      'lines.0.quantity',
      'Minimum order is 20 pcs',
    ],
    [
      {
        lines: [
          {
            productId: 'klistermärken',
            quantity: 4999,
            options: { stickerSize: '5x5', stickerShape: 'circle' },
          },
        ],
      },
      'lines.0.quantity',
      'Minimum order is 5\u00a0000 pcs',
    ],
    [{ idempotencyKey: 'short' }, 'idempotencyKey', m.idempotencyKey],
  ])('%j → 400 on %s: %s, nothing stored', async (overrides, field, message) => {
    const before = await countOrders();
    const res = await request<ErrorBody>(server, '/api/orders', { method: 'POST', json: order(overrides) });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors?.[field]).toBe(message);
    expect(res.body.error).toBeTruthy();
    expect(await countOrders()).toBe(before);
  });

  it('a Swedish buyer gets the refusals in Swedish (cookie or Accept-Language); nothing stored', async () => {
    const before = await countOrders();
    const refuse = async (overrides: Record<string, unknown>, headers: Record<string, string>) =>
      (await request<ErrorBody>(server, '/api/orders', { method: 'POST', json: order(overrides), headers }))
        .body;
    const swedish = { 'accept-language': 'sv-SE,sv;q=0.9' };
    expect((await refuse({ customer: { ...customer, name: '' } }, swedish)).fieldErrors).toEqual({
      'customer.name': 'Fyll i alla fält',
    });
    expect((await refuse({ lines: [] }, { cookie: 'lang=sv' })).error).toBe('Varukorgen är tom');
    expect(
      (
        await refuse(
          {
            lines: [
              {
                productId: 'klistermärken',
                quantity: 4999,
                options: { stickerSize: '5x5', stickerShape: 'circle' },
              },
            ],
          },
          swedish,
        )
      ).fieldErrors,
    ).toEqual({ 'lines.0.quantity': 'Minsta beställning är 5\u00a0000 st' });
    expect(
      (await refuse({ lines: [{ productId: 'hoodie', quantity: 50, options: { colour: 'navy' } }] }, swedish))
        .error,
    ).toBe('Rad 1 (Hoodie): Välj storlekar för alla 50 st (t.ex. 20 S, 50 M, 50 L)');
    // The visitor's choice (cookie) wins over the browser's language.
    expect((await refuse({ lines: [] }, { ...swedish, cookie: 'lang=en' })).error).toBe('Cart is empty');
    expect(await countOrders()).toBe(before);
  });

  it('customised lines: only customiser products, available colours and sides, uploaded images', async () => {
    const image = new FormData();
    image.append('file', new Blob([new Uint8Array(makePng())], { type: 'image/png' }), 'logo.png');
    const uploaded = await request<{ id: string }>(server, '/api/uploads', { method: 'POST', body: image });
    expect(uploaded.status).toBe(201);
    const print = { method: 'dtg', uploadId: uploaded.body.id, side: 'front', x: 50, y: 40, scale: 0.3 };
    /** 20 navy hoodies in M, customised as given (the customiser sends prints and notes). */
    const navyHoodies = (customisation: Record<string, unknown>) => ({
      productId: 'hoodie',
      quantity: 20,
      sizes: { M: 20 },
      customisation: { color: 'navy', ...customisation },
    });
    const refusedLines = (...lines: unknown[]) =>
      request<ErrorBody>(server, '/api/orders', { method: 'POST', json: order({ lines }) });
    const good = await placeLines(navyHoodies({ prints: [print], additionalInfo: 'Logo <b>big</b>' }));
    expect(good.status).toBe(201);
    const wrongProduct = await refusedLines({
      productId: 'kuponghäfte',
      quantity: 100,
      customisation: { color: 'navy', prints: [] },
    });
    expect(wrongProduct.status).toBe(400);
    expect(wrongProduct.body.error).toBe('Coupon Booklet cannot be customised');
    const badPrint = await refusedLines(navyHoodies({ prints: [{ ...print, x: 500 }] }));
    expect(badPrint.status).toBe(400);
    const before = await countOrders();
    const unknownImage = await refusedLines(
      navyHoodies({ prints: [{ ...print, uploadId: 'neveruploaded1234' }] }),
    );
    expect(unknownImage.status).toBe(400);
    expect(unknownImage.body.error).toBe('An uploaded print image was not found. Please upload it again.');
    expect(await countOrders()).toBe(before);
  });

  it('bad bodies: malformed JSON, not an object, huge names → 4xx with a message, never a 500', async () => {
    const before = await countOrders();
    const malformed = await request<ErrorBody>(server, '/api/orders', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"customer":',
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toBe('Request body is not valid JSON');
    for (const body of ['null', '[]', '"order"', '42']) {
      const res = await request<ErrorBody>(server, '/api/orders', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      expect(res.status).toBe(400);
      expect(res.body.error).toBeTruthy();
    }
    const huge = await request<ErrorBody>(server, '/api/orders', {
      method: 'POST',
      json: order({ customer: { ...customer, name: 'x'.repeat(1024 * 1024) } }),
    });
    expect(huge.status).toBe(413);
    expect(huge.body.error).toBe('Request body is too large');
    const long = await request<ErrorBody>(server, '/api/orders', {
      method: 'POST',
      json: order({ customer: { ...customer, name: 'x'.repeat(5000) } }),
    });
    expect(long.status).toBe(400);
    expect(long.body.error).toBe('Name cannot exceed 100 characters');
    const empty = await request<ErrorBody>(server, '/api/orders', { method: 'POST' });
    expect(empty.status).toBe(400);
    expect(await countOrders()).toBe(before);
  });

  it('NUL, lone surrogates and control characters in any text field → 400 naming the field, never a 500', async () => {
    const before = await countOrders();
    const textFields = ['name', 'email', 'phone', 'address', 'personalNumber', 'buyerReference'] as const;
    const bad = ['\u0000', '\ud800', 'x\udfff', '\u0085', '\u009b', '\u2028', '\u001b'];
    for (const field of textFields) {
      for (const character of bad) {
        // An address may hold a line separator: it is multi-line text.
        if (field === 'address' && character === '\u2028') continue;
        const answer = await request<ErrorBody>(server, '/api/orders', {
          method: 'POST',
          json: order({
            customer: {
              ...customer,
              [field]: `${(customer as Record<string, string>)[field] ?? 'PO'}${character}x`,
            },
          }),
        });
        expect(answer.status, `${field} ${JSON.stringify(character)}`).toBe(400);
        expect(answer.body.fieldErrors?.[`customer.${field}`]).toBe(invalidCharacterMessage);
      }
    }
    const info = await request<ErrorBody>(server, '/api/orders', {
      method: 'POST',
      json: order({
        lines: [
          {
            productId: 'hoodie',
            quantity: 20,
            sizes: { M: 20 },
            customisation: { color: 'navy', prints: [], additionalInfo: 'Logo\u0000 big' },
          },
        ],
      }),
    });
    expect(info.status).toBe(400);
    expect(info.body.error).toBe(invalidCharacterMessage);
    expect(await countOrders()).toBe(before);
  });

  it('keeps only a hash of the idempotency key: a copy of the database cannot derive access tokens', async () => {
    const body = order();
    const placed = await post(body);
    expect(placed.status).toBe(201);
    const [row] = await server.database.db
      .select({ key: orders.idempotencyKey, tokenHash: orders.accessTokenHash })
      .from(orders)
      .where(eq(orders.orderNumber, placed.body.orderNumber));
    expect(row?.key).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.key).not.toContain(body.idempotencyKey);
    expect(row?.tokenHash).not.toContain(placed.body.accessToken);
    // The buyer's retry still finds the order by its key.
    const retry = await post(body);
    expect(retry).toMatchObject({ status: 200, body: { orderNumber: placed.body.orderNumber } });
  });

  it('the same idempotency key twice → one order, same number, a working token', async () => {
    const body = order();
    const first = await post(body);
    const before = await countOrders();
    const again = await post(body);
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(again.body.orderNumber).toBe(first.body.orderNumber);
    expect(await countOrders()).toBe(before);
    const read = await request(
      server,
      `/api/orders/${again.body.orderNumber}?token=${again.body.accessToken}`,
    );
    expect(read.status).toBe(200);
  });

  it('double click: simultaneous requests with one key → one order', async () => {
    const body = order();
    const before = await countOrders();
    const answers = await Promise.all(Array.from({ length: 5 }, () => post(body)));
    expect(new Set(answers.map((a) => a.body.orderNumber)).size).toBe(1);
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(await countOrders()).toBe(before + 1);
  });

  it('a reused key with a different order → 409 with a clear message', async () => {
    const body = order();
    await request(server, '/api/orders', { method: 'POST', json: body });
    const res = await request<ErrorBody>(server, '/api/orders', {
      method: 'POST',
      json: {
        ...body,
        lines: [{ productId: 'hoodie', quantity: 60, sizes: { M: 60 }, options: { colour: 'navy' } }],
      },
    });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe(
      'This order was already submitted with different details. Please reload the cart and submit again.',
    );
  });

  it('50 simultaneous orders → 50 distinct, strictly increasing invoice numbers', async () => {
    const answers = await Promise.all(Array.from({ length: 50 }, () => post(order())));
    expect(answers.every((a) => a.status === 201)).toBe(true);
    const numbers = answers.map((a) => Number(a.body.orderNumber.slice(4)));
    expect(new Set(numbers).size).toBe(50);
    const rows = await server.database.db
      .select({ number: orders.orderNumber })
      .from(orders)
      .orderBy(asc(orders.id));
    const seqs = rows.map((r) => Number(r.number.slice(4)));
    for (let i = 1; i < seqs.length; i++) expect(seqs[i]).toBeGreaterThan(seqs[i - 1] ?? 0);
  });
});

describe('group commit: orders arriving together are written together', () => {
  it('60 simultaneous requests, each of 30 keys twice → 30 orders, each pair one order, increasing numbers', async () => {
    const before = await countOrders();
    const bodies = Array.from({ length: 30 }, () => order());
    const answers = await Promise.all([...bodies, ...bodies].map((body) => post(body)));
    expect(await countOrders()).toBe(before + 30);
    for (let i = 0; i < 30; i++) {
      const pair = [answers[i], answers[i + 30]];
      expect(pair.map((a) => a?.status).sort()).toEqual([200, 201]);
      expect(pair[0]?.body.orderNumber).toBe(pair[1]?.body.orderNumber);
    }
    const rows = await server.database.db
      .select({ seq: orders.invoiceSeq })
      .from(orders)
      .orderBy(asc(orders.id));
    for (let i = 1; i < rows.length; i++) expect(rows[i]?.seq).toBeGreaterThan(rows[i - 1]?.seq ?? 0);
  });
});

describe('GET /api/orders/:number: the order in its reader’s words', () => {
  it('names line, colour, sizes, country, status and VAT in the asked language; prices as paid', async () => {
    const placed = await placeLines({
      productId: 'tshirt-bomull',
      quantity: 50,
      sizes: { S: 10, M: 25, L: 15 },
      options: { colour: 'black' },
    });
    const path = `/api/orders/${placed.body.orderNumber}`;
    const headers = { 'x-order-token': placed.body.accessToken };
    const sv = await request<OrderView>(server, `${path}?lang=sv`, { headers });
    expect(sv.body).toMatchObject({
      locale: 'sv',
      status: 'pending',
      statusLabel: 'Mottagen',
      vatTreatmentLabel: 'Svensk moms 25 % ingår',
      pricesIncludeVat: true,
      customer: { country: 'SE', countryName: 'Sverige', yourReference: null, purchaseOrderNumber: null },
    });
    expect(sv.body.lines[0]?.text).toMatchObject({
      name: 'T-shirt i bomull',
      colour: 'Svart',
      sizes: '10 S, 25 M, 15 L',
    });
    expect(sv.body.lines[0]?.price).toEqual({
      unit: sv.body.lines[0]?.unitPrice,
      total: sv.body.lines[0]?.lineTotal,
    });
    // Without ?lang= the browser's language decides.
    const en = await request<OrderView>(server, path, {
      headers: { ...headers, 'accept-language': 'en-GB' },
    });
    expect(en.body).toMatchObject({
      locale: 'en',
      statusLabel: 'Received',
      customer: { countryName: 'Sweden' },
    });
    expect(en.body.lines[0]?.text.details.map((d) => d.text)).toEqual([
      'Colour: Black',
      'Sizes: 10 S, 25 M, 15 L',
    ]);
    expect(en.body.lines[0]?.text.name).toBe('Cotton T-shirt');
  });
});

describe('GET /api/orders/:number and the invoice', () => {
  let placed: Placed;
  const evil = '<script>alert(1)</script>';
  beforeAll(async () => {
    const res = await post(
      order({
        customer: {
          customerType: 'company',
          name: `${evil}"'&`,
          companyName: `Acme ${evil}`,
          orgNumber: '"><img src=x>',
          email: 'evil@example.com',
          phone: `${evil}`,
          country: 'NO',
          address: `Street ${evil}`,
        },
        lines: [
          {
            productId: 'tshirt-bomull',
            quantity: 20,
            sizes: { M: 20 },
            customisation: { color: 'red', prints: [], additionalInfo: `${evil}` },
          },
        ],
      }),
    );
    expect(res.body).toMatchObject({ orderNumber: expect.any(String) as unknown });
    placed = res.body;
  });

  it('without or with a wrong token → 404, never the order', async () => {
    for (const path of [
      `/api/orders/${placed.orderNumber}`,
      `/api/orders/${placed.orderNumber}?token=wrong`,
      `/api/orders/${placed.orderNumber}/invoice`,
      `/api/orders/${placed.orderNumber}/invoice?token=${'x'.repeat(43)}`,
      `/api/orders/INV-1/invoice?token=${placed.accessToken}`,
      `/api/orders/${encodeURIComponent("' or 1=1 --")}?token=${placed.accessToken}`,
    ]) {
      const res = await request<ErrorBody>(server, path);
      expect(res.status, path).toBe(404);
      expect(res.body).toEqual({ error: 'Order not found' });
    }
  });

  it('script in every text field is escaped in the invoice; English for NO; its own CSP', async () => {
    const res = await request<string>(
      server,
      `/api/orders/${placed.orderNumber}/invoice?token=${placed.accessToken}`,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get('content-security-policy')).toMatch(/default-src 'none'; style-src 'sha256-/);
    expect(res.body).not.toContain('<script');
    expect(res.body).not.toContain('<img');
    expect(res.body).toContain('&quot;&gt;&lt;img src=x&gt;');
    expect(res.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39;&amp;');
    expect(res.body).toContain('Acme &lt;script&gt;');
    expect(res.body).toContain('<html lang="en">');
    expect(res.body).toContain('Invoice');
    expect(res.body).toContain('Payment terms: 30 days net');
    expect(res.body).toContain('100 SEK');
    expect(res.body).toContain(server.config.seller.bankAccount);
    const plain = res.body.replace(/[\u00a0\u202f]/g, ' ');
    // Norway is outside the EU: export, the buyer pays 20 × 88 kr without VAT; an English invoice
    // writes the currency SEK.
    expect(plain).toContain('70,40 SEK'); // unit price excl. VAT
    expect(plain).toContain('1 408,00 SEK'); // ex VAT = total
    expect(plain).toContain('0,00 SEK'); // no VAT
    expect(plain).not.toContain('1 760,00');
    expect(plain).toContain('Export of goods outside the EU, exempt from VAT (Article 146');
  });

  it('a Swedish order gets a Swedish invoice with sv-SE dates and a due date 30 days on', async () => {
    const res = await post(order());
    const invoice = await request<string>(
      server,
      `/api/orders/${res.body.orderNumber}/invoice?token=${res.body.accessToken}`,
    );
    const stored = await request<OrderView>(
      server,
      `/api/orders/${res.body.orderNumber}?token=${res.body.accessToken}`,
    );
    const date = new Date(stored.body.orderDate);
    const sv = (d: Date) =>
      new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Stockholm', dateStyle: 'short' }).format(d);
    expect(invoice.body).toContain('<html lang="sv">');
    expect(invoice.body).toContain('Faktura');
    expect(invoice.body).toContain('Betalningsvillkor: 30 dagar netto');
    expect(invoice.body).toContain('Moms 25 %');
    expect(invoice.body).toContain(sv(date));
    expect(invoice.body).toContain(sv(new Date(date.getTime() + 30 * 86_400_000)));
    expect(invoice.body).toContain('91,50 kr'); // 114,375 kr without VAT
  });
});

describe('stranger text: fields the confirmation and the invoice repeat to the email address typed', () => {
  const companyBuyer = {
    ...customer,
    customerType: 'company',
    companyName: 'Tryck & Co. AB',
    orgNumber: '556016-0680',
    personalNumber: '',
    buyerReference: 'Anna',
    purchaseOrderNumber: 'PO 4711',
  };
  const refusedAs = (field: string, sv: string) => [
    field,
    `${sv} får inte innehålla en webbadress, ett domännamn eller en e-postadress`,
  ];

  it.each([
    ['address', 'Storgatan 1\nVIKTIGT: betala 4375 kr till BG 555-5555 http://pay.example/x', 'Adressen'],
    ['address', 'Storgatan 1, besök evil.se', 'Adressen'],
    ['companyName', 'Tryck AB bit.ly/x', 'Företagsnamnet'],
    ['companyName', 'evil.se', 'Företagsnamnet'],
    ['buyerReference', 'kundtjanst@evil.se', 'Referensen'],
    ['purchaseOrderNumber', 'www.evil', 'Inköpsordernumret'],
    ['name', 'Anna, se evil.se', 'Namnet'],
    ['phone', '070-123 45 67 evil.se', 'Telefonnumret'],
  ])('%s %j → 400 naming that field in Swedish; nothing stored', async (field, value, subject) => {
    const before = await countOrders();
    const res = await request<ErrorBody>(server, '/api/orders', {
      method: 'POST',
      json: order({ customer: { ...companyBuyer, [field]: value } }),
      headers: { 'accept-language': 'sv-SE' },
    });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors).toEqual(Object.fromEntries([refusedAs(`customer.${field}`, subject)]));
    expect(await countOrders()).toBe(before);
  });

  it('a separate billing address is checked the same way, in English for an English buyer', async () => {
    const res = await request<ErrorBody>(server, '/api/orders', {
      method: 'POST',
      json: order({
        customer: { ...companyBuyer, separateBilling: true, billingAddress: 'Box 12\nanna@evil.se' },
      }),
    });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors).toEqual({
      'customer.billingAddress':
        'Billing address cannot contain a web address, a domain name or an email address',
    });
  });

  it('an address longer than five lines is a letter, not an address → 400', async () => {
    const res = await request<ErrorBody>(server, '/api/orders', {
      method: 'POST',
      json: order({ customer: { ...customer, address: 'Storgatan 1\n\n\n\n\nVIKTIGT: ring 0900-123 45' } }),
    });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors).toEqual({ 'customer.address': 'Address cannot be more than 5 lines' });
  });

  it('real addresses, names and companies still go through and reach the invoice as typed', async () => {
    const address = 'c/o Åsa Öberg\nSt. Eriksgatan 12 B, lgh 1102\nBox 123\n113 43 Stockholm';
    const res = await post(
      order({
        customer: {
          ...companyBuyer,
          name: 'J. Andersson',
          companyName: 'Müller GmbH & Co.KG',
          address,
          buyerReference: "Jürgen Weiß, O'Brien",
          purchaseOrderNumber: 'Ref. 27.11.2026',
        },
      }),
    );
    expect(res.status).toBe(201);
    const invoice = await request<string>(
      server,
      `/api/orders/${res.body.orderNumber}/invoice?token=${res.body.accessToken}`,
    );
    for (const text of ['Müller GmbH &amp; Co.KG', 'St. Eriksgatan 12 B, lgh 1102', 'Ref. 27.11.2026']) {
      expect(invoice.body).toContain(text);
    }
  });
});
