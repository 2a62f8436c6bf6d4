import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import iconv from 'iconv-lite';
import { extractText, getDocumentProxy } from 'unpdf';
import { sql } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { queryRows } from '@/server/db/query-rows';

/** A PDF's text as a reader sees it (no-break spaces as plain ones, runs of spaces as one). */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: true });
  return text.replace(/[\u00a0\u202f]/g, ' ').replace(/[ \t]+/g, ' ');
}

/** The PDF attachments of an .eml the outbox wrote: file name and bytes (read line by line). */
export function emlPdfAttachments(eml: string): { name: string; bytes: Buffer }[] {
  const found: { name: string; bytes: Buffer }[] = [];
  const lines = eml.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const header = lines[i] ?? '';
    if (!header.startsWith('Content-Type: application/pdf; name=')) continue;
    const name = header.slice('Content-Type: application/pdf; name='.length).replace(/"/g, '');
    let j = i + 1;
    while (j < lines.length && lines[j] !== '') j++;
    let base64 = '';
    for (j++; j < lines.length && !(lines[j] ?? '').startsWith('--') && lines[j] !== ''; j++)
      base64 += lines[j];
    found.push({ name, bytes: Buffer.from(base64, 'base64') });
    i = j;
  }
  return found;
}

/** The validator the accountant's side uses (Sie4j), from the repository's root, as CI runs it. */
const validateSieTool = resolve('../shared/validators/sie/validate-sie');

/** Runs validate-sie on SIE bytes: whether it passes, and what it printed. */
export async function validateSie(bytes: Uint8Array): Promise<{ valid: boolean; output: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'sie-'));
  const file = join(dir, 'export.se');
  writeFileSync(file, bytes);
  try {
    const { stdout } = await promisify(execFile)(validateSieTool, [file], { timeout: 120_000 });
    return { valid: true, output: stdout };
  } catch (error) {
    const output = (error as { stdout?: string }).stdout ?? String(error);
    return { valid: false, output };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The SIE export at `path` (e.g. `/api/admin/sie?from=…&to=…`) as the admin with `cookie` downloads
 * it: answered 200, and read clean by validate-sie (the test fails with what the validator printed).
 * Every test that reads an export's content takes it from here, so every SIE file in the tests is
 * validated.
 */
export async function fetchValidSie(baseUrl: string, path: string, cookie: string): Promise<Uint8Array> {
  const response = await fetch(`${baseUrl}${path}`, { headers: { cookie } });
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
  const check = await validateSie(bytes);
  if (!check.valid) throw new Error(`validate-sie refused ${path}:\n${check.output}`);
  return bytes;
}

export interface SieVerification {
  series: string;
  number: number;
  date: string;
  text: string;
  transactions: { account: string; ore: number }[];
}

/** The verifications of a SIE file (PC8 bytes), each with its transactions in öre. */
export function sieVerifications(bytes: Uint8Array): SieVerification[] {
  const text = iconv.decode(Buffer.from(bytes), 'cp437');
  const found: SieVerification[] = [];
  let current: SieVerification | undefined;
  for (const line of text.split('\r\n')) {
    const header = /^#VER (\w) (\d+) (\d{8}) "((?:[^"\\]|\\.)*)"/.exec(line);
    if (header) {
      current = {
        series: header[1] ?? '',
        number: Number(header[2]),
        date: `${header[3]?.slice(0, 4)}-${header[3]?.slice(4, 6)}-${header[3]?.slice(6, 8)}`,
        text: header[4] ?? '',
        transactions: [],
      };
      found.push(current);
    }
    const trans = /^#TRANS (\d{4}) \{\} (-?)(\d+)\.(\d{2})$/.exec(line);
    if (trans && current) {
      const ore = Number(trans[3]) * 100 + Number(trans[4]);
      current.transactions.push({ account: trans[1] ?? '', ore: trans[2] === '-' ? -ore : ore });
    }
  }
  return found;
}

/**
 * Moves a just-placed order and its invoice `days` into the past, so its payments can fall on days
 * of their own (a payment dated before its invoice is refused).
 */
export async function placedDaysAgo(database: Database, orderNumber: string, days: number): Promise<void> {
  await queryRows(
    database.db,
    sql`UPDATE documents SET issued_on = issued_on - ${days}::integer,
          issued_at = issued_at - make_interval(days => ${days}::integer)
        WHERE number = ${orderNumber}`,
  );
  await queryRows(
    database.db,
    sql`UPDATE orders SET order_date = order_date - make_interval(days => ${days}::integer)
        WHERE order_number = ${orderNumber}`,
  );
}
