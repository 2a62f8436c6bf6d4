import { stockholmDate } from '@/shared/dates';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AdminOrderDetail } from '@/shared/admin';
import type { OrderView, PlacedOrderAnswer } from '@/shared/order-view';
import { queryRows } from '@/server/db/query-rows';
import { addStaffMember, loginWithPin } from '@tests/helpers/admin';
import { emlPdfAttachments, fetchValidSie, pdfText, sieVerifications } from '@tests/helpers/ledger';
import { peppolClub, testCustomer } from '@tests/helpers/orders';
import { request } from '@tests/helpers/server';
import { useAdminServer } from '@tests/helpers/use-server';
import { validateUbl } from '@tests/helpers/validate-ubl';

const server = useAdminServer();

let keys = 0;
const key = (name: string) => `${name}-${Date.now()}-${++keys}-staff-orders`;

/** 30 navy hoodies, 10 M and 20 L; catalogue price 119.00 kr at 30 (tier 25–49). */
const hoodies = (sizes: Record<string, number>, extra: Record<string, unknown> = {}) => ({
  productId: 'hoodie',
  quantity: Object.values(sizes).reduce((a, b) => a + b, 0),
  sizes,
  options: { colour: 'navy' },
  ...extra,
});

type Answer<T> = T & { error?: string; fieldErrors?: Record<string, string> };

const createOrder = (body: Record<string, unknown>, cookie = server.cookie, lang = 'sv') =>
  request<Answer<PlacedOrderAnswer>>(server, '/api/admin/orders', {
    method: 'POST',
    headers: { cookie, 'accept-language': lang },
    json: body,
  });

const changeLines = (number: string, body: Record<string, unknown>, lang = 'sv') =>
  request<Answer<AdminOrderDetail>>(server, `/api/admin/orders/${number}/lines`, {
    method: 'PATCH',
    headers: { cookie: server.cookie, 'accept-language': lang },
    json: body,
  });

const detailOf = async (number: string) =>
  (
    await request<AdminOrderDetail>(server, `/api/admin/orders/${number}`, {
      headers: { cookie: server.cookie, 'accept-language': 'sv' },
    })
  ).body;

const negotiated = { unitPrice: '99.50', reason: 'Överenskommet pris i telefon' };

describe('POST /api/admin/orders (issue 41: an order entered by staff)', () => {
  it('prices on the server with a negotiated unit price and a free line, invoices and numbers it, audits the price', async () => {
    const idempotencyKey = key('phone');
    const body = {
      idempotencyKey,
      customer: peppolClub,
      lines: [hoodies({ M: 10, L: 20 }, negotiated)],
      freeLines: [{ description: 'Frakt', quantity: 1, unitPrice: '250', vatRate: 25 }],
      notifyBuyer: true,
    };
    const created = await createOrder(body);
    expect(created.status).toBe(201);
    // 30 × 99.50 + 250 = 3 235.00 kr, VAT included.
    expect(created.body.total).toBe('3235.00');
    expect(created.body.orderNumber).toMatch(/^INV-\d+$/);
    expect(created.body.accessToken.length).toBeGreaterThan(20);

    const detail = await detailOf(created.body.orderNumber);
    expect(detail.items.map((line) => [line.productId, line.quantity, line.unitPrice])).toEqual([
      ['hoodie', 30, '99.5'],
      ['QUOTE-LINE', 1, '250'],
    ]);
    expect(detail.documents.map((d) => [d.kind, d.number, d.total])).toEqual([
      ['invoice', created.body.orderNumber, '3235.00'],
    ]);
    expect(detail.quoteNumber).toBeNull();

    // The buyer sees the order on its page with the token the answer gave.
    const page = await request<{ orderNumber: string; total: string }>(
      server,
      `/api/orders/${created.body.orderNumber}`,
      { headers: { 'x-order-token': created.body.accessToken } },
    );
    expect(page.status).toBe(200);

    // The same key and body again: the same order; another body under the key: refused.
    const again = await createOrder(body);
    expect(again.status).toBe(200);
    expect(again.body.orderNumber).toBe(created.body.orderNumber);
    const other = await createOrder({ ...body, lines: [hoodies({ M: 10, L: 21 })] });
    expect(other.status).toBe(409);

    const [audit] = await queryRows<{
      after: { negotiated: { catalogueUnitPrice: string; reason: string }[] };
    }>(
      server.database.db,
      // Test-only read of the audit log: who entered the order and at what price.
      sql`SELECT after FROM audit_events
        WHERE action = 'order_create' AND target = ${created.body.orderNumber}`,
    );
    expect(audit?.after.negotiated).toEqual([
      expect.objectContaining({
        reason: 'Överenskommet pris i telefon',
        unitPrice: '99.5',
        catalogueUnitPrice: '132',
      }),
    ]);

    // notifyBuyer: the usual confirmation with the invoice and the order page's link.
    await server.app.emailOutbox.drain();
    const files = readdirSync(join(server.dataDir, 'outbox'));
    expect(files).toContain(`${created.body.orderNumber}-buyer_confirmation.eml`);
    // The first drain starts the document workers (invoice PDFs): slow on a loaded machine.
  }, 120_000);

  it('without notifyBuyer only the shop is told', async () => {
    const created = await createOrder({
      idempotencyKey: key('quiet'),
      customer: testCustomer,
      lines: [hoodies({ M: 25 })],
    });
    expect(created.status).toBe(201);
    await server.app.emailOutbox.drain();
    const files = readdirSync(join(server.dataDir, 'outbox'));
    expect(files).toContain(`${created.body.orderNumber}-shop_notice.eml`);
    expect(files).not.toContain(`${created.body.orderNumber}-buyer_confirmation.eml`);
  }, 120_000);

  it('refuses what checkout refuses, with checkout’s messages, and a negotiated price without a reason', async () => {
    const lines = [hoodies({ M: 5 })];
    const checkout = await request<Answer<object>>(server, '/api/orders', {
      method: 'POST',
      headers: { 'accept-language': 'sv' },
      json: { idempotencyKey: key('checkout'), customer: testCustomer, lines },
    });
    const staff = await createOrder({ idempotencyKey: key('small'), customer: testCustomer, lines });
    expect(staff.status).toBe(400);
    expect(checkout.status).toBe(400);
    expect(staff.body.fieldErrors).toEqual(checkout.body.fieldErrors);

    const noReason = await createOrder({
      idempotencyKey: key('reason'),
      customer: testCustomer,
      lines: [hoodies({ M: 30 }, { unitPrice: '90' })],
    });
    expect(noReason.status).toBe(400);
    expect(noReason.body.fieldErrors?.['lines.0.reason']).toBe('Skriv varför priset eller ordern ändras.');
  });

  it('a quote the customer accepted by phone becomes the order, and each links the other', async () => {
    const quote = await request<{ quoteNumber: string }>(server, '/api/admin/quotes', {
      method: 'POST',
      headers: { cookie: server.cookie },
      json: { customer: peppolClub, lines: [hoodies({ M: 10, L: 20 }, negotiated)] },
    });
    expect(quote.status).toBe(201);
    const created = await createOrder({
      idempotencyKey: key('from-quote'),
      customer: peppolClub,
      lines: [hoodies({ M: 10, L: 20 }, negotiated)],
      quoteNumber: quote.body.quoteNumber,
    });
    expect(created.status).toBe(201);
    expect((await detailOf(created.body.orderNumber)).quoteNumber).toBe(quote.body.quoteNumber);
    const quoteDetail = await request<{ status: string; acceptedOrderNumber: string | null }>(
      server,
      `/api/admin/quotes/${quote.body.quoteNumber}`,
      { headers: { cookie: server.cookie } },
    );
    expect(quoteDetail.body).toMatchObject({
      status: 'accepted',
      acceptedOrderNumber: created.body.orderNumber,
    });
    // Never two orders of one quote.
    const twice = await createOrder({
      idempotencyKey: key('from-quote-again'),
      customer: peppolClub,
      lines: [hoodies({ M: 10, L: 20 }, negotiated)],
      quoteNumber: quote.body.quoteNumber,
    });
    expect(twice.status).toBe(409);
  });

  it('production may not enter an order (403)', async () => {
    const person = await addStaffMember(server, server.cookie, { name: 'Tryckaren', role: 'production' });
    const cookie = await loginWithPin(server, person.pin);
    const refused = await createOrder(
      { idempotencyKey: key('production'), customer: testCustomer, lines: [hoodies({ M: 30 })] },
      cookie,
    );
    expect(refused.status).toBe(403);
    const change = await request(server, '/api/admin/orders/INV-1/lines', {
      method: 'PATCH',
      headers: { cookie },
      json: { lines: [hoodies({ M: 30 })], reason: 'x' },
    });
    expect(change.status).toBe(403);
  });
});

describe('PATCH /api/admin/orders/:number/lines (issue 41: changes settled by the ledger)', () => {
  it('3 M become L: same total, no document, the new split everywhere; the buyer is emailed', async () => {
    const created = await createOrder({
      idempotencyKey: key('split'),
      customer: peppolClub,
      lines: [hoodies({ M: 10, L: 20 }, negotiated)],
    });
    const changed = await changeLines(created.body.orderNumber, {
      lines: [hoodies({ M: 7, L: 23 }, negotiated)],
      reason: 'Kunden vill ha 3 M som L',
    });
    expect(changed.status).toBe(200);
    expect(changed.body.orderNumber).toBe(created.body.orderNumber);
    expect(changed.body.items[0]?.sizes).toEqual({ M: 7, L: 23 });
    expect(changed.body.totalAmount).toBe('2985.00');
    expect(changed.body.documents.map((d) => d.kind)).toEqual(['invoice']);
    expect(changed.body.lineChanges).toEqual([
      expect.objectContaining({
        reason: 'Kunden vill ha 3 M som L',
        totalBefore: '2985.00',
        totalAfter: '2985.00',
        documents: [],
      }),
    ]);

    // The job as production reads it shows the new split.
    const job = await request<{ items: { sizes?: Record<string, number> }[] }>(
      server,
      `/api/admin/orders/${created.body.orderNumber}`,
      { headers: { cookie: server.cookie } },
    );
    expect(job.body.items[0]?.sizes).toEqual({ M: 7, L: 23 });

    await server.app.emailOutbox.drain();
    const dir = join(server.dataDir, 'outbox');
    const eml = readdirSync(dir)
      .filter((name) => name.startsWith(`${created.body.orderNumber}-`) && name.endsWith('-order_change.eml'))
      .map((name) => readFileSync(join(dir, name), 'utf8'))[0];
    if (!eml) throw new Error('no change email');
    expect(eml).toContain(`Subject: =?UTF-8?Q?`);
    const text = eml.replace(/=\r?\n/g, '');
    expect(text).toContain('Kunden vill ha 3 M som L');
    expect(emlPdfAttachments(eml)).toEqual([]);
  }, 120_000);

  it('an increase is a supplementary invoice and a decrease a credit note of the difference; both pass validate-ubl, the SIE passes validate-sie', async () => {
    const created = await createOrder({
      idempotencyKey: key('money'),
      customer: peppolClub,
      lines: [hoodies({ M: 10, L: 20 }, negotiated)],
    });
    const number = created.body.orderNumber;

    // +10 L at the negotiated price: 995.00 kr more.
    const up = await changeLines(number, {
      lines: [hoodies({ M: 10, L: 30 }, negotiated)],
      freeLines: [],
      reason: 'Tio hoodies till',
    });
    expect(up.status).toBe(200);
    expect(up.body.totalAmount).toBe('3980.00');
    const supplementary = up.body.documents.at(-1);
    expect(supplementary).toMatchObject({ kind: 'supplementary_invoice', total: '995.00' });

    // -15 pieces: 1 492.50 kr less, credited from the supplementary invoice first, then the order's.
    const down = await changeLines(number, {
      lines: [hoodies({ M: 5, L: 20 }, negotiated)],
      reason: 'Färre spelare',
    });
    expect(down.status).toBe(200);
    expect(down.body.totalAmount).toBe('2487.50');
    const credits = down.body.documents.filter((d) => d.kind === 'credit_note');
    expect(credits.map((d) => [d.corrects, d.total])).toEqual([
      [supplementary?.number, '-995.00'],
      [number, '-497.50'],
    ]);
    const sum = down.body.documents.reduce((total, d) => total + Math.round(Number(d.total) * 100), 0);
    expect(sum).toBe(248_750);
    expect(down.body.balance).toBe('2487.50');

    for (const document of down.body.documents.slice(1)) {
      expect(document.xml, document.number).not.toBeNull();
      const xml = await (
        await fetch(`${server.url}${document.xml ?? ''}`, { headers: { cookie: server.cookie } })
      ).text();
      if (document.kind === 'supplementary_invoice') {
        // It names the invoice it adds to (Mervärdesskattelagen 17 kap. 22 §; BT-25).
        expect(xml).toContain(
          `<cac:BillingReference><cac:InvoiceDocumentReference><cbc:ID>${number}</cbc:ID>`,
        );
      }
      const validation = await validateUbl(xml);
      expect(validation.output, document.number).toMatch(/^0 fatal/m);
      expect(validation.ok).toBe(true);
    }

    // The books' dates are Stockholm's: from 23:00 UTC (midnight there) UTC's date is a day behind.
    const today = stockholmDate(new Date());
    const year = today.slice(0, 4);
    const sie = await fetchValidSie(
      server.url,
      `/api/admin/sie?from=${year}-01-01&to=${today}`,
      server.cookie,
    );
    const texts = sieVerifications(sie).map((v) => v.text);
    for (const document of down.body.documents) expect(texts.join('\n')).toContain(document.number);

    // The buyer's emails: each change with its new document as PDF.
    await server.app.emailOutbox.drain();
    const dir = join(server.dataDir, 'outbox');
    const emails = readdirSync(dir)
      .filter((name) => name.startsWith(`${number}-`) && name.endsWith('-order_change.eml'))
      .sort()
      .map((name) => readFileSync(join(dir, name), 'utf8'));
    expect(emails).toHaveLength(2);
    const [increase, decrease] = emails.map((eml) => emlPdfAttachments(eml));
    expect(increase?.map((a) => a.name)).toHaveLength(1);
    expect(await pdfText(increase?.[0]?.bytes ?? new Uint8Array())).toContain(
      `Tillägg till faktura ${number}`,
    );
    expect(decrease).toHaveLength(2);
    // No credit note email of its own: the change's email carries them.
    expect(
      readdirSync(dir).filter((name) => name.startsWith(`${number}-`) && name.endsWith('-credit_note.eml')),
    ).toEqual([]);
    // The validators run a JVM each.
  }, 300_000);

  it('refuses an invalid change with checkout’s messages, and any change once in production (409)', async () => {
    const created = await createOrder({
      idempotencyKey: key('refuse'),
      customer: testCustomer,
      lines: [hoodies({ M: 10, L: 20 })],
    });
    const number = created.body.orderNumber;
    const split = await changeLines(number, {
      lines: [{ ...hoodies({ M: 10, L: 20 }), quantity: 31 }],
      reason: 'Fel',
    });
    const checkout = await request<Answer<object>>(server, '/api/orders', {
      method: 'POST',
      headers: { 'accept-language': 'sv' },
      json: {
        idempotencyKey: key('checkout-split'),
        customer: testCustomer,
        lines: [{ ...hoodies({ M: 10, L: 20 }), quantity: 31 }],
      },
    });
    expect(split.status).toBe(400);
    expect(split.body.fieldErrors).toEqual(checkout.body.fieldErrors);
    const few = await changeLines(number, { lines: [hoodies({ M: 5 })], reason: 'Färre' });
    expect(few.status).toBe(400);
    expect(few.body.fieldErrors?.['lines.0.quantity']).toBeDefined();
    const noReason = await changeLines(number, { lines: [hoodies({ M: 10, L: 21 })], reason: '' });
    expect(noReason.status).toBe(400);
    // Nothing was written by the refusals.
    expect((await detailOf(number)).lineChanges).toEqual([]);

    await server.database.db.execute(
      sql`UPDATE orders SET status = 'in_production' WHERE order_number = ${number}`,
    );
    const late = await changeLines(number, { lines: [hoodies({ M: 10, L: 21 })], reason: 'För sent' });
    expect(late.status).toBe(409);
    expect(late.body.error).toBe('Ordern är redan i produktion och kan inte ändras längre.');
    const unknown = await changeLines('INV-999999999', { lines: [hoodies({ M: 30 })], reason: 'x' });
    expect(unknown.status).toBe(404);
  });
});

describe('the change before saving, and on the buyer’s order page (issue 41)', () => {
  const preview = (number: string, body: Record<string, unknown>, lang = 'sv') =>
    request<
      Answer<{
        totalBefore: string;
        totalAfter: string;
        difference: string;
        settledBy: string;
        lines: { sizes?: Record<string, number>; lineTotal: string }[];
      }>
    >(server, `/api/admin/orders/${number}/lines/preview`, {
      method: 'POST',
      headers: { cookie: server.cookie, 'accept-language': lang },
      json: body,
    });

  it('the preview states the difference and its document, stores nothing, and refuses as the change does', async () => {
    const created = await createOrder({
      idempotencyKey: key('preview'),
      customer: peppolClub,
      lines: [hoodies({ M: 10, L: 20 }, negotiated)],
    });
    const number = created.body.orderNumber;
    const more = await preview(number, {
      lines: [hoodies({ M: 10, L: 30 }, negotiated)],
      reason: 'Tio till',
    });
    expect(more.status).toBe(200);
    expect(more.body).toMatchObject({
      totalBefore: '2985.00',
      totalAfter: '3980.00',
      difference: '995.00',
      settledBy: 'supplementary_invoice',
    });
    const less = await preview(number, { lines: [hoodies({ M: 10, L: 15 }, negotiated)], reason: 'Färre' });
    expect(less.body).toMatchObject({ difference: '-497.50', settledBy: 'credit_note' });
    const same = await preview(number, { lines: [hoodies({ M: 7, L: 23 }, negotiated)], reason: '3 M → L' });
    expect(same.body).toMatchObject({ difference: '0.00', settledBy: 'none' });
    expect(same.body.lines[0]?.sizes).toEqual({ M: 7, L: 23 });
    // Nothing stored: the order is as it was, with no change and no new document.
    const detail = await detailOf(number);
    expect(detail.lineChanges).toEqual([]);
    expect(detail.documents.map((d) => d.kind)).toEqual(['invoice']);
    expect(detail.items[0]?.sizes).toEqual({ M: 10, L: 20 });

    // The checkout's messages, in the reader's language.
    const few = await preview(number, { lines: [hoodies({ M: 5 })], reason: 'Färre' }, 'en');
    const change = await changeLines(number, { lines: [hoodies({ M: 5 })], reason: 'Färre' }, 'en');
    expect(few.status).toBe(400);
    expect(few.body.fieldErrors).toEqual(change.body.fieldErrors);
    const unchanged = await preview(number, { lines: [hoodies({ M: 10, L: 20 }, negotiated)], reason: 'x' });
    expect(unchanged.status).toBe(400);
    expect(unchanged.body.error).toBe('Raderna är desamma som förut: inget har ändrats.');

    await server.database.db.execute(
      sql`UPDATE orders SET status = 'in_production' WHERE order_number = ${number}`,
    );
    const late = await preview(number, { lines: [hoodies({ M: 7, L: 23 }, negotiated)], reason: 'Sent' });
    expect(late.status).toBe(409);
  });

  it('production may not preview a change (403)', async () => {
    const person = await addStaffMember(server, server.cookie, { name: 'Tryckare två', role: 'production' });
    const cookie = await loginWithPin(server, person.pin);
    const refused = await request(server, '/api/admin/orders/INV-1/lines/preview', {
      method: 'POST',
      headers: { cookie },
      json: { lines: [hoodies({ M: 30 })], reason: 'x' },
    });
    expect(refused.status).toBe(403);
  });

  it('the buyer’s order page lists each change: when, why, the lines before and after, its documents', async () => {
    const created = await createOrder({
      idempotencyKey: key('buyer-history'),
      customer: peppolClub,
      lines: [hoodies({ M: 10, L: 20 }, negotiated)],
    });
    const number = created.body.orderNumber;
    const changed = await changeLines(number, {
      lines: [hoodies({ M: 10, L: 25 }, negotiated)],
      reason: 'Fem L till',
    });
    expect(changed.status).toBe(200);
    const page = await request<OrderView>(server, `/api/orders/${number}`, {
      headers: { 'x-order-token': created.body.accessToken, 'accept-language': 'sv' },
    });
    expect(page.status).toBe(200);
    const [history] = page.body.lineChanges;
    expect(page.body.lineChanges).toHaveLength(1);
    expect(history).toMatchObject({ reason: 'Fem L till', totalBefore: '2985.00', totalAfter: '3482.50' });
    expect(history?.before).toEqual([expect.stringMatching(/^30 × Hoodie.*10 M, 20 L/)]);
    expect(history?.after).toEqual([expect.stringMatching(/^35 × Hoodie.*10 M, 25 L/)]);
    const supplementary = page.body.money.documents.find((d) => d.number === history?.documents[0]);
    expect(supplementary).toMatchObject({ kind: 'supplementary_invoice', total: '497.50' });
    // Without the token: nothing.
    const stranger = await request(server, `/api/orders/${number}`);
    expect(stranger.status).toBe(404);
  });
});
