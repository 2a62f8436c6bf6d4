import { distinctDecisions, lineVatDecisions } from '@/shared/invoicing/vat-decision';
import { invoicedWithGoods, type InvoiceDocument } from './invoice-document';

export interface VatNotice {
  /** "Unionsintern leverans / Intra-Community supply": Swedish and English, as Swedish law reads it. */
  title: string;
  /** The legal basis, in the invoice's language first and then the other. */
  detail: string;
}

/**
 * The VAT notices an invoice prints (PDF, page, email): one per exemption or reverse-charge case
 * among its lines, from the shared VAT decision (src/shared/invoicing/vat-decision.ts). A domestic
 * invoice has none: its 25 % VAT is on every line.
 */
export function vatNotices(
  invoice: Pick<InvoiceDocument, 'vatTreatment' | 'lines' | 'language' | 'creditNote' | 'supply'>,
): VatNotice[] {
  const other = invoice.language === 'sv' ? 'en' : 'sv';
  const decisions = lineVatDecisions(invoice.vatTreatment, invoice.lines, invoicedWithGoods(invoice));
  return distinctDecisions(decisions).flatMap((decision) =>
    decision.title && decision.legal
      ? [
          {
            title:
              decision.title.sv === decision.title.en
                ? decision.title.sv
                : `${decision.title.sv} / ${decision.title.en}`,
            detail: `${decision.legal[invoice.language]}\n${decision.legal[other]}`,
          },
        ]
      : [],
  );
}
