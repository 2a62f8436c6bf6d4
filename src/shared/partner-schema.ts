import { z } from 'zod';
import { checkOrgNumber } from './swedish-id';
import { textField } from './text';

/** A trimmed text field (the shared text field) with SPEC §5's messages for too short and too long. */
function text(label: string, min: number, max: number, tooShort: string, tooLong: string) {
  return textField({ required: `${label} is required`, min: [min, tooShort], max: [max, tooLong] });
}

export const orgNumberChecksumMessage = 'Organization number is not valid (check digit)';

/**
 * The partner application (SPEC §3, rules and messages SPEC §5). One schema for the form
 * (zodResolver) and for POST /api/partner-applications; all values are trimmed.
 */
export const partnerApplicationSchema = z.object({
  companyName: text(
    'Company name',
    2,
    100,
    'Company name must be at least 2 characters',
    'Company name cannot exceed 100 characters',
  ),
  orgNumber: textField({
    required: 'Organization number is required',
    max: [20, 'Organization number must be in format XXXXXX-XXXX'],
  })
    .pipe(z.string().regex(/^\d{6}-\d{4}$/, 'Organization number must be in format XXXXXX-XXXX'))
    // The same check digit (Luhn) as checkout's organisation numbers.
    .refine((value) => checkOrgNumber(value) === 'ok', orgNumberChecksumMessage),
  contactPerson: text(
    'Contact person',
    2,
    100,
    'Contact person must be at least 2 characters',
    'Name cannot exceed 100 characters',
  ),
  email: textField({ required: 'Email is required', max: [255, 'Email cannot exceed 255 characters'] }).pipe(
    z.email('Invalid email address'),
  ),
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
    max: [20, 'Postal code must be in format XXX XX'],
  }).pipe(z.string().regex(/^\d{3} ?\d{2}$/, 'Postal code must be in format XXX XX')),
  businessDescription: textField({
    multiline: true,
    required: 'Description is required',
    min: [20, 'Description must be at least 20 characters'],
    max: [1000, 'Description cannot exceed 1000 characters'],
  }),
  terms: z
    .boolean({ error: 'You must accept the terms' })
    .refine((accepted) => accepted, 'You must accept the terms'),
});

/** What the form holds (before trimming). */
export type PartnerApplicationInput = z.input<typeof partnerApplicationSchema>;
/** What the server stores (trimmed). */
export type PartnerApplication = z.output<typeof partnerApplicationSchema>;
