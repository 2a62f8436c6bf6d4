import { mkdtempSync, openAsBlob, readFileSync, rmSync, writeFileSync, appendFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addDays, stockholmDate } from '@/shared/dates';
import { ocrReference } from '@/shared/invoicing/ocr-reference';
import type { PlacedOrderAnswer } from '@/shared/order-view';
import type { BankFileImportAnswer } from '@/shared/receivables/bank-payments';
import { adminLogin } from '@tests/helpers/admin';
import { bgmaxClosingRecord, bgmaxDepositRecords, bgmaxStartRecord } from '@tests/helpers/bank-files';
import { checkoutBody } from '@tests/helpers/orders';
import { startServerProcess, type ServerProcess } from '@tests/helpers/process-server';
import { createPostgresDatabase, request, testDatabaseUrl } from '@tests/helpers/server';

/**
 * Run: TEST_DATABASE_URL=postgres://… node --import tsx bench/bank-file-memory.ts
 *
 * The server as its own process on PostgreSQL (the database's memory is not the server's), its
 * resident memory read from /proc while it imports BgMax files of 10 000 and 100 000 payments
 * written to disk and sent from there: the import holds a batch, not the file, so the larger file
 * grows the server's memory about as much as the smaller one. A figure of a machine, so a bench:
 * the mechanism (every step of an import holds at most BATCH rows) is tested deterministically in
 * src/server/receivables/bank-file-import-steps.test.ts.
 */
const PER_DEPOSIT = 10_000;
const mb = (kb: number) => Math.round(kb / 1024);

function residentKb(pid: number): { rss: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const rss = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
  return { rss: Number(rss ?? 0) };
}

/** A BgMax file of `count` payments to unknown OCR references (the first pays `order`), on disk. */
function writeBgMax(path: string, count: number, order: PlacedOrderAnswer, offset: number): void {
  const day = addDays(stockholmDate(new Date()), -1);
  writeFileSync(path, `${bgmaxStartRecord()}\r\n`, 'latin1');
  for (let d = 0; d < count / PER_DEPOSIT; d++) {
    const payments = Array.from({ length: PER_DEPOSIT }, (_, i) => {
      const n = offset + d * PER_DEPOSIT + i;
      return d === 0 && i === 0
        ? { amount: order.total, reference: ocrReference(order.orderNumber.slice(4)) }
        : {
            amount: `${100 + (n % 900)}.00`,
            reference: ocrReference(String(10_000_000 + n)),
            name: `Betalare ${n}`,
          };
    });
    const records = bgmaxDepositRecords({ paymentDay: day, payments }, d + 1, offset + d * PER_DEPOSIT + 1);
    appendFileSync(path, `${records.join('\r\n')}\r\n`, 'latin1');
  }
  const closing = bgmaxClosingRecord({
    payments: count,
    deductions: 0,
    extraReferences: 0,
    deposits: count / PER_DEPOSIT,
  });
  appendFileSync(path, `${closing}\r\n`, 'latin1');
}

function check(condition: boolean, what: string): void {
  if (!condition) throw new Error(`bank file memory bench: ${what}`);
}

if (!testDatabaseUrl)
  throw new Error('Set TEST_DATABASE_URL (a PostgreSQL the bench may create databases in)');
const database = await createPostgresDatabase();
const dir = mkdtempSync(join(tmpdir(), 'bank-memory-'));
let server: ServerProcess | undefined;
try {
  server = await startServerProcess({ DATABASE_URL: database.url, DATA_DIR: dir, ADMIN_PIN: '4711' });
  const running = server;
  const cookie = await adminLogin(running);
  const pid = running.process.pid ?? 0;
  const measure = async (count: number, offset: number) => {
    const placed = await request<PlacedOrderAnswer>(running, '/api/orders', {
      method: 'POST',
      json: checkoutBody(`bank-memory-${count}-${Date.now()}-abcdefgh`),
    });
    const path = join(dir, `bgmax-${count}.txt`);
    writeBgMax(path, count, placed.body, offset);
    const form = new FormData();
    form.append('file', await openAsBlob(path), `bgmax-${count}.txt`);
    const before = residentKb(pid).rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, residentKb(pid).rss);
    }, 25);
    const started = performance.now();
    const answer = await request<BankFileImportAnswer>(running, '/api/admin/bank-files', {
      method: 'POST',
      body: form,
      headers: { cookie },
    });
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    check(answer.status === 201, `import answered ${answer.status}`);
    check(
      answer.body.payments === count && answer.body.matched === 1 && answer.body.unmatched === count - 1,
      `import answered ${JSON.stringify(answer.body)}`,
    );
    const started2 = performance.now();
    const form2 = new FormData();
    form2.append('file', await openAsBlob(path), `bgmax-${count}.txt`);
    const again = await request<BankFileImportAnswer>(running, '/api/admin/bank-files', {
      method: 'POST',
      body: form2,
      headers: { cookie },
    });
    const secondsAgain = (performance.now() - started2) / 1000;
    check(
      again.body.matched === 0 && again.body.duplicates === count,
      'the second import was not all duplicates',
    );
    return { before, peak, growth: peak - before, seconds, secondsAgain };
  };
  const small = await measure(10_000, 0);
  const large = await measure(100_000, 1_000_000);
  console.log(
    `server process on PostgreSQL: 10 000 payments ${small.seconds.toFixed(1)} s, RSS ${mb(small.before)} → peak ` +
      `${mb(small.peak)} MB (+${mb(small.growth)}); 100 000 payments ${large.seconds.toFixed(1)} s ` +
      `(${Math.round(100_000 / large.seconds)}/s), RSS ${mb(large.before)} → peak ${mb(large.peak)} MB ` +
      `(+${mb(large.growth)}); again, all duplicates: ${small.secondsAgain.toFixed(1)} s and ${large.secondsAgain.toFixed(1)} s`,
  );
  // Held as objects, 100 000 payments would take about 100 MB more than 10 000 do.
  console.log(`growth of 100 000 beyond 10 000: ${mb(large.growth - small.growth)} MB`);
} finally {
  await server?.stop();
  await database.drop();
  rmSync(dir, { recursive: true, force: true });
}
