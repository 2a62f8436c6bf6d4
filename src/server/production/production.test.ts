import { describe, expect, it } from 'vitest';
import { checkoutBody, frontPrint, insertTestOrder, storedHoodieLine } from '@tests/helpers/orders';
import { makePng } from '@tests/helpers/png';
import { pdfText } from '@tests/helpers/ledger';
import { insertApprovedProof } from '@tests/helpers/proofs';
import { request } from '@tests/helpers/server';
import { useAdminServer } from '@tests/helpers/use-server';
import { addDays } from '@/shared/dates';
import { stockholmToday } from '@/shared/delivery';
import type { PrintFileAnswer } from '@/shared/print-files';
import type { ProductionBoard } from '@/shared/production';

const server = useAdminServer();
const today = stockholmToday();

describe('job ticket', () => {
  it('120 navy hoodies: the size split, the front print in cm, the proof, notes and the order number', async () => {
    const order = await insertTestOrder(server.database, {
      customerOrganization: 'Fjord Brewing AB',
      neededBy: addDays(today, 30),
      items: [
        storedHoodieLine(
          'navy',
          { S: 20, M: 50, L: 50 },
          {
            customisation: { color: 'navy', prints: [frontPrint], additionalInfo: 'Logo in white ink' },
            notes: 'Fold and bag per size',
          },
        ),
      ],
    });
    await insertApprovedProof(server.database, order.id);
    const response = await fetch(`${server.url}/api/admin/orders/${order.orderNumber}/job-ticket.pdf`, {
      headers: { cookie: server.cookie },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const text = await pdfText(new Uint8Array(await response.arrayBuffer()));
    expect(text).toContain(`Arbetsorder ${order.orderNumber}`);
    expect(text).toContain('120 st Hoodie');
    expect(text).toContain('Marinblå: S 20 / M 50 / L 50');
    // The front print: 0,3 × 1,6 × the 28 cm print area = 13,4 cm wide, its centre 14 cm from the
    // area's left edge (the middle of it) and 7,1 cm down.
    expect(text).toContain('DTG-tryck, Framsida');
    expect(text).toContain('bredd 13,4 cm · 7,3 cm från tryckytans vänsterkant, 0,4 cm från överkanten');
    expect(text).toContain('Tryckyta 28 × 24,4 cm');
    expect(text).toContain('version 1 godkänd');
    expect(text).toContain('Fold and bag per size');
    expect(text).toContain('Logo in white ink');
    expect(text).toContain(`Behövs senast`);

    const missing = await fetch(`${server.url}/api/admin/orders/INV-1/job-ticket.pdf`, {
      headers: { cookie: server.cookie },
    });
    expect(missing.status).toBe(404);
    const anonymous = await fetch(`${server.url}/api/admin/orders/${order.orderNumber}/job-ticket.pdf`);
    expect(anonymous.status).toBe(401);
  });
});

describe('blanks to order', () => {
  it("sums two orders' hoodies by colour and size for the week; jobs in production or later are left out", async () => {
    const from = addDays(today, 60);
    const to = addDays(from, 6);
    const first = await insertTestOrder(server.database, {
      neededBy: from,
      items: [storedHoodieLine('navy', { S: 10, M: 20 }), storedHoodieLine('black', { M: 5 })],
    });
    const second = await insertTestOrder(server.database, {
      neededBy: addDays(from, 3),
      items: [
        storedHoodieLine('navy', { M: 30, L: 5 }),
        {
          productId: 'kuponghäfte',
          name: 'Coupon Booklet',
          quantity: 100,
          unitPrice: '30',
          lineTotal: '3000.00',
          options: { bookletSize: 'a6', pages: '10', coupons: '1' },
        },
      ],
    });
    // Out of the week, and already in production: neither counts.
    await insertTestOrder(server.database, {
      neededBy: addDays(to, 1),
      items: [storedHoodieLine('navy', { M: 99 })],
    });
    await insertTestOrder(server.database, {
      neededBy: from,
      status: 'in_production',
      items: [storedHoodieLine('navy', { M: 77 })],
    });

    const csv = await request<string>(server, `/api/admin/blanks.csv?from=${from}&to=${to}`, {
      headers: { cookie: server.cookie },
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.body.split('\r\n')).toEqual([
      'product,product_name,colour,colour_name,size,pieces',
      'hoodie,Hoodie,black,Svart,M,5',
      'hoodie,Hoodie,navy,Marinblå,S,10',
      'hoodie,Hoodie,navy,Marinblå,M,50',
      'hoodie,Hoodie,navy,Marinblå,L,5',
      '',
    ]);

    const table = await request<{
      rows: { colour: string; size: string; jobs: { orderNumber: string; pieces: number }[] }[];
    }>(server, `/api/admin/blanks?from=${from}&to=${to}`, { headers: { cookie: server.cookie } });
    expect(table.body.rows.find((r) => r.colour === 'navy' && r.size === 'M')?.jobs).toEqual([
      { orderNumber: first.orderNumber, pieces: 20, shipBy: from, blanksOrdered: false },
      { orderNumber: second.orderNumber, pieces: 30, shipBy: addDays(from, 3), blanksOrdered: false },
    ]);

    // Without a range the list covers every open job (issue 41); half a range is refused.
    const all = await request(server, '/api/admin/blanks.csv', { headers: { cookie: server.cookie } });
    expect(all.status).toBe(200);
    for (const query of ['from=2026-13-01&to=2026-12-01', `from=${to}&to=${from}`, 'from=x', `to=${to}`]) {
      const bad = await request<{ error: string }>(server, `/api/admin/blanks.csv?${query}`, {
        headers: { cookie: server.cookie },
      });
      expect(bad.status).toBe(400);
      expect(bad.body.error).toBe('Give from and to as YYYY-MM-DD, from before to, a year at most');
    }
  });
});

describe('production board', () => {
  it('lists open jobs by date with what blocks each; filters by method and product', async () => {
    const base = addDays(today, 200);
    const waiting = await insertTestOrder(server.database, {
      neededBy: addDays(base, 2),
      items: [storedHoodieLine('navy', { M: 20 })],
    });
    const ready = await insertTestOrder(server.database, {
      neededBy: addDays(base, 1),
      items: [
        storedHoodieLine(
          'red',
          { M: 20 },
          { customisation: { color: 'red', prints: [frontPrint], additionalInfo: '' } },
        ),
      ],
    });
    await insertApprovedProof(server.database, ready.id);
    const cap = await insertTestOrder(server.database, {
      neededBy: addDays(base, 3),
      items: [
        {
          productId: 'urvattad-keps',
          name: 'Washed Cap',
          quantity: 50,
          unitPrice: '27',
          lineTotal: '1350.00',
          options: { colour: 'navy', decoration: 'embroidery' },
        },
      ],
    });
    const board = await request<ProductionBoard>(server, '/api/admin/production', {
      headers: { cookie: server.cookie },
    });
    expect(board.status).toBe(200);
    const ours = board.body.jobs.filter((j) =>
      [waiting.orderNumber, ready.orderNumber, cap.orderNumber].includes(j.orderNumber),
    );
    expect(ours.map((j) => [j.orderNumber, j.shipBy, j.blocks, j.ready])).toEqual([
      [ready.orderNumber, addDays(base, 1), [], true],
      [waiting.orderNumber, addDays(base, 2), ['filesMissing', 'proofWaiting'], false],
      [cap.orderNumber, addDays(base, 3), ['filesMissing', 'proofWaiting'], false],
    ]);
    const dates = board.body.jobs.map((j) => j.shipBy);
    expect(dates).toEqual([...dates].sort());

    const embroidery = await request<ProductionBoard>(server, '/api/admin/production?method=embroidery', {
      headers: { cookie: server.cookie },
    });
    expect(embroidery.body.jobs.map((j) => j.orderNumber)).toEqual([cap.orderNumber]);
    const caps = await request<ProductionBoard>(server, '/api/admin/production?product=urvattad-keps', {
      headers: { cookie: server.cookie },
    });
    expect(caps.body.jobs.map((j) => j.orderNumber)).toEqual([cap.orderNumber]);
    const bad = await request<{ error: string }>(server, '/api/admin/production?method=laser', {
      headers: { cookie: server.cookie },
    });
    expect(bad.status).toBe(400);
  });

  it("weighs each job's print files: a raster file too small for the print blocks it, a vector file does not", async () => {
    async function orderWithFile(bytes: Uint8Array, name: string): Promise<string> {
      const body = new FormData();
      body.append('file', new Blob([new Uint8Array(bytes)]), name);
      const file = await request<PrintFileAnswer>(server, '/api/print-files', { method: 'POST', body });
      expect(file.status).toBe(201);
      const placed = await request<{ orderNumber: string }>(server, '/api/orders', {
        method: 'POST',
        json: {
          ...checkoutBody(`board-files-${name.replace('.', '-')}-${Date.now()}-abcdef`),
          printFiles: [file.body.id],
        },
      });
      expect(placed.status, JSON.stringify(placed.body)).toBe(201);
      return placed.body.orderNumber;
    }
    // 60 px over a hoodie's 28 cm front is about 5 dpi; a PDF has no pixels to count.
    const blurry = await orderWithFile(makePng(60), 'small.png');
    const vector = await orderWithFile(Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\n%%EOF\n'), 'logo.pdf');
    const board = await request<ProductionBoard>(server, '/api/admin/production', {
      headers: { cookie: server.cookie },
    });
    const blocks = (orderNumber: string) =>
      board.body.jobs.find((j) => j.orderNumber === orderNumber)?.blocks;
    expect(blocks(blurry)).toEqual(['proofWaiting', 'lowResolution']);
    expect(blocks(vector)).toEqual(['proofWaiting']);
  });
});
