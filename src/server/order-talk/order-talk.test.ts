import { beforeAll, describe, expect, it } from 'vitest';
import { addStaffMember, loginWithPin } from '@tests/helpers/admin';
import { emlPdfAttachments, pdfText } from '@tests/helpers/ledger';
import { testCustomer } from '@tests/helpers/orders';
import { buyerOrderView, placeEurOrder, placeOrder } from '@tests/helpers/place-order';
import { orderEmails } from '@tests/helpers/outbox';
import { minimalPdf, uploadPrintFile } from '@tests/helpers/print-files';
import { request } from '@tests/helpers/server';
import { useAdminServer } from '@tests/helpers/use-server';
import { stockholmToday } from '@/shared/delivery';
import type { OrderMessage, OrderNote } from '@/shared/order-talk';
import type { PlacedOrderAnswer } from '@/shared/order-view';
import type { BlanksList, ProductionBoard } from '@/shared/production';

/**
 * Issue 41: internal notes (who, when; on the job ticket when for production; never the buyer's,
 * and never production's when they name money), the thread with the buyer (emails with a link,
 * never the text), the board's and blanks list's filters and marks, and refunds told to the buyer.
 */
const server = useAdminServer();

let printer: string;

beforeAll(async () => {
  const person = await addStaffMember(server, server.cookie, { name: 'Pia Printer', role: 'production' });
  printer = await loginWithPin(server, person.pin);
});

function admin<T = unknown>(
  method: string,
  path: string,
  json?: unknown,
  cookie = server.cookie,
  lang = 'sv',
) {
  return request<T & { error?: string; fieldErrors?: Record<string, string> }>(server, path, {
    method,
    headers: { cookie, 'accept-language': lang },
    ...(json === undefined ? {} : { json }),
  });
}

function buyerWrites(
  order: PlacedOrderAnswer,
  json: unknown,
  how: 'query' | 'header' = 'query',
  lang = 'sv',
) {
  const path =
    how === 'query'
      ? `/api/orders/${order.orderNumber}/messages?token=${order.accessToken}`
      : `/api/orders/${order.orderNumber}/messages`;
  return request<{ messages: OrderMessage[]; error?: string; fieldErrors?: Record<string, string> }>(
    server,
    path,
    {
      method: 'POST',
      json,
      headers: {
        'accept-language': lang,
        ...(how === 'header' ? { 'x-order-token': order.accessToken } : {}),
      },
    },
  );
}

describe('internal notes', () => {
  it('staff add notes with who and when; the admin view lists them; the buyer never reads them', async () => {
    const order = await placeOrder(server);
    const added = await admin<{ notes: OrderNote[] }>(
      'POST',
      `/api/admin/orders/${order.orderNumber}/notes`,
      {
        text: 'Logga från Erik, använd den blå',
        forProduction: true,
      },
    );
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body.notes).toHaveLength(1);
    expect(added.body.notes[0]).toMatchObject({
      text: 'Logga från Erik, använd den blå',
      forProduction: true,
    });
    expect(added.body.notes[0]?.writtenBy).not.toBe('');
    expect(Number.isNaN(Date.parse(added.body.notes[0]?.writtenAt ?? ''))).toBe(false);

    const second = await admin('POST', `/api/admin/orders/${order.orderNumber}/notes`, {
      text: 'Kunden ringer på fredag',
    });
    expect(second.status).toBe(201);
    const view = await admin<{ notes: OrderNote[] }>('GET', `/api/admin/orders/${order.orderNumber}`);
    expect(view.body.notes.map((n) => [n.text, n.forProduction])).toEqual([
      ['Logga från Erik, använd den blå', true],
      ['Kunden ringer på fredag', false],
    ]);

    const buyer = await request<string>(
      server,
      `/api/orders/${order.orderNumber}?token=${order.accessToken}`,
    );
    expect(JSON.stringify(buyer.body)).not.toContain('Erik');
    expect(JSON.stringify(buyer.body)).not.toContain('fredag');
    expect(buyer.body).not.toHaveProperty('notes');
  });

  it('production writes and reads notes, but never one naming money; the job ticket prints production notes only', async () => {
    const order = await placeOrder(server);
    const path = `/api/admin/orders/${order.orderNumber}/notes`;
    expect(
      (await admin('POST', path, { text: 'Pris 99 kr/st enligt avtal', forProduction: true })).status,
    ).toBe(201);
    expect((await admin('POST', path, { text: 'Tryck baksidan först', forProduction: true })).status).toBe(
      201,
    );
    expect((await admin('POST', path, { text: 'Ring innan leverans' })).status).toBe(201);
    const byPrinter = await admin<{ notes: OrderNote[] }>(
      'POST',
      path,
      { text: 'Blå färg slut, tar marinblå' },
      printer,
    );
    expect(byPrinter.status, JSON.stringify(byPrinter.body)).toBe(201);
    expect(byPrinter.body.notes.map((n) => n.text)).toEqual([
      'Tryck baksidan först',
      'Ring innan leverans',
      'Blå färg slut, tar marinblå',
    ]);
    expect(byPrinter.body.notes[2]?.writtenBy).toBe('Pia Printer');

    const jobView = await admin<{ notes: OrderNote[]; view: string }>(
      'GET',
      `/api/admin/orders/${order.orderNumber}`,
      undefined,
      printer,
    );
    expect(jobView.body.view).toBe('job');
    expect(JSON.stringify(jobView.body.notes)).not.toContain('99 kr');
    const owner = await admin<{ notes: OrderNote[] }>('GET', `/api/admin/orders/${order.orderNumber}`);
    expect(owner.body.notes.map((n) => n.text)).toContain('Pris 99 kr/st enligt avtal');

    const ticket = await fetch(`${server.url}/api/admin/orders/${order.orderNumber}/job-ticket.pdf`, {
      headers: { cookie: printer },
    });
    expect(ticket.status).toBe(200);
    const text = (await pdfText(Buffer.from(await ticket.arrayBuffer()))).replace(/\s+/g, ' ');
    expect(text).toContain('Tryck baksidan först');
    expect(text).not.toContain('99 kr');
    expect(text).not.toContain('Ring innan leverans');
  });

  it('refuses hostile or empty notes in the reader’s language, and unknown orders', async () => {
    const order = await placeOrder(server);
    const path = `/api/admin/orders/${order.orderNumber}/notes`;
    const empty = await admin('POST', path, { text: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.fieldErrors?.text).toBe('Skriv något först');
    const long = await admin('POST', path, { text: 'x'.repeat(2001) }, server.cookie, 'en');
    expect(long.status).toBe(400);
    expect(long.body.fieldErrors?.text).toBe('The note may be at most 2000 characters');
    for (const body of [
      { text: 'a\u0000b' },
      { text: 42 },
      { text: ['a'] },
      {},
      null,
      { text: 'a', forProduction: 'yes' },
    ]) {
      const refused = await admin('POST', path, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
    }
    expect((await admin('POST', '/api/admin/orders/INV-999999999/notes', { text: 'x' })).status).toBe(404);
    expect((await admin('POST', '/api/admin/orders/%00/notes', { text: 'x' })).status).toBe(400);
    const view = await admin<{ notes: OrderNote[] }>('GET', `/api/admin/orders/${order.orderNumber}`);
    expect(view.body.notes).toEqual([]);
  });
});

describe('messages with the buyer', () => {
  it('the buyer writes (token in the link or the header), the shop answers; both read the thread; emails carry a link, never the text', async () => {
    const order = await placeOrder(server);
    const first = await buyerWrites(order, { text: 'Kan ni göra 3 M till L i stället?' });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.messages).toMatchObject([
      { author: 'buyer', kind: 'message', text: 'Kan ni göra 3 M till L i stället?' },
    ]);
    const second = await buyerWrites(order, { text: 'Och tack!' }, 'header');
    expect(second.status).toBe(201);

    const staffThread = await admin<{ messages: OrderMessage[] }>(
      'GET',
      `/api/admin/orders/${order.orderNumber}`,
    );
    expect(staffThread.body.messages.map((m) => m.text)).toEqual([
      'Kan ni göra 3 M till L i stället?',
      'Och tack!',
    ]);

    const answered = await admin<{ messages: OrderMessage[] }>(
      'POST',
      `/api/admin/orders/${order.orderNumber}/messages`,
      {
        text: 'Absolut, vi ändrar till 3 L.',
      },
    );
    expect(answered.status, JSON.stringify(answered.body)).toBe(201);
    expect(answered.body.messages.at(-1)).toMatchObject({
      author: 'shop',
      text: 'Absolut, vi ändrar till 3 L.',
    });
    expect(answered.body.messages.at(-1)?.writtenBy).toBeTruthy();

    const view = await buyerOrderView(server, order);
    expect(view.messages.map((m) => [m.author, m.text])).toEqual([
      ['buyer', 'Kan ni göra 3 M till L i stället?'],
      ['buyer', 'Och tack!'],
      ['shop', 'Absolut, vi ändrar till 3 L.'],
    ]);
    // The buyer reads "the shop", not who on the staff answered.
    expect(view.messages.every((m) => m.writtenBy === undefined)).toBe(true);

    const emails = await orderEmails(server, order.orderNumber);
    const notices = emails.filter((e) => e.name.endsWith('shop_notice_message.eml'));
    // Two messages while the first notice waited: one notice.
    expect(notices).toHaveLength(1);
    expect(notices[0]?.subject).toBe(`Nytt meddelande från köparen – ${order.orderNumber}`);
    expect(notices[0]?.text).not.toContain('3 M');
    expect(notices[0]?.to).not.toContain(testCustomer.email);
    const toBuyer = emails.filter((e) => e.name.endsWith('message_to_buyer.eml'));
    expect(toBuyer).toHaveLength(1);
    expect(toBuyer[0]?.to).toContain(testCustomer.email);
    expect(toBuyer[0]?.subject).toBe(`Nytt meddelande om din beställning ${order.orderNumber}`);
    expect(toBuyer[0]?.text).toContain('Läs meddelandet och svara på beställningssidan');
    expect(toBuyer[0]?.text).toMatch(/\/orders\/INV-\d+/);
    expect(toBuyer[0]?.text).not.toContain('3 L');
  });

  it('a buyer abroad is emailed in English', async () => {
    const order = await placeOrder(server, {
      ...testCustomer,
      country: 'DE',
      personalNumber: 'DE-1',
      address: 'Hauptstraße 5\n10115 Berlin',
    });
    expect(
      (
        await admin('POST', `/api/admin/orders/${order.orderNumber}/messages`, {
          text: 'Your files look fine.',
        })
      ).status,
    ).toBe(201);
    const [mail] = (await orderEmails(server, order.orderNumber)).filter((e) =>
      e.name.endsWith('message_to_buyer.eml'),
    );
    expect(mail?.subject).toBe(`New message about your order ${order.orderNumber}`);
    expect(mail?.text).not.toContain('Your files look fine');
  });

  it('refuses a stranger’s token, another order’s token, links, empty and hostile text', async () => {
    const order = await placeOrder(server);
    const other = await placeOrder(server);
    const stranger = await request(
      server,
      `/api/orders/${order.orderNumber}/messages?token=${'a'.repeat(43)}`,
      {
        method: 'POST',
        json: { text: 'Hej' },
      },
    );
    expect(stranger.status).toBe(404);
    const crossed = await request(server, `/api/orders/${order.orderNumber}/messages`, {
      method: 'POST',
      json: { text: 'Hej' },
      headers: { 'x-order-token': other.accessToken },
    });
    expect(crossed.status).toBe(404);
    expect(
      (
        await request(server, `/api/orders/${order.orderNumber}/messages`, {
          method: 'POST',
          json: { text: 'Hej' },
        })
      ).status,
    ).toBe(404);

    const link = await buyerWrites(order, { text: 'Betala hit: https://evil.example/pay' });
    expect(link.status).toBe(400);
    expect(link.body.fieldErrors?.text).toBe(
      'Skriv utan webbadresser eller e-postadresser: butiken mejlar aldrig länkar från meddelanden',
    );
    expect(
      (await buyerWrites(order, { text: 'mejla anna@evil.se' }, 'query', 'en')).body.fieldErrors?.text,
    ).toBe('Write without web or email addresses: the shop never emails links from messages');
    for (const body of [
      { text: '' },
      { text: 'x'.repeat(2001) },
      { text: 'a\u0000' },
      { text: 5 },
      {},
      'text',
    ]) {
      const refused = await buyerWrites(order, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
    }
    expect((await buyerOrderView(server, order)).messages).toEqual([]);
  });

  it('throttles a buyer after ten messages an hour on one order (429 with Retry-After)', async () => {
    const order = await placeOrder(server);
    for (let n = 0; n < 10; n += 1)
      expect((await buyerWrites(order, { text: `Fråga ${n}` })).status).toBe(201);
    const refused = await buyerWrites(order, { text: 'En till' });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(refused.body.error).toBe(
      'Du har skickat många meddelanden på kort tid. Vänta en stund och försök igen.',
    );
    // Refused means not kept: the thread holds the ten allowed messages only.
    const texts = (await buyerOrderView(server, order)).messages.map((m) => m.text);
    expect(texts).toHaveLength(10);
    expect(texts).not.toContain('En till');
  });

  it('production answers and reads the thread without entries naming money', async () => {
    const order = await placeOrder(server);
    expect((await buyerWrites(order, { text: 'Vad blir priset för 10 till?' })).status).toBe(201);
    expect((await buyerWrites(order, { text: 'Storlek L på alla' })).status).toBe(201);
    const answer = await admin<{ messages: OrderMessage[] }>(
      'POST',
      `/api/admin/orders/${order.orderNumber}/messages`,
      { text: 'Vi trycker L på alla.' },
      printer,
    );
    expect(answer.status).toBe(201);
    expect(answer.body.messages.map((m) => m.text)).toEqual(['Storlek L på alla', 'Vi trycker L på alla.']);
  });

  it('the buyer’s note with a print file added after ordering reaches the thread', async () => {
    const order = await placeOrder(server);
    const file = await uploadPrintFile(server, minimalPdf, 'logo.pdf');
    const added = await request(server, `/api/orders/${order.orderNumber}/print-files`, {
      method: 'POST',
      json: { printFile: file.id, note: 'Den blå versionen till ryggen' },
      headers: { 'x-order-token': order.accessToken },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const view = await buyerOrderView(server, order);
    expect(view.messages).toMatchObject([
      { author: 'buyer', kind: 'print_file', text: 'Den blå versionen till ryggen' },
    ]);
    const staff = await admin<{ messages: OrderMessage[] }>('GET', `/api/admin/orders/${order.orderNumber}`);
    expect(staff.body.messages[0]?.printFile).toBe(view.messages[0]?.printFile);
  });
});

describe('the board and the blanks list', () => {
  it('filters late and due this week; paid / not paid only for the money roles', async () => {
    const paid = await placeOrder(server);
    const unpaid = await placeOrder(server);
    const pay = await admin('POST', `/api/admin/orders/${paid.orderNumber}/payments`, {
      amount: paid.total,
      paidOn: stockholmToday(),
    });
    expect(pay.status, JSON.stringify(pay.body)).toBe(201);

    const paidBoard = await admin<ProductionBoard>('GET', '/api/admin/production?paid=paid');
    expect(paidBoard.status).toBe(200);
    const paidNumbers = paidBoard.body.jobs.map((job) => job.orderNumber);
    expect(paidNumbers).toContain(paid.orderNumber);
    expect(paidNumbers).not.toContain(unpaid.orderNumber);
    expect(paidBoard.body.jobs.every((job) => job.paid === true)).toBe(true);
    const unpaidBoard = await admin<ProductionBoard>('GET', '/api/admin/production?paid=unpaid');
    expect(unpaidBoard.body.jobs.map((job) => job.orderNumber)).toContain(unpaid.orderNumber);
    expect(unpaidBoard.body.jobs.map((job) => job.orderNumber)).not.toContain(paid.orderNumber);

    const refused = await admin('GET', '/api/admin/production?paid=paid', undefined, printer);
    expect(refused.status).toBe(403);
    const printerBoard = await admin<ProductionBoard>('GET', '/api/admin/production', undefined, printer);
    expect(printerBoard.status).toBe(200);
    expect(printerBoard.body.jobs.some((job) => 'paid' in job)).toBe(false);
    expect((await admin('GET', '/api/admin/production?paid=maybe')).status).toBe(400);
    expect((await admin('GET', '/api/admin/production?due=someday')).status).toBe(400);

    const all = await admin<ProductionBoard>('GET', '/api/admin/production');
    const late = await admin<ProductionBoard>('GET', '/api/admin/production?due=late');
    expect(late.body.jobs.map((j) => j.orderNumber)).toEqual(
      all.body.jobs.filter((j) => j.late).map((j) => j.orderNumber),
    );
    const thisWeek = await admin<ProductionBoard>(
      'GET',
      '/api/admin/production?due=this_week',
      undefined,
      printer,
    );
    const nextWeek = await admin<ProductionBoard>(
      'GET',
      '/api/admin/production?due=next_week',
      undefined,
      printer,
    );
    for (const job of [...thisWeek.body.jobs, ...nextWeek.body.jobs])
      expect(all.body.jobs.map((j) => j.orderNumber)).toContain(job.orderNumber);
    const thisNumbers = new Set(thisWeek.body.jobs.map((j) => j.orderNumber));
    expect(nextWeek.body.jobs.some((j) => thisNumbers.has(j.orderNumber))).toBe(false);
  });

  it('the blanks list covers every open job by default; staff mark a job’s blanks ordered', async () => {
    const order = await placeOrder(server);
    const list = await admin<BlanksList>('GET', '/api/admin/blanks', undefined, printer);
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(list.body.from).toBeNull();
    const job = list.body.jobs.find((j) => j.orderNumber === order.orderNumber);
    expect(job?.blanksOrdered).toBeNull();
    const hoodies = list.body.rows.filter((row) => row.jobs.some((j) => j.orderNumber === order.orderNumber));
    expect(hoodies.length).toBeGreaterThan(0);

    const mark = await admin(
      'PUT',
      `/api/admin/orders/${order.orderNumber}/blanks-ordered`,
      undefined,
      printer,
    );
    expect(mark.status, JSON.stringify(mark.body)).toBe(200);
    const marked = await admin<BlanksList>('GET', '/api/admin/blanks', undefined, printer);
    expect(marked.body.jobs.find((j) => j.orderNumber === order.orderNumber)?.blanksOrdered?.by).toBe(
      'Pia Printer',
    );
    for (const row of marked.body.rows) {
      const ordered = row.jobs.filter((j) => j.blanksOrdered).reduce((sum, j) => sum + j.pieces, 0);
      expect(row.toOrder).toBe(row.pieces - ordered);
    }
    expect(
      marked.body.rows.flatMap((r) => r.jobs).find((j) => j.orderNumber === order.orderNumber)?.blanksOrdered,
    ).toBe(true);
    expect((await admin('DELETE', `/api/admin/orders/${order.orderNumber}/blanks-ordered`)).status).toBe(200);
    const cleared = await admin<BlanksList>('GET', '/api/admin/blanks');
    expect(cleared.body.jobs.find((j) => j.orderNumber === order.orderNumber)?.blanksOrdered).toBeNull();
    expect((await admin('PUT', '/api/admin/orders/INV-999999999/blanks-ordered')).status).toBe(404);
    expect((await admin('GET', '/api/admin/blanks?from=2026-01-01')).status).toBe(400);
  });
});

describe('refunds are told', () => {
  it('a refund on a EUR invoice emails the buyer the amount in EUR with the credit note', async () => {
    const placed = await placeEurOrder(server);
    const number = placed.orderNumber;
    expect(
      (
        await admin('POST', `/api/admin/orders/${number}/payments`, {
          amount: '12618.75',
          paidOn: stockholmToday(),
        })
      ).status,
    ).toBe(201);
    const credit = await admin('POST', `/api/admin/orders/${number}/credit-notes`, {
      reason: 'Fel färg',
      amount: '1136.36',
    });
    expect(credit.status, JSON.stringify(credit.body)).toBe(201);
    const refund = await admin('POST', `/api/admin/orders/${number}/refunds`, {
      amount: '1136.36',
      paidOn: stockholmToday(),
    });
    expect(refund.status, JSON.stringify(refund.body)).toBe(201);

    const emails = await orderEmails(server, number);
    const creditMail = emails.find((e) => e.name.endsWith('credit_note.eml'));
    // 1 136,36 kr at the invoice's 0.088 = 100,00 EUR.
    expect(creditMail?.text).toContain('100,00 EUR');
    const refundMail = emails.find((e) => e.name.endsWith('-refund.eml'));
    expect(refundMail?.subject).toBe(`Refund – ${number}`);
    expect(refundMail?.text).toContain('We have paid back 100,00 EUR on invoice');
    expect(refundMail?.text).toMatch(/In our books: 1\s136,36 SEK/);
    const attachments = emlPdfAttachments(refundMail?.raw ?? '');
    expect(attachments).toHaveLength(1);
    expect(await pdfText(attachments[0]?.bytes ?? Buffer.alloc(0))).toContain('EUR');
  });

  it('a refund on a SEK invoice is told in kronor, in Swedish', async () => {
    const order = await placeOrder(server);
    expect(
      (
        await admin('POST', `/api/admin/orders/${order.orderNumber}/payments`, {
          amount: '20000.00',
          paidOn: stockholmToday(),
        })
      ).status,
    ).toBe(201);
    const refund = await admin('POST', `/api/admin/orders/${order.orderNumber}/refunds`, {
      amount: '500.00',
      paidOn: stockholmToday(),
    });
    expect(refund.status, JSON.stringify(refund.body)).toBe(201);
    const mail = (await orderEmails(server, order.orderNumber)).find((e) => e.name.endsWith('-refund.eml'));
    expect(mail?.subject).toBe(`Återbetalning – ${order.orderNumber}`);
    expect(mail?.text).toContain('Vi har betalat tillbaka 500,00 kr på faktura');
  });
});
