import { sql } from 'drizzle-orm';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import type { AdminOrderDetail } from '@/shared/admin';
import { addDays, stockholmDate } from '@/shared/dates';
import { ocrReference } from '@/shared/invoicing/ocr-reference';
import type { OrderMoney } from '@/shared/ledger';
import type { OrderView } from '@/shared/order-view';
import { queryRows } from '@/server/db/query-rows';
import { recordPayment } from '@/server/ledger';
import { readEml } from '@tests/helpers/eml';
import { orderEmailsOfKind } from '@tests/helpers/outbox';
import {
  emlPdfAttachments,
  fetchValidSie,
  pdfText,
  placedDaysAgo,
  sieVerifications,
  validateSie,
} from '@tests/helpers/ledger';
import { testCustomer } from '@tests/helpers/orders';
import { addProofVersion, decideProof } from '@tests/helpers/proofs';
import { placeOrder } from '@tests/helpers/place-order';
import { request } from '@tests/helpers/server';
import { useAdminServer } from '@tests/helpers/use-server';

const server = useAdminServer();
const swedish = () => `${server.cookie}; lang=sv`;
const today = () => stockholmDate(new Date());

const place = (customer: Record<string, unknown> = testCustomer) => placeOrder(server, customer);

const detail = async (number: string) =>
  (await request<AdminOrderDetail>(server, `/api/admin/orders/${number}`, { headers: { cookie: swedish() } }))
    .body;

const post = <T = OrderMoney & { error?: string; creditNote?: string }>(
  number: string,
  action: 'payments' | 'refunds' | 'credit-notes',
  json: unknown,
) =>
  request<T>(server, `/api/admin/orders/${number}/${action}`, {
    method: 'POST',
    headers: { cookie: swedish() },
    json,
  });

const setStatus = (number: string, json: Record<string, unknown>) =>
  request<AdminOrderDetail & { error?: string }>(server, `/api/admin/orders/${number}/status`, {
    method: 'PATCH',
    headers: { cookie: swedish() },
    json,
  });

/** Whole öre of an exact decimal string. */
const ore = (decimal: string) => Math.round(Number(decimal) * 100);
const kr = (oreAmount: number) =>
  `${oreAmount < 0 ? '-' : ''}${Math.floor(Math.abs(oreAmount) / 100)}.${String(Math.abs(oreAmount) % 100).padStart(2, '0')}`;

const outboxFiles = (orderNumber: string, kind: string) =>
  orderEmailsOfKind(server, orderNumber, kind).map((mail) => mail.raw);

describe('payments (the contract)', () => {
  it('an order is unpaid, partly paid ("1 000,00"), then paid ("…00.00"); detail lists documents and payments', async () => {
    const order = await place();
    const fresh = await detail(order.orderNumber);
    expect(fresh).toMatchObject({ paymentState: 'unpaid', balance: order.total, payments: [] });
    expect(fresh.documents).toEqual([
      expect.objectContaining({
        kind: 'invoice',
        number: order.orderNumber,
        issuedOn: today(),
        total: order.total,
        pdf: `/api/admin/orders/${order.orderNumber}/documents/${order.orderNumber}.pdf`,
      }),
    ]);

    const first = await post(order.orderNumber, 'payments', {
      amount: '1 000,00',
      paidOn: today(),
      reference: 'Kontoutdrag 12',
    });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      paymentState: 'partly_paid',
      balance: kr(ore(order.total) - 100_000),
    });
    const rest = kr(ore(order.total) - 100_000);
    const second = await post(order.orderNumber, 'payments', { amount: rest, paidOn: today() });
    expect(second.status).toBe(201);
    const paid = await detail(order.orderNumber);
    expect(paid).toMatchObject({ paymentState: 'paid', balance: '0.00', status: 'pending' });
    expect(paid.payments).toEqual([
      expect.objectContaining({ amount: '1000.00', paidOn: today(), invoice: order.orderNumber }),
      expect.objectContaining({ amount: rest, paidOn: today(), invoice: order.orderNumber }),
    ]);
    // The list shows both states side by side.
    const list = await request<{ orders: { orderNumber: string; status: string; paymentState: string }[] }>(
      server,
      `/api/admin/orders?q=${order.orderNumber}`,
      { headers: { cookie: server.cookie } },
    );
    expect(list.body.orders[0]).toMatchObject({ status: 'pending', paymentState: 'paid' });
    // More than owed: overpaid, and the balance says what is owed back.
    await post(order.orderNumber, 'payments', { amount: '10', paidOn: today() });
    expect(await detail(order.orderNumber)).toMatchObject({ paymentState: 'overpaid', balance: '-10.00' });
  });

  it('0, negative, malformed or future-dated input: 400 with a clear message, nothing recorded', async () => {
    const order = await place();
    const tomorrow = addDays(today(), 1);
    const cases: [Record<string, unknown>, string][] = [
      [{ amount: '0', paidOn: today() }, 'Beloppet måste vara större än 0 kr'],
      [{ amount: '0,00', paidOn: today() }, 'Beloppet måste vara större än 0 kr'],
      [{ amount: '-500.00', paidOn: today() }, 'Beloppet kan inte vara negativt'],
      [{ amount: 'tusen', paidOn: today() }, 'Ange beloppet i kronor'],
      [{ amount: '12,345', paidOn: today() }, 'Ange beloppet i kronor'],
      [{ amount: '1 00,00', paidOn: today() }, 'Ange beloppet i kronor'],
      [{ amount: 1000, paidOn: today() }, 'Ange beloppet i kronor'],
      [{ amount: '100.00', paidOn: tomorrow }, `kan inte vara senare än i dag (${today()})`],
      [{ amount: '100.00', paidOn: '2026-02-30' }, 'Ange betalningsdagen som ÅÅÅÅ-MM-DD'],
      [{ amount: '100.00' }, 'Ange betalningsdagen som ÅÅÅÅ-MM-DD'],
    ];
    for (const [json, message] of cases) {
      const answer = await post(order.orderNumber, 'payments', json);
      expect(answer.status, JSON.stringify(json)).toBe(400);
      expect(answer.body.error, JSON.stringify(json)).toContain(message);
    }
    const english = await request<{ error: string }>(
      server,
      `/api/admin/orders/${order.orderNumber}/payments`,
      {
        method: 'POST',
        headers: { cookie: `${server.cookie}; lang=en` },
        json: { amount: '0', paidOn: today() },
      },
    );
    expect(english.body.error).toBe('The amount must be more than 0 kr');
    expect(await detail(order.orderNumber)).toMatchObject({ paymentState: 'unpaid', payments: [] });
    const unknownInvoice = await post(order.orderNumber, 'payments', {
      amount: '10',
      paidOn: today(),
      invoice: 'INV-1',
    });
    expect(unknownInvoice).toMatchObject({
      status: 404,
      body: { error: 'Beställningen har ingen sådan faktura' },
    });
    expect((await post('INV-0', 'payments', { amount: '10', paidOn: today() })).status).toBe(404);
  });

  it('paid is no status (400 pointing to the payments route); an unpaid order goes into production once its proof is approved', async () => {
    const order = await place();
    const paid = await setStatus(order.orderNumber, { status: 'paid' });
    expect(paid.status).toBe(400);
    expect(paid.body.error).toContain('POST /api/admin/orders/:number/payments');
    await addProofVersion(server, server.cookie, order.orderNumber);
    await decideProof(server, order.orderNumber, order.accessToken, 1, { decision: 'approved' });
    const moved = await setStatus(order.orderNumber, { status: 'in_production' });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ status: 'in_production', paymentState: 'unpaid' });
  });

  it("the buyer's email says what was received and what is still to pay", async () => {
    const order = await place();
    await post(order.orderNumber, 'payments', { amount: '1000', paidOn: today() });
    await server.app.emailOutbox.drain();
    const [email] = outboxFiles(order.orderNumber, 'payment_received').map(readEml);
    const text = (email?.text ?? '').replace(/[\u00a0\u202f]/g, ' ');
    expect(email?.subject).toBe(`Betalning mottagen – ${order.orderNumber}`);
    expect(text).toContain(`din betalning på 1 000,00 kr (${today()}) för beställning ${order.orderNumber}`);
    const rest = kr(ore(order.total) - 100_000).replace('.', ',');
    expect(text.replace(/(\d) (\d{3})/g, '$1$2')).toContain(`Kvar att betala: ${rest} kr`);
    expect(text).toContain(ocrReference(order.orderNumber.slice(4)));
  });

  it('recordPayment takes a bank reference once: a file read twice records nothing twice', async () => {
    const order = await place();
    const [row] = await queryRows<{ id: number }>(
      server.database.db,
      sql`SELECT id::integer AS id FROM documents WHERE number = ${order.orderNumber}`,
    );
    const payment = {
      documentId: row?.id ?? 0,
      amountOre: 50_000,
      paidOn: today(),
      method: 'bankgiro' as const,
      externalReference: `BG-${order.orderNumber}`,
      notifyBuyer: false,
    };
    expect(await server.database.db.transaction((tx) => recordPayment(tx, payment))).toMatchObject({
      recorded: true,
    });
    expect(await server.database.db.transaction((tx) => recordPayment(tx, payment))).toEqual({
      recorded: false,
      duplicate: true,
    });
    expect((await detail(order.orderNumber)).payments).toHaveLength(1);
  });
});

describe('documents as issued', () => {
  it('the invoice PDF reads back, is stored at first GET and never changes; OCR made in SQL is the OCR of TypeScript', async () => {
    const order = await place();
    const first = await fetch(
      `${server.url}/api/orders/${order.orderNumber}/invoice.pdf?token=${order.accessToken}`,
    );
    expect(first.status).toBe(200);
    const bytes = Buffer.from(await first.arrayBuffer());
    const text = await pdfText(bytes);
    expect(text).toContain(order.orderNumber);
    expect(text).toContain('Faktura');
    expect(text).toContain(ocrReference(order.orderNumber.slice(4)));
    const again = await fetch(
      `${server.url}/api/admin/orders/${order.orderNumber}/documents/${order.orderNumber}.pdf`,
      {
        headers: { cookie: server.cookie },
      },
    );
    expect(Buffer.from(await again.arrayBuffer()).equals(bytes)).toBe(true);
    const [ocr] = await queryRows<{ ocr: string }>(
      server.database.db,
      sql`SELECT ocr FROM documents WHERE number = ${order.orderNumber}`,
    );
    expect(ocr?.ocr).toBe(ocrReference(order.orderNumber.slice(4)));
    for (const digits of ['1', '42', '1764072000123', '9999999999999999999']) {
      const [row] = await queryRows<{ ocr: string }>(
        server.database.db,
        sql`SELECT ocr_reference(${digits}) AS ocr`,
      );
      expect(row?.ocr, digits).toBe(ocrReference(digits));
    }
  });
});

describe('credit notes', () => {
  it('cancelling an invoiced order issues its full credit note at once; the buyer gets it as a PDF', async () => {
    const order = await place();
    const cancelled = await setStatus(order.orderNumber, {
      status: 'cancelled',
      reason: 'Kunden ångrade sig',
    });
    expect(cancelled.status).toBe(200);
    const credit = cancelled.body.documents.find((d) => d.kind === 'credit_note');
    expect(credit).toMatchObject({
      total: `-${order.total}`,
      corrects: order.orderNumber,
      // The admin's reason stays with the shop; the credit note says why in the buyer's words.
      reason: 'Beställningen är avbruten',
      issuedOn: today(),
    });
    expect(credit?.number).toMatch(/^KR-\d+$/);
    expect(cancelled.body).toMatchObject({ paymentState: 'credited', balance: '0.00' });
    await server.app.emailOutbox.drain();
    const [eml] = outboxFiles(order.orderNumber, 'credit_note');
    expect(readEml(eml ?? '').subject).toBe(`Kreditfaktura ${credit?.number} – ${order.orderNumber}`);
    const [pdf] = emlPdfAttachments(eml ?? '');
    expect(pdf?.name).toBe(`Kreditfaktura_${credit?.number}.pdf`);
    const text = await pdfText(pdf?.bytes ?? Buffer.alloc(0));
    expect(text).toContain('Kreditfaktura');
    // Its number's label whole (it was once clipped to "Kreditfakturanumme" by the facts' column).
    expect(text).toContain('Kreditfakturanummer');
    expect(text).toContain(`Avser faktura ${order.orderNumber}`);
    expect(text).toContain('Beställningen är avbruten');
    expect(text).not.toContain('ångrade');
    expect(text).toContain(
      `−${Number(order.total)
        .toLocaleString('sv-SE', { minimumFractionDigits: 2 })
        .replace(/\u00a0/g, ' ')} kr`,
    );
    // The buyer's order page lists it, with a PDF the token opens.
    const view = await request<OrderView>(
      server,
      `/api/orders/${order.orderNumber}?token=${order.accessToken}`,
    );
    const listed = view.body.money.documents.find((d) => d.kind === 'credit_note');
    expect(listed?.number).toBe(credit?.number);
    const buyerPdf = await fetch(`${server.url}${listed?.pdf ?? ''}?token=${order.accessToken}`);
    expect(Buffer.from(await buyerPdf.arrayBuffer()).equals(pdf?.bytes ?? Buffer.alloc(0))).toBe(true);
    expect((await fetch(`${server.url}${listed?.pdf ?? ''}`)).status).toBe(404);
  });

  it('a paid order cancelled shows the money to refund; recording the refund closes it', async () => {
    const order = await place({ ...testCustomer, country: 'NO', personalNumber: '01019012345' });
    await post(order.orderNumber, 'payments', { amount: order.total, paidOn: today() });
    const cancelled = await setStatus(order.orderNumber, { status: 'cancelled', reason: 'Out of stock' });
    expect(cancelled.body).toMatchObject({ paymentState: 'credited', balance: `-${order.total}` });
    const tooMuch = await post(order.orderNumber, 'refunds', {
      amount: kr(ore(order.total) + 1),
      paidOn: today(),
    });
    expect(tooMuch.status).toBe(409);
    const refunded = await post(order.orderNumber, 'refunds', { amount: order.total, paidOn: today() });
    expect(refunded.status).toBe(201);
    expect(refunded.body).toMatchObject({ paymentState: 'refunded', balance: '0.00' });
    expect(refunded.body.payments.at(-1)).toMatchObject({ amount: `-${order.total}` });
    // The credit note is in the invoice's language (English outside Sweden).
    await server.app.emailOutbox.drain();
    const [eml] = outboxFiles(order.orderNumber, 'credit_note');
    const [pdf] = emlPdfAttachments(eml ?? '');
    expect(pdf?.name).toMatch(/^CreditNote_KR-\d+\.pdf$/);
    expect(await pdfText(pdf?.bytes ?? Buffer.alloc(0))).toContain('Credit note');
  });

  it('credits chosen lines or an amount with a reason, never more than the invoice', async () => {
    const order = await place();
    const noReason = await post(order.orderNumber, 'credit-notes', { lines: [0] });
    expect(noReason).toMatchObject({ status: 400, body: { error: 'Ange orsaken till krediteringen' } });
    const line = await post(order.orderNumber, 'credit-notes', {
      lines: [1],
      reason: 'Fel färg på mössorna',
    });
    expect(line.status).toBe(201);
    const again = await post(order.orderNumber, 'credit-notes', { lines: [1], reason: 'Igen' });
    expect(again).toMatchObject({ status: 409, body: { error: 'Raden är redan krediterad' } });
    const unknown = await post(order.orderNumber, 'credit-notes', { lines: [7], reason: 'Finns inte' });
    expect(unknown.status).toBe(400);
    const afterLine = await detail(order.orderNumber);
    const left = ore(afterLine.balance);
    const amount = await post(order.orderNumber, 'credit-notes', { amount: '100,00', reason: 'Rabatt' });
    expect(amount.status).toBe(201);
    expect(amount.body.balance).toBe(kr(left - 10_000));
    const over = await post(order.orderNumber, 'credit-notes', { amount: kr(left), reason: 'För mycket' });
    expect(over.status).toBe(409);
    expect(over.body.error).toContain('högst');
    const rest = await post(order.orderNumber, 'credit-notes', {
      amount: kr(left - 10_000),
      reason: 'Resten',
    });
    expect(rest.status).toBe(201);
    expect(rest.body).toMatchObject({ paymentState: 'credited', balance: '0.00' });
    const nothing = await post(order.orderNumber, 'credit-notes', { reason: 'Inget kvar' });
    expect(nothing).toMatchObject({
      status: 409,
      body: { error: 'Fakturan är redan krediterad i sin helhet' },
    });
    // The credit notes' VAT and net add up to the invoice's exactly.
    const [sums] = await queryRows<{ net: string; vat: string; total: string }>(
      server.database.db,
      sql`SELECT sum(d.net)::text AS net, sum(d.vat)::text AS vat, sum(d.total)::text AS total
        FROM documents d JOIN orders o ON o.id = d.order_id WHERE o.order_number = ${order.orderNumber}`,
    );
    expect(sums).toEqual({ net: '0.00', vat: '0.00', total: '0.00' });
  });
});

describe('SIE from the ledger', () => {
  it('payments on their own days and amounts, a credit note reverses its invoice, a refund leaves the bank; validate-sie passes', async () => {
    const order = await place({
      ...testCustomer,
      customerType: 'company',
      companyName: 'Åkeriet – Öst AB',
      orgNumber: '556677-8899',
      personalNumber: '',
    });
    await placedDaysAgo(server.database, order.orderNumber, 6);
    expect(
      (await post(order.orderNumber, 'payments', { amount: '1 000,00', paidOn: addDays(today(), -5) }))
        .status,
    ).toBe(201);
    await post(order.orderNumber, 'payments', {
      amount: kr(ore(order.total) - 100_000 + 5_000),
      paidOn: today(),
    });
    await post(order.orderNumber, 'credit-notes', { amount: '50', reason: 'Rabatt' });
    await post(order.orderNumber, 'refunds', { amount: '100', paidOn: today() });
    const from = addDays(today(), -6);
    const response = await fetch(`${server.url}/api/admin/sie?from=${from}&to=${today()}`, {
      headers: { cookie: server.cookie },
    });
    expect(response.status).toBe(200);
    const bytes = Buffer.from(await response.arrayBuffer());
    const check = await validateSie(bytes);
    expect(check.valid, check.output).toBe(true);
    const text = iconv.decode(bytes, 'cp437');
    expect(text).toContain('#KPTYP BAS2014');
    // The en dash has no place in code page 437: written as a hyphen, never "?".
    expect(text).toContain('Åkeriet - Öst AB');
    expect(text).toMatch(/#PROSA "[^"]*\d{4}-\d{2}-\d{2} - \d{4}-\d{2}-\d{2}"/);
    const mine = sieVerifications(bytes).filter((v) => v.text.includes(order.orderNumber));
    for (const verification of mine)
      expect(
        verification.transactions.reduce((sum, t) => sum + t.ore, 0),
        verification.text,
      ).toBe(0);
    const payments = mine.filter((v) => v.series === 'B');
    expect(payments.map((v) => [v.date, v.transactions])).toEqual([
      [
        addDays(today(), -5),
        [
          { account: '1930', ore: 100_000 },
          { account: '1510', ore: -100_000 },
        ],
      ],
      [
        today(),
        [
          { account: '1930', ore: ore(order.total) - 100_000 + 5_000 },
          { account: '1510', ore: -(ore(order.total) - 100_000 + 5_000) },
        ],
      ],
      [
        today(),
        [
          { account: '1930', ore: -10_000 },
          { account: '1510', ore: 10_000 },
        ],
      ],
    ]);
    const credit = mine.find((v) => v.text.startsWith('Kreditfaktura'));
    expect(credit?.transactions).toEqual([
      { account: '1510', ore: -5_000 },
      { account: '3001', ore: 4_000 },
      { account: '2611', ore: 1_000 },
    ]);
    // The same period again: the same verification numbers (stable per document and payment).
    const twice = await fetchValidSie(server.url, `/api/admin/sie?from=${from}&to=${today()}`, server.cookie);
    const numbers = (file: Uint8Array) =>
      sieVerifications(file).map((v) => `${v.series}${v.number} ${v.text}`);
    expect(numbers(twice)).toEqual(numbers(bytes));
  });
});
