import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { addStaffMember, loginWithPin } from '@tests/helpers/admin';
import { readEml } from '@tests/helpers/eml';
import { buyerOrderView, placeOrder } from '@tests/helpers/place-order';
import { minimalPdf, uploadImage, uploadPrintFile } from '@tests/helpers/print-files';
import { request } from '@tests/helpers/server';
import { useAdminServer } from '@tests/helpers/use-server';
import type { OrderMessage } from '@/shared/order-talk';
import type { PlacedOrderAnswer } from '@/shared/order-view';

/**
 * Issue 41: the buyer may send a file with a message in the order's thread. The file goes the one
 * upload path (POST /api/print-files: its sniffing and limits); the message claims it once. Staff
 * open it from the admin's order view, the buyer from the order page; the shop's email notice
 * still carries no stranger text (not the message, not the file's name).
 */
const server = useAdminServer();

let printer: string;

beforeAll(async () => {
  const person = await addStaffMember(server, server.cookie, { name: 'Per Press', role: 'production' });
  printer = await loginWithPin(server, person.pin);
});

type Answer = { messages: OrderMessage[]; error?: string; fieldErrors?: Record<string, string> };

function buyerWrites(order: PlacedOrderAnswer, json: unknown, lang = 'sv') {
  return request<Answer>(server, `/api/orders/${order.orderNumber}/messages`, {
    method: 'POST',
    json,
    headers: { 'accept-language': lang, 'x-order-token': order.accessToken },
  });
}

async function staffThread(order: PlacedOrderAnswer, cookie = server.cookie): Promise<OrderMessage[]> {
  const answer = await request<{ messages: OrderMessage[] }>(
    server,
    `/api/admin/orders/${order.orderNumber}`,
    {
      headers: { cookie },
    },
  );
  expect(answer.status).toBe(200);
  return answer.body.messages;
}

/** GET of a file route, the bytes as they came. */
async function download(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.url}${path}`, { headers });
  return {
    status: response.status,
    headers: response.headers,
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

describe('a file with the buyer’s message', () => {
  it('the buyer sends a PDF with a message; both sides see it and open it; the notice names neither text nor file', async () => {
    const order = await placeOrder(server);
    const file = await uploadPrintFile(server, minimalPdf, 'logga-blå.pdf');
    const sent = await buyerWrites(order, { text: 'Här är den blå loggan', file: file.id });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body.messages).toMatchObject([
      {
        author: 'buyer',
        text: 'Här är den blå loggan',
        file: { name: 'logga-blå.pdf', bytes: minimalPdf.length, contentType: 'application/pdf' },
      },
    ]);
    const messageId = sent.body.messages[0]?.id ?? '';

    // The buyer's order page lists it; the order's print files and documents are untouched.
    const view = await buyerOrderView(server, order);
    expect(view.messages[0]?.file?.name).toBe('logga-blå.pdf');
    expect(view.printFiles).toEqual([]);
    expect(view.money.documents.map((d) => d.kind)).toEqual(['invoice']);

    // Staff read it in the admin's order view and open it: the stored bytes, as an attachment.
    expect((await staffThread(order))[0]?.file).toEqual(sent.body.messages[0]?.file);
    const staffFile = await download(`/api/admin/orders/${order.orderNumber}/messages/${messageId}/file`, {
      cookie: server.cookie,
    });
    expect(staffFile.status).toBe(200);
    expect(staffFile.bytes.equals(minimalPdf)).toBe(true);
    expect(staffFile.headers.get('content-type')).toContain('application/pdf');
    expect(staffFile.headers.get('content-disposition')).toMatch(/^attachment/);
    expect(staffFile.headers.get('x-content-type-options')).toBe('nosniff');
    expect(staffFile.headers.get('content-security-policy')).toContain('sandbox');

    // The buyer opens their own file with the order's token (the link's ?token=, or the header).
    const buyerPath = `/api/orders/${order.orderNumber}/messages/${messageId}/file`;
    const byLink = await download(`${buyerPath}?token=${order.accessToken}`);
    expect(byLink.status).toBe(200);
    expect(byLink.bytes.equals(minimalPdf)).toBe(true);
    expect((await download(buyerPath, { 'x-order-token': order.accessToken })).status).toBe(200);

    // The shop's notice: a link to read it, never the text or the file's name.
    await server.app.emailOutbox.drain();
    const dir = join(server.dataDir, 'outbox');
    const notices = readdirSync(dir).filter(
      (name) => name.startsWith(order.orderNumber) && name.endsWith('shop_notice_message.eml'),
    );
    expect(notices).toHaveLength(1);
    const notice = readEml(readFileSync(join(dir, notices[0] ?? ''), 'utf8'));
    expect(notice.subject).toBe(`Nytt meddelande från köparen – ${order.orderNumber}`);
    expect(notice.text).not.toContain('blå');
    expect(notice.text).not.toContain('logga');
  });

  it('opens a file for the right order and token only', async () => {
    const order = await placeOrder(server);
    const other = await placeOrder(server);
    const file = await uploadPrintFile(server, minimalPdf, 'tryck.pdf');
    const sent = await buyerWrites(order, { text: 'Filen', file: file.id });
    expect(sent.status).toBe(201);
    const id = sent.body.messages[0]?.id ?? '';
    const plain = await buyerWrites(order, { text: 'Utan fil' });
    const plainId = plain.body.messages.at(-1)?.id ?? '';

    const path = `/api/orders/${order.orderNumber}/messages/${id}/file`;
    expect((await download(path)).status).toBe(404);
    expect((await download(`${path}?token=${'a'.repeat(43)}`)).status).toBe(404);
    expect((await download(path, { 'x-order-token': other.accessToken })).status).toBe(404);
    // Another order's number with its own token names no message of that order.
    expect(
      (await download(`/api/orders/${other.orderNumber}/messages/${id}/file?token=${other.accessToken}`))
        .status,
    ).toBe(404);
    const missing = await request<{ error: string }>(
      server,
      `/api/orders/${order.orderNumber}/messages/${plainId}/file?token=${order.accessToken}`,
      { headers: { 'accept-language': 'en' } },
    );
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('The file does not exist');
    for (const bad of ['0', 'abc', '1'.repeat(30), '-1'])
      expect(
        (await download(`/api/orders/${order.orderNumber}/messages/${bad}/file?token=${order.accessToken}`))
          .status,
        bad,
      ).not.toBe(200);
    expect(
      (
        await download(`/api/admin/orders/${other.orderNumber}/messages/${id}/file`, {
          cookie: server.cookie,
        })
      ).status,
    ).toBe(404);
    // Without a staff session the admin's route answers 401.
    expect((await download(`/api/admin/orders/${order.orderNumber}/messages/${id}/file`)).status).toBe(401);
  });

  it('refuses an unknown file, one already claimed, another kind of upload; a refused message claims nothing', async () => {
    const order = await placeOrder(server);
    const unknown = await buyerWrites(order, { text: 'Fil', file: 'A'.repeat(24) });
    expect(unknown.status).toBe(400);
    expect(unknown.body.fieldErrors?.file).toBe('Filen finns inte längre hos oss. Välj den igen.');
    const english = await buyerWrites(order, { text: 'File', file: 'not an id!' }, 'en');
    expect(english.status).toBe(400);
    expect(english.body.fieldErrors?.file).toBe('We no longer have that file. Choose it again.');
    expect((await buyerWrites(order, { text: 'Fil', file: 'x'.repeat(65) })).status).toBe(400);
    expect((await buyerWrites(order, { text: 'Fil', file: 12 })).status).toBe(400);

    // A customiser image is not a print-file upload.
    const image = await uploadImage(server);
    expect((await buyerWrites(order, { text: 'Bild', file: image.id })).body.fieldErrors?.file).toBeTruthy();

    // A message refused for its text claims nothing: the same file goes with the next message.
    const file = await uploadPrintFile(server, minimalPdf, 'ett.pdf');
    const linked = await buyerWrites(order, { text: 'Se https://evil.example', file: file.id });
    expect(linked.status).toBe(400);
    expect(linked.body.fieldErrors?.text).toBeTruthy();
    expect((await buyerWrites(order, { text: 'Nu utan länk', file: file.id })).status).toBe(201);
    // A file is one message's.
    const again = await buyerWrites(order, { text: 'Samma igen', file: file.id });
    expect(again.status).toBe(400);
    expect(again.body.fieldErrors?.file).toBe('Filen finns inte längre hos oss. Välj den igen.');

    // A print file another order claimed cannot be taken into this thread.
    const claimed = await uploadPrintFile(server, minimalPdf, 'annan.pdf');
    const other = await placeOrder(server);
    const added = await request(server, `/api/orders/${other.orderNumber}/print-files`, {
      method: 'POST',
      json: { printFile: claimed.id },
      headers: { 'x-order-token': other.accessToken },
    });
    expect(added.status).toBe(201);
    expect((await buyerWrites(order, { text: 'Annans fil', file: claimed.id })).status).toBe(400);

    expect((await buyerOrderView(server, order)).messages.map((m) => [m.text, m.file?.name ?? null])).toEqual(
      [['Nu utan länk', 'ett.pdf']],
    );
  });

  it('the upload path’s rules hold: a file that is no print file is refused before any message', async () => {
    const body = new FormData();
    body.append('file', new Blob(['just some words']), 'notes.txt');
    const refused = await request<{ error: string }>(server, '/api/print-files', {
      method: 'POST',
      body,
      headers: { 'accept-language': 'en' },
    });
    expect(refused.status).toBe(415);
  });

  it('production opens a file whose message names no money, and not one that does', async () => {
    const order = await placeOrder(server);
    const plain = await buyerWrites(order, {
      text: 'Ny logga till ryggen',
      file: (await uploadPrintFile(server, minimalPdf, 'rygg.pdf')).id,
    });
    const money = await buyerWrites(order, {
      text: 'Fakturan ska till ekonomi',
      file: (await uploadPrintFile(server, minimalPdf, 'faktura.pdf')).id,
    });
    const plainId = plain.body.messages.at(-1)?.id ?? '';
    const moneyId = money.body.messages.at(-1)?.id ?? '';
    const path = (id: string) => `/api/admin/orders/${order.orderNumber}/messages/${id}/file`;
    expect((await download(path(plainId), { cookie: printer })).status).toBe(200);
    expect((await download(path(moneyId), { cookie: printer })).status).toBe(404);
    expect((await download(path(moneyId), { cookie: server.cookie })).status).toBe(200);
    expect((await staffThread(order, printer)).map((m) => m.file?.name)).toEqual(['rygg.pdf']);
  });
});
