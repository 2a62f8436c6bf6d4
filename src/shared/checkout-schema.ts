import { z } from 'zod';
import { MAX_LINE_QUANTITY } from './catalogue';
import { countryCodes, countryNameIn, withoutTrailingCountry } from './countries';
import type { Customisation } from './customisation';
import { customerTypes } from './customer-fields';
import { customisationSchema } from './customisation-schema';
import { sizeMessages } from './i18n/messages/sizes';
import { describeSplitProblem, readSplit, type SizeSplit } from './sizes';
import { checkEuVatNumber, isOtherEuCountry, normaliseVatNumber, vatPrefix } from './invoicing/vat-number';
import { formatPeppolIdText, parsePeppolId } from './invoicing/peppol-id';
import {
  checkOrgNumber,
  checkPersonalNumber,
  normaliseOrgNumber,
  normalisePersonalNumber,
} from './swedish-id';
import { neededByProblem, stockholmToday } from './delivery';
import { invoiceCurrencies } from './invoicing/invoice-currency';
import type { CalendarDate } from './dates';
import { textField } from './text';
import {
  MAX_GROUP_ENTRIES,
  MAX_GROUP_GARMENTS,
  MAX_MEMBER_NAME,
  MAX_PRINT_NAME,
  MAX_PRINT_NUMBER,
  type GroupLine,
} from './group-orders';
import { isGarmentSizeCode } from './sizes';
import { MAX_ADDRESS_LINES, strangerTextProblem } from './stranger-text';
import { MAX_PRINT_FILES } from './print-files';
import { printFileMessages } from './i18n/messages/print-files';
import { uploadIdPattern } from './uploads';
import { MAX_LINE_NOTES, MAX_OPTION_LENGTH, optionIds, type LineOptions } from './product-options';
import type { Locale } from './i18n/locale';
import { checkoutValidationMessages } from './i18n/messages/checkout-validation';

export { blankCustomer, customerTypes, type CustomerFormValues, type CustomerType } from './customer-fields';

/**
 * The customer-visible checkout messages in English: SPEC §5 words the first four; the rest extend
 * them. Each language's schemas below take their messages from the same catalogue.
 */
export const checkoutMessages = checkoutValidationMessages.en;

type CheckoutTexts = (typeof checkoutValidationMessages)[Locale];

/**
 * Trimmed text with a length limit (the shared text field: control characters, NUL and broken
 * characters refused); anything missing counts as empty.
 */
function textFieldIn(m: CheckoutTexts) {
  return (field: string, max: number, multiline = false) =>
    z.preprocess(
      (value) => (value === undefined || value === null ? '' : value),
      textField({
        multiline,
        required: m.fillAll,
        max: [max, m.tooLong({ field, max })],
        invalidCharacter: m.invalidCharacter,
      }),
    );
}

/** The customer's fields as the form holds them, before the checks of `customerSchema`. */
function buildCustomerShape(m: CheckoutTexts) {
  const text = textFieldIn(m);
  return z.object(
    {
      customerType: z.enum(customerTypes, { error: m.customerType }),
      name: text(m.fieldName, 100),
      companyName: text(m.fieldCompanyName, 100),
      orgNumber: text(m.fieldOrgNumber, 20),
      personalNumber: text(m.fieldPersonalNumber, 20),
      email: text(m.fieldEmail, 255),
      phone: text(m.fieldPhone, 30),
      country: z.enum(countryCodes, { error: m.country }),
      address: text(m.fieldAddress, 300, true),
      /** Companies outside Sweden; a valid one from another EU country means reverse charge. */
      vatNumber: text(m.fieldVatNumber, 20),
      /** "Er referens" / purchase order number (optional), printed on the invoice. */
      buyerReference: text(m.fieldReference, 60),
      /** The company's purchase order number (optional): the e-invoice's order reference (BT-13). */
      purchaseOrderNumber: text(m.fieldPurchaseOrder, 60),
      /** The company's Peppol participant ID (optional), e.g. 0007:5567321707: its e-invoice address. */
      peppolId: text(m.fieldPeppolId, 60),
      /** Unticked (or missing): the invoice goes to the delivery address. */
      separateBilling: z.boolean({ error: m.fillAll }).optional(),
      billingAddress: text(m.fieldBillingAddress, 300, true),
    },
    { error: m.fillAll },
  );
}

type CustomerFields = z.output<ReturnType<typeof buildCustomerShape>>;

/** Required fields, the email, and the Swedish organisation or personal number. */
function checkCustomerIdentity(c: CustomerFields, ctx: z.RefinementCtx, m: CheckoutTexts) {
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
  } else if (c.customerType === 'personal' && c.country === 'SE') {
    // A personnummer exists only in Sweden: individuals abroad give none (SPEC §5 asks it of
    // the Swedish individuals it was written for).
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
}

/** A company's VAT number and Peppol ID, and the separate billing address. */
function checkCustomerInvoicing(c: CustomerFields, ctx: z.RefinementCtx, m: CheckoutTexts, locale: Locale) {
  if (c.customerType === 'company' && c.country !== 'SE' && c.vatNumber !== '') {
    if (!/^[A-Za-z0-9 .-]+$/.test(c.vatNumber)) {
      ctx.addIssue({ code: 'custom', path: ['vatNumber'], message: m.vatNumberCharacters });
    } else if (isOtherEuCountry(c.country)) {
      const check = checkEuVatNumber(c.vatNumber, c.country);
      if (check !== 'ok') {
        const message =
          check === 'prefix'
            ? m.vatNumberPrefix({ prefix: vatPrefix(c.country) })
            : check === 'format'
              ? m.vatNumberFormat({ country: countryNameIn(locale, c.country) ?? c.country })
              : m.vatNumberChecksum;
        ctx.addIssue({ code: 'custom', path: ['vatNumber'], message });
      }
    }
  }
  if (c.customerType === 'company' && c.peppolId !== '' && !parsePeppolId(c.peppolId)) {
    ctx.addIssue({ code: 'custom', path: ['peppolId'], message: m.peppolIdFormat });
  }
  if (c.separateBilling === true && c.billingAddress === '') {
    ctx.addIssue({ code: 'custom', path: ['billingAddress'], message: m.billingAddress });
  }
}

function checkRepeatedText(c: CustomerFields, ctx: z.RefinementCtx, m: CheckoutTexts) {
  // The confirmation email and the invoice repeat these to the email address typed here, which
  // may be anyone's: no links in them, and an address no longer than an address (stranger-text.ts).
  const company = c.customerType === 'company';
  const repeated = [
    ['name', m.fieldName, true],
    ['phone', m.fieldPhone, true],
    ['address', m.fieldAddress, true],
    ['companyName', m.fieldCompanyName, company],
    ['orgNumber', m.fieldOrgNumber, company],
    ['vatNumber', m.fieldVatNumber, company && c.country !== 'SE'],
    ['buyerReference', m.fieldReference, company],
    ['purchaseOrderNumber', m.fieldPurchaseOrder, company],
    ['billingAddress', m.fieldBillingAddress, c.separateBilling === true],
  ] as const;
  for (const [field, label, kept] of repeated) {
    if (!kept) continue;
    const multiline = field === 'address' || field === 'billingAddress';
    const problem = strangerTextProblem(c[field], multiline ? { maxLines: MAX_ADDRESS_LINES } : {});
    if (problem === 'link') {
      ctx.addIssue({ code: 'custom', path: [field], message: m.noLinks({ field: label }) });
    } else if (problem === 'lines') {
      ctx.addIssue({
        code: 'custom',
        path: [field],
        message: m.tooManyAddressLines({ field: label, max: MAX_ADDRESS_LINES }),
      });
    }
  }
}

/** The customer as the order keeps it: company/personal fields dropped for the other type. */
function normaliseCustomer(c: CustomerFields) {
  return {
    customerType: c.customerType,
    name: c.name,
    companyName: c.customerType === 'company' ? c.companyName : '',
    // A Swedish number is kept in one spelling ("900101-0017" → 19900101-0017, "556016 0680" →
    // 556016-0680), so the invoice, the customer ledger and a search all see the same one.
    orgNumber:
      c.customerType !== 'company'
        ? ''
        : c.country === 'SE'
          ? (normaliseOrgNumber(c.orgNumber) ?? c.orgNumber)
          : c.orgNumber,
    personalNumber:
      c.customerType === 'personal' && c.country === 'SE'
        ? (normalisePersonalNumber(c.personalNumber) ?? c.personalNumber)
        : '',
    email: c.email,
    phone: c.phone,
    country: c.country,
    // "…, Helsinki, Finland" with Finland chosen: the documents add the country once (issue 45).
    address: withoutTrailingCountry(c.address, c.country),
    vatNumber: c.customerType === 'company' && c.country !== 'SE' ? normaliseVatNumber(c.vatNumber) : '',
    // A purchase order number is a company's: the form asks only companies for it.
    buyerReference: c.customerType === 'company' ? c.buyerReference : '',
    purchaseOrderNumber: c.customerType === 'company' ? c.purchaseOrderNumber : '',
    peppolId: c.customerType === 'company' && c.peppolId !== '' ? formatPeppolIdText(c.peppolId) : '',
    // Kept in the output, so the order the browser sends (this output) parses the same on the server.
    separateBilling: c.separateBilling === true,
    billingAddress: c.separateBilling === true ? c.billingAddress : '',
  };
}

function buildCustomerSchemas(locale: Locale, m: CheckoutTexts) {
  const customerShape = buildCustomerShape(m);
  /**
   * The checkout form (react-hook-form + zodResolver) and the customer part of POST /api/orders.
   * Messages go on the field they are about; company/personal fields are dropped for the other type.
   */
  const customerSchema = customerShape
    .superRefine((c, ctx) => {
      checkCustomerIdentity(c, ctx, m);
      checkCustomerInvoicing(c, ctx, m, locale);
      checkRepeatedText(c, ctx, m);
    })
    .transform(normaliseCustomer);
  return { customerShape, customerSchema };
}

function buildOrderLineSchema(locale: Locale, m: CheckoutTexts) {
  const sizeTexts = sizeMessages[locale];
  return z.object({
    productId: textField({
      required: m.product,
      min: [1, m.product],
      max: [100, m.product],
      invalidCharacter: m.invalidCharacter,
    }),
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
        ctx.addIssue({ code: 'custom', message: describeSplitProblem(sizeTexts, read.problem) });
        return z.NEVER;
      }),
    /** The buyer's choices (product-options.ts); the server checks them against the product. */
    options: z
      .record(
        z.string().max(MAX_OPTION_LENGTH, m.invalidOptions),
        z
          .string({ error: m.invalidOptions })
          .min(1, m.invalidOptions)
          .max(MAX_OPTION_LENGTH, m.invalidOptions),
        { error: m.invalidOptions },
      )
      .refine((options) => Object.keys(options).length <= optionIds.length, m.invalidOptions)
      .optional()
      .transform((options): LineOptions | undefined => options),
    /** What the printer should know about this line (placement, thread colour, …). */
    notes: z.preprocess(
      (value) => (value === null ? undefined : value),
      textField({
        multiline: true,
        required: m.invalidNotes,
        max: [MAX_LINE_NOTES, m.tooLong({ field: m.fieldNotes, max: MAX_LINE_NOTES })],
        invalidCharacter: m.invalidCharacter,
      }).optional(),
    ),
    /**
     * A group order's line (src/shared/group-orders.ts): each garment's member, size, name and
     * number; the server checks it against the quantity and sizes and prices its personalisation.
     */
    group: groupLineSchema.optional(),
    /** A print file for this line (an id from POST /api/print-files); it joins the order's files. */
    printFile: z
      .string({ error: printFileMessages[locale].unknownFile })
      .regex(uploadIdPattern, printFileMessages[locale].unknownFile)
      .optional(),
  });
}

function buildNeededBySchema(m: CheckoutTexts) {
  const neededByMessages = {
    format: m.neededByFormat,
    past: m.neededByPast,
    tooFar: m.neededByTooFar,
  } as const;

  /**
   * A real calendar date, not before today in Stockholm and at most two years ahead (delivery.ts).
   * Empty means none given; whether the estimate meets it is for the buyer to weigh, never a refusal.
   */
  return z.preprocess(
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
}

function buildOrderRequestSchema(
  locale: Locale,
  m: CheckoutTexts,
  parts: {
    customerSchema: ReturnType<typeof buildCustomerSchemas>['customerSchema'];
    orderLineSchema: ReturnType<typeof buildOrderLineSchema>;
    neededBySchema: ReturnType<typeof buildNeededBySchema>;
  },
) {
  const { customerSchema, orderLineSchema, neededBySchema } = parts;
  const printFileTexts = printFileMessages[locale];
  /**
   * POST /api/orders. Never a price: the server prices every line. Unknown keys (a forged `price`,
   * `total`, …) are stripped by zod and never read.
   */
  return z.object(
    {
      idempotencyKey: z
        .string({ error: m.idempotencyKey })
        .regex(/^[A-Za-z0-9_-]{16,100}$/, m.idempotencyKey),
      customer: customerSchema,
      lines: z.array(orderLineSchema, { error: m.emptyCart }).min(1, m.emptyCart).max(200, m.tooManyLines),
      /** Optional: the date the buyer needs the goods by, Stockholm calendar date "2026-12-23". */
      neededBy: neededBySchema.optional(),
      /**
       * Ids from POST /api/print-files (or a customiser image of these lines chosen as the print
       * file). Each raster file adds a conversion fee line, priced by the server.
       */
      printFiles: z
        .array(
          z.string({ error: printFileTexts.unknownFile }).regex(uploadIdPattern, printFileTexts.unknownFile),
          { error: m.printFilesList },
        )
        .max(MAX_PRINT_FILES, printFileTexts.tooMany({ max: MAX_PRINT_FILES }))
        .optional(),
      /**
       * The currency of the invoice: SEK (the default) or, for a buyer outside Sweden, EUR at the
       * rate of the moment (src/shared/invoicing/invoice-currency.ts).
       */
      invoiceCurrency: z.enum(invoiceCurrencies, { error: m.invoiceCurrency }).optional(),
    },
    { error: m.notAnOrder },
  );
}

/** Every schema of the checkout, with its messages in one language (see `checkoutSchemas`). */
function buildSchemas(locale: Locale) {
  const m: CheckoutTexts = checkoutValidationMessages[locale];
  const { customerShape, customerSchema } = buildCustomerSchemas(locale, m);
  const orderLineSchema = buildOrderLineSchema(locale, m);
  const neededBySchema = buildNeededBySchema(m);
  const orderRequestSchema = buildOrderRequestSchema(locale, m, {
    customerSchema,
    orderLineSchema,
    neededBySchema,
  });
  return { customerShape, customerSchema, orderLineSchema, neededBySchema, orderRequestSchema };
}

/** The group's part of POST /api/orders' line, as read from a request (checked by groupLineProblem). */
const groupLineSchema: z.ZodType<GroupLine, unknown> = z.object({
  personalisation: z.object({ name: z.boolean(), number: z.boolean() }),
  garments: z
    .array(
      z.object({
        member: z.string().trim().min(1).max(MAX_MEMBER_NAME),
        entry: z.number().int().min(1).max(MAX_GROUP_ENTRIES).optional(),
        size: z.string().refine(isGarmentSizeCode),
        printName: z.string().trim().min(1).max(MAX_PRINT_NAME).optional(),
        printNumber: z.string().trim().min(1).max(MAX_PRINT_NUMBER).optional(),
      }),
    )
    .min(1)
    .max(MAX_GROUP_GARMENTS),
});

const schemasByLocale = { sv: buildSchemas('sv'), en: buildSchemas('en') } as const;

/**
 * The checkout's schemas with their messages in one language: the form validates in the page's
 * language, the server answers POST /api/orders in the request's. Both languages parse alike.
 */
export function checkoutSchemas(locale: Locale): (typeof schemasByLocale)['en'] {
  return schemasByLocale[locale];
}

/** The English schemas (SPEC §5's messages), for callers with no language of their own. */
export const { customerSchema, orderLineSchema, neededBySchema, orderRequestSchema } = schemasByLocale.en;

/**
 * One line as the buyer designed it: the product, how many, and their choices. The cart keeps its
 * lines so, and POST /api/orders takes them so (orderLineSchema), with a print file each.
 */
export interface LineChoices {
  productId: string;
  quantity: number;
  customisation?: Customisation;
  /** Garments: pieces per size. */
  sizes?: SizeSplit;
  /** The buyer's choices (colour, decoration, format). */
  options?: LineOptions;
  /** The buyer's notes to the printer for this line. */
  notes?: string;
}

export type Customer = z.output<typeof customerSchema>;
export type OrderRequest = z.output<typeof orderRequestSchema>;
export type OrderRequestInput = z.input<typeof orderRequestSchema>;
