import { createHash } from 'node:crypto';
import { countryName } from '../../shared/countries';
import type { SellerDetails } from '../config';
import type { StoredOrderLine } from '../db/orders-schema';

/** The stored order fields an invoice needs (a row of `orders` fits). */
export interface InvoiceOrder {
  orderNumber: string;
  orderDate: Date;
  customerType: 'personal' | 'company';
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  customerOrganization: string | null;
  customerOrgNumber: string | null;
  customerPersonalNumber: string | null;
  deliveryAddress: string;
  countryCode: string;
  items: StoredOrderLine[];
  totalAmount: string;
  exVatAmount: string;
  vatAmount: string;
}

export const PAYMENT_DAYS = 30;

export function dueDate(orderDate: Date): Date {
  return new Date(orderDate.getTime() + PAYMENT_DAYS * 24 * 60 * 60 * 1000);
}

const amountFormat = new Intl.NumberFormat('sv-SE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const unitFormat = new Intl.NumberFormat('sv-SE', { minimumFractionDigits: 2, maximumFractionDigits: 3 });
const countFormat = new Intl.NumberFormat('sv-SE', { maximumFractionDigits: 0 });

/** "5 718,75 kr" from an exact decimal string (Number is exact enough for display of ≤ 3 decimals). */
export function formatKr(decimal: string, unit = false): string {
  return `${(unit ? unitFormat : amountFormat).format(Number(decimal))} kr`;
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const texts = {
  sv: {
    lang: 'sv',
    locale: 'sv-SE',
    title: 'Faktura',
    invoiceNumber: 'Fakturanummer',
    invoiceDate: 'Fakturadatum',
    dueDate: 'Förfallodatum',
    seller: 'Säljare',
    buyer: 'Köpare',
    orgNumber: 'Org.nr',
    vatNumber: 'Momsreg.nr',
    personalNumber: 'Personnummer',
    contact: 'Kontaktperson',
    delivery: 'Leveransadress',
    product: 'Produkt',
    quantity: 'Antal',
    unitPrice: 'À-pris',
    amount: 'Belopp',
    pcs: 'st',
    exVat: 'Belopp exkl. moms',
    vat: 'Moms 25 %',
    total: 'Att betala',
    payment: 'Betalning',
    terms: `Betalningsvillkor: ${PAYMENT_DAYS} dagar netto`,
    bankAccount: 'Bankkonto',
    bankgiro: 'Bankgiro',
    reference: 'Ange fakturanumret som referens',
    printFiles: 'Tryckfiler',
    printSteps: (n: string, email: string) => [
      `Mejla dina tryckfiler till ${email} med ordernumret <strong>${n}</strong> som ämne.`,
      'Skriv extra information och önskemål om trycket i mejlet och bifoga tryckfilerna.',
      'Tryckfiler bör vara vektorformat (PDF, EPS, AI, SVG). Icke-vektorfiler (JPG, PNG och andra rasterformat) konverteras mot en avgift på 100 kr.',
    ],
    colour: 'Färg',
    prints: 'Tryck',
    thanks: 'Tack för din beställning!',
  },
  en: {
    lang: 'en',
    locale: 'en-US',
    title: 'Invoice',
    invoiceNumber: 'Invoice number',
    invoiceDate: 'Invoice date',
    dueDate: 'Due date',
    seller: 'Seller',
    buyer: 'Bill to',
    orgNumber: 'Org. no.',
    vatNumber: 'VAT no.',
    personalNumber: 'Personal ID number',
    contact: 'Contact person',
    delivery: 'Delivery address',
    product: 'Product',
    quantity: 'Quantity',
    unitPrice: 'Unit price',
    amount: 'Amount',
    pcs: 'pcs',
    exVat: 'Amount excl. VAT',
    vat: 'VAT 25 %',
    total: 'Total to pay',
    payment: 'Payment',
    terms: `Payment terms: ${PAYMENT_DAYS} days net`,
    bankAccount: 'Bank account',
    bankgiro: 'Bankgiro',
    reference: 'Use the invoice number as payment reference',
    printFiles: 'Print files',
    printSteps: (n: string, email: string) => [
      `Email your print files to ${email} with the order number <strong>${n}</strong> as the subject.`,
      'Put extra information and print preferences in the email body and attach the print files.',
      'Print files should be vector formats (PDF, EPS, AI, SVG). Non-vector files (JPG, PNG, other raster formats) are converted for an extra fee of 100 kr.',
    ],
    colour: 'Colour',
    prints: 'Prints',
    thanks: 'Thank you for your order!',
  },
} as const;

export function invoiceLanguage(countryCode: string): 'sv' | 'en' {
  return countryCode === 'SE' ? 'sv' : 'en';
}

export function formatInvoiceDate(date: Date, countryCode: string): string {
  const t = texts[invoiceLanguage(countryCode)];
  return new Intl.DateTimeFormat(t.locale, {
    timeZone: 'Europe/Stockholm',
    dateStyle: t.lang === 'sv' ? 'short' : 'long',
  }).format(date);
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
.num{text-align:right;white-space:nowrap}
.detail{color:#475569;font-size:12px}
.totals{margin-left:auto;width:min(100%,320px);margin-top:16px}
.totals td{border:0;padding:4px 6px}
.totals tr.grand td{border-top:2px solid #0f172a;font-weight:700;font-size:16px;padding-top:8px}
section{margin-top:28px}
.box{background:#f8fafc;border:1px solid #e2e8f0;border-radius:8px;padding:16px}
ol{margin:0;padding-left:20px}
.box strong{white-space:nowrap}
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
  const lang = invoiceLanguage(order.countryCode);
  const t = texts[lang];
  const e = escapeHtml;
  const number = e(order.orderNumber);
  const date = (d: Date) => e(formatInvoiceDate(d, order.countryCode));
  const country = countryName(order.countryCode) ?? order.countryCode;

  const buyer = [
    order.customerOrganization ? `<p><strong>${e(order.customerOrganization)}</strong></p>` : '',
    order.customerOrgNumber ? `<p>${t.orgNumber}: ${e(order.customerOrgNumber)}</p>` : '',
    order.customerType === 'company'
      ? `<p>${t.contact}: ${e(order.customerName)}</p>`
      : `<p><strong>${e(order.customerName)}</strong></p>`,
    order.customerPersonalNumber ? `<p>${t.personalNumber}: ${e(order.customerPersonalNumber)}</p>` : '',
    `<p>${e(order.customerEmail)}</p>`,
    `<p>${e(order.customerPhone)}</p>`,
  ].join('');

  const rows = order.items
    .map((line) => {
      const details = line.customisation
        ? `<div class="detail">${t.colour}: ${e(line.customisation.color)}${
            line.customisation.prints.length > 0
              ? ` · ${t.prints}: ${line.customisation.prints.map((p) => `${e(p.method.toUpperCase())} (${e(p.side)})`).join(', ')}`
              : ''
          }${line.customisation.additionalInfo ? `<br>${e(line.customisation.additionalInfo)}` : ''}</div>`
        : '';
      return `<tr><td>${e(line.name)}${details}</td><td class="num">${e(countFormat.format(line.quantity))} ${t.pcs}</td><td class="num">${e(
        formatKr(line.unitPrice, true),
      )}</td><td class="num">${e(formatKr(line.lineTotal))}</td></tr>`;
    })
    .join('');

  return `<!doctype html>
<html lang="${t.lang}">
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
<div><div class="brand">${e(seller.name)}</div><p>${e(seller.address)}</p><p>${e(seller.email)} · ${e(seller.phone)}</p></div>
<div><h1>${t.title}</h1>
<dl class="meta"><dt>${t.invoiceNumber}</dt><dd>${number}</dd><dt>${t.invoiceDate}</dt><dd>${date(order.orderDate)}</dd><dt>${t.dueDate}</dt><dd>${date(dueDate(order.orderDate))}</dd></dl></div>
</header>
<div class="parties">
<div><h2>${t.buyer}</h2>${buyer}</div>
<div><h2>${t.delivery}</h2><p>${e(order.customerName)}</p><p class="address">${e(order.deliveryAddress)}</p><p>${e(country)}</p></div>
</div>
<table>
<thead><tr><th scope="col">${t.product}</th><th scope="col" class="num">${t.quantity}</th><th scope="col" class="num">${t.unitPrice}</th><th scope="col" class="num">${t.amount}</th></tr></thead>
<tbody>${rows}</tbody>
</table>
<table class="totals">
<tr><td>${t.exVat}</td><td class="num">${e(formatKr(order.exVatAmount))}</td></tr>
<tr><td>${t.vat}</td><td class="num">${e(formatKr(order.vatAmount))}</td></tr>
<tr class="grand"><td>${t.total}</td><td class="num">${e(formatKr(order.totalAmount))}</td></tr>
</table>
<section class="box">
<h2>${t.payment}</h2>
<p>${t.terms}</p>
<p>${t.bankAccount}: <strong>${e(seller.bankAccount)}</strong> · ${t.bankgiro}: <strong>${e(seller.bankgiro)}</strong></p>
<p>${t.reference}: <strong>${number}</strong></p>
</section>
<section>
<h2>${t.printFiles}</h2>
<ol>${t
    .printSteps(number, e(seller.email))
    .map((step) => `<li>${step}</li>`)
    .join('')}</ol>
</section>
<footer>${e(seller.name)} · ${t.orgNumber} ${e(seller.orgNumber)} · ${t.vatNumber} ${e(seller.vatNumber)} · ${e(seller.address)}<br>${t.thanks}</footer>
</main>
</body>
</html>
`;
}
