import { isCalendarDate, stockholmDate } from '@/shared/dates';
import { countryNameIn } from '@/shared/countries';
import { derivedPeppolId, parsePeppolId, type PeppolId } from '@/shared/invoicing/peppol-id';
import { F_TAX_TEXT } from '@/shared/invoicing/seller-settings';
import {
  distinctDecisions,
  lineVatDecisions,
  vatDecision,
  type VatDecision,
} from '@/shared/invoicing/vat-decision';
import { milliFromDecimal, milliToDecimalString, sumMilli } from '@/shared/money';
import { PAYMENT_DAYS } from '@/shared/terms';
import { trimTrailingZeros } from '@/shared/invoicing/invoice-currency';
import { inDocumentCurrency, invoicedWithGoods, type InvoiceDocument } from './invoice-document';
import { invoiceTexts } from './texts';

/**
 * Peppol BIS Billing 3.0 (EN 16931 UBL 2.1) for an invoice, a supplementary invoice (both UBL
 * Invoice, type 380) and a credit note (UBL CreditNote, type 381, its amounts positive as a credit
 * note states them, with a BillingReference to the invoice it corrects, BT-25/BT-26): what a public-sector buyer's
 * system (schools, municipalities) must receive. Built as text with every value escaped; the
 * element order follows the UBL schema. Swedish national rules honoured: F-tax as a TAX scheme
 * (SE-R-005), org number as 10 digits with scheme 0007 (SE-R-003/004), bankgiro as
 * SE:BANKGIRO with 7–8 digits (SE-R-008), VAT number of 14 characters (SE-R-001/002).
 */

export const PEPPOL_CUSTOMIZATION_ID =
  'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0';
export const PEPPOL_PROFILE_ID = 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0';

/**
 * Why the shop has no e-invoice for an invoice (the routes answer it, the pages show it):
 * - `private_buyer`: Peppol e-invoices are for businesses and public bodies; individuals get the PDF.
 * - `no_endpoint`: no Peppol address is known for the buyer (no Swedish organisation number, no VAT
 *   number with a scheme in the code list, no Peppol ID given at checkout).
 * - `not_shipped`: an intra-Community supply must carry the actual delivery date (Peppol BR-IC-11;
 *   the date of the supply, ML 17 kap. 24 §), known once the goods have shipped.
 */
export type EInvoiceRefusal = 'private_buyer' | 'no_endpoint' | 'not_shipped';

/** The buyer's electronic address: the Peppol ID the buyer gave, else one derived from its identifiers. */
export function buyerPeppolId(invoice: InvoiceDocument): PeppolId | null {
  const given = invoice.buyer.peppolId ? parsePeppolId(invoice.buyer.peppolId) : null;
  return given ?? derivedPeppolId(invoice.buyer);
}

export function eInvoiceRefusal(invoice: InvoiceDocument): EInvoiceRefusal | null {
  if (invoice.buyer.customerType !== 'company') return 'private_buyer';
  if (!buyerPeppolId(invoice)) return 'no_endpoint';
  const decisions = lineVatDecisions(invoice.vatTreatment, invoice.lines, invoicedWithGoods(invoice));
  if (decisions.some((d) => d.category === 'K') && !invoice.deliveryDate) return 'not_shipped';
  return null;
}

function xml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** The calendar day in Stockholm as YYYY-MM-DD (a calendar date stays as it is). */
function isoDate(date: Date | string): string {
  return typeof date === 'string' && isCalendarDate(date) ? date : stockholmDate(date);
}

/**
 * A postal code and city on one line: Swedish "111 22 Stockholm", five digits (DE, FR, FI ...),
 * four (NO, DK, AT, CH ...), a letter prefix ("D-10115 Berlin", "L-1234 Luxembourg") or a UK
 * postcode ("SW1A 1AA London").
 */
const postalLine = /^((?:[A-Z]{1,2}-)?(?:\d{3} ?\d{2}|\d{4})|[A-Z]{1,2}\d[A-Z\d]? \d[A-Z]{2})\s+(\S.*)$/;

export interface AddressParts {
  street: string | null;
  additionalStreet: string | null;
  /** Lines before the street (a department, "c/o", a name): EN 16931 address line 3. */
  addressLine: string | null;
  city: string | null;
  postalZone: string | null;
}

/**
 * A free-text address as EN 16931 parts: the street is the line before the postal line, lines
 * between them are the additional street, lines before it the address line; a line naming the
 * country is dropped (the country is said once, by its code). One-line addresses split on commas.
 */
export function addressParts(address: string, countryCode: string, partyName = ''): AddressParts {
  const lines = address.includes('\n') ? address.split('\n') : address.split(',');
  const countryNames = new Set(
    [countryNameIn('sv', countryCode), countryNameIn('en', countryCode), countryCode]
      .filter((name): name is string => name !== undefined)
      .map((name) => name.toLowerCase()),
  );
  const parts = lines
    .map((line) => line.trim())
    .filter((line) => line !== '' && !countryNames.has(line.toLowerCase()))
    .filter((line) => partyName === '' || line.toLowerCase() !== partyName.trim().toLowerCase());
  let postalIndex = -1;
  parts.forEach((part, index) => {
    if (postalLine.test(part)) postalIndex = index;
  });
  const postal = postalIndex >= 0 ? postalLine.exec(parts[postalIndex] ?? '') : null;
  const beforePostal = postalIndex >= 0 ? parts.slice(0, postalIndex) : parts;
  const afterPostal = postalIndex >= 0 ? parts.slice(postalIndex + 1) : [];
  // Without a postal line the first line is the street; with one, the line right before it.
  const streetIndex = postalIndex >= 0 ? beforePostal.length - 1 : 0;
  const street = beforePostal[streetIndex] ?? null;
  const before = postalIndex >= 0 ? beforePostal.slice(0, Math.max(streetIndex, 0)) : [];
  const additional = [...(postalIndex >= 0 ? [] : beforePostal.slice(1)), ...afterPostal];
  const joined = (list: string[]) => (list.length > 0 ? list.join(', ') : null);
  return {
    street,
    additionalStreet: joined(additional),
    addressLine: joined(before),
    city: postal?.[2] ?? null,
    postalZone: postal?.[1] ?? null,
  };
}

/** The parts as UBL elements in the schema's order, the country by its ISO code only. */
function addressXml(address: string, countryCode: string, partyName = ''): string {
  const parts = addressParts(address, countryCode, partyName);
  const element = (name: string, value: string | null) =>
    value ? `<cbc:${name}>${xml(value)}</cbc:${name}>` : '';
  return [
    element('StreetName', parts.street),
    element('AdditionalStreetName', parts.additionalStreet),
    element('CityName', parts.city),
    element('PostalZone', parts.postalZone),
    parts.addressLine
      ? `<cac:AddressLine><cbc:Line>${xml(parts.addressLine)}</cbc:Line></cac:AddressLine>`
      : '',
    `<cac:Country><cbc:IdentificationCode>${xml(countryCode)}</cbc:IdentificationCode></cac:Country>`,
  ].join('');
}

function postalAddress(address: string, countryCode: string, partyName = ''): string {
  return `<cac:PostalAddress>${addressXml(address, countryCode, partyName)}</cac:PostalAddress>`;
}

const digits = (value: string) => value.replace(/\D/g, '');
const amountIn = (element: string, value: string, currency: string) =>
  `<cbc:${element} currencyID="${currency}">${value}</cbc:${element}>`;

/**
 * A converted line's price as its net over its quantity, to 8 decimals: the converted unit price
 * rounded to a cent or a milli-euro, times 10 000 stickers, misses the line's net by more than the
 * 0,02 PEPPOL-EN16931-R120 allows (the SEK prices are exact, so SEK lines keep theirs).
 */
function exactUnitPrice(lineNet: string, quantity: number): string {
  const match = /^(-?)(\d+)\.(\d{2})$/.exec(lineNet);
  if (!match || quantity === 0) return lineNet;
  const netCents = BigInt(`${match[2]}${match[3]}`);
  const q = BigInt(Math.abs(quantity));
  // cents / q in units of 10^-8: × 10^6, rounded half up.
  const scaledPrice = (netCents * 1_000_000n * 2n + q) / (q * 2n);
  const digits = scaledPrice.toString().padStart(9, '0');
  const fraction = trimTrailingZeros(digits.slice(-8)).padEnd(2, '0');
  return `${match[1]}${digits.slice(0, -8)}.${fraction}`;
}

/** "-12.50" → "12.50", "12.50" → "-12.50" (exact, on the decimal string). */
function flipSign(value: string): string {
  if (/^-?0+(\.0+)?$/.test(value)) return value.replace('-', '');
  return value.startsWith('-') ? value.slice(1) : `-${value}`;
}

/**
 * A credit note as UBL states it: the same document with every amount and quantity positive (the
 * CreditNote says they are credited). Stored credit notes keep their amounts negative.
 */
function asCredited(invoice: InvoiceDocument): InvoiceDocument {
  return {
    ...invoice,
    net: flipSign(invoice.net),
    vat: flipSign(invoice.vat),
    total: flipSign(invoice.total),
    lines: invoice.lines.map((line) => ({
      ...line,
      // Mirrored lines are stored with the quantity negated and the price as invoiced; a line that
      // credits an amount with quantity 1 and the price negated. Stated positive, either way
      // quantity × price = the line's net (PEPPOL-EN16931-R120).
      quantity: Math.abs(line.quantity),
      unitPriceExVat: line.unitPriceExVat.startsWith('-')
        ? flipSign(line.unitPriceExVat)
        : line.unitPriceExVat,
      unitPriceInclVat: line.unitPriceInclVat.startsWith('-')
        ? flipSign(line.unitPriceInclVat)
        : line.unitPriceInclVat,
      lineNet: flipSign(line.lineNet),
      lineTotalInclVat: flipSign(line.lineTotalInclVat),
    })),
  };
}

/** The document as Peppol BIS Billing 3.0 UBL XML: an Invoice, or a CreditNote (check `eInvoiceRefusal` first). */
export function renderPeppolUbl(document: InvoiceDocument): string {
  const credit = document.creditNote;
  // A euro invoice: every amount in EUR (BT-5), its VAT also in SEK (BT-6, BT-111), as the law
  // wants it on the invoice (Mervärdesskattelagen 2023:200, 17 kap. 29 §).
  const shown = inDocumentCurrency(document);
  const invoice = credit ? asCredited(shown) : shown;
  const money = (element: string, value: string) => amountIn(element, value, invoice.currency);
  const vatInSek = document.foreign ? (credit ? flipSign(document.vat) : document.vat) : null;
  const root = credit ? 'CreditNote' : 'Invoice';
  const { buyer } = invoice;
  const decisions = lineVatDecisions(invoice.vatTreatment, invoice.lines, invoicedWithGoods(invoice));
  const primary = invoice.language;
  const secondary = primary === 'sv' ? 'en' : 'sv';
  const taxCategory = (
    element: 'TaxCategory' | 'ClassifiedTaxCategory',
    decision: VatDecision,
    withExemption: boolean,
  ) =>
    [
      `<cac:${element}>`,
      `<cbc:ID>${decision.category}</cbc:ID>`,
      // "Not subject to VAT" carries no rate (BR-O-05, BR-O-10); the standard rate is the
      // document's own (25, or the buyer country's under OSS).
      decision.category === 'O'
        ? ''
        : `<cbc:Percent>${decision.category === 'S' ? invoice.vatPercent : decision.percent}</cbc:Percent>`,
      withExemption && decision.exemptionCode && decision.legal
        ? `<cbc:TaxExemptionReasonCode>${decision.exemptionCode}</cbc:TaxExemptionReasonCode><cbc:TaxExemptionReason>${xml(`${decision.legal[primary]} / ${decision.legal[secondary]}`)}</cbc:TaxExemptionReason>`
        : '',
      '<cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme>',
      `</cac:${element}>`,
    ].join('');
  // "Not subject to VAT" (O) names no VAT numbers (BR-O-02); every other case names both.
  const withVatNumbers = !decisions.some((d) => d.category === 'O');
  // An OSS sale carries the buyer country's rate, which Peppol's Swedish rule SE-R-006 refuses
  // beside a Swedish seller VAT identifier (BT-31: "only standard VAT rate of 6, 12 or 25"). The
  // seller has no VAT number in the buyer's country (the point of the union scheme), so BT-31 is
  // left out and the F-tax registration (BT-32) satisfies BR-S-02; the Swedish VAT number, which
  // the invoice must still state (ML 2023:200 17 kap. 24 §), stands in the seller's additional
  // legal information (BT-33) and on the PDF.
  const ossSale = decisions.some((d) => d.case === 'oss_distance_sale');

  // BT-10 (or BT-13) is mandatory: the buyer's own reference, else the contact person.
  const buyerReference = buyer.reference ?? buyer.contactName ?? buyer.name;
  const purchaseOrder = buyer.purchaseOrder ?? null;

  const lines = invoice.lines.map((line, index) =>
    [
      `<cac:${root}Line>`,
      `<cbc:ID>${index + 1}</cbc:ID>`,
      credit
        ? `<cbc:CreditedQuantity unitCode="H87">${line.quantity}</cbc:CreditedQuantity>`
        : `<cbc:InvoicedQuantity unitCode="H87">${line.quantity}</cbc:InvoicedQuantity>`,
      money('LineExtensionAmount', line.lineNet),
      '<cac:Item>',
      line.detail ? `<cbc:Description>${xml(line.detail)}</cbc:Description>` : '',
      `<cbc:Name>${xml(line.description)}</cbc:Name>`,
      `<cac:SellersItemIdentification><cbc:ID>${xml(line.code)}</cbc:ID></cac:SellersItemIdentification>`,
      taxCategory(
        'ClassifiedTaxCategory',
        decisions[index] ?? vatDecision(invoice.vatTreatment, 'goods'),
        false,
      ),
      '</cac:Item>',
      `<cac:Price>${money('PriceAmount', document.foreign ? exactUnitPrice(line.lineNet, line.quantity) : line.unitPriceExVat)}</cac:Price>`,
      `</cac:${root}Line>`,
    ].join(''),
  );

  // VAT breakdown: one subtotal per category, its base the sum of its lines (BR-CO-18, BR-S-08 ...).
  const subtotals = distinctDecisions(decisions).map((decision) => {
    const base = sumMilli(
      invoice.lines
        .filter((_, index) => decisions[index]?.category === decision.category)
        .map((line) => milliFromDecimal(line.lineNet)),
    );
    // Only the standard rate carries VAT, and then every line is S: the invoice's VAT is its VAT.
    const vat = decision.category === 'S' ? invoice.vat : '0.00';
    return [
      '<cac:TaxSubtotal>',
      money('TaxableAmount', milliToDecimalString(base)),
      money('TaxAmount', vat),
      taxCategory('TaxCategory', decision, true),
      '</cac:TaxSubtotal>',
    ].join('');
  });

  const paymentMeans = paymentMeansXml(invoice, document);

  const body = [
    `<cbc:CustomizationID>${PEPPOL_CUSTOMIZATION_ID}</cbc:CustomizationID>`,
    `<cbc:ProfileID>${PEPPOL_PROFILE_ID}</cbc:ProfileID>`,
    `<cbc:ID>${xml(invoice.invoiceNumber)}</cbc:ID>`,
    `<cbc:IssueDate>${isoDate(invoice.issueDate)}</cbc:IssueDate>`,
    // A credit note has nothing to pay: no due date, no payment means (UBL CreditNote has no DueDate).
    credit ? '' : `<cbc:DueDate>${isoDate(invoice.dueDate)}</cbc:DueDate>`,
    credit
      ? '<cbc:CreditNoteTypeCode>381</cbc:CreditNoteTypeCode>'
      : '<cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode>',
    credit ? `<cbc:Note>${xml(credit.reason)}</cbc:Note>` : '',
    `<cbc:DocumentCurrencyCode>${invoice.currency}</cbc:DocumentCurrencyCode>`,
    vatInSek === null ? '' : '<cbc:TaxCurrencyCode>SEK</cbc:TaxCurrencyCode>',
    `<cbc:BuyerReference>${xml(buyerReference)}</cbc:BuyerReference>`,
    // BT-13 is the buyer's purchase order number (never the shop's own order number: that is the
    // invoice number here), so a buyer matching invoices to its orders finds it.
    purchaseOrder ? `<cac:OrderReference><cbc:ID>${xml(purchaseOrder)}</cbc:ID></cac:OrderReference>` : '',
    // The invoice a credit note corrects (BT-25, BT-26; ML 17 kap. 22 §: it refers to it unambiguously).
    credit
      ? `<cac:BillingReference><cac:InvoiceDocumentReference><cbc:ID>${xml(credit.correctsNumber)}</cbc:ID><cbc:IssueDate>${isoDate(credit.correctsIssueDate)}</cbc:IssueDate></cac:InvoiceDocumentReference></cac:BillingReference>`
      : invoice.supplements
        ? // An order change's supplementary invoice names the invoice it adds to (BT-25, BT-26).
          `<cac:BillingReference><cac:InvoiceDocumentReference><cbc:ID>${xml(invoice.supplements.invoiceNumber)}</cbc:ID><cbc:IssueDate>${isoDate(invoice.supplements.issueDate)}</cbc:IssueDate></cac:InvoiceDocumentReference></cac:BillingReference>`
        : '',
    // Seller.
    ...sellerPartyXml(invoice.seller, withVatNumbers, ossSale),
    // Buyer.
    ...buyerPartyXml(invoice, withVatNumbers),
    // Delivery.
    '<cac:Delivery>',
    invoice.deliveryDate
      ? `<cbc:ActualDeliveryDate>${isoDate(invoice.deliveryDate)}</cbc:ActualDeliveryDate>`
      : '',
    `<cac:DeliveryLocation><cac:Address>${addressXml(
      invoice.delivery.address,
      invoice.delivery.countryCode,
      invoice.delivery.name,
    )}</cac:Address></cac:DeliveryLocation>`,
    `<cac:DeliveryParty><cac:PartyName><cbc:Name>${xml(invoice.delivery.name)}</cbc:Name></cac:PartyName></cac:DeliveryParty>`,
    '</cac:Delivery>',
    credit ? '' : paymentMeans,
    credit
      ? ''
      : `<cac:PaymentTerms><cbc:Note>${xml(invoiceTexts[invoice.language].terms(PAYMENT_DAYS))}</cbc:Note></cac:PaymentTerms>`,
    '<cac:TaxTotal>',
    money('TaxAmount', invoice.vat),
    ...subtotals,
    '</cac:TaxTotal>',
    // BT-111: the VAT in the tax currency, a TaxTotal of its own without subtotals (BR-53).
    vatInSek === null ? '' : `<cac:TaxTotal>${amountIn('TaxAmount', vatInSek, 'SEK')}</cac:TaxTotal>`,
    '<cac:LegalMonetaryTotal>',
    money('LineExtensionAmount', invoice.net),
    money('TaxExclusiveAmount', invoice.net),
    money('TaxInclusiveAmount', invoice.total),
    money('PayableAmount', invoice.total),
    '</cac:LegalMonetaryTotal>',
    ...lines,
  ];

  return `<?xml version="1.0" encoding="UTF-8"?>
<${root} xmlns="urn:oasis:names:specification:ubl:schema:xsd:${root}-2" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
${body.filter((part) => part !== '').join('\n')}
</${root}>
`;
}

/** The seller (BG-4): its endpoint, name, address, VAT number (not beside an OSS rate), F-tax, legal entity. */
function sellerPartyXml(
  seller: InvoiceDocument['seller'],
  withVatNumbers: boolean,
  ossSale: boolean,
): string[] {
  return [
    '<cac:AccountingSupplierParty><cac:Party>',
    `<cbc:EndpointID schemeID="0007">${digits(seller.orgNumber)}</cbc:EndpointID>`,
    `<cac:PartyName><cbc:Name>${xml(seller.name)}</cbc:Name></cac:PartyName>`,
    postalAddress(seller.address, 'SE', seller.name),
    withVatNumbers && !ossSale
      ? `<cac:PartyTaxScheme><cbc:CompanyID>${xml(seller.vatNumber)}</cbc:CompanyID><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>`
      : '',
    seller.fTax
      ? `<cac:PartyTaxScheme><cbc:CompanyID>${F_TAX_TEXT}</cbc:CompanyID><cac:TaxScheme><cbc:ID>TAX</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>`
      : '',
    '<cac:PartyLegalEntity>',
    `<cbc:RegistrationName>${xml(seller.name)}</cbc:RegistrationName>`,
    `<cbc:CompanyID schemeID="0007">${digits(seller.orgNumber)}</cbc:CompanyID>`,
    `<cbc:CompanyLegalForm>${xml(`${invoiceTexts.sv.registeredOffice}: ${seller.registeredOffice}${ossSale ? `. Momsreg.nr ${seller.vatNumber} (unionsordningen, OSS)` : ''}`)}</cbc:CompanyLegalForm>`,
    '</cac:PartyLegalEntity>',
    `<cac:Contact><cbc:Telephone>${xml(seller.phone)}</cbc:Telephone><cbc:ElectronicMail>${xml(seller.email)}</cbc:ElectronicMail></cac:Contact>`,
    '</cac:Party></cac:AccountingSupplierParty>',
  ];
}

/** The buyer (BG-7): its Peppol endpoint, name, address, VAT number, legal entity and contact. */
function buyerPartyXml(invoice: InvoiceDocument, withVatNumbers: boolean): string[] {
  const { buyer } = invoice;
  const endpoint = buyerPeppolId(invoice);
  const swedishOrg = buyer.customerType === 'company' && buyer.countryCode === 'SE' && buyer.orgNumber;
  return [
    '<cac:AccountingCustomerParty><cac:Party>',
    endpoint ? `<cbc:EndpointID schemeID="${endpoint.scheme}">${xml(endpoint.value)}</cbc:EndpointID>` : '',
    `<cac:PartyName><cbc:Name>${xml(buyer.name)}</cbc:Name></cac:PartyName>`,
    postalAddress(buyer.address, buyer.countryCode, buyer.name),
    buyer.vatNumber && withVatNumbers
      ? `<cac:PartyTaxScheme><cbc:CompanyID>${xml(buyer.vatNumber)}</cbc:CompanyID><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>`
      : '',
    '<cac:PartyLegalEntity>',
    `<cbc:RegistrationName>${xml(buyer.name)}</cbc:RegistrationName>`,
    swedishOrg ? `<cbc:CompanyID schemeID="0007">${digits(buyer.orgNumber ?? '')}</cbc:CompanyID>` : '',
    '</cac:PartyLegalEntity>',
    `<cac:Contact><cbc:Name>${xml(buyer.contactName ?? buyer.name)}</cbc:Name><cbc:Telephone>${xml(buyer.phone)}</cbc:Telephone><cbc:ElectronicMail>${xml(buyer.email)}</cbc:ElectronicMail></cac:Contact>`,
    '</cac:Party></cac:AccountingCustomerParty>',
  ];
}

/**
 * Exactly one payment means (UBL-SR-46): bankgiro with the OCR reference in Sweden (SE-R-008),
 * the IBAN and BIC for payers abroad. A credit transfer (30) either way: SEPA (58) is euro only.
 */
function paymentMeansXml(invoice: InvoiceDocument, document: InvoiceDocument): string {
  const { seller, buyer } = invoice;
  return buyer.countryCode === 'SE'
    ? [
        '<cac:PaymentMeans>',
        '<cbc:PaymentMeansCode name="Credit transfer">30</cbc:PaymentMeansCode>',
        `<cbc:PaymentID>${invoice.ocr}</cbc:PaymentID>`,
        `<cac:PayeeFinancialAccount><cbc:ID>${digits(seller.bankgiro)}</cbc:ID>`,
        '<cac:FinancialInstitutionBranch><cbc:ID>SE:BANKGIRO</cbc:ID></cac:FinancialInstitutionBranch>',
        '</cac:PayeeFinancialAccount>',
        '</cac:PaymentMeans>',
      ].join('')
    : [
        '<cac:PaymentMeans>',
        '<cbc:PaymentMeansCode name="Credit transfer">30</cbc:PaymentMeansCode>',
        `<cbc:PaymentID>${invoice.ocr}</cbc:PaymentID>`,
        // A euro invoice is paid to the euro account.
        `<cac:PayeeFinancialAccount><cbc:ID>${xml((document.foreign ? seller.ibanEur : seller.iban).replace(/\s+/g, ''))}</cbc:ID>`,
        `<cac:FinancialInstitutionBranch><cbc:ID>${xml(seller.bic)}</cbc:ID></cac:FinancialInstitutionBranch>`,
        '</cac:PayeeFinancialAccount>',
        '</cac:PaymentMeans>',
      ].join('');
}

export function peppolFileName(invoice: InvoiceDocument): string {
  return `${invoice.creditNote ? 'CreditNote' : 'Invoice'}_${invoice.invoiceNumber}.xml`;
}
