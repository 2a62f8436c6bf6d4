import { MAX_LINE_QUANTITY } from '@/shared/catalogue';
import { defineMessages } from '@/shared/i18n/define';
import { formatCount } from '@/shared/money-format';
import { quantityUnit } from '@/shared/terms';
import { deliveryMessages } from './delivery';
import { validationMessages } from './validation';

const sv = validationMessages.sv;

/**
 * What the checkout schema and POST /api/orders say about a refused order, in the buyer's language.
 * The English side keeps SPEC §5's messages verbatim (fillAll, company, personal, emptyCart); texts
 * the partner form shares come from the validation catalogue, the needed-by ones from delivery.
 */
export const checkoutValidationMessages = defineMessages({
  sv: {
    fillAll: sv.fillAllFields,
    company: sv.fillCompany,
    personal: sv.fillPersonalId,
    emptyCart: sv.cartEmpty,
    invalidCharacter: sv.invalidCharacter,
    email: 'Ange en giltig e-postadress',
    country: 'Välj ett land i listan',
    customerType: 'Välj privatperson eller företag',
    orgFormat: sv.orgNumberFormat,
    orgChecksum: sv.orgNumberChecksum,
    personalFormat: 'Personnumret ska ha formatet ÅÅÅÅMMDD-XXXX',
    personalChecksum: 'Personnumret är inte giltigt (kontrollsiffran stämmer inte)',
    // The field a length message is about, as the subject of "… får vara högst N tecken".
    fieldName: 'Namnet',
    fieldCompanyName: 'Företagsnamnet',
    fieldOrgNumber: 'Organisationsnumret',
    fieldPersonalNumber: 'Personnumret',
    fieldEmail: 'E-postadressen',
    fieldPhone: 'Telefonnumret',
    fieldAddress: 'Adressen',
    fieldVatNumber: 'Momsregistreringsnumret',
    fieldReference: 'Referensen',
    fieldPurchaseOrder: 'Inköpsordernumret',
    fieldPeppolId: 'Peppol-ID:t',
    peppolIdFormat:
      'Peppol-ID:t ska vara schema och nummer, t.ex. 0007:5567321707 (svenskt organisationsnummer) eller 0088:7300010000001 (GLN)',
    fieldBillingAddress: 'Fakturaadressen',
    fieldNotes: 'Anteckningarna',
    invalidOptions: 'Valen ska vara ett objekt av val-id och alternativ-id, t.ex. { "colour": "navy" }',
    invalidNotes: 'Anteckningarna ska vara text',
    tooLong: (p: { field: string; max: number }) => `${p.field} får vara högst ${p.max} tecken`,
    // Text the shop repeats to the order's email address (stranger-text.ts).
    noLinks: (p: { field: string }) =>
      `${p.field} får inte innehålla en webbadress, ett domännamn eller en e-postadress`,
    tooManyAddressLines: (p: { field: string; max: number }) => `${p.field} får vara högst ${p.max} rader`,
    quantity: 'Antalet ska vara ett heltal, minst 1',
    quantityTooLarge: `Antalet får vara högst ${formatCount(MAX_LINE_QUANTITY)} ${quantityUnit.sv}`,
    product: 'Okänd produkt',
    idempotencyKey: 'Ogiltig beställningsnyckel',
    vatNumberPrefix: (p: { prefix: string }) => `Momsregistreringsnumret ska börja med ${p.prefix}`,
    vatNumberFormat: (p: { country: string }) => `Momsregistreringsnumret har inte formatet för ${p.country}`,
    vatNumberChecksum: 'Momsregistreringsnumret är inte giltigt (kontrollsiffran stämmer inte)',
    vatNumberCharacters:
      'Momsregistreringsnumret får bara innehålla bokstäver, siffror, mellanslag, punkter och bindestreck',
    billingAddress: 'Fyll i fakturaadressen',
    neededByFormat: deliveryMessages.sv.neededByFormat,
    neededByPast: deliveryMessages.sv.neededByPast,
    neededByTooFar: deliveryMessages.sv.neededByTooFar,
    tooManyLines: 'För många rader i varukorgen (högst 200)',
    printFilesList: 'Tryckfilerna ska anges som en lista med id:n',
    invoiceCurrency: 'Fakturavalutan ska vara SEK eller EUR',
    invoiceCurrencySweden: 'Köpare i Sverige faktureras i SEK',
    notAnOrder: 'Förfrågan är ingen beställning',
    // Refusals of POST /api/orders after the schema (the server's checks of products and files).
    invalidOrder: 'Beställningen kunde inte tas emot',
    unknownProduct: (p: { id: string }) => `Okänd produkt: ${p.id}`,
    uploadMissing: 'En uppladdad tryckbild hittades inte. Ladda upp den igen.',
    notCustomisable: (p: { name: string }) => `${p.name} går inte att designa själv`,
    colourUnavailable: (p: { colour: string; name: string }) => `Färgen ${p.colour} finns inte för ${p.name}`,
    sideUnavailable: (p: { name: string }) => `Den trycksidan finns inte för ${p.name}`,
    methodOncePerSide: (p: { name: string; side: string }) =>
      `${p.name}: varje tryckmetod kan bara användas en gång på ${p.side}`,
    printTooLarge: (p: { n: number; name: string; side: string; width: string; area: string; max: string }) =>
      `Rad ${p.n} (${p.name}): trycket på ${p.side} är ${p.width} cm brett men tryckytan bara ${p.area} cm. Största storlek är ${p.max} cm.`,
    alreadySubmitted:
      'Den här beställningen har redan skickats med andra uppgifter. Ladda om varukorgen och skicka igen.',
  },
  en: {
    fillAll: 'Please fill in all fields',
    company: 'Please fill in company name and organization number',
    personal: 'Please fill in personal ID number',
    emptyCart: 'Cart is empty',
    invalidCharacter: validationMessages.en.invalidCharacter,
    email: 'Please enter a valid email address',
    country: 'Please choose a country from the list',
    customerType: 'Please choose Individual or Company',
    orgFormat: 'Organization number must be in format XXXXXX-XXXX',
    orgChecksum: 'Organization number is not valid (check digit)',
    personalFormat: 'Personal ID number must be in format ÅÅÅÅMMDD-XXXX',
    personalChecksum: 'Personal ID number is not valid (check digit)',
    fieldName: 'Name',
    fieldCompanyName: 'Company name',
    fieldOrgNumber: 'Organization number',
    fieldPersonalNumber: 'Personal ID number',
    fieldEmail: 'Email',
    fieldPhone: 'Phone number',
    fieldAddress: 'Address',
    fieldVatNumber: 'VAT number',
    fieldReference: 'Your reference',
    fieldPurchaseOrder: 'Purchase order number',
    fieldPeppolId: 'Peppol ID',
    peppolIdFormat:
      'The Peppol ID must be a scheme and a number, e.g. 0007:5567321707 (Swedish organisation number) or 0088:7300010000001 (GLN)',
    fieldBillingAddress: 'Billing address',
    fieldNotes: 'Notes',
    invalidOptions: 'Choices must be an object of option ids to choice ids, e.g. { "colour": "navy" }',
    invalidNotes: 'Notes must be text',
    tooLong: (p: { field: string; max: number }) => `${p.field} cannot exceed ${p.max} characters`,
    noLinks: (p: { field: string }) =>
      `${p.field} cannot contain a web address, a domain name or an email address`,
    tooManyAddressLines: (p: { field: string; max: number }) =>
      `${p.field} cannot be more than ${p.max} lines`,
    quantity: 'Quantity must be a whole number of at least 1',
    quantityTooLarge: `Quantity cannot exceed ${formatCount(MAX_LINE_QUANTITY)} ${quantityUnit.en}`,
    product: 'Unknown product',
    idempotencyKey: 'Invalid idempotency key',
    vatNumberPrefix: (p: { prefix: string }) => `VAT number must start with ${p.prefix}`,
    vatNumberFormat: (p: { country: string }) => `VAT number does not have the format of ${p.country}`,
    vatNumberChecksum: 'VAT number is not valid (check digit)',
    vatNumberCharacters: 'VAT number may contain only letters, digits, spaces, dots and dashes',
    billingAddress: 'Please fill in the billing address',
    neededByFormat: 'Needed-by date must be a date written YYYY-MM-DD',
    neededByPast: 'Needed-by date cannot be in the past',
    neededByTooFar: 'Needed-by date must be within two years',
    tooManyLines: 'Too many cart lines (at most 200)',
    printFilesList: 'printFiles must be a list of print file ids',
    invoiceCurrency: 'The invoice currency must be SEK or EUR',
    invoiceCurrencySweden: 'Buyers in Sweden are invoiced in SEK',
    notAnOrder: 'The request body must be an order object',
    invalidOrder: 'Invalid order',
    unknownProduct: (p: { id: string }) => `Unknown product: ${p.id}`,
    uploadMissing: 'An uploaded print image was not found. Please upload it again.',
    notCustomisable: (p: { name: string }) => `${p.name} cannot be customised`,
    colourUnavailable: (p: { colour: string; name: string }) =>
      `Colour ${p.colour} is not available for ${p.name}`,
    sideUnavailable: (p: { name: string }) => `Print side is not available for ${p.name}`,
    methodOncePerSide: (p: { name: string; side: string }) =>
      `${p.name}: each print method can be used once on the ${p.side}`,
    printTooLarge: (p: { n: number; name: string; side: string; width: string; area: string; max: string }) =>
      `Line ${p.n} (${p.name}): the print on the ${p.side} is ${p.width} cm wide but the print area only ${p.area} cm. The largest size is ${p.max} cm.`,
    alreadySubmitted:
      'This order was already submitted with different details. Please reload the cart and submit again.',
  },
});
