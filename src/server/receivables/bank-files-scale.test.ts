import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { stockholmDate } from '@/shared/dates';
import { ocrReference } from '@/shared/invoicing/ocr-reference';
import type { PlacedOrderAnswer } from '@/shared/order-view';
import { queryRows } from '@/server/db/query-rows';
import { bgmaxClosingRecord, bgmaxDepositRecords, bgmaxStartRecord } from '@tests/helpers/bank-files';
import { importAnswer, uploadBankFile } from '@tests/helpers/bank-file-upload';
import { checkoutBody } from '@tests/helpers/orders';
import { request } from '@tests/helpers/server';
import { useAdminServer } from '@tests/helpers/use-server';

const server = useAdminServer();
/**
 * Many batches and deposits through the embedded database in this process: every payment matched
 * or queued once (the 100 000-payment file and the server's memory: tests/api/bank-file-memory.test.ts).
 * BANK_SCALE=100000 runs the large file here too.
 */
const PAYMENTS = Number(process.env.BANK_SCALE ?? 5_000);
const PER_DEPOSIT = 1_000;
const mb = (bytes: number) => Math.round(bytes / 1_048_576);

describe('a BgMax file of thousands of payments in several deposits', () => {
  it('streams through in one transaction with bounded memory; the second import records nothing', async () => {
    const placed = await request<PlacedOrderAnswer>(server, '/api/orders', {
      method: 'POST',
      json: checkoutBody(`bank-scale-${Date.now()}-abcdefgh`),
    });
    const order = placed.body;
    const day = stockholmDate(new Date());
    // Records of 80 characters, CRLF: deposits of 1 000 payments, the first paying the order.
    const lines = [bgmaxStartRecord()];
    for (let d = 0; d < PAYMENTS / PER_DEPOSIT; d++) {
      const payments = Array.from({ length: PER_DEPOSIT }, (_, i) => {
        const n = d * PER_DEPOSIT + i;
        return n === 0
          ? { amount: order.total, reference: ocrReference(order.orderNumber.slice(4)) }
          : {
              amount: `${100 + (n % 900)}.00`,
              reference: ocrReference(String(10_000_000 + n)),
              name: `Betalare ${n}`,
            };
      });
      lines.push(...bgmaxDepositRecords({ paymentDay: day, payments }, d + 1, d * PER_DEPOSIT + 1));
    }
    lines.push(
      bgmaxClosingRecord({
        payments: PAYMENTS,
        deductions: 0,
        extraReferences: 0,
        deposits: PAYMENTS / PER_DEPOSIT,
      }),
    );
    const file = Buffer.from(`${lines.join('\r\n')}\r\n`, 'latin1');
    lines.length = 0;

    // The server runs in this process: its memory is sampled while it imports. The JavaScript heap
    // is what the import holds; the resident set also grows by the embedded database's own pages
    // (PGlite keeps the database in memory in tests), which a server on disk or PostgreSQL does not.
    const baseline = process.memoryUsage();
    const peak = { rss: baseline.rss, heap: baseline.heapUsed };
    const sampler = setInterval(() => {
      const now = process.memoryUsage();
      peak.rss = Math.max(peak.rss, now.rss);
      peak.heap = Math.max(peak.heap, now.heapUsed);
    }, 20);
    const started = performance.now();
    const first = await uploadBankFile(server, server.cookie, file);
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const again = await uploadBankFile(server, server.cookie, file);
    const secondsAgain = (performance.now() - started) / 1000 - seconds;

    console.log(
      `bank file: ${(file.length / 1_048_576).toFixed(1)} MB, ${PAYMENTS} payments in ${seconds.toFixed(1)} s ` +
        `(${Math.round(PAYMENTS / seconds)} payments/s); heap ${mb(baseline.heapUsed)} MB before, peak ` +
        `+${mb(peak.heap - baseline.heapUsed)} MB; RSS ${mb(baseline.rss)} MB before, peak +${mb(peak.rss - baseline.rss)} MB; ` +
        `again (all duplicates) ${secondsAgain.toFixed(1)} s`,
    );
    expect(first.status).toBe(201);
    expect(first.body).toEqual(
      importAnswer('bgmax', { payments: PAYMENTS, matched: 1, unmatched: PAYMENTS - 1 }),
    );
    expect(again.body).toEqual(
      importAnswer('bgmax', { payments: PAYMENTS, matched: 0, unmatched: 0, duplicates: PAYMENTS }),
    );
    const [stored] = await queryRows<{ n: string }>(
      server.database.db,
      sql`SELECT count(*)::text AS n FROM bank_payments WHERE state = 'unmatched'`,
    );
    expect(Number(stored?.n)).toBe(PAYMENTS - 1);
    // Bounded: far less than the file's payments held as objects (about 1 KB each: 100 MB).
    expect(peak.heap - baseline.heapUsed).toBeLessThan(48 * 1_048_576);
  }, 600_000);
});
