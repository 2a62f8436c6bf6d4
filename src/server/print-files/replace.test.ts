import { describe, expect, it } from 'vitest';
import { testCustomer } from '@tests/helpers/orders';
import { makePng } from '@tests/helpers/png';
import { minimalPdf } from '@tests/helpers/print-files';
import { addProofVersion, decideProof } from '@tests/helpers/proofs';
import { request } from '@tests/helpers/server';
import { useAdminServer } from '@tests/helpers/use-server';
import { orderPrintFileMessages } from '@/shared/i18n/messages/order-print-files';
import type { OrderView } from '@/shared/order-view';

/**
 * Issue 45: adding the vector file after ordering kept the raster file's fee; the order page could
 * only add files. Before proof approval a file is replaced, and a raster file replaced by a vector
 * file has its fee credited through the ledger (a credit note; the issued invoice never changes).
 */
const server = useAdminServer();

let keyCounter = 0;
async function uploadPrintFile(bytes: Uint8Array, name: string): Promise<string> {
  const body = new FormData();
  body.append('file', new Blob([new Uint8Array(bytes)]), name);
  const answer = await request<{ id: string }>(server, '/api/print-files', { method: 'POST', body });
  expect(answer.status).toBe(201);
  return answer.body.id;
}

async function placeWith(printFiles: string[]) {
  const placed = await request<{ orderNumber: string; accessToken: string }>(server, '/api/orders', {
    method: 'POST',
    json: {
      idempotencyKey: `replace-${Date.now()}-${++keyCounter}-abcdef`,
      customer: testCustomer,
      lines: [
        { productId: 'hoodie', quantity: 120, sizes: { S: 20, M: 50, L: 50 }, options: { colour: 'navy' } },
      ],
      printFiles,
    },
  });
  expect(placed.status).toBe(201);
  return placed.body;
}

function replace(
  order: { orderNumber: string; accessToken: string },
  oldId: string,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  return request<{ creditNote: string | null; supplementaryInvoice: string | null; error?: string }>(
    server,
    `/api/orders/${order.orderNumber}/print-files/${oldId}/replace`,
    { method: 'POST', json: body, headers: { 'x-order-token': order.accessToken, ...headers } },
  );
}

async function view(order: { orderNumber: string; accessToken: string }): Promise<OrderView> {
  const answer = await request<OrderView>(server, `/api/orders/${order.orderNumber}`, {
    headers: { 'x-order-token': order.accessToken },
  });
  return answer.body;
}

describe('POST /api/orders/:number/print-files/:uploadId/replace', () => {
  it('a raster file replaced by a vector file before approval: its fee is credited by a credit note', async () => {
    const raster = await uploadPrintFile(makePng(500, [9, 9, 90]), 'crest.png');
    const order = await placeWith([raster]);
    const vector = await uploadPrintFile(minimalPdf, 'crest.pdf');
    const replaced = await replace(order, raster, { printFile: vector });
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
    expect(replaced.body.creditNote).toMatch(/^KR-\d+$/);
    const after = await view(order);
    expect(after.printFiles.map((file) => [file.id, file.kind])).toEqual([[vector, 'vector']]);
    const credit = after.money.documents.find((d) => d.kind === 'credit_note');
    // Exactly the fee, 100 kr with VAT; the invoice itself is as issued.
    expect(credit?.total).toBe('-100.00');
    const invoice = after.money.documents.find((d) => d.kind === 'invoice');
    expect(invoice?.total).toBe(after.total);
    // Again (the old file is gone): 404, no second credit note.
    const again = await replace(order, raster, { printFile: vector });
    expect(again.status).toBe(404);
    expect((await view(order)).money.documents.filter((d) => d.kind === 'credit_note')).toHaveLength(1);
  });

  it('a vector file replaced by a raster file needs the fee accepted and charges it on a supplementary invoice', async () => {
    const vector = await uploadPrintFile(minimalPdf, 'logo.pdf');
    const order = await placeWith([vector]);
    const raster = await uploadPrintFile(makePng(400, [90, 9, 9]), 'logo.png');
    const refused = await replace(order, vector, { printFile: raster }, { 'accept-language': 'sv-SE' });
    expect(refused.status).toBe(409);
    expect((await view(order)).printFiles.map((f) => f.id)).toEqual([vector]);
    const accepted = await replace(order, vector, { printFile: raster, acceptConversionFee: true });
    expect(accepted.status).toBe(200);
    expect(accepted.body.supplementaryInvoice).toMatch(/^INV-\d+$/);
    expect(accepted.body.creditNote).toBeNull();
  });

  it('after the proof is approved a file is no longer replaced here (409, in the reader’s language)', async () => {
    const raster = await uploadPrintFile(makePng(300, [1, 90, 9]), 'badge.png');
    const order = await placeWith([raster]);
    const proof = await addProofVersion(server, server.cookie, order.orderNumber);
    const approved = await decideProof(server, order.orderNumber, order.accessToken, proof.version, {
      decision: 'approved',
    });
    expect(approved.status).toBe(200);
    const vector = await uploadPrintFile(minimalPdf, 'badge.pdf');
    const refused = await replace(order, raster, { printFile: vector }, { 'accept-language': 'en' });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(
      orderPrintFileMessages.en.replaceAfterApproval({ email: server.config.seller.email }),
    );
    const after = await view(order);
    expect(after.printFiles.map((f) => f.id)).toEqual([raster]);
    expect(after.money.documents.map((d) => d.kind)).toEqual(['invoice']);
  });
});

function remove(
  order: { orderNumber: string; accessToken: string },
  uploadId: string,
  token = order.accessToken,
) {
  return request<{ creditNote: string | null; error?: string }>(
    server,
    `/api/orders/${order.orderNumber}/print-files/${uploadId}/remove`,
    { method: 'POST', headers: { 'x-order-token': token, 'accept-language': 'sv' } },
  );
}

describe('POST /api/orders/:number/print-files/:uploadId/remove', () => {
  it('a raster file removed before approval leaves the order, and its fee is credited once', async () => {
    const raster = await uploadPrintFile(makePng(420, [200, 9, 9]), 'wrong-logo.png');
    const vector = await uploadPrintFile(minimalPdf, 'right-logo.pdf');
    const order = await placeWith([raster, vector]);
    const removed = await remove(order, raster);
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(removed.body.creditNote).toMatch(/^KR-\d+$/);
    const after = await view(order);
    expect(after.printFiles.map((file) => file.id)).toEqual([vector]);
    const credits = after.money.documents.filter((d) => d.kind === 'credit_note');
    expect(credits.map((d) => d.total)).toEqual(['-100.00']);
    // Gone: a second removal is a 404 and credits nothing more.
    expect((await remove(order, raster)).status).toBe(404);
    expect((await view(order)).money.documents.filter((d) => d.kind === 'credit_note')).toHaveLength(1);
  });

  it('a vector file is removed without any document; a wrong token changes nothing', async () => {
    const vector = await uploadPrintFile(minimalPdf, 'extra.pdf');
    const order = await placeWith([vector]);
    expect((await remove(order, vector, 'x'.repeat(43))).status).toBe(404);
    expect((await view(order)).printFiles.map((file) => file.id)).toEqual([vector]);
    const removed = await remove(order, vector);
    expect(removed.status).toBe(200);
    expect(removed.body.creditNote).toBeNull();
    const after = await view(order);
    expect(after.printFiles).toEqual([]);
    expect(after.money.documents.map((d) => d.kind)).toEqual(['invoice']);
  });

  it('after the proof is approved a file is no longer removed (409, in Swedish)', async () => {
    const raster = await uploadPrintFile(makePng(310, [9, 120, 9]), 'kept.png');
    const order = await placeWith([raster]);
    const proof = await addProofVersion(server, server.cookie, order.orderNumber);
    await decideProof(server, order.orderNumber, order.accessToken, proof.version, { decision: 'approved' });
    const refused = await remove(order, raster);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(
      orderPrintFileMessages.sv.removeAfterApproval({ email: server.config.seller.email }),
    );
    expect((await view(order)).printFiles.map((f) => f.id)).toEqual([raster]);
  });
});
