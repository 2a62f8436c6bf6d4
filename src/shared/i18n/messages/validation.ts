import { defineMessages } from '@/shared/i18n/define';
import type { Locale } from '@/shared/i18n/locale';

/**
 * Validation messages of the shared zod schemas. The schemas keep SPEC §5's English text (the
 * English side here, verbatim); `localiseValidation` shows it in the visitor's language in the form
 * and in the server's 400 answers. A message this catalogue lacks is shown as it is.
 */
export const validationMessages = defineMessages({
  sv: {
    fillAllFields: 'Fyll i alla fält',
    fillCompany: 'Fyll i företagsnamn och organisationsnummer',
    fillPersonalId: 'Fyll i personnummer',
    cartEmpty: 'Varukorgen är tom',
    companyNameRequired: 'Företagsnamn krävs',
    companyNameMin: 'Företagsnamnet måste vara minst 2 tecken',
    companyNameMax: 'Företagsnamnet får vara högst 100 tecken',
    orgNumberRequired: 'Organisationsnummer krävs',
    orgNumberFormat: 'Organisationsnumret ska ha formatet XXXXXX-XXXX',
    contactPersonRequired: 'Kontaktperson krävs',
    contactPersonMin: 'Kontaktpersonen måste vara minst 2 tecken',
    nameMax: 'Namnet får vara högst 100 tecken',
    emailRequired: 'E-postadress krävs',
    emailInvalid: 'Ogiltig e-postadress',
    emailMax: 'E-postadressen får vara högst 255 tecken',
    phoneRequired: 'Telefonnummer krävs',
    phoneMin: 'Telefonnumret måste vara minst 7 tecken',
    phoneMax: 'Telefonnumret får vara högst 20 tecken',
    addressRequired: 'Adress krävs',
    addressMin: 'Adressen måste vara minst 5 tecken',
    addressMax: 'Adressen får vara högst 200 tecken',
    cityRequired: 'Ort krävs',
    cityMin: 'Orten måste vara minst 2 tecken',
    cityMax: 'Orten får vara högst 100 tecken',
    postalCodeRequired: 'Postnummer krävs',
    postalCodeFormat: 'Postnumret ska ha formatet XXX XX',
    postalCodeForeign: 'Postnumret är inte giltigt',
    descriptionRequired: 'Beskrivning krävs',
    descriptionMin: 'Beskrivningen måste vara minst 20 tecken',
    descriptionMax: 'Beskrivningen får vara högst 1000 tecken',
    termsRequired: 'Du måste godkänna villkoren',
    invalidCharacter: 'Fältet innehåller ett osynligt styrtecken eller ett trasigt tecken. Ta bort det.',
    orgNumberChecksum: 'Organisationsnumret är inte giltigt (kontrollsiffran stämmer inte)',
    // A route's declared schema refusing a value its own messages do not word (zod's issue codes).
    valueRequired: 'Värdet saknas',
    valueWrongType: 'Värdet har fel typ',
    valueOutOfRange: 'Värdet är utanför det tillåtna intervallet',
    valueNotAllowed: 'Värdet är inte ett av de tillåtna',
    valueWrongFormat: 'Värdet har fel format',
    unknownField: 'Okänt fält',
    valueInvalid: 'Ogiltigt värde',
    requestInvalid: 'Ogiltig begäran',
  },
  en: {
    fillAllFields: 'Please fill in all fields',
    fillCompany: 'Please fill in company name and organization number',
    fillPersonalId: 'Please fill in personal ID number',
    cartEmpty: 'Cart is empty',
    companyNameRequired: 'Company name is required',
    companyNameMin: 'Company name must be at least 2 characters',
    companyNameMax: 'Company name cannot exceed 100 characters',
    orgNumberRequired: 'Organization number is required',
    orgNumberFormat: 'Organization number must be in format XXXXXX-XXXX',
    contactPersonRequired: 'Contact person is required',
    contactPersonMin: 'Contact person must be at least 2 characters',
    nameMax: 'Name cannot exceed 100 characters',
    emailRequired: 'Email is required',
    emailInvalid: 'Invalid email address',
    emailMax: 'Email cannot exceed 255 characters',
    phoneRequired: 'Phone number is required',
    phoneMin: 'Phone number must be at least 7 characters',
    phoneMax: 'Phone number cannot exceed 20 characters',
    addressRequired: 'Address is required',
    addressMin: 'Address must be at least 5 characters',
    addressMax: 'Address cannot exceed 200 characters',
    cityRequired: 'City is required',
    cityMin: 'City must be at least 2 characters',
    cityMax: 'City cannot exceed 100 characters',
    postalCodeRequired: 'Postal code is required',
    postalCodeFormat: 'Postal code must be in format XXX XX',
    postalCodeForeign: 'Postal code is not valid',
    descriptionRequired: 'Description is required',
    descriptionMin: 'Description must be at least 20 characters',
    descriptionMax: 'Description cannot exceed 1000 characters',
    termsRequired: 'You must accept the terms',
    invalidCharacter:
      'This field contains an invisible control character or a broken character. Please remove it.',
    orgNumberChecksum: 'Organization number is not valid (check digit)',
    valueRequired: 'This value is required',
    valueWrongType: 'This value has the wrong type',
    valueOutOfRange: 'This value is outside the allowed range',
    valueNotAllowed: 'This value is not one of the allowed ones',
    valueWrongFormat: 'This value is not in the expected format',
    unknownField: 'Unknown field',
    valueInvalid: 'Invalid value',
    requestInvalid: 'Invalid request',
  },
});

const keyByEnglish = new Map(Object.entries(validationMessages.en).map(([key, text]) => [text, key]));

/** The message for a zod issue code that a schema did not word itself. */
const keyByIssueCode: Readonly<Record<string, keyof typeof validationMessages.en>> = {
  invalid_type: 'valueWrongType',
  too_big: 'valueOutOfRange',
  too_small: 'valueOutOfRange',
  invalid_value: 'valueNotAllowed',
  invalid_format: 'valueWrongFormat',
  unrecognized_keys: 'unknownField',
};

/**
 * A zod issue's message in the visitor's language: the schema's own (English) message from the
 * catalogue, else a general message for the issue's code (zod's defaults are English only).
 */
export function localiseIssue(
  locale: Locale,
  issue: { message: string; code: string; missing?: boolean },
): string {
  const key = keyByEnglish.get(issue.message) as keyof typeof validationMessages.sv | undefined;
  if (key) return validationMessages[locale][key];
  if (issue.missing) return validationMessages[locale].valueRequired;
  return validationMessages[locale][keyByIssueCode[issue.code] ?? 'valueInvalid'];
}

/** A schema's (English) validation message in the visitor's language. */
export function localiseValidation(locale: Locale, message: string): string {
  const key = keyByEnglish.get(message) as keyof typeof validationMessages.sv | undefined;
  return key ? validationMessages[locale][key] : message;
}
