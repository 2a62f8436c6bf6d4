import { z } from 'zod';
import { countryCodes } from './countries';
import { checkOrgNumber, normaliseOrgNumber } from './swedish-id';
import { textField } from './text';

/** A trimmed text field (the shared text field) with SPEC §5's messages for too short and too long. */
function text(label: string, min: number, max: number, tooShort: string, tooLong: string) {
  return textField({ required: `${label} is required`, min: [min, tooShort], max: [max, tooLong] });
}

export const orgNumberChecksumMessage = 'Organization number is not valid (check digit)';
const orgNumberFormatMessage = 'Organization number must be in format XXXXXX-XXXX';
const postalCodeFormatMessage = 'Postal code must be in format XXX XX';
export const foreignPostalCodeMessage = 'Postal code is not valid';

/** Swedish postcodes: three digits, an optional space, two digits (SPEC §5). */
const swedishPostalCode = /^\d{3} ?\d{2}$/;
/**
 * A postcode abroad (10115, SW1A 1AA, 1010, D-01067, VLT 1117): letters, digits, spaces and
 * hyphens, 2 to 10 of them, starting with a letter or digit (the value is trimmed).
 */
const foreignPostalCode = /^[\dA-Za-z][\d A-Za-z-]{1,9}$/;

/**
 * The partner application (SPEC §3, rules and messages SPEC §5). One schema for the form
 * (zodResolver) and for POST /api/partner-applications; all values are trimmed.
 */
export const partnerApplicationSchema = z
  .object({
    companyName: text(
      'Company name',
      2,
      100,
      'Company name must be at least 2 characters',
      'Company name cannot exceed 100 characters',
    ),
    // Checked with the country below: a Swedish organisationsnummer (with or without the hyphen,
    // stored with it) or another country's company registration number as the company writes it.
    orgNumber: textField({
      required: 'Organization number is required',
      max: [20, orgNumberFormatMessage],
    }),
    contactPerson: text(
      'Contact person',
      2,
      100,
      'Contact person must be at least 2 characters',
      'Name cannot exceed 100 characters',
    ),
    email: textField({
      required: 'Email is required',
      max: [255, 'Email cannot exceed 255 characters'],
    }).pipe(z.email('Invalid email address')),
    phone: text(
      'Phone number',
      7,
      20,
      'Phone number must be at least 7 characters',
      'Phone number cannot exceed 20 characters',
    ),
    address: text(
      'Address',
      5,
      200,
      'Address must be at least 5 characters',
      'Address cannot exceed 200 characters',
    ),
    city: text('City', 2, 100, 'City must be at least 2 characters', 'City cannot exceed 100 characters'),
    postalCode: textField({
      required: 'Postal code is required',
      max: [20, postalCodeFormatMessage],
    }),
    /** Where the company is (ISO 3166-1 alpha-2, the checkout's list); Sweden unless said. */
    country: z.enum(countryCodes).default('SE'),
    businessDescription: textField({
      multiline: true,
      required: 'Description is required',
      min: [20, 'Description must be at least 20 characters'],
      max: [1000, 'Description cannot exceed 1000 characters'],
    }),
    terms: z
      .boolean({ error: 'You must accept the terms' })
      .refine((accepted) => accepted, 'You must accept the terms'),
  })
  .superRefine((application, ctx) => {
    const issue = (path: 'orgNumber' | 'postalCode', message: string) =>
      ctx.addIssue({ code: 'custom', path: [path], message });
    // An empty field gets the format message too (SPEC §5 shows it for an empty form).
    if (application.country === 'SE') {
      const org = checkOrgNumber(application.orgNumber);
      if (org === 'format') issue('orgNumber', orgNumberFormatMessage);
      // The same check digit (Luhn) as checkout's organisation numbers.
      else if (org === 'checksum') issue('orgNumber', orgNumberChecksumMessage);
      if (!swedishPostalCode.test(application.postalCode)) issue('postalCode', postalCodeFormatMessage);
    } else if (!foreignPostalCode.test(application.postalCode)) {
      issue('postalCode', foreignPostalCodeMessage);
    }
  })
  // "5560360793" and "556036 0793" are stored as 556036-0793: one spelling for the admin's list.
  .transform((application) => {
    const normalised = application.country === 'SE' ? normaliseOrgNumber(application.orgNumber) : null;
    return normalised ? { ...application, orgNumber: normalised } : application;
  });

/** What the form holds (before trimming). */
export type PartnerApplicationInput = z.input<typeof partnerApplicationSchema>;
/** What the server stores (trimmed). */
export type PartnerApplication = z.output<typeof partnerApplicationSchema>;
