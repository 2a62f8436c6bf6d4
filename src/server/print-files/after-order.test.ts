import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import iconv from 'iconv-lite';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrderDetail } from '@/shared/admin';
import type { JournalEntry } from '@/shared/ledger';
import { addDays, stockholmDate } from '@/shared/dates';
import { orderPrintFileMessages } from '@/shared/i18n/messages/order-print-files';
import { printFileMessages } from '@/shared/i18n/messages/print-files';
import type { OrderView, PlacedOrderAnswer } from '@/shared/order-view';
import type { PrintFileAnswer } from '@/shared/print-files';
import type { AddPrintFileAnswer } from '@/shared/supplementary-invoices';
import { queryRows } from '@/server/db/query-rows';
import { readEml } from '@tests/helpers/eml';
import { fetchValidSie, sieVerifications } from '@tests/helpers/ledger';
import { checkoutBody, testCustomer } from '@tests/helpers/orders';
import { makePng } from '@tests/helpers/png';
import { minimalPdf, uploadPrintFile } from '@tests/helpers/print-files';
import { request } from '@tests/helpers/server';
import { useAdminServer } from '@tests/helpers/use-server';

/**
 * Print files added on the order page after ordering: POST /api/orders/:number/print-files, the
 * supplementary invoice a raster file's conversion is charged on, its email and documents.
 */

const server = useAdminServer();

const pdf = minimalPdf;

let keys = 0;
async function placeOrder(customer: Record<string, unknown> = {}): Promise<PlacedOrderAnswer> {
  const placed = await request<PlacedOrderAnswer>(server, '/api/orders', {
    method: 'POST',
    json: {
      ...checkoutBody(`after-order-${Date.now()}-${++keys}-abcdef`, keys),
      customer: { ...testCustomer, ...customer },
    },
  });
  expect(placed.status).toBe(201);
  return placed.body;
}

function addToOrder(
  order: PlacedOrderAnswer,
  json: unknown,
  headers: Record<string, string> = { 'x-order-token': order.accessToken },
) {
  return request<AddPrintFileAnswer & { error?: string }>(
    server,
    `/api/orders/${order.orderNumber}/print-files`,
    { method: 'POST', json, headers },
  );
}

async function invoiceRows(orderNumber: string) {
  return queryRows<{
    invoice_number: string;
    total_amount: string;
    ex_vat_amount: string;
    vat_amount: string;
  }>(
    server.database.db,
    sql`SELECT s.number AS invoice_number, s.total::text AS total_amount, s.net::text AS ex_vat_amount,
          s.vat::text AS vat_amount
        FROM documents s JOIN orders o ON o.id = s.order_id
        WHERE o.order_number = ${orderNumber} AND s.kind = 'supplementary_invoice'`,
  );
}

const number = (invoice: string) => BigInt(invoice.replace('INV-', ''));

describe('print files after ordering', () => {
  let order: PlacedOrderAnswer;
  let png: PrintFileAnswer;
  let added: AddPrintFileAnswer;
  beforeAll(async () => {
    order = await placeOrder();
    png = await uploadPrintFile(server, makePng(800), 'logo-after.png');
  });

  it('needs the order token in the header: without it, or with another order’s, 404 and nothing changes', async () => {
    const other = await placeOrder();
    const tokens: Record<string, string>[] = [
      {},
      { 'x-order-token': other.accessToken },
      // One character off (a token may already end in "A": then "B").
      { 'x-order-token': `${order.accessToken.slice(0, -1)}${order.accessToken.endsWith('A') ? 'B' : 'A'}` },
    ];
    for (const headers of tokens) {
      const refused = await addToOrder(order, { printFile: png.id, acceptConversionFee: true }, headers);
      expect(refused.status, JSON.stringify(headers)).toBe(404);
    }
    const inQuery = await request(
      server,
      `/api/orders/${order.orderNumber}/print-files?token=${encodeURIComponent(order.accessToken)}`,
      { method: 'POST', json: { printFile: png.id, acceptConversionFee: true } },
    );
    expect(inQuery.status).toBe(404);
    expect(await invoiceRows(order.orderNumber)).toEqual([]);
  });

  it('a raster file needs the fee accepted: 409 naming the 100 kr, nothing added', async () => {
    const refused = await addToOrder(
      order,
      { printFile: png.id },
      {
        'x-order-token': order.accessToken,
        'accept-language': 'sv-SE',
      },
    );
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(orderPrintFileMessages.sv.feeRequired({ fee: '100,00 kr' }));
    const view = await request<OrderView>(server, `/api/orders/${order.orderNumber}`, {
      headers: { 'x-order-token': order.accessToken },
    });
    expect(view.body.printFiles).toEqual([]);
    expect(await invoiceRows(order.orderNumber)).toEqual([]);
  });

  it('a raster file with the fee accepted: exactly one supplementary invoice of 100,00 kr with a new number', async () => {
    const answer = await addToOrder(order, { printFile: png.id, acceptConversionFee: true });
    expect(answer.status).toBe(201);
    added = answer.body;
    expect(added.printFile).toMatchObject({ id: png.id, kind: 'raster', name: 'logo-after.png', width: 800 });
    const invoice = added.supplementaryInvoice;
    if (!invoice) throw new Error('no supplementary invoice');
    expect(invoice.invoiceNumber).toMatch(/^INV-\d+$/);
    expect(number(invoice.invoiceNumber)).toBeGreaterThan(number(order.orderNumber));
    expect(invoice).toMatchObject({
      orderNumber: order.orderNumber,
      total: '100.00',
      printFileName: 'logo-after.png',
    });
    // Its own issue date (today in Stockholm) and due date 30 days on.
    expect(invoice.dueDate).toBe(addDays(stockholmDate(new Date()), 30));
    // Swedish VAT: 80 + 20.
    expect(await invoiceRows(order.orderNumber)).toEqual([
      {
        invoice_number: invoice.invoiceNumber,
        total_amount: '100.00',
        ex_vat_amount: '80.00',
        vat_amount: '20.00',
      },
    ]);

    const view = await request<OrderView>(server, `/api/orders/${order.orderNumber}`, {
      headers: { 'x-order-token': order.accessToken },
    });
    expect(view.body.printFiles.map((f) => f.id)).toEqual([png.id]);
    expect(view.body.supplementaryInvoices).toEqual([invoice]);
    // The order's own total is unchanged: the fee is on its own invoice.
    expect(view.body.total).toBe(order.total);
    // The next order continues the same series after the supplementary invoice's number.
    const next = await placeOrder();
    expect(number(next.orderNumber)).toBeGreaterThan(number(invoice.invoiceNumber));
  });

  it('a retried request, or the same file uploaded again, makes no second invoice', async () => {
    const retry = await addToOrder(order, { printFile: png.id, acceptConversionFee: true });
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual(added);
    // A retried upload stores the bytes again under a new id: the order already has that content.
    const again = await uploadPrintFile(server, makePng(800), 'logo-after (1).png');
    expect(again.id).not.toBe(png.id);
    const duplicate = await addToOrder(order, { printFile: again.id, acceptConversionFee: true });
    expect(duplicate.status).toBe(200);
    expect(duplicate.body).toEqual(added);
    // Two at once: still one.
    const third = await uploadPrintFile(server, makePng(801), 'other.png');
    const both = await Promise.all([
      addToOrder(order, { printFile: third.id, acceptConversionFee: true }),
      addToOrder(order, { printFile: third.id, acceptConversionFee: true }),
    ]);
    expect(both.map((b) => b.status).sort()).toEqual([200, 201]);
    expect(await invoiceRows(order.orderNumber)).toHaveLength(2);
  });

  it('a vector file adds no invoice', async () => {
    const vector = await uploadPrintFile(server, pdf, 'logo.pdf');
    const answer = await addToOrder(order, { printFile: vector.id });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      printFile: { id: vector.id, kind: 'vector' },
      supplementaryInvoice: null,
    });
    expect(await invoiceRows(order.orderNumber)).toHaveLength(2);
  });

  it('refuses files that are not this buyer’s print files with 400, and closed orders with 409', async () => {
    const image = new FormData();
    image.append('file', new Blob([new Uint8Array(makePng(16))], { type: 'image/png' }), 'x.png');
    const customiserImage = await request<{ id: string }>(server, '/api/uploads', {
      method: 'POST',
      body: image,
    });
    const other = await placeOrder();
    for (const printFile of [
      'AAAAAAAAAAAAAAAAAAAAAAAA',
      customiserImage.body.id,
      png.id,
      '../../etc/passwd',
    ]) {
      const refused = await addToOrder(other, { printFile, acceptConversionFee: true });
      expect(refused.status, printFile).toBe(400);
      expect(refused.body.error).toBe(printFileMessages.en.unknownFile);
    }
    for (const body of [
      {},
      { printFile: 42 },
      { printFile: 'x'.repeat(65) },
      { printFile: png.id, acceptConversionFee: 'yes' },
    ]) {
      expect((await addToOrder(other, body)).status, JSON.stringify(body)).toBe(400);
    }
    const cancelled = await request(server, `/api/admin/orders/${other.orderNumber}/status`, {
      method: 'PATCH',
      json: { status: 'cancelled', reason: 'Test' },
      headers: { cookie: server.cookie },
    });
    expect(cancelled.status).toBe(200);
    const late = await uploadPrintFile(server, pdf, 'late.pdf');
    const refused = await addToOrder(other, { printFile: late.id });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(
      orderPrintFileMessages.en.orderClosed({ email: server.config.seller.email }),
    );
  });

  it('the invoice opens as HTML and PDF with the token, for the admin, and in the SIE export', async () => {
    const invoice = added.supplementaryInvoice;
    if (!invoice) throw new Error('no supplementary invoice');
    const base = `/api/orders/${order.orderNumber}/invoices/${invoice.invoiceNumber}`;
    const html = await request<string>(server, `${base}?token=${encodeURIComponent(order.accessToken)}`);
    expect(html.status).toBe(200);
    expect(html.headers.get('content-type')).toMatch(/^text\/html/);
    expect(html.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(html.body).toContain(invoice.invoiceNumber);
    expect(html.body).toContain(order.orderNumber);
    expect(html.body).toContain(printFileMessages.sv.conversionFee);
    expect(html.body).toContain('logo-after.png');
    expect(html.body.replace(/\u00a0/g, ' ')).toContain('100,00 kr');
    expect(html.body).not.toContain('Hoodie');

    const pdfAnswer = await fetch(`${server.url}${base}.pdf`, {
      headers: { 'x-order-token': order.accessToken },
    });
    expect(pdfAnswer.status).toBe(200);
    expect(pdfAnswer.headers.get('content-type')).toBe('application/pdf');
    expect(pdfAnswer.headers.get('content-disposition')).toBe(
      `attachment; filename="Invoice_${invoice.invoiceNumber}.pdf"`,
    );
    expect(
      Buffer.from(await pdfAnswer.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    // Without the token, with another order's number, or the order's own number as "invoice": 404.
    const other = await placeOrder();
    for (const path of [
      base,
      `${base}?token=${other.accessToken}`,
      `/api/orders/${other.orderNumber}/invoices/${invoice.invoiceNumber}?token=${other.accessToken}`,
      `/api/orders/${order.orderNumber}/invoices/${order.orderNumber}?token=${order.accessToken}`,
    ]) {
      expect((await request(server, path)).status, path).toBe(404);
    }

    const detail = await request<AdminOrderDetail>(server, `/api/admin/orders/${order.orderNumber}`, {
      headers: { cookie: server.cookie },
    });
    expect(detail.body.supplementaryInvoices.map((i) => i.invoiceNumber)).toContain(invoice.invoiceNumber);
    const adminPath = `/api/admin/orders/${order.orderNumber}/invoices/${invoice.invoiceNumber}`;
    expect((await request(server, adminPath)).status).toBe(401);
    const adminHtml = await request<string>(server, adminPath, { headers: { cookie: server.cookie } });
    expect(adminHtml.status).toBe(200);
    expect(adminHtml.body).toContain(invoice.invoiceNumber);
    expect((await request(server, `${adminPath}.pdf`, { headers: { cookie: server.cookie } })).status).toBe(
      200,
    );

    const today = stockholmDate(new Date());
    const sie = await fetchValidSie(server.url, `/api/admin/sie?from=${today}&to=${today}`, server.cookie);
    const text = iconv.decode(Buffer.from(sie), 'cp437');
    const verification = new RegExp(
      `#VER A \\d+ \\d{8} "Faktura ${invoice.invoiceNumber} [^"]*" \\d{8}\\r\\n\\{\\r\\n#TRANS 1510 \\{\\} 100\\.00\\r\\n#TRANS 3001 \\{\\} -80\\.00\\r\\n#TRANS 2611 \\{\\} -20\\.00\\r\\n\\}`,
    );
    expect(text).toMatch(verification);
  });

  it('records a supplementary invoice’s payment (the same payments as every invoice), and the SIE export books it on its day', async () => {
    const invoice = added.supplementaryInvoice;
    if (!invoice) throw new Error('no supplementary invoice');
    const path = `/api/admin/orders/${order.orderNumber}/payments`;
    const pay = (json: unknown, headers: Record<string, string> = { cookie: server.cookie }) =>
      request<{ error?: string }>(server, path, { method: 'POST', json, headers });
    const today = stockholmDate(new Date());

    expect((await pay({}, {})).status).toBe(401);
    for (const body of [
      { paidOn: addDays(today, 1), amount: '100' },
      { paidOn: '2026-02-30', amount: '100' },
      { paidOn: today, amount: 'abc' },
      { paidOn: today, amount: '1.234' },
      { paidOn: today, amount: 100 },
    ]) {
      expect((await pay({ ...body, invoice: invoice.invoiceNumber })).status, JSON.stringify(body)).toBe(400);
    }
    const missing = await pay({ paidOn: today, amount: '100', invoice: 'INV-1' });
    expect(missing.status).toBe(404);

    const paid = await pay({ paidOn: today, amount: '100.00', invoice: invoice.invoiceNumber });
    expect(paid.status).toBe(201);

    const detail = await request<AdminOrderDetail>(server, `/api/admin/orders/${order.orderNumber}`, {
      headers: { cookie: server.cookie },
    });
    const listed = detail.body.supplementaryInvoices.find((i) => i.invoiceNumber === invoice.invoiceNumber);
    expect(listed?.payment).toEqual({ paidOn: today, amount: '100.00' });
    // The other raster file's invoice is still unpaid.
    expect(detail.body.supplementaryInvoices.filter((i) => i.payment === null)).toHaveLength(1);

    const sie = await fetchValidSie(server.url, `/api/admin/sie?from=${today}&to=${today}`, server.cookie);
    const text = iconv.decode(Buffer.from(sie), 'cp437');
    expect(text).toMatch(
      new RegExp(
        `#VER B \\d+ \\d{8} "Betalning ${invoice.invoiceNumber}" \\d{8}\\r\\n\\{\\r\\n#TRANS 1930 \\{\\} 100\\.00\\r\\n#TRANS 1510 \\{\\} -100\\.00\\r\\n\\}`,
      ),
    );
  });

  it('emails the buyer the supplementary invoice (PDF) with a link to the order page', async () => {
    const invoice = added.supplementaryInvoice;
    if (!invoice) throw new Error('no supplementary invoice');
    await server.app.emailOutbox.drain();
    const dir = join(server.dataDir, 'outbox');
    const files = readdirSync(dir).filter(
      (name) => name.startsWith(`${order.orderNumber}-`) && name.endsWith('-supplementary_invoice.eml'),
    );
    // One for each raster file added (logo-after.png and other.png), none for the vector one.
    expect(files).toHaveLength(2);
    const raw = files
      .map((file) => readFileSync(join(dir, file), 'utf8'))
      .find((r) => r.includes(invoice.invoiceNumber));
    if (!raw) throw new Error('no email for the invoice');
    expect(raw).toMatch(/^To: anna@example\.se$/m);
    expect(raw).toMatch(
      new RegExp(`Content-Type: application/pdf; name=Invoice_${invoice.invoiceNumber}\\.pdf`),
    );
    const mail = readEml(raw);
    expect(mail.subject).toBe(
      orderPrintFileMessages.sv.emailSubject({ invoice: invoice.invoiceNumber, order: order.orderNumber }),
    );
    expect(mail.text).toContain(
      orderPrintFileMessages.sv.emailBody({
        // The shop's words for the file, never the sender's name for it (stranger-text.test.ts).
        file: 'tryckfil 1 (PNG)',
        order: order.orderNumber,
        invoice: invoice.invoiceNumber,
      }),
    );
    expect(mail.text.replace(/\u00a0/g, ' ')).toMatch(
      /Att betala: 100,00 kr senast \d{4}-\d{2}-\d{2} till bankgiro/,
    );
    const link = /http:\/\/\S+\/orders\/(INV-\d+)#([A-Za-z0-9_%-]+)/.exec(mail.text);
    expect(link?.[1]).toBe(order.orderNumber);
    const opened = await request(server, `/api/orders/${order.orderNumber}`, {
      headers: { 'x-order-token': decodeURIComponent(link?.[2] ?? '') },
    });
    expect(opened.status).toBe(200);
  });

  it('tells the shop of each file added, once: name, kind, size and the invoice of a raster file', async () => {
    const invoice = added.supplementaryInvoice;
    if (!invoice) throw new Error('no supplementary invoice');
    await server.app.emailOutbox.drain();
    const dir = join(server.dataDir, 'outbox');
    const notices = readdirSync(dir)
      .filter(
        (name) => name.startsWith(`${order.orderNumber}-`) && name.endsWith('-shop_notice_print_file.eml'),
      )
      .map((name) => readFileSync(join(dir, name), 'utf8'));
    // logo-after.png, other.png and logo.pdf (files 1 to 3); the retries and refusals queued nothing.
    expect(notices).toHaveLength(3);
    const t = orderPrintFileMessages.sv;
    const raster = notices.map(readEml).find((mail) => mail.subject.includes('tryckfil 1 (PNG)'));
    if (!raster) throw new Error('no notice for logo-after.png');
    expect(raster.subject).toBe(t.noticeSubject({ order: order.orderNumber, file: 'tryckfil 1 (PNG)' }));
    expect(raster.text).toContain(`Kunden lade till tryckfil 1 (PNG) (raster, `);
    expect(raster.text.replace(/\u00a0/g, ' ')).toContain(
      `Konverteringen är fakturerad på tilläggsfaktura ${invoice.invoiceNumber} (100,00 kr).`,
    );
    expect(raster.text).toContain(t.noticeOpen);
    const rawRaster = notices.find((raw) => readEml(raw).subject.includes('tryckfil 1 (PNG)')) ?? '';
    expect(rawRaster).toMatch(new RegExp(`^To: ${server.config.shopEmail.replace(/\./g, '\\.')}$`, 'm'));
    expect(rawRaster).toMatch(/^Reply-To: anna@example\.se$/m);
    const vector = notices.map(readEml).find((mail) => mail.subject.includes('tryckfil 3 (PDF)'));
    expect(vector?.text).toContain('Kunden lade till tryckfil 3 (PDF) (vektor, ');
    expect(vector?.text).not.toContain('tilläggsfaktura');
  });

  it('charges the ex-VAT amount under the order’s VAT treatment (export: 80,00 kr)', async () => {
    const norway = await placeOrder({ country: 'NO', personalNumber: '01019012345' });
    const file = await uploadPrintFile(server, makePng(300), 'norsk.png');
    const answer = await addToOrder(norway, { printFile: file.id, acceptConversionFee: true });
    expect(answer.status).toBe(201);
    expect(answer.body.supplementaryInvoice?.total).toBe('80.00');
    expect(await invoiceRows(norway.orderNumber)).toEqual([
      expect.objectContaining({ total_amount: '80.00', ex_vat_amount: '80.00', vat_amount: '0.00' }),
    ]);
  });

  it('the SIE export and the invoice journal book every document to the same BAS account (the conversion fee ancillary to the goods: 3001 in Sweden, 3105 outside the EU on its own invoice too; a credit note its invoice’s)', async () => {
    const today = stockholmDate(new Date());
    const journal = await request<{ entries: JournalEntry[] }>(
      server,
      `/api/admin/journal?from=${today}&to=${today}`,
      { headers: { cookie: server.cookie } },
    );
    expect(journal.status).toBe(200);
    const sie = await fetchValidSie(server.url, `/api/admin/sie?from=${today}&to=${today}`, server.cookie);
    const verifications = sieVerifications(sie).filter((v) => v.series === 'A');
    expect(verifications).toHaveLength(journal.body.entries.length);
    const ore = (decimal: string) => Math.round(Number(decimal) * 100);
    for (const entry of journal.body.entries) {
      const verification = verifications.find((v) => v.text.split(' ').includes(entry.number));
      const sales = verification?.transactions.filter((t) => t.account.startsWith('3'));
      expect(sales, entry.number).toEqual([{ account: entry.account, ore: -ore(entry.net) }]);
    }
    const accounts = new Set(journal.body.entries.map((e) => `${e.kind} ${e.account}`));
    expect(accounts).toEqual(
      new Set([
        'invoice 3001',
        'credit_note 3001',
        'supplementary_invoice 3001',
        'invoice 3105',
        'supplementary_invoice 3105',
      ]),
    );
  });
});
