import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AdminOrderDetail, AdminOrderPage } from '@/shared/admin';
import { deliveryWorkingDays, stockholmToday } from '@/shared/delivery';
import { proofMessages } from '@/shared/i18n/messages/proofs';
import { orderAdminMessages } from '@/shared/i18n/messages/order-admin';
import type { OrderActivity } from '@/shared/order-page';
import type { OrderView, PlacedOrderAnswer } from '@/shared/order-view';
import { adminProofPath, adminProofsPath, MAX_PROOF_BYTES, orderProofPath } from '@/shared/proofs';
import { addWorkingDays } from '@/shared/working-days';
import type { CalendarDate } from '@/shared/dates';
import { queryRows } from '@/server/db/query-rows';
import { readEml } from '@tests/helpers/eml';
import { checkoutBody } from '@tests/helpers/orders';
import { makePng } from '@tests/helpers/png';
import { addProofVersion, decideProof, proofPdf, uploadProofFile } from '@tests/helpers/proofs';
import { request } from '@tests/helpers/server';
import { useAdminServer } from '@tests/helpers/use-server';
import { streamUpload } from '@tests/helpers/upload-stream';
import { detectProof } from './detect';

const server = useAdminServer();

const en = proofMessages.en;
const sv = proofMessages.sv;

let keys = 0;
async function place(): Promise<PlacedOrderAnswer> {
  const placed = await request<PlacedOrderAnswer>(server, '/api/orders', {
    method: 'POST',
    json: checkoutBody(`proofs-${Date.now()}-${++keys}-key`),
  });
  expect(placed.status).toBe(201);
  return placed.body;
}

const detail = async (number: string) =>
  (
    await request<AdminOrderDetail>(server, `/api/admin/orders/${number}`, {
      headers: { cookie: server.cookie },
    })
  ).body;

const activity = (number: string, token: string) =>
  request<OrderActivity & { error?: string }>(server, `/api/orders/${number}/activity`, {
    headers: { 'x-order-token': token },
  });

const setStatus = (number: string, json: Record<string, unknown>) =>
  request<AdminOrderDetail & { error?: string }>(server, `/api/admin/orders/${number}/status`, {
    method: 'PATCH',
    headers: { cookie: server.cookie },
    json,
  });

async function count(table: 'uploads' | 'order_proofs' | 'order_proof_decisions'): Promise<number> {
  const [row] = await queryRows<{ n: string }>(
    server.database.db,
    sql`SELECT count(*)::text AS n FROM ${sql.identifier(table)}`,
  );
  return Number(row?.n);
}

/** Emails of an order in the outbox folder, in the order they were queued. */
function emails(number: string, which: (name: string) => boolean) {
  const dir = join(server.dataDir, 'outbox');
  return readdirSync(dir)
    .filter((name) => name.startsWith(`${number}-`) && which(name))
    .sort()
    .map((name) => ({ name, ...readEml(readFileSync(join(dir, name), 'utf8')) }));
}

describe('proofs: access', () => {
  it('no proof or proof file without the order token (in the header) or an admin session', async () => {
    const order = await place();
    const other = await place();
    const proof = await addProofVersion(server, server.cookie, order.orderNumber, {
      note: 'Logga 8 cm bred',
    });
    expect(proof).toMatchObject({
      version: 1,
      contentType: 'image/png',
      note: 'Logga 8 cm bred',
      decision: null,
    });

    const path = orderProofPath(order.orderNumber, 1);
    for (const headers of [
      {} as Record<string, string>,
      { 'x-order-token': other.accessToken },
      // The token with its last character changed (to another one whatever it was).
      { 'x-order-token': `${order.accessToken.slice(0, -1)}${order.accessToken.endsWith('A') ? 'B' : 'A'}` },
      { cookie: server.cookie },
    ]) {
      const refused = await request<{ error: string }>(server, path, { headers });
      expect(refused.status, JSON.stringify(headers)).toBe(404);
      expect(refused.body.error).toBe(en.proofNotFound);
    }
    // A token in the query is not enough: proofs never travel in a URL a server could log.
    expect((await request(server, `${path}?token=${order.accessToken}`)).status).toBe(404);
    expect((await activity(order.orderNumber, other.accessToken)).status).toBe(404);
    expect(
      (await decideProof(server, order.orderNumber, other.accessToken, 1, { decision: 'approved' })).status,
    ).toBe(404);

    const image = await fetch(`${server.url}${path}`, { headers: { 'x-order-token': order.accessToken } });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('content-disposition')).toMatch(/^inline;/);
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    expect(image.headers.get('content-security-policy')).toContain('sandbox');
    expect(Buffer.from(await image.arrayBuffer())).toEqual(makePng(32));
    const seen = await activity(order.orderNumber, order.accessToken);
    expect(seen.body.proofs).toEqual([proof]);

    // The admin routes answer 401 without a session, and store nothing.
    const uploadsBefore = await count('uploads');
    expect((await uploadProofFile(server, '', makePng(8), 'x.png')).status).toBe(401);
    expect(await count('uploads')).toBe(uploadsBefore);
    expect((await request(server, adminProofPath(order.orderNumber, 1))).status).toBe(401);
    const file = await uploadProofFile(server, server.cookie, proofPdf, 'v2.pdf');
    const anonymous = await request(server, adminProofsPath(order.orderNumber), {
      method: 'POST',
      json: { fileId: file.body.id },
    });
    expect(anonymous.status).toBe(401);
    expect((await detail(order.orderNumber)).proofs).toHaveLength(1);
    // Another order's token never opens this order's proof, nor does the admin path with a token.
    expect(
      (
        await request(server, adminProofPath(order.orderNumber, 1), {
          headers: { 'x-order-token': order.accessToken },
        })
      ).status,
    ).toBe(401);
  });
});

describe('proofs: versions and decisions', () => {
  it('each proof is the next version; the buyer asks for changes with a comment, approves the latest; an outdated or answered version is refused', async () => {
    const order = await place();
    const { orderNumber: number, accessToken: token } = order;
    const v1 = await addProofVersion(server, server.cookie, number, {
      bytes: proofPdf,
      name: 'Korrektur v1.pdf',
    });
    expect(v1).toMatchObject({ version: 1, contentType: 'application/pdf', fileName: 'Korrektur v1.pdf' });

    // Changes need a comment saying which; the answer is in the buyer's language.
    const noComment = await decideProof(server, number, token, 1, { decision: 'changes_requested' });
    expect(noComment.status).toBe(400);
    expect(noComment.body.fieldErrors).toEqual({ comment: en.commentRequired });
    const blank = await decideProof(server, number, token, 1, {
      decision: 'changes_requested',
      comment: '  \n ',
    });
    expect(blank.body.fieldErrors).toEqual({ comment: en.commentRequired });
    const swedish = await request<{ error: string }>(server, `/api/orders/${number}/proofs/1/decision`, {
      method: 'POST',
      headers: { 'x-order-token': token, 'accept-language': 'sv-SE' },
      json: { decision: 'maybe' },
    });
    expect(swedish).toMatchObject({ status: 400, body: { error: sv.decisionInvalid } });
    expect(await count('order_proof_decisions')).toBe(0);

    const changes = await decideProof(server, number, token, 1, {
      decision: 'changes_requested',
      comment: 'Större logga, tack.\nOch blå text.',
    });
    expect(changes.status).toBe(200);
    expect(changes.body.proofs[0]?.decision).toMatchObject({
      decision: 'changes_requested',
      comment: 'Större logga, tack.\nOch blå text.',
    });
    const twice = await decideProof(server, number, token, 1, { decision: 'approved' });
    expect(twice).toMatchObject({ status: 409, body: { error: en.alreadyDecided({ version: 1 }) } });

    const v2 = await addProofVersion(server, server.cookie, number, { note: 'Nu med större logga' });
    expect(v2.version).toBe(2);
    const outdated = await decideProof(server, number, token, 1, { decision: 'approved' });
    expect(outdated).toMatchObject({ status: 409, body: { error: en.outdated({ version: 1, latest: 2 }) } });
    expect((await decideProof(server, number, token, 3, { decision: 'approved' })).status).toBe(404);

    const approved = await decideProof(server, number, token, 2, { decision: 'approved' });
    expect(approved.status).toBe(200);
    expect(approved.body.proofs.map((p) => [p.version, p.decision?.decision])).toEqual([
      [1, 'changes_requested'],
      [2, 'approved'],
    ]);

    // Both sides see every version, decision and comment, with times.
    const admin = await detail(number);
    const buyer = (await activity(number, token)).body;
    expect(admin.proofs).toEqual(buyer.proofs);
    expect(admin.proofs.map((p) => p.note)).toEqual([null, 'Nu med större logga']);
    for (const proof of admin.proofs) {
      expect(Date.now() - Date.parse(proof.createdAt)).toBeLessThan(60_000);
      expect(Date.parse(proof.decision?.decidedAt ?? '')).toBeGreaterThanOrEqual(Date.parse(proof.createdAt));
    }

    // The admin opens each version: the PDF as an attachment, the image inline.
    const pdf = await fetch(`${server.url}${adminProofPath(number, 1)}`, {
      headers: { cookie: server.cookie },
    });
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toMatch(/^attachment; filename="Korrektur v1\.pdf"/);
    expect(pdf.headers.get('content-security-policy')).toContain('sandbox');
    expect(Buffer.from(await pdf.arrayBuffer())).toEqual(proofPdf);
    const png = await fetch(`${server.url}${adminProofPath(number, 2)}`, {
      headers: { cookie: server.cookie },
    });
    expect(png.headers.get('content-disposition')).toMatch(/^inline;/);
    expect(
      (await request(server, adminProofPath(number, 3), { headers: { cookie: server.cookie } })).status,
    ).toBe(404);
    expect(
      (await request(server, adminProofPath(number, 0), { headers: { cookie: server.cookie } })).status,
    ).toBe(404);
    const buyerPdf = await fetch(`${server.url}${orderProofPath(number, 1)}`, {
      headers: { 'x-order-token': token },
    });
    expect(buyerPdf.headers.get('content-disposition')).toMatch(/^attachment;/);
  });

  it('refuses files that are no proof by content, a file used twice, another purpose, and bad notes, storing nothing', async () => {
    const order = await place();
    for (const [name, bytes] of [
      ['anim.gif', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1')],
      ['logo.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
      ['page.pdf', Buffer.from('<html><script>alert(1)</script></html>')],
      ['print.eps', Buffer.from('%!PS-Adobe-3.0 EPSF-3.0\n')],
    ] as const) {
      const refused = await uploadProofFile(server, server.cookie, bytes, name);
      expect(refused.status, name).toBe(415);
      expect(refused.body.error).toBe(en.notProof);
    }
    expect((await uploadProofFile(server, server.cookie, Buffer.alloc(0), 'empty.pdf')).body.error).toBe(
      en.emptyFile,
    );
    const uploadsBefore = await count('uploads');
    const big = await streamUpload(server, {
      size: MAX_PROOF_BYTES + 1,
      path: '/api/admin/proof-files',
      headers: { cookie: server.cookie },
    });
    expect(big).toMatchObject({ status: 413, body: { error: en.tooLarge } });
    expect(await count('uploads')).toBe(uploadsBefore);
    expect(detectProof(Buffer.from('RIFF\0\0\0\0WEBPVP8 ', 'latin1'))).toBe('image/webp');
    expect(detectProof(Buffer.concat([Buffer.alloc(500, 0x20), proofPdf]))).toBe('application/pdf');

    const printFile = new FormData();
    printFile.append('file', new Blob([new Uint8Array(proofPdf)]), 'art.pdf');
    const print = await request<{ id: string }>(server, '/api/print-files', {
      method: 'POST',
      body: printFile,
    });
    const proofFile = await uploadProofFile(server, server.cookie, proofPdf, 'v1.pdf');
    const post = (number: string, json: unknown) =>
      request<{ error: string; fieldErrors?: Record<string, string> }>(server, adminProofsPath(number), {
        method: 'POST',
        headers: { cookie: server.cookie },
        json,
      });
    for (const body of [
      { fileId: print.body.id },
      { fileId: 'AAAAAAAAAAAAAAAAAAAAAAAA' },
      {},
      { fileId: proofFile.body.id, note: 'x'.repeat(1001) },
      { fileId: proofFile.body.id, note: 'Hej\u0000' },
      { fileId: proofFile.body.id, note: 42 },
    ]) {
      const refused = await post(order.orderNumber, body);
      expect(refused.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(refused.body.error.length).toBeGreaterThan(0);
    }
    expect((await detail(order.orderNumber)).proofs).toEqual([]);
    expect((await post('INV-1', { fileId: proofFile.body.id })).status).toBe(404);

    expect((await post(order.orderNumber, { fileId: proofFile.body.id })).status).toBe(201);
    // One file is one proof: not a second version, not another order's proof.
    const other = await place();
    expect((await post(order.orderNumber, { fileId: proofFile.body.id })).body.fieldErrors).toEqual({
      fileId: en.fileUnknown,
    });
    expect((await post(other.orderNumber, { fileId: proofFile.body.id })).status).toBe(400);
    expect((await detail(other.orderNumber)).proofs).toEqual([]);
  });
});

describe('proofs: production and delivery', () => {
  it('in production is refused without an approved latest proof (the admin sees why) and allowed after; cancelling stays possible', async () => {
    const order = await place();
    const { orderNumber: number, accessToken: token } = order;
    // In the admin's language (these requests name none: English).
    const noProof = orderAdminMessages.en.noProof;
    const notApproved = orderAdminMessages.en.proofNotApproved;

    expect((await detail(number)).productionBlockedReason).toBe(noProof);
    expect(await setStatus(number, { status: 'in_production' })).toMatchObject({
      status: 409,
      body: { error: noProof },
    });
    // A Swedish admin reads the same refusal in Swedish, on the detail and on the 409.
    const swedish = await request<AdminOrderDetail & { error?: string }>(
      server,
      `/api/admin/orders/${number}/status?lang=sv`,
      { method: 'PATCH', headers: { cookie: server.cookie }, json: { status: 'in_production' } },
    );
    expect(swedish).toMatchObject({ status: 409, body: { error: orderAdminMessages.sv.noProof } });
    const swedishDetail = await request<AdminOrderDetail>(server, `/api/admin/orders/${number}?lang=sv`, {
      headers: { cookie: server.cookie },
    });
    expect(swedishDetail.body.productionBlockedReason).toBe(orderAdminMessages.sv.noProof);
    await addProofVersion(server, server.cookie, number);
    expect((await detail(number)).productionBlockedReason).toBe(notApproved);
    expect((await setStatus(number, { status: 'in_production' })).body.error).toBe(notApproved);
    await decideProof(server, number, token, 1, { decision: 'changes_requested', comment: 'Fel färg' });
    expect((await setStatus(number, { status: 'in_production' })).body.error).toBe(notApproved);
    await addProofVersion(server, server.cookie, number);
    expect((await decideProof(server, number, token, 2, { decision: 'approved' })).status).toBe(200);
    expect((await detail(number)).productionBlockedReason).toBeNull();

    const moved = await setStatus(number, { status: 'in_production' });
    expect(moved.status).toBe(200);
    expect(moved.body.status).toBe('in_production');
    expect(moved.body.events.map((e) => e.toStatus)).toEqual(['in_production']);
    // No new proofs or answers once production started.
    const late = await uploadProofFile(server, server.cookie, makePng(8), 'late.png');
    const refused = await request<{ error: string }>(server, adminProofsPath(number), {
      method: 'POST',
      headers: { cookie: server.cookie },
      json: { fileId: late.body.id },
    });
    expect(refused).toMatchObject({ status: 409, body: { error: en.adminClosed } });

    // An order whose proof is not approved can still be cancelled; then nobody answers its proof.
    const other = await place();
    await addProofVersion(server, server.cookie, other.orderNumber);
    expect(
      (await setStatus(other.orderNumber, { status: 'cancelled', reason: 'Kunden ångrade sig' })).status,
    ).toBe(200);
    expect(
      await decideProof(server, other.orderNumber, other.accessToken, 1, { decision: 'approved' }),
    ).toMatchObject({ status: 409, body: { error: en.orderClosed } });
    expect((await detail(other.orderNumber)).productionBlockedReason).toBeNull();
  });

  it('the delivery estimate counts from the day the latest proof was approved, for the buyer and the admin', async () => {
    const order = await place();
    const { orderNumber: number, accessToken: token } = order;
    const view = async () =>
      (await request<OrderView>(server, `/api/orders/${number}`, { headers: { 'x-order-token': token } }))
        .body;
    const days = deliveryWorkingDays(['hoodie', 'mossa'], 'SE');
    const fromToday = addWorkingDays(stockholmToday(), days);
    expect((await view()).delivery).toMatchObject({ countedFrom: 'today', estimate: fromToday });

    await addProofVersion(server, server.cookie, number);
    await decideProof(server, number, token, 1, { decision: 'approved' });
    expect((await view()).delivery).toMatchObject({ countedFrom: 'approval', estimate: fromToday });

    // Approved late on Thursday 18 June 2026 (21:30 UTC is 23:30 in Stockholm, still the 18th):
    // counted from that day, skipping midsommarafton and the weekend after it.
    await server.database.db.execute(sql`
      UPDATE order_proof_decisions SET decided_at = '2026-06-18T21:30:00Z'
        WHERE proof_id = (SELECT p.id FROM order_proofs p JOIN orders o ON o.id = p.order_id WHERE o.order_number = ${number})`);
    const expected = addWorkingDays('2026-06-18' as CalendarDate, days);
    expect((await view()).delivery).toEqual(
      expect.objectContaining({ countedFrom: 'approval', estimate: expected }),
    );
    expect((await detail(number)).delivery).toMatchObject({ countedFrom: 'approval', estimate: expected });
    const list = await request<AdminOrderPage>(server, `/api/admin/orders?q=${number}`, {
      headers: { cookie: server.cookie },
    });
    expect(list.body.orders.find((o) => o.orderNumber === number)?.delivery).toMatchObject({
      countedFrom: 'approval',
      estimate: expected,
    });
    // A newer version replaces the approval: counted from today again until it is approved.
    await addProofVersion(server, server.cookie, number);
    expect((await view()).delivery).toMatchObject({ countedFrom: 'today', estimate: fromToday });
  });
});

describe('proof emails', () => {
  it('proof ready is emailed once per proof, with the order page link and the note; the shop hears of each decision', async () => {
    const order = await place();
    const { orderNumber: number, accessToken: token } = order;
    await addProofVersion(server, server.cookie, number, { note: 'Kontrollera stavningen av "Sommarfest".' });
    await server.app.emailOutbox.drain();
    await decideProof(server, number, token, 1, {
      decision: 'changes_requested',
      comment: 'Stavfel: "Somarfest"',
    });
    await addProofVersion(server, server.cookie, number);
    await decideProof(server, number, token, 2, { decision: 'approved' });
    await server.app.emailOutbox.drain();
    await server.app.emailOutbox.drain();

    const buyer = emails(number, (name) => name.includes('proof_ready'));
    expect(buyer.map((e) => e.subject)).toEqual([
      `Korrektur 1 att granska – ${number}`,
      `Korrektur 2 att granska – ${number}`,
    ]);
    expect(buyer[0]?.text).toContain('Meddelande från oss: Kontrollera stavningen av "Sommarfest".');
    expect(buyer[1]?.text).not.toContain('Meddelande från oss');
    // Each email's link opens the order page, where the proof is.
    for (const email of buyer) {
      const match = new RegExp(`/orders/${number}#([A-Za-z0-9_%-]+)`).exec(email.text);
      const linkToken = decodeURIComponent(match?.[1] ?? '');
      const opened = await activity(number, linkToken);
      expect(opened.status).toBe(200);
      expect(opened.body.proofs).toHaveLength(2);
    }
    // Once per proof: nothing more to send, and the database holds one row per proof.
    expect((await server.app.emailOutbox.drain()).sent).toBe(0);
    const [rows] = await queryRows<{ n: string }>(
      server.database.db,
      sql`SELECT count(*)::text AS n FROM email_outbox e JOIN orders o ON o.id = e.order_id
          WHERE o.order_number = ${number} AND e.kind = 'proof_ready'`,
    );
    expect(rows?.n).toBe('2');

    const shop = emails(number, (name) => name.includes('shop_notice_proof_decision'));
    expect(shop.map((e) => e.subject)).toEqual([
      `Ändringar önskade i korrektur 1 – ${number}`,
      `Korrektur 2 godkänt – ${number}`,
    ]);
    expect(shop[0]?.text).toContain('Stavfel: "Somarfest"');
    expect(shop[1]?.text).toContain('Beställningen kan gå till produktion.');
    // To the shop, answered to the buyer.
    const raw = readFileSync(join(server.dataDir, 'outbox', shop[0]?.name ?? ''), 'utf8');
    expect(raw).toContain(`To: ${server.config.shopEmail}`);
    expect(raw).toContain('Reply-To: anna@example.se');
  });
});
