import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ProductRecord } from '@/shared/catalogue-record';
import type { AcceptedQuoteAnswer, AdminQuoteRow, CreatedQuoteAnswer, QuoteView } from '@/shared/quotes';
import type { PlacedOrderAnswer } from '@/shared/order-view';
import { queryRows } from '@/server/db/query-rows';
import { addStaffMember, loginWithPin } from '@tests/helpers/admin';
import { emlPdfAttachments, pdfText } from '@tests/helpers/ledger';
import { germanCompany, hoodiesAndBooklets, testCustomer } from '@tests/helpers/orders';
import { request } from '@tests/helpers/server';
import { useAdminServer } from '@tests/helpers/use-server';

const server = useAdminServer();

const swedishCompany = {
  ...testCustomer,
  customerType: 'company',
  companyName: 'IK Kamraterna',
  orgNumber: '556677-8899',
  personalNumber: '',
};
const norwegianPerson = {
  ...testCustomer,
  personalNumber: '',
  country: 'NO',
  address: 'Storgata 1\n0155 Oslo',
};

/** Every key, at any depth, named like money (issue 38: none reaches production). */
function moneyKeys(value: unknown, path = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => moneyKeys(item, `${path}.${index}`));
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([name, child]) => [
    ...(/price|total|vat|amount|currency|pdf|negotiated|exvat|rate/i.test(name) ? [`${path}.${name}`] : []),
    ...moneyKeys(child, `${path}.${name}`),
  ]);
}

let keys = 0;
const key = (name: string) => `${name}-${Date.now()}-${++keys}-quotes-test`;

async function askQuote(customer: Record<string, unknown>, lines: unknown = hoodiesAndBooklets, lang = 'sv') {
  return request<CreatedQuoteAnswer & { error?: string; fieldErrors?: Record<string, string> }>(
    server,
    '/api/quotes',
    {
      method: 'POST',
      headers: { 'accept-language': lang },
      json: { customer, lines },
    },
  );
}

async function placeOrderOf(customer: Record<string, unknown>, lines: unknown = hoodiesAndBooklets) {
  return request<PlacedOrderAnswer>(server, '/api/orders', {
    method: 'POST',
    json: { idempotencyKey: key('order'), customer, lines },
  });
}

const view = (number: string, token: string, lang = 'sv') =>
  request<QuoteView>(server, `/api/quotes/${number}?token=${encodeURIComponent(token)}`, {
    headers: { 'accept-language': lang },
  });

const accept = (number: string, token: string, body: Record<string, unknown>, lang = 'sv') =>
  request<AcceptedQuoteAnswer & { error?: string; fieldErrors?: Record<string, string> }>(
    server,
    `/api/quotes/${number}/accept?token=${encodeURIComponent(token)}`,
    { method: 'POST', headers: { 'accept-language': lang }, json: body },
  );

async function countRows(table: 'orders' | 'documents' | 'ledger_entries_count') {
  const name = table === 'ledger_entries_count' ? 'documents' : table;
  const [row] = await queryRows<{ n: string }>(
    server.database.db,
    sql.raw(`SELECT count(*)::text AS n FROM ${name}`),
  );
  return Number(row?.n ?? 0);
}

describe('a quote from the cart', () => {
  it('costs exactly what the order of the same cart costs, for a Swedish, an EU and a non-EU buyer', async () => {
    for (const customer of [testCustomer, swedishCompany, germanCompany, norwegianPerson]) {
      const quote = await askQuote(customer);
      expect(quote.status, JSON.stringify(quote.body)).toBe(201);
      expect(quote.body.quoteNumber).toMatch(/^Q-\d{4}-\d{4}$/);
      const order = await placeOrderOf(customer);
      expect(order.status).toBe(201);
      expect(quote.body.total).toBe(order.body.total);
      const page = await view(quote.body.quoteNumber, quote.body.accessToken);
      expect(page.body.vatTreatment).toBe(order.body.vatTreatment);
    }
    // 5 718,75 + 6 900 kr including Swedish VAT; without it under reverse charge and export.
    const se = await askQuote(swedishCompany);
    expect(se.body.total).toBe('12618.75');
    const de = await view(
      (await askQuote(germanCompany)).body.quoteNumber,
      (await askQuote(germanCompany)).body.accessToken,
    );
    expect(de.status).toBe(404); // another quote's token opens nothing
  });

  it('takes no prices from the browser: a forged price and total are ignored', async () => {
    const forged = hoodiesAndBooklets.map((line) => ({ ...line, unitPrice: '1', lineTotal: '1', price: 1 }));
    const quote = await request<CreatedQuoteAnswer>(server, '/api/quotes', {
      method: 'POST',
      json: { customer: testCustomer, lines: forged, total: '1.00' },
    });
    expect(quote.status).toBe(201);
    expect(quote.body.total).toBe('12618.75');
  });

  it('refuses a bad cart with the checkout’s field messages in the reader’s language, storing nothing', async () => {
    const before = await queryRows<{ n: string }>(
      server.database.db,
      sql`SELECT count(*)::text AS n FROM quotes`,
    );
    const swedish = await askQuote(
      { ...testCustomer, email: 'inte-en-adress' },
      [{ productId: 'hoodie', quantity: 2 }],
      'sv',
    );
    expect(swedish.status).toBe(400);
    expect(Object.keys(swedish.body.fieldErrors ?? {})).toContain('customer.email');
    const english = await askQuote(testCustomer, [{ productId: 'hoodie', quantity: 2 }], 'en');
    expect(english.status).toBe(400);
    expect(english.body.error).toMatch(/minimum/i);
    const after = await queryRows<{ n: string }>(
      server.database.db,
      sql`SELECT count(*)::text AS n FROM quotes`,
    );
    expect(after[0]?.n).toBe(before[0]?.n);
  });

  it('shows the quote on its token page and as PDF, and emails it with the PDF; no order, no document', async () => {
    const orders = await countRows('orders');
    const documents = await countRows('documents');
    const quote = await askQuote(swedishCompany);
    expect(await countRows('orders')).toBe(orders);
    expect(await countRows('documents')).toBe(documents);

    expect((await request(server, `/api/quotes/${quote.body.quoteNumber}`)).status).toBe(404);
    expect((await view(quote.body.quoteNumber, 'x'.repeat(43))).status).toBe(404);
    const page = await view(quote.body.quoteNumber, quote.body.accessToken);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({
      quoteNumber: quote.body.quoteNumber,
      status: 'sent',
      currency: 'SEK',
      total: '12618.75',
      vat: '2523.75',
      validUntil: quote.body.validUntil,
      pricesIncludeVat: true,
    });
    expect(page.body.lines[0]).toMatchObject({
      productId: 'hoodie',
      quantity: 50,
      unitPrice: '114.375',
      lineTotal: '5718.75',
    });
    expect(page.body.lines[0]?.details.map((d) => d.text).join(' ')).toContain('30 M');
    expect(page.body.terms.length).toBeGreaterThan(2);

    // Valid QUOTE_VALID_DAYS (30) days after today in Stockholm.
    const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Stockholm' }).format(new Date());
    const expected = new Date(`${today}T00:00:00Z`);
    expected.setUTCDate(expected.getUTCDate() + 30);
    expect(quote.body.validUntil).toBe(expected.toISOString().slice(0, 10));

    const pdf = await fetch(`${server.url}${page.body.pdf}`);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const text = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    expect(text).toContain(quote.body.quoteNumber);
    expect(text).toContain('12 618,75 kr');
    expect(text).toContain('Offert');
    expect(text).toContain('Giltig till och med');
    expect(text).not.toContain('OCR');

    await server.app.emailOutbox.drain();
    const dir = join(server.dataDir, 'outbox');
    const files = readdirSync(dir).filter((name) => name.startsWith('quote-') && name.endsWith('-quote.eml'));
    const eml = files
      .map((name) => readFileSync(join(dir, name), 'utf8'))
      .find((body) => body.includes(quote.body.quoteNumber));
    if (!eml) throw new Error('no quote email');
    expect(eml).toContain(`Subject: Offert ${quote.body.quoteNumber}`);
    const [attached] = emlPdfAttachments(eml);
    expect(attached?.name).toBe(`${quote.body.quoteNumber}.pdf`);
    expect(await pdfText(attached?.bytes ?? new Uint8Array())).toContain('12 618,75 kr');
    // The emailed link opens the page with a token of its own.
    const link = /(\/quotes\/Q-[\d-]+\?token=[A-Za-z0-9_%-]+)/.exec(
      eml.replace(/=\r?\n/g, '').replace(/=3D/g, '='),
    );
    const linkToken = decodeURIComponent(
      new URL(`http://x${link?.[1] ?? ''}`).searchParams.get('token') ?? '',
    );
    expect((await view(quote.body.quoteNumber, linkToken)).status).toBe(200);
  });

  it('in English for an English reader, with the same amounts', async () => {
    const quote = await askQuote(norwegianPerson, hoodiesAndBooklets, 'en');
    const page = await view(quote.body.quoteNumber, quote.body.accessToken, 'en');
    expect(page.body.vatTreatment).toBe('export');
    expect(page.body.pricesIncludeVat).toBe(false);
    expect(page.body.total).toBe('10095.00');
    const pdf = await fetch(`${server.url}${page.body.pdf}`);
    const text = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    expect(text).toContain('Quote');
    expect(text).toContain('10 095,00 SEK');
  });
});

describe('accepting a quote', () => {
  it('places exactly one order at the quoted prices, even after the catalogue’s price rose', async () => {
    const quote = await askQuote(swedishCompany);
    // The owner raises the hoodie's price after the quote was given.
    const products = await request<ProductRecord[]>(server, '/api/admin/products', {
      headers: { cookie: server.cookie },
    });
    const hoodie = products.body.find((p) => p.id === 'hoodie');
    if (!hoodie) throw new Error('no hoodie');
    const raised = await request(server, '/api/admin/products/hoodie', {
      method: 'PUT',
      headers: { cookie: server.cookie },
      json: { ...hoodie, tiers: hoodie.tiers.map((t) => ({ ...t, pricePerUnit: '500' })) },
    });
    expect(raised.status).toBe(200);
    await expect.poll(async () => (await askQuote(swedishCompany)).body.total).not.toBe('12618.75');

    const orders = await countRows('orders');
    const acceptKey = key('accept');
    const body = {
      idempotencyKey: acceptKey,
      acceptedBy: 'Kassören',
      termsAccepted: true,
      purchaseOrder: 'PO-77',
    };
    const [first, second] = await Promise.all([
      accept(quote.body.quoteNumber, quote.body.accessToken, body),
      accept(quote.body.quoteNumber, quote.body.accessToken, body),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 201]);
    expect(first.body.orderNumber).toBe(second.body.orderNumber);
    expect(first.body.total).toBe('12618.75');
    expect(await countRows('orders')).toBe(orders + 1);

    // Another key (a second browser) cannot make a second order.
    const other = await accept(quote.body.quoteNumber, quote.body.accessToken, {
      ...body,
      idempotencyKey: key('other'),
    });
    expect(other.status).toBe(409);
    expect(other.body.error).toBe('Offerten är redan accepterad.');
    expect(await countRows('orders')).toBe(orders + 1);

    // The order as its buyer sees it: the quote's lines and prices, its invoice issued.
    const order = await request<{
      total: string;
      lines: { unitPrice: string }[];
      customer: { purchaseOrderNumber: string };
    }>(server, `/api/orders/${first.body.orderNumber}`, {
      headers: { 'x-order-token': first.body.accessToken },
    });
    expect(order.body.total).toBe('12618.75');
    expect(order.body.lines[0]?.unitPrice).toBe('114.375');
    expect(order.body.customer.purchaseOrderNumber).toBe('PO-77');
    const page = await view(quote.body.quoteNumber, quote.body.accessToken);
    expect(page.body.status).toBe('accepted');
    expect(page.body.acceptedOrderNumber).toBe(first.body.orderNumber);

    // Put the price back for the other tests.
    const now = await request<ProductRecord>(server, '/api/admin/products/hoodie', {
      headers: { cookie: server.cookie },
    });
    const restored = await request(server, '/api/admin/products/hoodie', {
      method: 'PUT',
      headers: { cookie: server.cookie },
      json: { ...now.body, tiers: hoodie.tiers },
    });
    expect(restored.status).toBe(200);
    await expect.poll(async () => (await askQuote(swedishCompany)).body.total).toBe('12618.75');
  });

  it('asks for the terms and who accepts, in the reader’s language, and changes nothing without them', async () => {
    const quote = await askQuote(testCustomer);
    const refused = await accept(
      quote.body.quoteNumber,
      quote.body.accessToken,
      { idempotencyKey: key('t'), acceptedBy: '' },
      'en',
    );
    expect(refused.status).toBe(400);
    expect(refused.body.fieldErrors?.termsAccepted).toBe('Accept the terms to place the order.');
    expect(refused.body.fieldErrors?.acceptedBy).toBe('Enter the name of the person who accepts.');
    const swedish = await accept(
      quote.body.quoteNumber,
      quote.body.accessToken,
      {
        idempotencyKey: key('t'),
        acceptedBy: 'Styrelsen',
        termsAccepted: true,
        purchaseOrder: 'P'.repeat(61),
      },
      'sv',
    );
    expect(swedish.status).toBe(400);
    expect(swedish.body.fieldErrors).toEqual({
      purchaseOrder: 'Inköpsordernumret får vara högst 60 tecken.',
    });
    const noTerms = await accept(quote.body.quoteNumber, quote.body.accessToken, {}, 'sv');
    expect(noTerms.body.fieldErrors).toMatchObject({
      termsAccepted: 'Godkänn villkoren för att beställa.',
      acceptedBy: 'Skriv namnet på den som accepterar.',
    });
    expect((await view(quote.body.quoteNumber, quote.body.accessToken)).body.status).toBe('sent');
  });

  it('answers every field its page reads through the declared contract, and nothing of the request beyond it', async () => {
    const quote = await askQuote(germanCompany, hoodiesAndBooklets, 'en');
    const page = await view(quote.body.quoteNumber, quote.body.accessToken, 'en');
    expect(Object.keys(page.body).sort()).toEqual(
      [
        'locale',
        'quoteNumber',
        'status',
        'statusLabel',
        'version',
        'changed',
        'issuedOn',
        'validUntil',
        'currency',
        'vatTreatment',
        'vatTreatmentLabel',
        'vatPercent',
        'pricesIncludeVat',
        'customer',
        'lines',
        'exVat',
        'vat',
        'total',
        'inCurrency',
        'delivery',
        'note',
        'terms',
        'pdf',
        'acceptedOrderNumber',
      ].sort(),
    );
    expect(page.body).toMatchObject({ vatTreatment: 'reverse_charge', pricesIncludeVat: false });
    expect(page.body.customer.countryName).toBe('Germany');
    expect(page.body.delivery.estimate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(Object.keys(page.body.lines[0] ?? {}).sort()).toEqual(
      [
        'productId',
        'name',
        'details',
        'quantity',
        'unitPrice',
        'lineTotal',
        'price',
        'negotiated',
        'free',
      ].sort(),
    );
    expect(page.body.lines[0]?.price.unit).not.toBe(page.body.lines[0]?.unitPrice);
    // The PDF goes out as bytes, untouched by the JSON serializer.
    const pdf = await fetch(`${server.url}${page.body.pdf}&inline=1`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-disposition')).toMatch(/^inline; filename="Q-/);
    const bytes = new Uint8Array(await pdf.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    expect(await pdfText(bytes)).toContain(quote.body.quoteNumber);
    const badVersion = await fetch(`${server.url}${page.body.pdf}&version=x`);
    expect(badVersion.status).toBe(400);
  });

  it('refuses an expired quote with 409 and a message, and a declined one', async () => {
    const quote = await askQuote(testCustomer);
    await server.database.db.execute(
      sql`UPDATE quote_versions SET valid_until = current_date - 1 FROM quotes
          WHERE quotes.id = quote_versions.quote_id AND quotes.quote_number = ${quote.body.quoteNumber}`,
    );
    expect((await view(quote.body.quoteNumber, quote.body.accessToken)).body.status).toBe('expired');
    const expired = await accept(
      quote.body.quoteNumber,
      quote.body.accessToken,
      {
        idempotencyKey: key('late'),
        acceptedBy: 'Anna',
        termsAccepted: true,
      },
      'en',
    );
    expect(expired.status).toBe(409);
    expect(expired.body.error).toBe(
      'This quote has expired and cannot be accepted. Please ask for a new quote.',
    );

    const other = await askQuote(testCustomer);
    const declined = await request(
      server,
      `/api/quotes/${other.body.quoteNumber}/decline?token=${encodeURIComponent(other.body.accessToken)}`,
      {
        method: 'POST',
        json: { reason: 'Too expensive for the club' },
      },
    );
    expect(declined.status).toBe(200);
    const late = await accept(other.body.quoteNumber, other.body.accessToken, {
      idempotencyKey: key('declined'),
      acceptedBy: 'Anna',
      termsAccepted: true,
    });
    expect(late.status).toBe(409);
    await server.app.emailOutbox.drain();
    const notices = readdirSync(join(server.dataDir, 'outbox')).filter((n) =>
      n.endsWith('shop_notice_quote_declined.eml'),
    );
    expect(notices.length).toBeGreaterThan(0);
  });
});

describe('staff quotes', () => {
  it('a negotiated unit price with its reason and a free line; audited; a change makes version 2', async () => {
    const created = await request<CreatedQuoteAnswer>(server, '/api/admin/quotes', {
      method: 'POST',
      headers: { cookie: server.cookie },
      json: {
        customer: swedishCompany,
        lines: [{ ...hoodiesAndBooklets[0], unitPrice: '100', reason: 'Club discount agreed by phone' }],
        freeLines: [{ description: 'Frakt', quantity: 1, unitPrice: '250', vatRate: 25 }],
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    // 50 × 100 kr + 250 kr, VAT included.
    expect(created.body.total).toBe('5250.00');
    const audit = await queryRows<{
      action: string;
      after: { negotiated: { reason: string; catalogueUnitPrice: string }[] };
    }>(
      server.database.db,
      sql`SELECT action, after FROM audit_events WHERE target = ${created.body.quoteNumber}`,
    );
    expect(audit[0]?.action).toBe('quote');
    expect(audit[0]?.after.negotiated[0]).toMatchObject({
      reason: 'Club discount agreed by phone',
      catalogueUnitPrice: '114.375',
    });

    const page = await view(created.body.quoteNumber, created.body.accessToken);
    expect(page.body.lines.map((l) => [l.name, l.negotiated, l.free])).toEqual([
      ['Hoodie', true, false],
      ['Frakt', false, true],
    ]);

    const noReason = await request<{ fieldErrors: Record<string, string> }>(
      server,
      `/api/admin/quotes/${created.body.quoteNumber}`,
      {
        method: 'PATCH',
        headers: { cookie: server.cookie, 'accept-language': 'en' },
        json: { customer: swedishCompany, lines: [{ ...hoodiesAndBooklets[0], unitPrice: '90' }] },
      },
    );
    expect(noReason.status).toBe(400);
    expect(noReason.body.fieldErrors['lines.0.reason']).toBe(
      'Give the reason the price differs from the catalogue’s.',
    );

    const changed = await request<{ version: number; total: string }>(
      server,
      `/api/admin/quotes/${created.body.quoteNumber}`,
      {
        method: 'PATCH',
        headers: { cookie: server.cookie },
        json: {
          customer: swedishCompany,
          lines: [{ ...hoodiesAndBooklets[0], unitPrice: '90', reason: 'Board asked again' }],
        },
      },
    );
    expect(changed.body).toMatchObject({ version: 2, total: '4500.00' });
    const latest = await view(created.body.quoteNumber, created.body.accessToken);
    expect(latest.body).toMatchObject({ version: 2, changed: true, total: '4500.00' });
    // The first version's PDF is kept.
    const first = await fetch(
      `${server.url}/api/quotes/${created.body.quoteNumber}/quote.pdf?version=1&token=${encodeURIComponent(created.body.accessToken)}`,
    );
    expect(await pdfText(new Uint8Array(await first.arrayBuffer()))).toContain('5 250,00 kr');

    const list = await request<{ quotes: AdminQuoteRow[] }>(server, '/api/admin/quotes?status=sent', {
      headers: { cookie: server.cookie },
    });
    expect(list.body.quotes.find((q) => q.quoteNumber === created.body.quoteNumber)).toMatchObject({
      status: 'sent',
      version: 2,
      total: '4500.00',
    });
  });

  it('production may view quotes but not create them, and reads no amount from any quote route', async () => {
    const person = await addStaffMember(server, server.cookie, { name: 'Tryckaren', role: 'production' });
    const cookie = await loginWithPin(server, person.pin);
    const created = await request<CreatedQuoteAnswer>(server, '/api/admin/quotes', {
      method: 'POST',
      headers: { cookie: server.cookie },
      json: {
        customer: germanCompany,
        lines: [{ ...hoodiesAndBooklets[0], unitPrice: '99.50', reason: 'Agreed by phone' }],
        freeLines: [{ description: 'Shipping', quantity: 1, unitPrice: '250', vatRate: 25 }],
        note: 'Delivery to the club house',
      },
    });
    expect(created.status).toBe(201);

    const list = await request<{ view: string; quotes: Record<string, unknown>[] }>(
      server,
      '/api/admin/quotes',
      { headers: { cookie } },
    );
    expect(list.status).toBe(200);
    expect(list.body.view).toBe('job');
    expect(list.body.quotes.find((q) => q['quoteNumber'] === created.body.quoteNumber)).toBeDefined();
    const one = await request<Record<string, unknown>>(
      server,
      `/api/admin/quotes/${created.body.quoteNumber}`,
      {
        headers: { cookie, 'accept-language': 'en' },
      },
    );
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({
      view: 'job',
      quoteNumber: created.body.quoteNumber,
      note: 'Delivery to the club house',
    });
    expect(JSON.stringify(one.body)).toContain('Shipping');
    for (const body of [list.body, one.body]) {
      expect(moneyKeys(body)).toEqual([]);
      const text = JSON.stringify(body);
      expect(text).not.toMatch(/\bkr\b|€|\b\d{1,9}\.\d{2}\b|99[.,]5|250/);
    }
    const pdf = await request(server, `/api/admin/quotes/${created.body.quoteNumber}/quote.pdf`, {
      headers: { cookie },
    });
    expect(pdf.status).toBe(403);

    // The money roles still read the amounts and the edit form's draft.
    const owner = await request<Record<string, unknown>>(
      server,
      `/api/admin/quotes/${created.body.quoteNumber}`,
      {
        headers: { cookie: server.cookie },
      },
    );
    // Reverse charge: (50 × 99.50 + 250) / 1.25, no VAT.
    expect(owner.body).toMatchObject({ view: 'money', total: '4180.00' });
    expect(owner.body['draft']).toMatchObject({
      lines: [{ productId: 'hoodie', unitPrice: '99.5' }],
      freeLines: [{ description: 'Shipping', quantity: 1, unitPrice: '250', vatRate: 25 }],
    });
    const refused = await request(server, '/api/admin/quotes', {
      method: 'POST',
      headers: { cookie },
      json: { customer: testCustomer, lines: hoodiesAndBooklets },
    });
    expect(refused.status).toBe(403);
  });
});

describe('nothing in the books before yes', () => {
  /** What an accountant reads: the SIE, the invoice journal, the receivables and the stats. */
  async function books() {
    const headers = { cookie: server.cookie };
    const year = new Date().toISOString().slice(0, 4);
    const range = `from=${year}-01-01&to=${year}-12-31`;
    const sie = await fetch(`${server.url}/api/admin/sie?${range}`, { headers });
    expect(sie.status).toBe(200);
    const journal = await request(server, `/api/admin/journal?${range}`, { headers });
    const receivables = await request(server, '/api/admin/receivables', { headers });
    const stats = await request(server, '/api/admin/stats', { headers });
    expect([journal.status, receivables.status, stats.status]).toEqual([200, 200, 200]);
    return { sie: await sie.text(), journal: journal.body, receivables: receivables.body, stats: stats.body };
  }

  it('a quote asked for, shown, emailed and declined leaves the SIE, journal, receivables and stats as they were', async () => {
    // An order first, so the books hold something a quote could disturb.
    expect((await placeOrderOf(swedishCompany)).status).toBe(201);
    const before = await books();
    const asked = await askQuote(swedishCompany);
    expect(asked.status).toBe(201);
    expect((await view(asked.body.quoteNumber, asked.body.accessToken)).status).toBe(200);
    const declined = await request(
      server,
      `/api/quotes/${asked.body.quoteNumber}/decline?token=${encodeURIComponent(asked.body.accessToken)}`,
      { method: 'POST', json: { reason: 'Styrelsen väntar' } },
    );
    expect(declined.status).toBe(200);
    expect(await books()).toEqual(before);
  });
});
