import { rfReference } from '@/shared/invoicing/rf-reference';
import { createHash } from 'node:crypto';
import { formatIban } from '@/shared/invoicing/seller-settings';
import type { SellerDetails } from '@/server/config';
import { lastDayToPay } from '@/shared/receivables/aging';
import { PAYMENT_DAYS } from '@/shared/terms';
import {
  inDocumentCurrency,
  invoiceForOrder,
  type InvoiceDocument,
  type InvoiceOrder,
} from './invoice-document';
import { conversionFeeInEur, exchangeRateText, formatInvoiceMoney, invoiceWriting } from './texts';
import { vatNotices } from './vat-notice';

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const styles = `
*{box-sizing:border-box}
body{margin:0;background:#f1f5f9;color:#0f172a;font:14px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif}
main{max-width:820px;margin:24px auto;background:#fff;padding:48px;border-radius:12px;box-shadow:0 1px 3px rgba(15,23,42,.12)}
header{display:flex;justify-content:space-between;gap:24px;flex-wrap:wrap;border-bottom:2px solid #1e3a8a;padding-bottom:16px}
h1{margin:0;font-size:32px;color:#1e3a8a}
h2{font-size:13px;text-transform:uppercase;letter-spacing:.05em;color:#475569;margin:0 0 6px}
.brand{font-weight:700;font-size:18px}
dl.meta{display:grid;grid-template-columns:auto auto;gap:2px 16px;margin:0}
dl.meta dt{color:#475569}dl.meta dd{margin:0;font-weight:600;text-align:right}
.parties{display:grid;grid-template-columns:1fr 1fr;gap:24px;margin:24px 0}
.parties p{margin:0}.address{white-space:pre-line}
table{width:100%;border-collapse:collapse;margin-top:8px}
th,td{padding:8px 6px;border-bottom:1px solid #e2e8f0;text-align:left;vertical-align:top}
th{font-size:12px;text-transform:uppercase;letter-spacing:.04em;color:#475569}
.num{text-align:right}td.num{white-space:nowrap}
.lines{overflow-x:auto}
header p{margin:2px 0}
.detail{color:#475569;font-size:12px}
.totals{margin-left:auto;width:min(100%,400px);margin-top:16px}
.totals td{border:0;padding:4px 6px}
.totals tr.grand td{border-top:2px solid #0f172a;font-weight:700;font-size:16px;padding-top:8px}
section{margin-top:28px}
.box{background:#f8fafc;border:1px solid #e2e8f0;border-radius:8px;padding:16px}
ol{margin:0;padding-left:20px}
.box strong{white-space:nowrap}
.notice{margin-top:16px;padding:12px 16px;border-left:4px solid #1e3a8a;background:#eff6ff}
.notice strong{display:block}
.pay{display:grid;grid-template-columns:auto 1fr;gap:2px 16px;margin:8px 0}
.pay dt{color:#475569}.pay dd{margin:0;font-weight:600}
footer{margin-top:32px;color:#475569;font-size:12px;border-top:1px solid #e2e8f0;padding-top:12px}
@media (max-width:600px){main{margin:0;padding:20px;border-radius:0}.parties{grid-template-columns:1fr}}
@media print{body{background:#fff}main{box-shadow:none;margin:0;max-width:none;padding:0}@page{margin:18mm}}
`;

/** CSP for the invoice document: its one inline <style> is allowed by hash; nothing else runs. */
export const invoiceStyleHash = `'sha256-${createHash('sha256').update(styles).digest('base64')}'`;
export const invoiceContentSecurityPolicy = `default-src 'none'; style-src ${invoiceStyleHash}; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;

/**
 * The invoice as one self-contained HTML document, rendered from the stored order: Swedish for
 * Sweden, English otherwise. Every value that came from a customer is HTML-escaped.
 */
export function renderInvoice(order: InvoiceOrder, seller: SellerDetails): string {
  return renderInvoiceHtml(invoiceForOrder(order, seller));
}

/** Any invoice (an order's own or a supplementary one) as HTML, with every legal content. */
export function renderInvoiceHtml(stored: InvoiceDocument): string {
  // A euro invoice shows its EUR amounts, the VAT also in SEK and the rate (as the PDF does).
  const invoice = inDocumentCurrency(stored);
  const { t, money, date: plainDate, pieces, vatRate } = invoiceWriting(invoice);
  const e = escapeHtml;
  const { seller, buyer } = invoice;
  const number = e(invoice.invoiceNumber);
  const date = (d: Date | string) => e(plainDate(d));
  const p = (text: string | null | undefined, label?: string) =>
    text ? `<p>${label ? `${label}: ` : ''}${e(text)}</p>` : '';

  const buyerBlock = [
    `<p><strong>${e(buyer.name)}</strong></p>`,
    p(buyer.orgNumber, t.orgNumber),
    p(buyer.personalNumber, t.personalNumber),
    p(buyer.vatNumber, t.buyerVatNumber),
    p(buyer.contactName, t.contact),
    `<p class="address">${e(buyer.address)}</p>`,
    p(buyer.countryName),
    p(buyer.email),
    p(buyer.phone),
  ].join('');

  const rows = invoice.lines
    .map((line) => {
      const detail = line.detail ? `<div class="detail address">${e(line.detail)}</div>` : '';
      return `<tr><td>${e(line.description)}${detail}</td><td class="num">${e(pieces(line.quantity))}</td><td class="num">${e(
        money(line.unitPriceExVat, true),
      )}</td><td class="num">${vatRate}</td><td class="num">${e(money(line.lineNet))}</td></tr>`;
    })
    .join('');

  const notice = vatNotices(invoice)
    .map(({ title, detail }) => `<div class="notice"><strong>${e(title)}</strong>${e(detail)}</div>`)
    .join('');
  const abroad = buyer.countryCode !== 'SE';

  return `<!doctype html>
<html lang="${invoice.language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<link rel="icon" href="data:,">
<title>${t.title} ${number}</title>
<style>${styles}</style>
</head>
<body>
<main>
<header>
<div><div class="brand">${e(seller.name)}</div><p>${e(seller.address)}</p><p>${t.orgNumber} ${e(seller.orgNumber)} · ${t.vatNumber} ${e(seller.vatNumber)}</p>${
    seller.fTax ? `<p><strong>${e(t.fTax)}</strong></p>` : ''
  }</div>
<div><h1>${t.title}</h1>
<dl class="meta"><dt>${t.invoiceNumber}</dt><dd>${number}</dd>${
    invoice.orderNumber !== invoice.invoiceNumber
      ? `<dt>${t.orderNumber}</dt><dd>${e(invoice.orderNumber)}</dd>`
      : ''
  }<dt>${t.invoiceDate}</dt><dd>${date(invoice.issueDate)}</dd><dt>${t.dueDate}</dt><dd>${date(invoice.dueDate)}</dd>${
    lastDayToPay(invoice.dueDate) !== invoice.dueDate
      ? `<dt>${t.lastDayToPay}</dt><dd>${date(lastDayToPay(invoice.dueDate))}</dd>`
      : ''
  }${
    invoice.deliveryDate ? `<dt>${t.deliveryDate}</dt><dd>${date(invoice.deliveryDate)}</dd>` : ''
  }<dt>${t.ocr}</dt><dd data-ocr>${e(invoice.ocr)}</dd>${
    buyer.reference ? `<dt>${t.yourReference}</dt><dd>${e(buyer.reference)}</dd>` : ''
  }${buyer.purchaseOrder ? `<dt>${t.purchaseOrder}</dt><dd>${e(buyer.purchaseOrder)}</dd>` : ''}</dl></div>
</header>
<div class="parties">
<div><h2>${t.buyer}</h2>${buyerBlock}</div>
<div><h2>${t.delivery}</h2><p>${e(invoice.delivery.name)}</p><p class="address">${e(invoice.delivery.address)}</p><p>${e(
    invoice.delivery.countryName,
  )}</p></div>
</div>
<div class="lines"><table>
<thead><tr><th scope="col">${t.description}</th><th scope="col" class="num">${t.quantity}</th><th scope="col" class="num">${t.unitPrice}</th><th scope="col" class="num">${t.vatRate}</th><th scope="col" class="num">${t.amount}</th></tr></thead>
<tbody>${rows}</tbody>
</table></div>
<table class="totals">
<tr><td>${t.net}</td><td class="num">${e(money(invoice.net))}</td></tr>
<tr><td>${e(t.vatLine(invoice.vatPercent, money(invoice.net)))}</td><td class="num">${e(money(invoice.vat))}</td></tr>
<tr class="grand"><td>${t.total}</td><td class="num">${e(money(invoice.total))}</td></tr>
${stored.foreign ? `<tr><td>${t.vatInSek}</td><td class="num">${e(formatInvoiceMoney(invoice.language, stored.vat, false, 'SEK'))}</td></tr>` : ''}
</table>
${stored.foreign ? `<p>${e(exchangeRateText(invoice.language, stored.foreign))}</p>` : ''}
${notice}
<section class="box">
<h2>${t.payment}</h2>
<p>${e(t.terms(PAYMENT_DAYS))}</p>
<dl class="pay">${
    stored.foreign
      ? `<dt>${t.ibanEur}</dt><dd>${e(formatIban(seller.ibanEur))}</dd><dt>${t.bic}</dt><dd>${e(seller.bic)}</dd>`
      : `<dt>${t.bankgiro}</dt><dd>${e(seller.bankgiro)}</dd>`
  }<dt>${t.ocr}</dt><dd>${e(invoice.ocr)}</dd>${
    stored.foreign && invoice.ocr ? `<dt>${t.rfReference}</dt><dd>${e(rfReference(invoice.ocr))}</dd>` : ''
  }<dt>${t.total}</dt><dd>${e(
    money(invoice.total),
  )}</dd>${stored.foreign ? '' : `<dt>${t.bankAccount}</dt><dd>${e(seller.bankAccount)}</dd>`}${
    abroad && !stored.foreign
      ? `<dt>${t.iban}</dt><dd>${e(formatIban(seller.iban))}</dd><dt>${t.bic}</dt><dd>${e(seller.bic)}</dd>`
      : ''
  }</dl>
<p>${e(t.ocrInstruction)}</p>
</section>
<section>
<h2>${t.printFiles}</h2>
<ol>${t
    .printSteps(invoice.orderNumber, seller.email, conversionFeeInEur(invoice))
    .map((step) => `<li>${e(step)}</li>`)
    .join('')}</ol>
</section>
<footer>${e(seller.name)} · ${t.orgNumber} ${e(seller.orgNumber)} · ${t.vatNumber} ${e(seller.vatNumber)} · ${t.registeredOffice}: ${e(
    seller.registeredOffice,
  )}${seller.fTax ? ` · ${e(t.fTax)}` : ''}<br>${e(seller.address)} · ${e(seller.email)} · ${e(seller.phone)}<br>${t.thanks}</footer>
</main>
</body>
</html>
`;
}
