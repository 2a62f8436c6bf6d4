import type { CalendarDate } from '@/shared/dates';
import { getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '@/server/config';
import { printFileMessages } from '@/shared/i18n/messages/print-files';
import { maskPersonalNumber } from '@/shared/swedish-id';
import { buildInvoice, type InvoiceLineInput } from './invoice-document';
import { renderInvoicePdf } from './invoice-pdf';

const seller = loadConfig({}).seller;

/** A Swedish individual's invoice with these lines. */
function invoiceOf(lines: InvoiceLineInput[], issueDate = new Date('2026-11-25T10:00:00Z')) {
  return buildInvoice({
    invoiceNumber: 'INV-1764000000123',
    orderNumber: 'INV-1764000000100',
    issueDate,
    vatTreatment: 'domestic',
    seller,
    buyer: {
      customerType: 'personal',
      name: 'Anna Andersson',
      contactName: null,
      orgNumber: null,
      personalNumber: '19811218-9876',
      vatNumber: null,
      email: 'anna@example.se',
      phone: '070-123 45 67',
      address: 'Storgatan 1\n111 22 Stockholm',
      countryCode: 'SE',
      reference: null,
    },
    delivery: { name: 'Anna Andersson', address: 'Storgatan 1\n111 22 Stockholm', countryCode: 'SE' },
    lines,
  });
}

interface Run {
  text: string;
  /** Baseline and height in points from the page's bottom. */
  y: number;
  height: number;
}

/** Every text run of each page with where it stands. */
async function pagesOf(pdf: Buffer): Promise<Run[][]> {
  const document = await getDocumentProxy(new Uint8Array(pdf));
  const pages: Run[][] = [];
  for (let n = 1; n <= document.numPages; n++) {
    const content = await (await document.getPage(n)).getTextContent();
    pages.push(
      content.items.flatMap((item) =>
        'str' in item && item.str.trim() !== ''
          ? [{ text: item.str, y: Number(item.transform[5]), height: item.height }]
          : [],
      ),
    );
  }
  return pages;
}

const pageText = (runs: Run[]) => runs.map((run) => run.text).join(' ');

// The first PDF parses the DejaVu fonts: seconds on a loaded machine.
describe('invoice PDF layout', { timeout: 30_000 }, () => {
  it("a fee's wrapped name stands above its file name, not under it", async () => {
    const fileName = 'kundens-logotyp-for-mässan-2026-slutversion.png';
    const pdf = await renderInvoicePdf(
      invoiceOf([
        {
          kind: 'fee',
          code: 'conversion',
          description: printFileMessages.sv.conversionFee,
          detail: fileName,
          quantity: 1,
          unitPriceInclVat: '100.000',
          lineTotalInclVat: '100.00',
        },
      ]),
    );
    const [page] = await pagesOf(pdf);
    if (!page) throw new Error('no page');
    // The fee's name in bold wraps in its column: each of its runs is above the file name's.
    const nameRuns = page.filter((run) => printFileMessages.sv.conversionFee.includes(run.text.trim()));
    const fileRun = page.find((run) => run.text.includes('kundens-logotyp'));
    if (!fileRun) throw new Error('no file name');
    expect(nameRuns.length).toBeGreaterThan(1);
    const lowestName = Math.min(...nameRuns.map((run) => run.y));
    // The file name's top (baseline + its height) is below the name's last baseline.
    expect(fileRun.y + fileRun.height).toBeLessThanOrEqual(lowestName);
  });

  it('every page carries the invoice number; the personnummer is masked', async () => {
    const lines = Array.from({ length: 45 }, (_, i) => ({
      kind: 'product' as const,
      code: 'hoodie',
      description: `Hoodie ${i + 1}`,
      detail: 'Storlekar: 10 M, 10 L',
      quantity: 20,
      unitPriceInclVat: '114.375',
      lineTotalInclVat: '2287.50',
    }));
    const pages = await pagesOf(await renderInvoicePdf(invoiceOf(lines)));
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((runs, index) => {
      const text = pageText(runs);
      expect(text).toContain('Faktura INV-1764000000123');
      expect(text).toContain(`Sida ${index + 1} av ${pages.length}`);
    });
    const first = pageText(pages[0] ?? []);
    expect(first).toContain('Personnummer: 19811218-XXXX');
    expect(pages.map(pageText).join(' ')).not.toContain('9876');
  });
});

describe('maskPersonalNumber', () => {
  it.each([
    ['19811218-9876', '19811218-XXXX'],
    ['198112189876', '19811218-XXXX'],
    [' 19811218-9876 ', '19811218-XXXX'],
    ['X123456', 'X12XXXX'],
    ['123', 'XXXX'],
  ])('%s → %s', (value, masked) => {
    expect(maskPersonalNumber(value)).toBe(masked);
  });

  it('a due date on a public holiday or weekend moves to the next banking day: one date, not two', async () => {
    const line: InvoiceLineInput = {
      kind: 'product',
      code: 'hoodie',
      description: 'Hoodie',
      quantity: 20,
      unitPriceInclVat: '114.375',
      lineTotalInclVat: '2287.50',
    };
    // Issued 2026-11-25: thirty days on is juldagen 2026-12-25; annandag jul and a Sunday follow.
    const christmas = pageText((await pagesOf(await renderInvoicePdf(invoiceOf([line]))))[0] ?? []);
    expect(christmas).toContain('Förfallodatum 2026-12-28');
    expect(christmas).not.toContain('2026-12-25');
    expect(christmas).not.toContain('Sista betalningsdag');
    // An invoice issued before the rule kept its holiday due date: it still reads as issued, with
    // the last day to pay beside it.
    const issuedEarlier = pageText(
      (
        await pagesOf(await renderInvoicePdf({ ...invoiceOf([line]), dueDate: '2026-12-25' as CalendarDate }))
      )[0] ?? [],
    );
    expect(issuedEarlier).toContain('Förfallodatum 2026-12-25');
    expect(issuedEarlier).toContain('Sista betalningsdag 2026-12-28');
    // Issued 2026-11-17: due on a Thursday, a banking day: no second date.
    const thursday = await renderInvoicePdf(invoiceOf([line], new Date('2026-11-17T10:00:00Z')));
    const plainDue = pageText((await pagesOf(thursday))[0] ?? []);
    expect(plainDue).toContain('2026-12-17');
    expect(plainDue).not.toContain('Sista betalningsdag');
  });
});
