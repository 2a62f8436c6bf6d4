import { z } from 'zod';
import { MAX_LINE_QUANTITY } from './catalogue';
import { countryCodes, countryName } from './countries';
import { customisationSchema } from './customisation-schema';
import { sizeMessages } from './i18n/messages/sizes';
import { describeSplitProblem, readSplit, type SizeSplit } from './sizes';
import { checkEuVatNumber, isOtherEuCountry, normaliseVatNumber, vatPrefix } from './invoicing/vat-number';
import { checkOrgNumber, checkPersonalNumber } from './swedish-id';
import { formatCount } from './money-format';
import { quantityUnit } from './terms';
import { neededByProblem, stockholmToday } from './delivery';
import type { CalendarDate } from './dates';
import { textField } from './text';
import { MAX_PRINT_FILES } from './print-files';
import { printFileMessages } from './i18n/messages/print-files';
import { uploadIdPattern } from './uploads';

/** The customer-visible checkout messages. SPEC §5 words the first four; the rest extend them. */
export const checkoutMessages = {
  fillAll: 'Please fill in all fields',
  company: 'Please fill in company name and organization number',
  personal: 'Please fill in personal ID number',
  emptyCart: 'Cart is empty',
  email: 'Please enter a valid email address',
  country: 'Please choose a country from the list',
  customerType: 'Please choose Individual or Company',
  orgFormat: 'Organization number must be in format XXXXXX-XXXX',
  orgChecksum: 'Organization number is not valid (check digit)',
  personalFormat: 'Personal ID number must be in format ÅÅÅÅMMDD-XXXX',
  personalChecksum: 'Personal ID number is not valid (check digit)',
  tooLong: (field: string, max: number) => `${field} cannot exceed ${max} characters`,
  quantity: 'Quantity must be a whole number of at least 1',
  quantityTooLarge: `Quantity cannot exceed ${formatCount(MAX_LINE_QUANTITY)} ${quantityUnit.en}`,
  product: 'Unknown product',
  idempotencyKey: 'Invalid idempotency key',
  vatNumberPrefix: (prefix: string) => `VAT number must start with ${prefix}`,
  vatNumberFormat: (country: string) => `VAT number does not have the format of ${country}`,
  vatNumberChecksum: 'VAT number is not valid (check digit)',
  vatNumberCharacters: 'VAT number may contain only letters, digits, spaces, dots and dashes',
  billingAddress: 'Please fill in the billing address',
  neededByFormat: 'Needed-by date must be a date written YYYY-MM-DD',
  neededByPast: 'Needed-by date cannot be in the past',
  neededByTooFar: 'Needed-by date must be within two years',
} as const;

const m = checkoutMessages;

/**
 * Trimmed text with a length limit (the shared text field: control characters, NUL and broken
 * characters refused); anything missing counts as empty.
 */
const text = (label: string, max: number, multiline = false) =>
  z.preprocess(
    (value) => (value === undefined || value === null ? '' : value),
    textField({ multiline, required: m.fillAll, max: [max, m.tooLong(label, max)] }),
  );

export const customerTypes = ['personal', 'company'] as const;
export type CustomerType = (typeof customerTypes)[number];

const customerShape = z.object(
  {
    customerType: z.enum(customerTypes, { error: m.customerType }),
    name: text('Name', 100),
    companyName: text('Company name', 100),
    orgNumber: text('Organization number', 20),
    personalNumber: text('Personal ID number', 20),
    email: text('Email', 255),
    phone: text('Phone number', 30),
    country: z.enum(countryCodes, { error: m.country }),
    address: text('Address', 300, true),
    /** Companies outside Sweden; a valid one from another EU country means reverse charge. */
    vatNumber: text('VAT number', 20),
    /** "Er referens" / purchase order number (optional), printed on the invoice. */
    buyerReference: text('Your reference', 60),
    /** Unticked (or missing): the invoice goes to the delivery address. */
    separateBilling: z.boolean({ error: m.fillAll }).optional(),
    billingAddress: text('Billing address', 300, true),
  },
  { error: m.fillAll },
);

/**
 * The checkout form (react-hook-form + zodResolver) and the customer part of POST /api/orders.
 * Messages go on the field they are about; company/personal fields are dropped for the other type.
 */
export const customerSchema = customerShape
  .superRefine((c, ctx) => {
    for (const field of ['name', 'email', 'phone', 'address'] as const) {
      if (c[field] === '') ctx.addIssue({ code: 'custom', path: [field], message: m.fillAll });
    }
    if (c.email !== '' && !z.email().safeParse(c.email).success) {
      ctx.addIssue({ code: 'custom', path: ['email'], message: m.email });
    }
    if (c.customerType === 'company') {
      if (c.companyName === '') ctx.addIssue({ code: 'custom', path: ['companyName'], message: m.company });
      if (c.orgNumber === '') ctx.addIssue({ code: 'custom', path: ['orgNumber'], message: m.company });
      else if (c.country === 'SE') {
        const check = checkOrgNumber(c.orgNumber);
        if (check !== 'ok') {
          ctx.addIssue({
            code: 'custom',
            path: ['orgNumber'],
            message: check === 'format' ? m.orgFormat : m.orgChecksum,
          });
        }
      }
    } else if (c.customerType === 'personal') {
      if (c.personalNumber === '')
        ctx.addIssue({ code: 'custom', path: ['personalNumber'], message: m.personal });
      else if (c.country === 'SE') {
        const check = checkPersonalNumber(c.personalNumber);
        if (check !== 'ok') {
          ctx.addIssue({
            code: 'custom',
            path: ['personalNumber'],
            message: check === 'format' ? m.personalFormat : m.personalChecksum,
          });
        }
      }
    }
    if (c.customerType === 'company' && c.country !== 'SE' && c.vatNumber !== '') {
      if (!/^[A-Za-z0-9 .-]+$/.test(c.vatNumber)) {
        ctx.addIssue({ code: 'custom', path: ['vatNumber'], message: m.vatNumberCharacters });
      } else if (isOtherEuCountry(c.country)) {
        const check = checkEuVatNumber(c.vatNumber, c.country);
        if (check !== 'ok') {
          const message =
            check === 'prefix'
              ? m.vatNumberPrefix(vatPrefix(c.country))
              : check === 'format'
                ? m.vatNumberFormat(countryName(c.country) ?? c.country)
                : m.vatNumberChecksum;
          ctx.addIssue({ code: 'custom', path: ['vatNumber'], message });
        }
      }
    }
    if (c.separateBilling === true && c.billingAddress === '') {
      ctx.addIssue({ code: 'custom', path: ['billingAddress'], message: m.billingAddress });
    }
  })
  .transform((c) => ({
    customerType: c.customerType,
    name: c.name,
    companyName: c.customerType === 'company' ? c.companyName : '',
    orgNumber: c.customerType === 'company' ? c.orgNumber : '',
    personalNumber: c.customerType === 'personal' ? c.personalNumber : '',
    email: c.email,
    phone: c.phone,
    country: c.country,
    address: c.address,
    vatNumber: c.customerType === 'company' && c.country !== 'SE' ? normaliseVatNumber(c.vatNumber) : '',
    buyerReference: c.buyerReference,
    // Kept in the output, so the order the browser sends (this output) parses the same on the server.
    separateBilling: c.separateBilling === true,
    billingAddress: c.separateBilling === true ? c.billingAddress : '',
  }));

/** What the form holds (before validation): every field a string. */
export type CustomerFormValues = z.input<typeof customerShape>;
export type Customer = z.output<typeof customerSchema>;

export const orderLineSchema = z.object({
  productId: textField({ required: m.product, min: [1, m.product], max: [100, m.product] }),
  quantity: z
    .number({ error: m.quantity })
    .int(m.quantity)
    .min(1, m.quantity)
    .max(MAX_LINE_QUANTITY, m.quantityTooLarge),
  customisation: customisationSchema.optional(),
  /** Garments only, summing to quantity: the server checks that against the product (src/shared/sizes.ts). */
  sizes: z
    .unknown()
    .optional()
    .transform((value, ctx): SizeSplit | undefined => {
      if (value === undefined) return undefined;
      const read = readSplit(value);
      if (read.ok) return read.sizes;
      // API messages are English, like the rest of this schema's.
      ctx.addIssue({ code: 'custom', message: describeSplitProblem(sizeMessages.en, read.problem) });
      return z.NEVER;
    }),
});

const neededByMessages = {
  format: m.neededByFormat,
  past: m.neededByPast,
  tooFar: m.neededByTooFar,
} as const;

/**
 * A real calendar date, not before today in Stockholm and at most two years ahead (delivery.ts).
 * Empty means none given; whether the estimate meets it is for the buyer to weigh, never a refusal.
 */
export const neededBySchema = z.preprocess(
  (value) => (value === '' || value === null ? undefined : value),
  z
    .string({ error: m.neededByFormat })
    .max(10, m.neededByFormat)
    .transform((value, ctx): CalendarDate => {
      const problem = neededByProblem(value, stockholmToday());
      if (problem) {
        ctx.addIssue({ code: 'custom', message: neededByMessages[problem] });
        return z.NEVER;
      }
      return value as CalendarDate;
    })
    .optional(),
);

/**
 * POST /api/orders. Never a price: the server prices every line. Unknown keys (a forged `price`,
 * `total`, …) are stripped by zod and never read.
 */
export const orderRequestSchema = z.object(
  {
    idempotencyKey: z.string({ error: m.idempotencyKey }).regex(/^[A-Za-z0-9_-]{16,100}$/, m.idempotencyKey),
    customer: customerSchema,
    lines: z
      .array(orderLineSchema, { error: m.emptyCart })
      .min(1, m.emptyCart)
      .max(200, 'Too many cart lines (at most 200)'),
    /** Optional: the date the buyer needs the goods by, Stockholm calendar date "2026-12-23". */
    neededBy: neededBySchema.optional(),
    /**
     * Ids from POST /api/print-files (or a customiser image of these lines chosen as the print
     * file). Each raster file adds a conversion fee line, priced by the server.
     */
    printFiles: z
      .array(
        z
          .string({ error: printFileMessages.en.unknownFile })
          .regex(uploadIdPattern, printFileMessages.en.unknownFile),
        {
          error: 'printFiles must be a list of print file ids',
        },
      )
      .max(MAX_PRINT_FILES, printFileMessages.en.tooMany({ max: MAX_PRINT_FILES }))
      .optional(),
  },
  { error: 'The request body must be an order object' },
);

export type OrderRequest = z.output<typeof orderRequestSchema>;
export type OrderRequestInput = z.input<typeof orderRequestSchema>;
