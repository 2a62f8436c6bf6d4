import { createHash, timingSafeEqual } from 'node:crypto';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { Product } from '@/shared/catalogue';
import type { Customer, OrderRequest } from '@/shared/checkout-schema';
import { countryName } from '@/shared/countries';
import type { Customisation } from '@/shared/customisation';
import { largestFittingScale, printFit, printWidthOnArea, sideAreaCm } from '@/shared/print-fit';
import { printSideWords } from '@/shared/print-options';
import {
  invoiceAmounts,
  ossRateTenths,
  vatTreatmentFor,
  type VatTreatment,
} from '@/shared/invoicing/vat-treatment';
import {
  MILLI_PER_KR,
  milliFromDecimal,
  milliToDecimalString,
  toOre,
  unitPriceToString,
} from '@/shared/money';
import { stockholmDate } from '@/shared/dates';
import { isOtherEuCountry } from '@/shared/invoicing/vat-number';
import { priceLines, quantityProblem } from '@/shared/pricing';
import { effectiveOptions, normaliseOptions, optionsProblem } from '@/shared/product-options';
import { describeOptionsProblem, productOptionMessages } from '@/shared/i18n/messages/product-options';
import { sizeMessages } from '@/shared/i18n/messages/sizes';
import { describeSplitProblem, hasSizes, splitProblem } from '@/shared/sizes';
import { groupLineProblem, personalisationOffered, sortGarments } from '@/shared/group-orders';
import { describeGroupLineProblem } from '@/shared/i18n/messages/group-orders';
import type { Database } from '@/server/db/client';
import { checkVies, type ViesSettings } from './vies';
import { orders, type StoredOrderLine } from '@/server/db/orders-schema';
import { findMissingUploads } from '@/server/uploads';
import { accessTokenHash, isOrderLinkToken } from './links';
import { queryRows } from '@/server/db/query-rows';
import { orderWriterFor, type NewOrderRow } from './order-writer';
import { imagesOfOtherBuyers, ordersOfAddressSql } from './reuse';
import { printFileMessages } from '@/shared/i18n/messages/print-files';
import { checkoutValidationMessages } from '@/shared/i18n/messages/checkout-validation';
import { quantityProblemText } from '@/shared/i18n/messages/products';
import { productName } from '@/shared/i18n/messages/product-names';
import { colourName } from '@/shared/i18n/messages/colours';
import type { Locale } from '@/shared/i18n/locale';
import { checkPrintFiles, conversionFeeLine, type ClaimedPrintFile } from '@/server/print-files';
import { checkoutInvoiceSnapshot } from '@/server/ledger';
import type { SellerDetails } from '@/server/config';
import { mayInvoiceIn, type InvoiceCurrencyRate } from '@/shared/invoicing/invoice-currency';
import type { OrderThrottle } from '@/server/http/request-limits';
import { takeAllowancesInTurn, type Allowance } from '@/server/http/throttle';

export type OrderRow = typeof orders.$inferSelect;

/** A refusal the buyer can act on: status, readable message and optional per-field messages. */
export class OrderError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fieldErrors: Record<string, string> = {},
    /** A throttle's refusal (429): seconds until the buyer may order again (Retry-After). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'OrderError';
  }
}

function sha256(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/**
 * The buyer's access token for an order, derived from the idempotency key only the buyer's browser
 * knows (a random UUID): a retried request gets the same working token back, and the database
 * holds only its hash.
 */
function accessTokenFor(idempotencyKey: string): string {
  return sha256(`order-access-token\0${idempotencyKey}`).toString('base64url');
}

/**
 * What the database keeps of the idempotency key: its hash. The raw key is the secret the access
 * token is derived from, so a copy of the database (backup, admin export) cannot open orders.
 */
function idempotencyKeyHash(key: string): string {
  return sha256(`idempotency-key\0${key}`).toString('hex');
}

const tokenHash = accessTokenHash;

/**
 * Prices every line on the server (DESIGN §3; one design in several colours at the tier of their
 * combined quantity, pricing.ts) and checks products, minimums, sizes, choices and customisations.
 */
function priceOrderLines(
  request: Pick<OrderRequest, 'lines'>,
  locale: Locale,
  findProduct: (id: string) => Product | undefined,
): {
  lines: StoredOrderLine[];
  fieldErrors: Record<string, string>;
} {
  const fieldErrors: Record<string, string> = {};
  const lines: StoredOrderLine[] = [];
  const t = checkoutValidationMessages[locale];
  const prices = priceLines(request.lines, findProduct);
  request.lines.forEach((line, index) => {
    const product: Product | undefined = findProduct(line.productId);
    if (!product) {
      fieldErrors[`lines.${index}.productId`] = t.unknownProduct({ id: line.productId.slice(0, 100) });
      return;
    }
    // The same rule the cart and the customiser apply, so the server never refuses what they took.
    const refused = quantityProblem(product, line.quantity);
    const price = refused ? undefined : prices[index];
    if (!price) {
      fieldErrors[`lines.${index}.quantity`] = quantityProblemText(
        locale,
        refused ?? { kind: 'minimum', n: product.minQuantity },
      );
      return;
    }
    const sizeProblem = splitProblem(product, line.quantity, line.sizes);
    if (sizeProblem) {
      const sizeTexts = sizeMessages[locale];
      fieldErrors[`lines.${index}.sizes`] = sizeTexts.line({
        n: index + 1,
        name: productName(locale, product),
        problem: describeSplitProblem(sizeTexts, sizeProblem),
      });
      return;
    }
    if (line.customisation) {
      const problem = customisationProblem(product, line.customisation, locale, index);
      if (problem) {
        fieldErrors[`lines.${index}.customisation`] = problem;
        return;
      }
    }
    const optionProblem = optionsProblem(product, line.options, line.customisation);
    if (optionProblem) {
      fieldErrors[`lines.${index}.options`] = productOptionMessages[locale].line({
        n: index + 1,
        name: productName(locale, product),
        problem: describeOptionsProblem(locale, optionProblem),
      });
      return;
    }
    if (line.group) {
      const offered = personalisationOffered(product.personalisationPrices);
      const problem = hasSizes(product)
        ? groupLineProblem(line, line.group, offered)
        : ({ kind: 'sizes' } as const);
      if (problem) {
        fieldErrors[`lines.${index}.group`] = describeGroupLineProblem(locale, problem, index + 1);
        return;
      }
    }
    const stored: StoredOrderLine = {
      productId: product.id,
      name: product.name,
      ...(product.names ? { names: { sv: product.names.sv, en: product.names.en } } : {}),
      quantity: line.quantity,
      unitPrice: unitPriceToString(price.unitPrice),
      lineTotal: milliToDecimalString(price.lineTotal),
    };
    if (line.sizes) stored.sizes = line.sizes;
    if (line.customisation) stored.customisation = line.customisation;
    const options = normaliseOptions(product, effectiveOptions(line.options, line.customisation));
    if (Object.keys(options).length > 0) stored.options = options;
    if (price.combinedWith > 0) stored.tierQuantity = price.tierQuantity;
    if (line.notes) stored.notes = line.notes;
    if (line.group)
      stored.group = {
        personalisation: line.group.personalisation,
        garments: sortGarments(line.group.garments),
      };
    if (product.printAreas && Object.keys(product.printAreas).length > 0)
      stored.printAreas = product.printAreas;
    if (product.mockup) stored.mockup = product.mockup;
    if (product.mockupPicture) stored.mockupPicture = product.mockupPicture;
    lines.push(stored);
  });
  return { lines, fieldErrors };
}

/**
 * One fee line per distinct raster print file, priced here whatever the browser sent. The same
 * bytes uploaded twice (a crest chosen in the hoodie's and the beanie's customiser) are one file
 * converted once, so they are charged once, on the first upload's line.
 */
function conversionFeeLines(files: readonly ClaimedPrintFile[]): StoredOrderLine[] {
  const charged = new Set<string>();
  return files
    .filter((file) => {
      // A file an earlier order of the buyer's paid to convert (a reorder) is converted already.
      if (file.kind !== 'raster' || file.reused || charged.has(file.sha256)) return false;
      charged.add(file.sha256);
      return true;
    })
    .map(conversionFeeLine);
}

function customisationProblem(
  product: Product,
  customisation: Customisation,
  locale: Locale,
  index: number,
): string | undefined {
  const t = checkoutValidationMessages[locale];
  const name = productName(locale, product);
  const config = product.customiser;
  if (!config) return t.notCustomisable({ name });
  if (!config.availableColors.includes(customisation.color)) {
    return t.colourUnavailable({ colour: colourName(locale, customisation.color), name });
  }
  const sides = new Set<string>(config.availableSides.map((s) => s.id));
  if (customisation.prints.some((p) => !sides.has(p.side))) return t.sideUnavailable({ name });
  // One print per method and side: screen print on the front and on the back is two prints, each
  // in the tier price (SPEC §4: total = quantity × the tier's unit price; no price per print).
  const seen = new Set<string>();
  for (const print of customisation.prints) {
    const key = `${print.method}:${print.side}`;
    if (seen.has(key))
      return t.methodOncePerSide({ name, side: printSideWords[locale][print.side].definite });
    seen.add(key);
  }
  // A print no larger than its side's print area (the width its scale gives, as the customiser shows).
  for (const print of customisation.prints) {
    const area = sideAreaCm(product, print.side);
    if (!area) continue;
    const fit = printFit(area, print.scale);
    if (fit.fits) continue;
    return t.printTooLarge({
      n: index + 1,
      name,
      side: printSideWords[locale][print.side].definite,
      width: formatCm(fit.widthCm),
      area: formatCm(area.widthCm),
      max: formatCm(printWidthOnArea(area.widthCm, largestFittingScale(area))),
    });
  }
  return undefined;
}

const formatCm = (n: number) => new Intl.NumberFormat('sv-SE', { maximumFractionDigits: 1 }).format(n);

export interface PlacedOrder {
  orderNumber: string;
  accessToken: string;
  total: string;
  /** The VAT rule the order has (after VIES: an unregistered VAT number gets Swedish VAT). */
  vatTreatment: VatTreatment;
  /** false when an earlier request with the same idempotency key already placed it. */
  created: boolean;
}

export interface OrderServiceOptions {
  /** Called after an order commits (the email worker's nudge). */
  onCreated?: () => void;
  /** Largest total the buyer may pay, in whole kronor, and the refusal's message (ORDER_MAX_TOTAL_SEK). */
  maxTotal?: { kr: number; message: string };
  /** The language of the refusals (the request's); English when not given. */
  locale?: Locale;
  /** The seller's details as the order's invoice is issued with them (stored with the order). */
  seller: SellerDetails;
  /** The catalogue the order is priced from: the database's, as the server's catalogue module has it. */
  findProduct: (id: string) => Product | undefined;
  /** VIES (VIES_URL): an EU company's VAT number is asked there; undefined checks the format only. */
  vies?: ViesSettings;
  /** The EUR rate of the moment, for an order invoiced in EUR (undefined: EUR is refused). */
  invoiceRate?: () => Promise<InvoiceCurrencyRate>;
  /** The buyer's order allowances (request-limits.ts); undefined places orders unthrottled. */
  throttle?: OrderThrottle;
  /**
   * Whether an EU distance sale of this many öre without VAT is taxed in the buyer's country (OSS:
   * the shop opted in, or its distance sales pass the threshold with it; distance-sales.ts).
   * Undefined: Swedish VAT, as below the threshold.
   */
  distanceSalesInBuyerCountry?: (netOre: number) => Promise<boolean>;
  /**
   * The orders whose files (print files, customiser images) an order placed with this address may
   * use again, as a subquery of ids: the account's rule (its company's orders too, decision 0077).
   * Undefined: the address's own orders (ordersOfAddressSql, decision 0050).
   */
  reusableOrders?: (email: string) => SQL;
}

function throttled(throttle: OrderThrottle, taken: readonly Allowance[]): OrderError | undefined {
  const refusal = throttle.refusal(taken);
  return refusal && new OrderError(429, refusal.message, {}, refusal.retryAfterSeconds);
}

/** What a checkout's (or a quote's) lines cost: priced lines, the VAT rule and the amounts. */
export interface PricedCheckout {
  lines: StoredOrderLine[];
  /** The VAT rule (after VIES: an unregistered VAT number gets Swedish VAT). */
  vatTreatment: VatTreatment;
  /** VIES's answer, when it was asked. */
  vies: Awaited<ReturnType<typeof checkVies>> | undefined;
  invoiceCurrency: 'SEK' | 'EUR';
}

/** What pricing needs of a checkout: its customer, lines and invoice currency. */
export type CheckoutPricingRequest = Pick<OrderRequest, 'customer' | 'lines' | 'invoiceCurrency'>;

/**
 * Prices a checkout's lines and decides its VAT rule, exactly as placing the order does: the one
 * pricing path of checkout and quotes (a quote shows what the order would cost). Refuses (OrderError)
 * unknown products, quantities, sizes, choices, a currency the buyer may not invoice in, and a total
 * above ORDER_MAX_TOTAL_SEK. `beforeVies` runs before VIES is asked (a throttle), only when it is.
 */
export async function priceCheckout(
  request: CheckoutPricingRequest,
  options: Pick<
    OrderServiceOptions,
    'locale' | 'findProduct' | 'vies' | 'invoiceRate' | 'maxTotal' | 'distanceSalesInBuyerCountry'
  > & {
    beforeVies?: () => Promise<void>;
  },
): Promise<PricedCheckout> {
  const locale = options.locale ?? 'en';
  const t = checkoutValidationMessages[locale];
  const { lines, fieldErrors } = priceOrderLines(request, locale, options.findProduct);
  if (Object.keys(fieldErrors).length > 0) {
    throw new OrderError(400, Object.values(fieldErrors)[0] ?? t.invalidOrder, fieldErrors);
  }
  const { customer } = request;
  const invoiceCurrency = request.invoiceCurrency ?? 'SEK';
  if (
    !mayInvoiceIn(invoiceCurrency, customer.country) ||
    (invoiceCurrency !== 'SEK' && !options.invoiceRate)
  ) {
    throw new OrderError(400, t.invoiceCurrencySweden, { invoiceCurrency: t.invoiceCurrencySweden });
  }
  // The server decides the VAT rule (never the browser): Swedish VAT, reverse charge or export.
  // A well-formed EU VAT number is asked at VIES: one it says is not registered gets Swedish VAT
  // (the cart said so before ordering); no answer leaves the number's format to decide, unverified.
  let vatTreatment = vatTreatmentFor(customer);
  const askVies = vatTreatment === 'reverse_charge' ? options.vies : undefined;
  if (askVies) await options.beforeVies?.();
  const vies = askVies ? await checkVies(askVies, customer.vatNumber) : undefined;
  if (vies?.status === 'invalid') vatTreatment = 'domestic';
  const lineTotals = lines.map((l) => milliFromDecimal(l.lineTotal));
  // An EU distance sale (Swedish VAT so far, a buyer in another EU country) is taxed in the buyer's
  // country once the year's distance sales pass 99 680 kr with it, or when the shop opted in
  // (Mervärdesskattelagen 2023:200 6 kap. 62–64 §§: from the very sale that passes it).
  if (
    vatTreatment === 'domestic' &&
    isOtherEuCountry(customer.country) &&
    options.distanceSalesInBuyerCountry &&
    (await options.distanceSalesInBuyerCountry(toOre(invoiceAmounts(lineTotals, 'domestic').net)))
  ) {
    vatTreatment = 'oss';
  }
  const goods = invoiceAmounts(lineTotals, vatTreatment, ossRateToday(vatTreatment, customer.country));
  // Checked before anything is claimed or written: an absurd order stores nothing.
  if (options.maxTotal && goods.total > options.maxTotal.kr * MILLI_PER_KR) {
    throw new OrderError(400, options.maxTotal.message);
  }
  return { lines, vatTreatment, vies, invoiceCurrency };
}

/** The OSS rate of an order placed today (its invoice is issued today, at that day's rate). */
function ossRateToday(treatment: VatTreatment, country: string): number | null {
  return ossRateTenths(treatment, country, stockholmDate(new Date()));
}

/** Places an order: one transaction stores the order, its invoice number and its outbox emails. */
export async function placeOrder(
  database: Database,
  request: OrderRequest,
  options: OrderServiceOptions,
): Promise<PlacedOrder> {
  const locale = options.locale ?? 'en';
  const t = checkoutValidationMessages[locale];
  const { customer } = request;
  // The allowances are taken with the order, in its statement, except before a question to VIES:
  // a flood of orders must not become a flood of requests to the EU's service.
  const { throttle } = options;
  let askedVies = false;
  const { lines, vatTreatment, vies, invoiceCurrency } = await priceCheckout(request, {
    ...options,
    beforeVies: async () => {
      askedVies = true;
      if (!throttle) return;
      const refused = throttled(throttle, await takeAllowancesInTurn(database.db, throttle.allowances));
      if (refused) throw refused;
    },
  });
  const uploadIds = lines.flatMap((l) => l.customisation?.prints.map((p) => p.uploadId) ?? []);
  // Only checked here: the statement that stores the order claims the uploads, so a refused order
  // (400 here or below, 409 on a reused key) leaves them unclaimed to expire.
  if (uploadIds.length > 0 && (await findMissingUploads(database, uploadIds)).length > 0) {
    throw new OrderError(400, t.uploadMissing);
  }
  const keyHash = idempotencyKeyHash(request.idempotencyKey);
  const reusable = (options.reusableOrders ?? ordersOfAddressSql)(customer.email);
  // An image an earlier order prints is that buyer's: another buyer gets the same words as for an
  // image that is not there, so a guessed id learns nothing (decision 0077).
  if (
    uploadIds.length > 0 &&
    (await imagesOfOtherBuyers(database.db, uploadIds, keyHash, reusable)).length > 0
  ) {
    throw new OrderError(400, t.uploadMissing);
  }

  // Without a needed-by date or print files the hash is what it was before those fields existed
  // (undefined is left out).
  const { neededBy } = request;
  const listedFiles = request.printFiles ?? [];
  // A line's own print file joins the order's files (once), tied to that line.
  const lineOfFile = new Map<string, number>();
  request.lines.forEach((line, index) => {
    if (line.printFile !== undefined && !lineOfFile.has(line.printFile))
      lineOfFile.set(line.printFile, index);
  });
  const printFileIds = [...listedFiles, ...[...lineOfFile.keys()].filter((id) => !listedFiles.includes(id))];
  const requestHash = sha256(
    JSON.stringify({
      customer,
      lines: request.lines,
      neededBy,
      printFiles: listedFiles.length > 0 ? listedFiles : undefined,
      invoiceCurrency: invoiceCurrency === 'SEK' ? undefined : invoiceCurrency,
    }),
  ).toString('hex');

  const checkedFiles = await checkPrintFiles(database, printFileIds, new Set(uploadIds), keyHash, reusable);
  if (!checkedFiles.ok) {
    const unknownFile = printFileMessages[locale].unknownFile;
    const fieldErrors = Object.fromEntries(
      checkedFiles.problems.map((p) => [`printFiles.${p.index}`, unknownFile]),
    );
    throw new OrderError(400, unknownFile, fieldErrors);
  }
  lines.push(...conversionFeeLines(checkedFiles.files));
  return storeOrder(database, {
    customer,
    lines,
    vatTreatment,
    vies,
    invoiceCurrency,
    neededBy: neededBy ?? null,
    idempotencyKey: request.idempotencyKey,
    requestHash,
    printFiles: checkedFiles.files.map((file, position) => ({
      uploadId: file.id,
      kind: file.kind,
      position,
      lineIndex: lineOfFile.get(file.id) ?? null,
    })),
    uploadIds: [...new Set([...uploadIds, ...checkedFiles.files.map((file) => file.id)])],
    ...(throttle && !askedVies ? { allowances: throttle.allowances } : {}),
    throttle,
    options,
  });
}

/** An accepted quote as an order: its customer, lines and VAT rule exactly as the quote gave them. */
export interface QuotedOrderRequest {
  /** The buyer's key for this acceptance: the same key again answers the same order. */
  idempotencyKey: string;
  customer: Customer;
  /** The quote's stored lines, priced when the quote was made (never priced again). */
  lines: StoredOrderLine[];
  vatTreatment: VatTreatment;
  invoiceCurrency: 'SEK' | 'EUR';
  neededBy: string | null;
  /**
   * The quote and version accepted (or the staff order's body): a reused key with another is
   * refused (409).
   */
  quoteReference: string;
  /** false: the buyer gets no confirmation email (a staff order the buyer is not told of yet). */
  notifyBuyer?: boolean;
}

/**
 * Places the order of an accepted quote through checkout's own writer (invoice number, invoice
 * document, confirmation emails, uploads claimed), at the quote's prices whatever the catalogue
 * says today. Same key again: the same order (created false).
 */
export async function placeQuotedOrder(
  database: Database,
  request: QuotedOrderRequest,
  options: Pick<OrderServiceOptions, 'seller' | 'onCreated' | 'locale' | 'invoiceRate'>,
): Promise<PlacedOrder> {
  const t = checkoutValidationMessages[options.locale ?? 'en'];
  if (request.invoiceCurrency !== 'SEK' && !options.invoiceRate) {
    throw new OrderError(400, t.invoiceCurrencySweden, { invoiceCurrency: t.invoiceCurrencySweden });
  }
  const uploadIds = request.lines.flatMap((l) => l.customisation?.prints.map((p) => p.uploadId) ?? []);
  return storeOrder(database, {
    customer: request.customer,
    lines: request.lines,
    vatTreatment: request.vatTreatment,
    vies: undefined,
    invoiceCurrency: request.invoiceCurrency,
    neededBy: request.neededBy,
    idempotencyKey: request.idempotencyKey,
    requestHash: sha256(`quote\0${request.quoteReference}`).toString('hex'),
    printFiles: [],
    uploadIds: [...new Set(uploadIds)],
    throttle: undefined,
    options: { ...options, findProduct: () => undefined },
    buyerConfirmation: request.notifyBuyer !== false,
  });
}

/**
 * Prices order lines by the checkout's rules (products, tiers, minimums, sizes, choices, prints),
 * without a customer: an order's change keeps the VAT rule it was invoiced under. Refuses with the
 * checkout's own field messages (OrderError 400).
 */
export function priceOrderLinesOnly(
  lines: OrderRequest['lines'],
  options: { locale: Locale; findProduct: (id: string) => Product | undefined },
): StoredOrderLine[] {
  const t = checkoutValidationMessages[options.locale];
  const priced = priceOrderLines({ lines }, options.locale, options.findProduct);
  if (Object.keys(priced.fieldErrors).length > 0)
    throw new OrderError(400, Object.values(priced.fieldErrors)[0] ?? t.invalidOrder, priced.fieldErrors);
  return priced.lines;
}

interface OrderToStore {
  customer: Customer;
  lines: StoredOrderLine[];
  vatTreatment: VatTreatment;
  vies: PricedCheckout['vies'];
  invoiceCurrency: 'SEK' | 'EUR';
  neededBy: string | null;
  idempotencyKey: string;
  requestHash: string;
  printFiles: NewOrderRow['printFiles'];
  uploadIds: readonly string[];
  allowances?: NewOrderRow['allowances'];
  throttle: OrderThrottle | undefined;
  options: OrderServiceOptions;
  buyerConfirmation?: boolean;
}

/** Stores a priced order with its invoice and emails in one statement (order-writer.ts). */
async function storeOrder(database: Database, order: OrderToStore): Promise<PlacedOrder> {
  const { customer, lines, vatTreatment, vies, options, throttle } = order;
  const t = checkoutValidationMessages[options.locale ?? 'en'];
  // What the buyer pays: the goods and the conversion fees, computed as the cart page shows it.
  const amounts = invoiceAmounts(
    lines.map((l) => milliFromDecimal(l.lineTotal)),
    vatTreatment,
    ossRateToday(vatTreatment, customer.country),
  );
  const accessToken = accessTokenFor(order.idempotencyKey);
  const keyHash = idempotencyKeyHash(order.idempotencyKey);

  // Read once, here: the order and each of its documents keep this rate for ever.
  const rate = order.invoiceCurrency === 'EUR' && options.invoiceRate ? await options.invoiceRate() : null;
  const country = countryName(customer.country) ?? customer.country;
  const company = customer.customerType === 'company';

  const row = {
    customerType: customer.customerType,
    customerName: customer.name,
    customerEmail: customer.email,
    customerPhone: customer.phone,
    customerOrganization: company ? (customer.companyName ?? null) : null,
    customerOrgNumber: company ? (customer.orgNumber ?? null) : null,
    customerPersonalNumber: company ? null : (customer.personalNumber ?? null),
    customerAddress: `${customer.address}, ${country}`,
    deliveryAddress: customer.address,
    countryCode: customer.country,
    items: lines,
    totalAmount: milliToDecimalString(amounts.total),
    exVatAmount: milliToDecimalString(amounts.net),
    vatAmount: milliToDecimalString(amounts.vat),
    vatTreatment,
    buyerVatNumber: customer.vatNumber === '' ? null : customer.vatNumber,
    buyerReference: customer.buyerReference === '' ? null : customer.buyerReference,
    purchaseOrderNumber: customer.purchaseOrderNumber === '' ? null : customer.purchaseOrderNumber,
    buyerPeppolId: customer.peppolId === '' ? null : customer.peppolId,
    billingAddress: customer.billingAddress === '' ? null : customer.billingAddress,
    viesStatus: vies?.status ?? null,
    viesName: vies?.name ?? null,
    viesRequestId: vies?.requestIdentifier ?? null,
    viesCheckedAt: vies ? new Date() : null,
    invoiceCurrency: rate,
    neededBy: order.neededBy,
    idempotencyKey: keyHash,
    requestHash: order.requestHash,
    accessTokenHash: tokenHash(accessToken),
  } as const;
  const written = await orderWriterFor(database).write({
    ...row,
    ...(order.printFiles ? { printFiles: order.printFiles } : {}),
    // The invoice is issued with the order, in its statement: stored as it reads today, for ever.
    invoice: checkoutInvoiceSnapshot(row, options.seller),
    uploadIds: order.uploadIds,
    ...(order.allowances ? { allowances: order.allowances } : {}),
    ...(order.buyerConfirmation === false ? { buyerConfirmation: false } : {}),
  });

  if (written.outcome === 'throttled') {
    const refused = throttle && throttled(throttle, written.allowances);
    if (!refused) throw new Error('an order refused by its throttle has no refusal to answer with');
    throw refused;
  }
  if (written.outcome === 'key-used') {
    const existing = await findByIdempotencyKey(database, keyHash);
    if (!existing) throw new Error('order with this idempotency key vanished');
    return replay(existing, order.requestHash, accessToken, t.alreadySubmitted);
  }
  options.onCreated?.();
  return {
    orderNumber: written.order.orderNumber,
    accessToken,
    total: written.order.totalAmount,
    vatTreatment,
    created: true,
  };
}

async function findByIdempotencyKey(database: Database, key: string) {
  const [row] = await database.db
    .select({
      orderNumber: orders.orderNumber,
      totalAmount: orders.totalAmount,
      vatTreatment: orders.vatTreatment,
      requestHash: orders.requestHash,
    })
    .from(orders)
    .where(eq(orders.idempotencyKey, key));
  return row;
}

function replay(
  existing: { orderNumber: string; totalAmount: string; vatTreatment: VatTreatment; requestHash: string },
  requestHash: string,
  accessToken: string,
  conflictMessage: string,
): PlacedOrder {
  if (existing.requestHash !== requestHash) throw new OrderError(409, conflictMessage);
  return {
    orderNumber: existing.orderNumber,
    accessToken,
    total: existing.totalAmount,
    vatTreatment: existing.vatTreatment,
    created: false,
  };
}

export const orderNumberPattern = /^INV-\d{1,19}$/;

/** The order with this number, for callers that checked access themselves (admin). */
export async function findOrderByNumber(
  database: Database,
  orderNumber: string,
): Promise<OrderRow | undefined> {
  if (!orderNumberPattern.test(orderNumber)) return undefined;
  const [row] = await database.db.select().from(orders).where(eq(orders.orderNumber, orderNumber));
  return row;
}

/** The order when the token matches it; undefined otherwise (callers answer 404 either way). */
export async function findOrderForToken(
  database: Database,
  orderNumber: string,
  token: string | undefined,
): Promise<OrderRow | undefined> {
  if (!token || token.length > 200) return undefined;
  if (!orderNumberPattern.test(orderNumber)) return undefined;
  // A wrong token costs the same whether or not the order exists (else the answer's timing tells
  // which numbers do, so when orders were placed): only the id and the token's hash are read
  // until a token matches, a missing order is compared with a hash no token has, and its emailed
  // links are looked up under an id no order has.
  // One row either way: the order's, or the stand-in (id 0, a hash no token has).
  const [candidate] = await queryRows<{ id: number | string; access_token_hash: string }>(
    database.db,
    sql`SELECT id, access_token_hash FROM (
          SELECT id, access_token_hash, 0 AS rank FROM orders WHERE order_number = ${orderNumber}
          UNION ALL SELECT ${NO_ORDER_ID}::bigint, ${NO_ORDER_TOKEN_HASH}, 1) found
        ORDER BY rank LIMIT 1`,
  );
  const id = Number(candidate?.id ?? NO_ORDER_ID);
  const given = Buffer.from(tokenHash(token), 'hex');
  const stored = Buffer.from(candidate?.access_token_hash ?? NO_ORDER_TOKEN_HASH, 'hex');
  const matches = given.length === stored.length && timingSafeEqual(given, stored);
  // Else a link from one of the order's emails (its own random token, see links.ts).
  const opens = matches || (await isOrderLinkToken(database.db, id, token));
  if (id === NO_ORDER_ID || !opens) return undefined;
  const [row] = await database.db.select().from(orders).where(eq(orders.id, id));
  return row;
}

/** What a missing order's token is compared with: a sha256 no token gives (its hex has no 64 zeros). */
const NO_ORDER_TOKEN_HASH = '0'.repeat(64);
/** Order ids start at 1. */
const NO_ORDER_ID = 0;
