import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@/server/config';
import { buildInvoice } from './invoice-document';
import { renderInvoicePdf } from './invoice-pdf';
import {
  configureDocumentWorkers,
  renderPdf,
  renderStatementPdfOffThread,
  sendMailOffThread,
} from './document-workers';
import { renderStatementPdf, type StatementDocument } from './receivables-pdf';

const seller = loadConfig({}).seller;
const invoice = buildInvoice({
  invoiceNumber: 'INV-1764000000123',
  orderNumber: 'INV-1764000000123',
  issueDate: new Date('2026-11-25T10:00:00Z'),
  vatTreatment: 'domestic',
  seller,
  buyer: {
    customerType: 'company',
    name: 'Åsa Öberg',
    contactName: 'Åsa Öberg',
    orgNumber: '556036-0793',
    personalNumber: null,
    vatNumber: null,
    email: 'asa@example.se',
    phone: '070-123 45 67',
    address: 'Storgatan 1\n111 22 Stockholm',
    countryCode: 'SE',
    reference: null,
  },
  delivery: { name: 'Åsa Öberg', address: 'Storgatan 1\n111 22 Stockholm', countryCode: 'SE' },
  lines: [
    {
      kind: 'product',
      code: 'hoodie',
      description: 'Hoodie',
      quantity: 50,
      unitPriceInclVat: '114.375',
      lineTotalInclVat: '5718.75',
    },
  ],
});

// A worker thread loads the renderer and its fonts first (through tsx here): seconds on a busy machine.
const workerTimeout = 60_000;

describe('document worker threads', () => {
  const dir = mkdtempSync(join(tmpdir(), 'document-workers-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it(
    'render the same PDF bytes as this thread, several at once, while this thread stays free',
    async () => {
      configureDocumentWorkers(2);
      const here = await renderInvoicePdf(invoice);
      // The main thread's timers keep firing while four PDFs render elsewhere.
      let ticks = 0;
      const ticker = setInterval(() => (ticks += 1), 1);
      const started = performance.now();
      const pdfs = await Promise.all(Array.from({ length: 4 }, () => renderPdf(invoice)));
      const elapsed = performance.now() - started;
      clearInterval(ticker);
      for (const pdf of pdfs) expect(Buffer.compare(pdf, here)).toBe(0);
      expect(ticks).toBeGreaterThan(elapsed / 20);
    },
    workerTimeout,
  );

  it(
    'render a statement of account (and so a reminder, the same path) to the same bytes as this thread',
    async () => {
      configureDocumentWorkers(2);
      const statement: StatementDocument = {
        language: 'sv',
        asOf: '2026-11-27',
        created: new Date('2026-11-27T09:00:00Z'),
        seller,
        customer: { name: 'Åsa Öberg AB', identity: '556036-0793', email: 'asa@example.se' },
        lines: [
          {
            date: '2026-10-01',
            label: 'Faktura INV-1',
            dueOn: '2026-10-31',
            amount: '5718.75',
            balance: '5718.75',
          },
          { date: '2026-10-20', label: 'Betalning', dueOn: null, amount: '-1000', balance: '4718.75' },
        ],
        open: [{ label: 'Faktura INV-1', dueOn: '2026-10-31', ocr: '12345', balance: '4718.75' }],
        balance: '4718.75',
      };
      const offThread = await renderStatementPdfOffThread(statement);
      expect(offThread.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(Buffer.compare(offThread, await renderStatementPdf(statement))).toBe(0);
    },
    workerTimeout,
  );

  it(
    'send an email with its PDF attached as an .eml file, and answer a failure as an error',
    async () => {
      configureDocumentWorkers(2);
      const pdf = await renderPdf(invoice);
      await sendMailOffThread(
        { smtpUrl: undefined, dataDir: dir },
        {
          from: 'shop@example.se',
          to: 'asa@example.se',
          subject: 'Orderbekräftelse INV-1764000000123',
          text: 'Tack för din beställning.',
          attachments: [
            { filename: 'Invoice_INV-1764000000123.pdf', content: pdf, contentType: 'application/pdf' },
          ],
        },
        'INV-1764000000123-buyer_confirmation.eml',
      );
      const eml = readFileSync(join(dir, 'outbox', 'INV-1764000000123-buyer_confirmation.eml'), 'utf8');
      expect(eml).toContain('To: asa@example.se');
      expect(eml).toContain('filename=Invoice_INV-1764000000123.pdf');
      // The attachment is the PDF's exact bytes (base64 lines of 76 characters).
      const base64 = eml.split('filename=Invoice_INV-1764000000123.pdf')[1]?.split(/\r?\n\r?\n/)[1] ?? '';
      expect(Buffer.compare(Buffer.from(base64.replace(/\s+/g, ''), 'base64'), pdf)).toBe(0);
      // An SMTP server that is not there: the worker's error comes back to the caller.
      await expect(
        sendMailOffThread(
          { smtpUrl: 'smtp://127.0.0.1:1', dataDir: dir },
          { from: 'shop@example.se', to: 'asa@example.se', subject: 'x', text: 'x' },
          'x.eml',
        ),
      ).rejects.toThrow(/ECONNREFUSED|connect/);
    },
    workerTimeout,
  );

  it(
    'with DOCUMENT_WORKERS=0 render on this thread and leave sending to the caller',
    async () => {
      configureDocumentWorkers(0);
      expect(Buffer.compare(await renderPdf(invoice), await renderInvoicePdf(invoice))).toBe(0);
      expect(sendMailOffThread({ smtpUrl: undefined, dataDir: dir }, { text: 'x' }, 'x.eml')).toBeUndefined();
    },
    workerTimeout,
  );
});
