import { describe, expect, it } from 'vitest';
import { supplementaryInvoiceDetail, type SupplementaryInvoiceSummary } from './supplementary-invoices';

const invoice: SupplementaryInvoiceSummary = {
  invoiceNumber: 'INV-1795846454400',
  orderNumber: 'INV-1795846454301',
  issuedAt: '2026-11-28T10:00:00.000Z',
  dueDate: '2026-12-28',
  total: '199.00',
  printFileName: null,
  charges: 'change',
  payment: null,
};
const plain = (text: string) => text.replace(/\s/gu, ' ');

describe('what a supplementary invoice charges, as the buyer and the admin read it', () => {
  it('names a change to the order as such, not the conversion of an unnamed file', () => {
    expect(plain(supplementaryInvoiceDetail(invoice, 'sv'))).toBe(
      '199,00 kr, förfaller 2026-12-28 · ändring av beställningen',
    );
    expect(plain(supplementaryInvoiceDetail(invoice, 'en'))).toMatch(
      /^199[.,]00 kr, due .* · change to the order$/,
    );
  });

  it("names a print file's conversion by the file", () => {
    const conversion = {
      ...invoice,
      total: '100.00',
      charges: 'conversion' as const,
      printFileName: 'logo.png',
    };
    expect(plain(supplementaryInvoiceDetail(conversion, 'sv'))).toBe(
      '100,00 kr, förfaller 2026-12-28 · konvertering av logo.png',
    );
  });
});
