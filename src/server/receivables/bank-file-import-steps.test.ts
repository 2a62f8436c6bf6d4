import { resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stockholmDate } from '@/shared/dates';
import { ocrReference } from '@/shared/invoicing/ocr-reference';
import type { PlacedOrderAnswer } from '@/shared/order-view';
import { buildApp } from '@/server/app';
import { queryRows } from '@/server/db/query-rows';
import {
  bgmaxClosingRecord,
  bgmaxDepositRecords,
  bgmaxStartRecord,
  testShopAccounts,
} from '@tests/helpers/bank-files';
import { importAnswer, uploadBankFile } from '@tests/helpers/bank-file-upload';
import { placeOrder } from '@tests/helpers/place-order';
import { request } from '@tests/helpers/server';
import { useAdminServer } from '@tests/helpers/use-server';
import {
  BATCH,
  importBankFile,
  importSteps,
  recoverBankFileImports,
  yieldToRequests,
  type ImportStep,
} from './import';

/**
 * Found in the attack review (issue 38): one transaction over a 100 000-payment file held the
 * embedded database for 11 s, and every request waited for it. An import now goes in bounded
 * steps with other requests answered between them, and an import that stops half-way is rolled
 * back (still reading) or finished (recording), never left half-booked. These tests follow the
 * steps themselves (importSteps), not the clock.
 */
const server = useAdminServer();
// Read again before each test: a run that passes midnight in Stockholm must not post yesterday's date as today.
let today = stockholmDate(new Date());
beforeEach(() => {
  today = stockholmDate(new Date());
});
const ocrOf = (order: PlacedOrderAnswer) => ocrReference(order.orderNumber.slice(4));

let serial = 3_000_000;
/** A BgMax file of `count` payments to unknown references in deposits of `perDeposit`; the last pays `order`. */
function bgmaxFile(count: number, perDeposit: number, order: PlacedOrderAnswer): Buffer {
  const lines = [bgmaxStartRecord()];
  const deposits = Math.ceil(count / perDeposit);
  for (let d = 0; d < deposits; d++) {
    const size = Math.min(perDeposit, count - d * perDeposit);
    const payments = Array.from({ length: size }, (_, i) => {
      const n = d * perDeposit + i;
      serial += 1;
      return n === count - 1
        ? { amount: order.total, reference: ocrOf(order), serialNumber: serial }
        : {
            amount: `${100 + (n % 900)}.00`,
            reference: ocrReference(String(20_000_000 + serial)),
            serialNumber: serial,
          };
    });
    lines.push(...bgmaxDepositRecords({ paymentDay: today, payments }, d + 1, serial));
  }
  lines.push(bgmaxClosingRecord({ payments: count, deductions: 0, extraReferences: 0, deposits }));
  return Buffer.from(`${lines.join('\r\n')}\r\n`, 'latin1');
}

/** The steps every import publishes while a test runs. */
const steps: ImportStep[] = [];
const listen = (message: unknown) => void steps.push(message as ImportStep);
importSteps.subscribe(listen);
afterEach(() => void (steps.length = 0));

async function until(condition: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 2_000; i++) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`gave up waiting until ${what}`);
}

async function fileState(id: number) {
  const [row] = await queryRows<Record<string, string | null>>(
    server.database.db,
    sql`SELECT (SELECT state FROM bank_files WHERE id = ${id}::bigint) AS state,
        (SELECT count(*) FROM bank_file_staged_payments WHERE bank_file_id = ${id}::bigint)::text AS staged,
        (SELECT count(*) FROM bank_payments WHERE bank_file_id = ${id}::bigint)::text AS stored,
        (SELECT count(*) FROM audit_events WHERE target = ${`bank file ${id}`})::text AS audited`,
  );
  return row;
}

async function paymentsOn(order: PlacedOrderAnswer): Promise<number> {
  const [row] = await queryRows<{ n: string }>(
    server.database.db,
    sql`SELECT count(*)::text AS n FROM payments p JOIN documents d ON d.id = p.document_id
      WHERE d.number = ${order.orderNumber}`,
  );
  return Number(row?.n);
}

const options = (active = new Set<number>()) => ({
  fileName: 'bgmax.txt',
  staffId: null,
  recordedBy: 'Bokföraren',
  accounts: testShopAccounts,
  active,
});

describe('a large bank file imports in bounded steps', () => {
  it('answers a product and an order placed between its batches; every step holds at most BATCH rows', async () => {
    const order = await placeOrder(server);
    const file = bgmaxFile(6_000, 2_000, order);
    const products = await request<{ id: string }[]>(server, '/api/products');
    const productId = products.body[0]?.id;
    if (!productId) throw new Error('the catalogue should have products');

    let finished = false;
    const upload = uploadBankFile(server, server.cookie, file).finally(() => (finished = true));
    await until(() => steps.length >= 2 || finished, 'the import has taken two steps');
    expect(finished, 'the import should still be running after its second step').toBe(false);

    const product = await request(server, `/api/products/${productId}`);
    const productAnsweredAfter = steps.length;
    const meanwhile = await placeOrder(server);
    const orderAnsweredAfter = steps.length;
    const answer = await upload;
    const total = steps.length;

    console.log(
      `bank file of 6 000 payments: ${total} steps; a product answered after step ${productAnsweredAfter}, ` +
        `an order placed after step ${orderAnsweredAfter} (both asked after step 2)`,
    );
    expect(product.status).toBe(200);
    expect(meanwhile.orderNumber).toMatch(/^INV-/);
    // Both answered while the import still had steps to take.
    expect(productAnsweredAfter).toBeLessThan(total);
    expect(orderAnsweredAfter).toBeLessThan(total);
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual(importAnswer('bgmax', { payments: 6_000, matched: 1, unmatched: 5_999 }));
    expect(await paymentsOn(order)).toBe(1);

    // Bounded: every statement or transaction holds at most BATCH payments, and the file took
    // each kind of step (staged while read, the deposits' days, recorded).
    expect(Math.max(...steps.map((step) => step.rows))).toBeLessThanOrEqual(BATCH);
    const rowsOf = (kind: ImportStep['kind']) =>
      steps.filter((step) => step.kind === kind).reduce((sum, step) => sum + step.rows, 0);
    expect(rowsOf('staged')).toBe(6_000);
    expect(rowsOf('day')).toBe(6_000);
    expect(rowsOf('recorded')).toBe(6_000);
    expect(steps.filter((step) => step.kind === 'recorded').length).toBe(6_000 / BATCH);
  }, 120_000);
});

describe('an import that stops half-way', () => {
  it('while reading is rolled back when the server starts again: nothing staged or booked stays', async () => {
    const order = await placeOrder(server);
    const file = bgmaxFile(1_400, 1_400, order);
    let breakOff!: (error: Error) => void;
    const stalled = new Promise<never>((_resolve, reject) => (breakOff = reject));
    /** Two thirds of the file, then nothing: a process that stopped while the file came in. */
    async function* twoThirds(): AsyncGenerator<Uint8Array> {
      yield file.subarray(0, Math.floor((file.length * 2) / 3));
      await stalled;
    }
    const abandoned = importBankFile(server.database.db, twoThirds(), options()).catch(
      (error: unknown) => error,
    );
    await until(() => steps.filter((step) => step.kind === 'staged').length >= 1, 'payments are staged');
    const fileId = steps[0]?.fileId ?? 0;
    expect(await fileState(fileId)).toMatchObject({ state: 'reading', staged: String(BATCH), stored: '0' });

    // A new app on the same embedded database, as after a restart: it finishes what it finds.
    const restarted = await buildApp({
      config: server.config,
      database: server.database,
      clientDir: resolve('dist/test-client-absent'),
    });
    try {
      await restarted.ready();
      await until(
        async () => (await fileState(fileId))?.state === null,
        'the restarted app rolled the file back',
      );
    } finally {
      await restarted.close();
    }
    expect(await fileState(fileId)).toEqual({ state: null, staged: '0', stored: '0', audited: '0' });
    expect(steps.some((step) => step.kind === 'rolled_back' && step.fileId === fileId)).toBe(true);
    expect(await paymentsOn(order)).toBe(0);

    breakOff(new Error('the upload broke off'));
    expect(await abandoned).toBeInstanceOf(Error);
    expect(await fileState(fileId)).toEqual({ state: null, staged: '0', stored: '0', audited: '0' });
  }, 120_000);

  it('while recording is finished by recovery: every payment recorded once, the invoice paid, audited', async () => {
    const order = await placeOrder(server);
    const file = bgmaxFile(1_500, 750, order);
    let stopped!: () => void;
    const atStop = new Promise<void>((resolve) => (stopped = resolve));
    let breakOff!: (error: Error) => void;
    const stalled = new Promise<never>((_resolve, reject) => (breakOff = reject));
    let recorded = 0;
    const interrupted = importBankFile(server.database.db, [file], {
      ...options(),
      // A process that stops after its first recorded batch, for good.
      between: async (step) => {
        if (step.kind === 'recorded' && ++recorded === 1) {
          stopped();
          await stalled;
        }
        await yieldToRequests();
      },
    }).catch((error: unknown) => error);
    await atStop;
    const fileId = steps[0]?.fileId ?? 0;
    expect(await fileState(fileId)).toEqual({
      state: 'recording',
      staged: String(1_500 - BATCH),
      stored: String(BATCH),
      audited: '0',
    });
    expect(await paymentsOn(order)).toBe(0);

    const active = new Set<number>();
    expect(await recoverBankFileImports(server.database.db, { staleAfterSeconds: 0, active })).toEqual({
      rolledBack: [],
      resumed: [fileId],
    });
    expect(await fileState(fileId)).toEqual({ state: 'recorded', staged: '0', stored: '1500', audited: '1' });
    expect(await paymentsOn(order)).toBe(1);
    const [counts] = await queryRows<Record<string, number>>(
      server.database.db,
      sql`SELECT payments, matched, unmatched, duplicates FROM bank_files WHERE id = ${fileId}::bigint`,
    );
    expect(counts).toEqual({ payments: 1_500, matched: 1, unmatched: 1_499, duplicates: 0 });

    // The stopped import, woken, records nothing twice.
    breakOff(new Error('the process stopped'));
    expect(await interrupted).toBeInstanceOf(Error);
    expect(await paymentsOn(order)).toBe(1);
    expect(await fileState(fileId)).toEqual({ state: 'recorded', staged: '0', stored: '1500', audited: '1' });
  }, 120_000);
});
