import { isCalendarDate, stockholmDate } from '@/shared/dates';
import { F_TAX_TEXT } from '@/shared/invoicing/seller-settings';
import type { VatTreatment } from '@/shared/invoicing/vat-treatment';
import { PAYMENT_DAYS } from '@/shared/terms';
import type { InvoiceDocument } from './invoice-document';
import { invoiceTexts } from './texts';

/**
 * Peppol BIS Billing 3.0 (EN 16931 UBL 2.1 invoice) for an invoice: what a public-sector buyer's
 * system (schools, municipalities) must receive. Built as text with every value escaped; the
 * element order follows the UBL schema. Swedish national rules honoured: F-tax as a TAX scheme
 * (SE-R-005), org number as 10 digits with scheme 0007 (SE-R-003/004), bankgiro as
 * SE:BANKGIRO with 7–8 digits (SE-R-008), VAT number of 14 characters (SE-R-001/002).
 */

export const PEPPOL_CUSTOMIZATION_ID =
  'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0';
export const PEPPOL_PROFILE_ID = 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0';

/** UNCL5305 VAT category per treatment: standard rate, reverse charge, export outside the EU. */
export const vatCategory: Record<VatTreatment, { id: 'S' | 'AE' | 'G'; exemption?: [string, string] }> = {
  domestic: { id: 'S' },
  reverse_charge: { id: 'AE', exemption: ['VATEX-EU-AE', 'Reverse charge'] },
  export: { id: 'G', exemption: ['VATEX-EU-G', 'Export outside the EU'] },
};

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

/** A free-text address as UBL parts: first line or comma part as street, the rest as additional. */
function postalAddress(address: string, countryCode: string): string {
  const parts = address
    .split(/\n|,/)
    .map((part) => part.trim())
    .filter((part) => part !== '');
  const [street, ...rest] = parts;
  const postal = rest.map((part) => /^(\d{3}\s?\d{2})\s+(\S.*)$/.exec(part)).find((m) => m !== null);
  const additional = rest.filter((part) => !postal || part !== postal[0]);
  return [
    '<cac:PostalAddress>',
    street ? `<cbc:StreetName>${xml(street)}</cbc:StreetName>` : '',
    additional.length > 0
      ? `<cbc:AdditionalStreetName>${xml(additional.join(', '))}</cbc:AdditionalStreetName>`
      : '',
    postal ? `<cbc:CityName>${xml(postal[2] ?? '')}</cbc:CityName>` : '',
    postal ? `<cbc:PostalZone>${xml(postal[1] ?? '')}</cbc:PostalZone>` : '',
    `<cac:Country><cbc:IdentificationCode>${xml(countryCode)}</cbc:IdentificationCode></cac:Country>`,
    '</cac:PostalAddress>',
  ].join('');
}

const digits = (value: string) => value.replace(/\D/g, '');
const amount = (value: string) => `<cbc:%s currencyID="SEK">${value}</cbc:%s>`;
const money = (element: string, value: string) => amount(value).replace(/%s/g, element);

/** The invoice as Peppol BIS Billing 3.0 UBL XML. */
export function renderPeppolUbl(invoice: InvoiceDocument): string {
  const { seller, buyer } = invoice;
  const category = vatCategory[invoice.vatTreatment];
  const taxCategory = (element: 'TaxCategory' | 'ClassifiedTaxCategory', withExemption: boolean) =>
    [
      `<cac:${element}>`,
      `<cbc:ID>${category.id}</cbc:ID>`,
      `<cbc:Percent>${invoice.vatPercent}</cbc:Percent>`,
      withExemption && category.exemption
        ? `<cbc:TaxExemptionReasonCode>${category.exemption[0]}</cbc:TaxExemptionReasonCode><cbc:TaxExemptionReason>${xml(category.exemption[1])}</cbc:TaxExemptionReason>`
        : '',
      '<cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme>',
      `</cac:${element}>`,
    ].join('');

  const swedishCompany = buyer.customerType === 'company' && buyer.countryCode === 'SE' && buyer.orgNumber;
  // Buyer's electronic address: a Swedish org number (0007) where there is one, else the email.
  const buyerEndpoint = swedishCompany
    ? `<cbc:EndpointID schemeID="0007">${digits(buyer.orgNumber ?? '')}</cbc:EndpointID>`
    : `<cbc:EndpointID schemeID="EM">${xml(buyer.email)}</cbc:EndpointID>`;
  // BT-10 (or an order reference) is mandatory: the buyer's own reference, else the contact person.
  const buyerReference = buyer.reference ?? buyer.contactName ?? buyer.name;

  const lines = invoice.lines.map((line, index) =>
    [
      '<cac:InvoiceLine>',
      `<cbc:ID>${index + 1}</cbc:ID>`,
      `<cbc:InvoicedQuantity unitCode="H87">${line.quantity}</cbc:InvoicedQuantity>`,
      money('LineExtensionAmount', line.lineNet),
      '<cac:Item>',
      line.detail ? `<cbc:Description>${xml(line.detail)}</cbc:Description>` : '',
      `<cbc:Name>${xml(line.description)}</cbc:Name>`,
      `<cac:SellersItemIdentification><cbc:ID>${xml(line.code)}</cbc:ID></cac:SellersItemIdentification>`,
      taxCategory('ClassifiedTaxCategory', false),
      '</cac:Item>',
      `<cac:Price>${money('PriceAmount', line.unitPriceExVat)}</cac:Price>`,
      '</cac:InvoiceLine>',
    ].join(''),
  );

  const paymentMeans = [
    '<cac:PaymentMeans>',
    '<cbc:PaymentMeansCode name="Credit transfer">30</cbc:PaymentMeansCode>',
    `<cbc:PaymentID>${invoice.ocr}</cbc:PaymentID>`,
    `<cac:PayeeFinancialAccount><cbc:ID>${digits(seller.bankgiro)}</cbc:ID>`,
    '<cac:FinancialInstitutionBranch><cbc:ID>SE:BANKGIRO</cbc:ID></cac:FinancialInstitutionBranch>',
    '</cac:PayeeFinancialAccount>',
    '</cac:PaymentMeans>',
    buyer.countryCode !== 'SE'
      ? [
          '<cac:PaymentMeans>',
          '<cbc:PaymentMeansCode name="Credit transfer">30</cbc:PaymentMeansCode>',
          `<cbc:PaymentID>${invoice.ocr}</cbc:PaymentID>`,
          `<cac:PayeeFinancialAccount><cbc:ID>${xml(seller.iban)}</cbc:ID>`,
          `<cac:FinancialInstitutionBranch><cbc:ID>${xml(seller.bic)}</cbc:ID></cac:FinancialInstitutionBranch>`,
          '</cac:PayeeFinancialAccount>',
          '</cac:PaymentMeans>',
        ].join('')
      : '',
  ].join('');

  const body = [
    `<cbc:CustomizationID>${PEPPOL_CUSTOMIZATION_ID}</cbc:CustomizationID>`,
    `<cbc:ProfileID>${PEPPOL_PROFILE_ID}</cbc:ProfileID>`,
    `<cbc:ID>${xml(invoice.invoiceNumber)}</cbc:ID>`,
    `<cbc:IssueDate>${isoDate(invoice.issueDate)}</cbc:IssueDate>`,
    `<cbc:DueDate>${isoDate(invoice.dueDate)}</cbc:DueDate>`,
    '<cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode>',
    '<cbc:DocumentCurrencyCode>SEK</cbc:DocumentCurrencyCode>',
    `<cbc:BuyerReference>${xml(buyerReference)}</cbc:BuyerReference>`,
    `<cac:OrderReference><cbc:ID>${xml(invoice.orderNumber)}</cbc:ID></cac:OrderReference>`,
    // Seller.
    '<cac:AccountingSupplierParty><cac:Party>',
    `<cbc:EndpointID schemeID="0007">${digits(seller.orgNumber)}</cbc:EndpointID>`,
    `<cac:PartyName><cbc:Name>${xml(seller.name)}</cbc:Name></cac:PartyName>`,
    postalAddress(seller.address, 'SE'),
    `<cac:PartyTaxScheme><cbc:CompanyID>${xml(seller.vatNumber)}</cbc:CompanyID><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>`,
    seller.fTax
      ? `<cac:PartyTaxScheme><cbc:CompanyID>${F_TAX_TEXT}</cbc:CompanyID><cac:TaxScheme><cbc:ID>TAX</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>`
      : '',
    '<cac:PartyLegalEntity>',
    `<cbc:RegistrationName>${xml(seller.name)}</cbc:RegistrationName>`,
    `<cbc:CompanyID schemeID="0007">${digits(seller.orgNumber)}</cbc:CompanyID>`,
    `<cbc:CompanyLegalForm>${xml(`${invoiceTexts.sv.registeredOffice}: ${seller.registeredOffice}`)}</cbc:CompanyLegalForm>`,
    '</cac:PartyLegalEntity>',
    `<cac:Contact><cbc:Telephone>${xml(seller.phone)}</cbc:Telephone><cbc:ElectronicMail>${xml(seller.email)}</cbc:ElectronicMail></cac:Contact>`,
    '</cac:Party></cac:AccountingSupplierParty>',
    // Buyer.
    '<cac:AccountingCustomerParty><cac:Party>',
    buyerEndpoint,
    `<cac:PartyName><cbc:Name>${xml(buyer.name)}</cbc:Name></cac:PartyName>`,
    postalAddress(buyer.address, buyer.countryCode),
    buyer.vatNumber
      ? `<cac:PartyTaxScheme><cbc:CompanyID>${xml(buyer.vatNumber)}</cbc:CompanyID><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>`
      : '',
    '<cac:PartyLegalEntity>',
    `<cbc:RegistrationName>${xml(buyer.name)}</cbc:RegistrationName>`,
    swedishCompany ? `<cbc:CompanyID schemeID="0007">${digits(buyer.orgNumber ?? '')}</cbc:CompanyID>` : '',
    '</cac:PartyLegalEntity>',
    `<cac:Contact><cbc:Name>${xml(buyer.contactName ?? buyer.name)}</cbc:Name><cbc:Telephone>${xml(buyer.phone)}</cbc:Telephone><cbc:ElectronicMail>${xml(buyer.email)}</cbc:ElectronicMail></cac:Contact>`,
    '</cac:Party></cac:AccountingCustomerParty>',
    // Delivery.
    '<cac:Delivery>',
    invoice.deliveryDate
      ? `<cbc:ActualDeliveryDate>${isoDate(invoice.deliveryDate)}</cbc:ActualDeliveryDate>`
      : '',
    `<cac:DeliveryLocation><cac:Address>${postalAddress(
      invoice.delivery.address,
      invoice.delivery.countryCode,
    )
      .replace('<cac:PostalAddress>', '')
      .replace('</cac:PostalAddress>', '')}</cac:Address></cac:DeliveryLocation>`,
    `<cac:DeliveryParty><cac:PartyName><cbc:Name>${xml(invoice.delivery.name)}</cbc:Name></cac:PartyName></cac:DeliveryParty>`,
    '</cac:Delivery>',
    paymentMeans,
    `<cac:PaymentTerms><cbc:Note>${xml(invoiceTexts[invoice.language].terms(PAYMENT_DAYS))}</cbc:Note></cac:PaymentTerms>`,
    // VAT breakdown: one category per invoice (the treatment applies to every line).
    '<cac:TaxTotal>',
    money('TaxAmount', invoice.vat),
    '<cac:TaxSubtotal>',
    money('TaxableAmount', invoice.net),
    money('TaxAmount', invoice.vat),
    taxCategory('TaxCategory', true),
    '</cac:TaxSubtotal>',
    '</cac:TaxTotal>',
    '<cac:LegalMonetaryTotal>',
    money('LineExtensionAmount', invoice.net),
    money('TaxExclusiveAmount', invoice.net),
    money('TaxInclusiveAmount', invoice.total),
    money('PayableAmount', invoice.total),
    '</cac:LegalMonetaryTotal>',
    ...lines,
  ];

  return `<?xml version="1.0" encoding="UTF-8"?>
<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
${body.filter((part) => part !== '').join('\n')}
</Invoice>
`;
}

export function peppolFileName(invoice: InvoiceDocument): string {
  return `Invoice_${invoice.invoiceNumber}.xml`;
}
