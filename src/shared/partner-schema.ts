import { z } from 'zod';

/** A trimmed text field with SPEC §5's messages for too short and too long. */
function text(label: string, min: number, max: number, tooShort: string, tooLong: string) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(min, tooShort)
    .max(max, tooLong);
}

/**
 * The partner application (SPEC §3, rules and messages SPEC §5). One schema for the form
 * (zodResolver) and for POST /api/partner-applications; all values are trimmed.
 */
export const partnerApplicationSchema = z.object({
  companyName: text('Company name', 2, 100, 'Company name must be at least 2 characters', 'Company name cannot exceed 100 characters'),
  orgNumber: z
    .string({ error: 'Organization number is required' })
    .trim()
    .regex(/^\d{6}-\d{4}$/, 'Organization number must be in format XXXXXX-XXXX'),
  contactPerson: text('Contact person', 2, 100, 'Contact person must be at least 2 characters', 'Name cannot exceed 100 characters'),
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .max(255, 'Email cannot exceed 255 characters')
    .pipe(z.email('Invalid email address')),
  phone: text('Phone number', 7, 20, 'Phone number must be at least 7 characters', 'Phone number cannot exceed 20 characters'),
  address: text('Address', 5, 200, 'Address must be at least 5 characters', 'Address cannot exceed 200 characters'),
  city: text('City', 2, 100, 'City must be at least 2 characters', 'City cannot exceed 100 characters'),
  postalCode: z
    .string({ error: 'Postal code is required' })
    .trim()
    .regex(/^\d{3} ?\d{2}$/, 'Postal code must be in format XXX XX'),
  businessDescription: text(
    'Description',
    20,
    1000,
    'Description must be at least 20 characters',
    'Description cannot exceed 1000 characters',
  ),
  terms: z.boolean({ error: 'You must accept the terms' }).refine((accepted) => accepted, 'You must accept the terms'),
});

/** What the form holds (before trimming). */
export type PartnerApplicationInput = z.input<typeof partnerApplicationSchema>;
/** What the server stores (trimmed). */
export type PartnerApplication = z.output<typeof partnerApplicationSchema>;
