import { z } from 'zod';
import { MAX_LINE_QUANTITY } from './catalogue';
import { countryCodes } from './countries';
import { customisationSchema } from './customisation-schema';
import { checkOrgNumber, checkPersonalNumber } from './swedish-id';

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
  quantityTooLarge: `Quantity cannot exceed ${MAX_LINE_QUANTITY.toLocaleString('en-US')} pcs`,
  product: 'Unknown product',
  idempotencyKey: 'Invalid idempotency key',
} as const;

const m = checkoutMessages;

// Control characters never belong in a name or number (they could break email headers); an address keeps its line breaks.
// eslint-disable-next-line no-control-regex -- finding control characters is this pattern's purpose
const controlChars = /[\u0000-\u0008\u000b-\u001f\u007f]/g; // keeps \t and \n, drops \r
const lineBreaks = /[\r\n\t]+/g;

/** Trimmed text with a length limit; anything that is not a string counts as empty. */
const text = (label: string, max: number, multiline = false) =>
  z.preprocess(
    (value) => {
      if (value === undefined || value === null) return '';
      if (typeof value !== 'string') return value;
      const clean = value.replace(controlChars, '');
      return (multiline ? clean : clean.replace(lineBreaks, ' ')).trim();
    },
    z.string({ error: m.fillAll }).max(max, m.tooLong(label, max)),
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
  }));

/** What the form holds (before validation): every field a string. */
export type CustomerFormValues = z.input<typeof customerShape>;
export type Customer = z.output<typeof customerSchema>;

export const orderLineSchema = z.object({
  productId: z.string({ error: m.product }).min(1, m.product).max(100, m.product),
  quantity: z
    .number({ error: m.quantity })
    .int(m.quantity)
    .min(1, m.quantity)
    .max(MAX_LINE_QUANTITY, m.quantityTooLarge),
  customisation: customisationSchema.optional(),
});

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
  },
  { error: 'The request body must be an order object' },
);

export type OrderRequest = z.output<typeof orderRequestSchema>;
export type OrderRequestInput = z.input<typeof orderRequestSchema>;
