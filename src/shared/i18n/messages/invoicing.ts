import { VAT_RATE_PERCENT } from '@/shared/vat-rate';
import { defineMessages } from '@/shared/i18n/define';
import { vatDecision } from '@/shared/invoicing/vat-decision';

/**
 * The order's VAT in the cart, the checkout and the confirmation names the case of its goods as the
 * invoice's notice and the e-invoice's exemption reason do (vat-decision.ts): goods to an EU company
 * are an intra-Community supply ("Unionsintern leverans"), not reverse charge, which is for services.
 */
const intraCommunity = vatDecision('reverse_charge', 'goods').title ?? { sv: '', en: '' };
const exportGoods = vatDecision('export', 'goods').title ?? { sv: '', en: '' };

/** Invoicing at checkout and on the confirmation: VAT treatment, VAT number, reference, billing, payment. */
export const invoicingMessages = defineMessages({
  sv: {
    vatNumber: 'Momsregistreringsnummer',
    vatNumberHint: (p: { prefix: string }) =>
      `EU-företag: med ert momsregistreringsnummer (börjar med ${p.prefix}) är leveransen momsfri`,
    vatNumberHintOutsideEu: 'Valfritt: skrivs på fakturan',
    reference: 'Er referens (valfritt)',
    purchaseOrder: 'Inköpsordernummer (valfritt)',
    peppolId: 'Peppol-ID för e-faktura (valfritt)',
    peppolIdHint:
      'Schema och nummer, t.ex. 0007:5567321707. Utan det skickar vi e-fakturan till ert organisations- eller momsregistreringsnummer.',
    separateBilling: 'Skicka fakturan till en annan adress',
    billingAddress: 'Fakturaadress',
    billingPlaceholder: 'Gata, postnummer, ort',
    vatHeading: 'Moms',
    domestic: `Svensk moms ${VAT_RATE_PERCENT} % ingår`,
    reverse_charge: `${intraCommunity.sv}: ingen svensk moms, ni redovisar förvärvet i ert land`,
    export: `${exportGoods.sv} utanför EU: ingen svensk moms`,
    oss: 'EU-distansförsäljning: moms enligt ert lands normalskattesats (OSS), ingen svensk moms',
    vatIncluded: 'varav moms',
    vatAdded: (p: { percent: string }) => `Moms ${p.percent} %`,
    toPay: 'Att betala',
    vatNumberRefused: `Momsregistreringsnumret är inte giltigt: svensk moms ${VAT_RATE_PERCENT} % gäller tills det är rättat.`,
    vatNumberNotRegistered: `EU:s register över momsregistreringsnummer (VIES) känner inte till numret: svensk moms ${VAT_RATE_PERCENT} % gäller. Kontrollera numret.`,
    ocr: 'OCR-nummer',
    rfReference: 'Referens (RF), för betalning från utlandet',
    ocrCopied: 'OCR-numret kopierat!',
    copyOcr: 'Kopiera OCR-numret',
    bankgiro: 'Bankgiro',
    iban: 'IBAN',
    bic: 'BIC',
    downloadPdf: 'Ladda ner faktura (PDF)',
    downloadUbl: 'E-faktura (Peppol XML)',
    yourReference: 'Er referens',
    vatNumberShort: 'Momsreg.nr',
    billedTo: 'Fakturaadress',
    invoiceCurrency: 'Fakturavaluta',
    invoiceCurrencyHint:
      'I EUR betalar ni till vårt EUR-konto utan växling; beloppen räknas om en gång, till kursen när ni beställer.',
    currencySek: 'SEK (svenska kronor)',
    currencyEur: 'EUR (euro)',
    invoicedInEur: 'Faktureras i EUR',
    vatInSek: 'Moms i SEK',
    fixedRate: 'butikens fasta kurs',
    exchangeRate: (p: { perEur: string; source: string; date: string }) =>
      `Växelkurs 1 EUR = ${p.perEur} SEK (${p.source}, ${p.date})`,
  },
  en: {
    vatNumber: 'VAT number',
    vatNumberHint: (p: { prefix: string }) =>
      `EU companies: with your VAT number (starts with ${p.prefix}) the supply is free of Swedish VAT`,
    vatNumberHintOutsideEu: 'Optional: printed on the invoice',
    reference: 'Your reference (optional)',
    purchaseOrder: 'Purchase order number (optional)',
    peppolId: 'Peppol ID for e-invoices (optional)',
    peppolIdHint:
      'Scheme and number, e.g. 0007:5567321707. Without it, the e-invoice goes to your organisation or VAT number.',
    separateBilling: 'Send the invoice to a different address',
    billingAddress: 'Billing address',
    billingPlaceholder: 'Street, postal code, city',
    vatHeading: 'VAT',
    domestic: `Swedish VAT ${VAT_RATE_PERCENT} % included`,
    reverse_charge: `${intraCommunity.en}: no Swedish VAT, you account for the acquisition in your country`,
    export: `${exportGoods.en} outside the EU: no Swedish VAT`,
    oss: 'EU distance sale: VAT at your country’s standard rate (OSS), no Swedish VAT',
    vatIncluded: 'of which VAT',
    vatAdded: (p: { percent: string }) => `VAT ${p.percent} %`,
    toPay: 'Amount to pay',
    vatNumberRefused: `The VAT number is not valid: Swedish VAT ${VAT_RATE_PERCENT} % applies until it is corrected.`,
    vatNumberNotRegistered: `The EU’s VAT number register (VIES) does not know this number: Swedish VAT ${VAT_RATE_PERCENT} % applies. Please check the number.`,
    ocr: 'OCR reference',
    rfReference: 'Creditor reference (RF), for payment from abroad',
    ocrCopied: 'OCR reference copied!',
    copyOcr: 'Copy the OCR reference',
    bankgiro: 'Bankgiro',
    iban: 'IBAN',
    bic: 'BIC',
    downloadPdf: 'Download invoice (PDF)',
    downloadUbl: 'E-invoice (Peppol XML)',
    yourReference: 'Your reference',
    vatNumberShort: 'VAT no.',
    billedTo: 'Billing address',
    invoiceCurrency: 'Invoice currency',
    invoiceCurrencyHint:
      'In EUR you pay our euro account with no conversion; the amounts are converted once, at the rate when you order.',
    currencySek: 'SEK (Swedish krona)',
    currencyEur: 'EUR (euro)',
    invoicedInEur: 'Invoiced in EUR',
    vatInSek: 'VAT in SEK',
    fixedRate: "the shop's fixed rate",
    exchangeRate: (p: { perEur: string; source: string; date: string }) =>
      `Exchange rate 1 EUR = ${p.perEur} SEK (${p.source}, ${p.date})`,
  },
});
