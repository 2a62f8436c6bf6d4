import { formatDate } from '@/shared/dates';
import { dateLocaleTag } from '@/shared/i18n/locale';
import { F_TAX_TEXT } from '@/shared/invoicing/seller-settings';
import {
  convertAmount,
  FIXED_RATE_SOURCE,
  sekPerUnit,
  type InvoiceCurrency,
  type InvoiceCurrencyRate,
} from '@/shared/invoicing/invoice-currency';
import { formatCount, formatKrDecimal, formatUnitPriceDecimal } from '@/shared/money-format';
import { CONVERSION_FEE, CONVERSION_FEE_KR, quantityUnit } from '@/shared/terms';
import { feeCharged, type VatTreatment } from '@/shared/invoicing/vat-treatment';
import { milliToDecimalString } from '@/shared/money';

export type InvoiceLanguage = 'sv' | 'en';

/**
 * Every word on an invoice (HTML, PDF) and its email, Swedish and English. Values are plain text;
 * renderers escape them. The F-tax wording is the one Swedish law and accountants expect, kept in
 * Swedish in the English invoice too; the VAT rules' wordings are in shared/invoicing/vat-decision.ts.
 */
export const invoiceTexts = {
  sv: {
    title: 'Faktura',
    invoiceNumber: 'Fakturanummer',
    orderNumber: 'Ordernummer',
    invoiceDate: 'Fakturadatum',
    dueDate: 'Förfallodatum',
    // Lag (1930:173) om beräkning av lagstadgad tid 2 §: a due date on a weekend or public holiday
    // moves to the next banking day (src/shared/receivables/aging.ts, lastDayToPay).
    lastDayToPay: 'Sista betalningsdag',
    deliveryDate: 'Leveransdatum',
    seller: 'Säljare',
    buyer: 'Faktureras till',
    orgNumber: 'Org.nr',
    vatNumber: 'Momsreg.nr',
    buyerVatNumber: 'Köparens momsreg.nr',
    registeredOffice: 'Säte',
    fTax: F_TAX_TEXT,
    personalNumber: 'Personnummer',
    contact: 'Kontaktperson',
    yourReference: 'Er referens',
    purchaseOrder: 'Inköpsordernummer',
    delivery: 'Leveransadress',
    description: 'Beskrivning',
    quantity: 'Antal',
    unitPrice: 'À-pris exkl. moms',
    vatRate: 'Moms',
    amount: 'Belopp exkl. moms',
    pcs: quantityUnit.sv,
    net: 'Summa exkl. moms',
    vatLine: (percent: number, base: string) => `Moms ${percentSv(percent)} % (underlag ${base})`,
    total: 'Att betala',
    payment: 'Betalning',
    terms: (days: number) => `Betalningsvillkor: ${days} dagar netto`,
    bankAccount: 'Bankkonto',
    bankgiro: 'Bankgiro',
    ocr: 'OCR-nummer',
    rfReference: 'Referens (RF, ISO 11649)',
    ocrInstruction: 'Ange OCR-numret som referens när du betalar.',
    iban: 'IBAN',
    bic: 'BIC',
    printFiles: 'Tryckfiler',
    printSteps: (orderNumber: string, email: string, fee = `${CONVERSION_FEE_KR} kr`) => [
      `Ladda upp dina tryckfiler på beställningssidan för ${orderNumber} (länken finns i orderbekräftelsen); frågor till ${email}.`,
      'Innan vi trycker får du ett korrektur att godkänna där.',
      `Tryckfiler bör vara vektorformat (PDF, EPS, AI, SVG). Icke-vektorfiler (JPG, PNG och andra rasterformat) konverteras mot en avgift på ${fee}.`,
    ],
    colour: 'Färg',
    prints: 'Tryck',
    sizes: 'Storlekar',
    thanks: 'Tack för din beställning!',
    page: (n: number, of: number) => `Sida ${n} av ${of}`,
    creditTitle: 'Kreditfaktura',
    creditNumber: 'Kreditfakturanummer',
    creditDate: 'Datum',
    corrects: 'Avser faktura',
    supplements: 'Tillägg till faktura',
    correctsDate: 'Fakturans datum',
    creditReason: 'Orsak',
    creditTotal: 'Att återfå',
    creditAmountLine: 'Kreditering',
    orderCancelled: 'Beställningen är avbruten',
    creditRemainingLine: 'Kreditering av återstående belopp',
    vatInSek: 'Moms i SEK',
    ibanEur: 'IBAN (EUR-konto)',
    fixedRate: 'butikens fasta kurs',
    // Mervärdesskattelagen (2023:200) 17 kap. 29 §: the VAT also in SEK on an invoice in another currency.
    exchangeRate: (p: { perEur: string; source: string; date: string }) =>
      `Fakturerad i EUR. Växelkurs 1 EUR = ${p.perEur} SEK (${p.source}, ${p.date}). Momsen anges även i SEK (17 kap. 29 § mervärdesskattelagen).`,
    creditNotice: (invoice: string) =>
      `Denna kreditfaktura minskar faktura ${invoice}. Har du redan betalat betalar vi tillbaka mellanskillnaden.`,
  },
  en: {
    title: 'Invoice',
    invoiceNumber: 'Invoice number',
    orderNumber: 'Order number',
    invoiceDate: 'Invoice date',
    dueDate: 'Due date',
    lastDayToPay: 'Last day to pay',
    deliveryDate: 'Delivery date',
    seller: 'Seller',
    buyer: 'Bill to',
    orgNumber: 'Org. no.',
    vatNumber: 'VAT no.',
    buyerVatNumber: "Buyer's VAT no.",
    registeredOffice: 'Registered office',
    fTax: `Approved for F-tax (${F_TAX_TEXT})`,
    personalNumber: 'Personal ID number',
    contact: 'Contact person',
    yourReference: 'Your reference',
    purchaseOrder: 'Purchase order number',
    delivery: 'Delivery address',
    description: 'Description',
    quantity: 'Quantity',
    unitPrice: 'Unit price excl. VAT',
    vatRate: 'VAT',
    amount: 'Amount excl. VAT',
    pcs: quantityUnit.en,
    net: 'Total excl. VAT',
    vatLine: (percent: number, base: string) => `VAT ${percent} % (on ${base})`,
    total: 'Total to pay',
    payment: 'Payment',
    terms: (days: number) => `Payment terms: ${days} days net`,
    bankAccount: 'Bank account',
    bankgiro: 'Bankgiro',
    ocr: 'OCR reference',
    rfReference: 'Creditor reference (RF, ISO 11649)',
    ocrInstruction: 'Use the OCR reference as the payment reference.',
    iban: 'IBAN',
    bic: 'BIC',
    printFiles: 'Print files',
    printSteps: (orderNumber: string, email: string, fee = `${CONVERSION_FEE_KR} SEK`) => [
      `Upload your print files on the order page of ${orderNumber} (the link is in the order confirmation); questions to ${email}.`,
      'Before we print, you get a proof to approve there.',
      `Print files should be vector formats (PDF, EPS, AI, SVG). Non-vector files (JPG, PNG, other raster formats) are converted for an extra fee of ${fee}.`,
    ],
    colour: 'Colour',
    prints: 'Prints',
    sizes: 'Sizes',
    thanks: 'Thank you for your order!',
    page: (n: number, of: number) => `Page ${n} of ${of}`,
    creditTitle: 'Credit note',
    creditNumber: 'Credit note number',
    creditDate: 'Date',
    corrects: 'Credits invoice',
    supplements: 'Supplements invoice',
    correctsDate: 'Invoice date',
    creditReason: 'Reason',
    creditTotal: 'Total credited',
    creditAmountLine: 'Credit',
    orderCancelled: 'The order is cancelled',
    creditRemainingLine: 'Credit of the remaining amount',
    vatInSek: 'VAT in SEK',
    ibanEur: 'IBAN (EUR account)',
    fixedRate: "the shop's fixed rate",
    exchangeRate: (p: { perEur: string; source: string; date: string }) =>
      `Invoiced in EUR. Exchange rate 1 EUR = ${p.perEur} SEK (${p.source}, ${p.date}). The VAT is also stated in SEK (Swedish VAT Act 2023:200, chapter 17, section 29).`,
    creditNotice: (invoice: string) =>
      `This credit note reduces invoice ${invoice}. If you have already paid, we refund the difference.`,
  },
} as const;

/** Money on invoices: the one shop formatter ("5 718,75 kr", unit prices with up to 3 decimals). */
export function formatKr(decimal: string, unit = false): string {
  return unit ? formatUnitPriceDecimal(decimal) : formatKrDecimal(decimal);
}

/**
 * Money on an invoice document in its language: "kr" in Swedish; the ISO code SEK in English, where
 * "kr" could be read as Danish, Norwegian or Icelandic kroner ("10 095,00 SEK").
 */
export function formatInvoiceMoney(
  language: InvoiceLanguage,
  decimal: string,
  unit = false,
  currency: InvoiceCurrency = 'SEK',
): string {
  const swedish = formatKr(decimal, unit);
  if (currency === 'EUR') return swedish.replace(/ kr$/, ' EUR');
  return language === 'sv' ? swedish : swedish.replace(/ kr$/, ' SEK');
}

/**
 * The conversion fee as a euro invoice's buyer would pay it (issue 42: EUR documents said "100 kr"):
 * the fee under the invoice's VAT case (100 kr with Swedish VAT, 80 kr without; decision 0045) at
 * the invoice's own rate. Undefined for a SEK document, which keeps its words.
 */
export function conversionFeeInEur(invoice: {
  foreign?: { rate: string } | undefined;
  vatTreatment: VatTreatment;
  language: InvoiceLanguage;
}): string | undefined {
  if (!invoice.foreign) return undefined;
  const fee = milliToDecimalString(feeCharged(CONVERSION_FEE, invoice.vatTreatment));
  return formatInvoiceMoney(invoice.language, convertAmount(fee, invoice.foreign.rate), false, 'EUR');
}

/** The line a euro invoice carries under its totals: the rate, where it came from, its day. */
export function exchangeRateText(language: InvoiceLanguage, foreign: InvoiceCurrencyRate): string {
  const t = invoiceTexts[language];
  return t.exchangeRate({
    perEur: sekPerUnit(foreign.rate).replace('.', ','),
    source: foreign.source === FIXED_RATE_SOURCE ? t.fixedRate : foreign.source,
    date: formatInvoiceDate(foreign.date, language),
  });
}

export { formatCount };

/** Dates on invoices: the calendar day in Stockholm (the one shared formatter), in the invoice's language. */
export function formatInvoiceDate(date: Date | string, language: InvoiceLanguage): string {
  return formatDate(date, dateLocaleTag[language], language === 'sv' ? 'short' : 'long');
}

/**
 * How one document writes its words, amounts, dates, counts and VAT rate: in its language and
 * currency. The HTML page and the PDF write alike.
 */
export function invoiceWriting(document: {
  language: InvoiceLanguage;
  currency: InvoiceCurrency;
  vatPercent: number;
}) {
  const t = invoiceTexts[document.language];
  return {
    t,
    money: (decimal: string, unit = false) =>
      formatInvoiceMoney(document.language, decimal, unit, document.currency),
    date: (d: Date | string) => formatInvoiceDate(d, document.language),
    /** A line's quantity: "30 st", "30 pcs". */
    pieces: (quantity: number) => `${formatCount(quantity)} ${t.pcs}`,
    /** The document's VAT rate: "25 %", "25,5 %" in Swedish. */
    vatRate: `${percentIn(document.language, document.vatPercent)} %`,
  };
}

/** See {@link invoiceWriting}. */
export type InvoiceWriting = ReturnType<typeof invoiceWriting>;

/** A rate the Swedish way: "25", "25,5" (an OSS rate may have a decimal). */
export function percentSv(percent: number): string {
  return String(percent).replace('.', ',');
}

/** A rate in the document's language. */
export function percentIn(language: 'sv' | 'en', percent: number): string {
  return language === 'sv' ? percentSv(percent) : String(percent);
}
