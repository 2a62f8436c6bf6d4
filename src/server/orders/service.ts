import { createHash, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { findProduct, type Product } from '../../shared/catalogue';
import type { OrderRequest } from '../../shared/checkout-schema';
import { countryName } from '../../shared/countries';
import type { Customisation } from '../../shared/customisation';
import {
  milliFromDecimal,
  milliToDecimalString,
  splitVat,
  sumMilli,
  unitPriceToString,
} from '../../shared/money';
import { priceLine } from '../../shared/pricing';
import type { Database } from '../db/client';
import { orders, type StoredOrderLine } from '../db/orders-schema';
import { findMissingUploads } from '../uploads';
import { orderWriterFor } from './order-writer';

export type OrderRow = typeof orders.$inferSelect;

/** A refusal the buyer can act on: status, readable message and optional per-field messages. */
export class OrderError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fieldErrors: Record<string, string> = {},
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

function tokenHash(token: string): string {
  return sha256(token).toString('hex');
}

/** Prices every line on the server (DESIGN §3) and checks products, minimums and customisations. */
function priceLines(request: OrderRequest): {
  lines: StoredOrderLine[];
  fieldErrors: Record<string, string>;
} {
  const fieldErrors: Record<string, string> = {};
  const lines: StoredOrderLine[] = [];
  request.lines.forEach((line, index) => {
    const product: Product | undefined = findProduct(line.productId);
    if (!product) {
      fieldErrors[`lines.${index}.productId`] = `Unknown product: ${line.productId.slice(0, 100)}`;
      return;
    }
    const price = priceLine(product, line.quantity);
    if (!price) {
      fieldErrors[`lines.${index}.quantity`] = `Minimum order is ${product.minQuantity} pcs`;
      return;
    }
    const stored: StoredOrderLine = {
      productId: product.id,
      name: product.name,
      quantity: line.quantity,
      unitPrice: unitPriceToString(price.unitPrice),
      lineTotal: milliToDecimalString(price.lineTotal),
    };
    if (line.customisation) {
      const problem = customisationProblem(product, line.customisation);
      if (problem) {
        fieldErrors[`lines.${index}.customisation`] = problem;
        return;
      }
      stored.customisation = line.customisation;
    }
    lines.push(stored);
  });
  return { lines, fieldErrors };
}

function customisationProblem(product: Product, customisation: Customisation): string | undefined {
  const config = product.customiser;
  if (!config) return `${product.name} cannot be customised`;
  if (!(config.availableColors as readonly string[]).includes(customisation.color)) {
    return `Colour ${customisation.color} is not available for ${product.name}`;
  }
  const sides = new Set<string>(config.availableSides.map((s) => s.id));
  if (customisation.prints.some((p) => !sides.has(p.side)))
    return `Print side is not available for ${product.name}`;
  const methods = customisation.prints.map((p) => p.method);
  if (new Set(methods).size !== methods.length) return 'Each print method can be used once per line';
  return undefined;
}

export interface PlacedOrder {
  orderNumber: string;
  accessToken: string;
  total: string;
  /** false when an earlier request with the same idempotency key already placed it. */
  created: boolean;
}

export interface OrderServiceOptions {
  /** Called after an order commits (the email worker's nudge). */
  onCreated?: () => void;
}

/** Places an order: one transaction stores the order, its invoice number and its outbox emails. */
export async function placeOrder(
  database: Database,
  request: OrderRequest,
  options: OrderServiceOptions = {},
): Promise<PlacedOrder> {
  const { lines, fieldErrors } = priceLines(request);
  if (Object.keys(fieldErrors).length > 0) {
    throw new OrderError(400, Object.values(fieldErrors)[0] ?? 'Invalid order', fieldErrors);
  }
  const uploadIds = lines.flatMap((l) => l.customisation?.prints.map((p) => p.uploadId) ?? []);
  if (uploadIds.length > 0) {
    const missing = await findMissingUploads(database, uploadIds);
    if (missing.length > 0)
      throw new OrderError(400, 'An uploaded print image was not found. Please upload it again.');
  }

  const { customer } = request;
  const requestHash = sha256(JSON.stringify({ customer, lines: request.lines })).toString('hex');
  const accessToken = accessTokenFor(request.idempotencyKey);

  const total = sumMilli(lines.map((l) => milliFromDecimal(l.lineTotal)));
  const { exVat, vat } = splitVat(total);
  const country = countryName(customer.country) ?? customer.country;
  const company = customer.customerType === 'company';

  const inserted = await orderWriterFor(database).write({
    customer_type: customer.customerType,
    customer_name: customer.name,
    customer_email: customer.email,
    customer_phone: customer.phone,
    customer_organization: company ? (customer.companyName ?? null) : null,
    customer_org_number: company ? (customer.orgNumber ?? null) : null,
    customer_personal_number: company ? null : (customer.personalNumber ?? null),
    customer_address: `${customer.address}, ${country}`,
    delivery_address: customer.address,
    country_code: customer.country,
    items: lines,
    total_amount: milliToDecimalString(total),
    ex_vat_amount: milliToDecimalString(exVat),
    vat_amount: milliToDecimalString(vat),
    idempotency_key: idempotencyKeyHash(request.idempotencyKey),
    request_hash: requestHash,
    access_token_hash: tokenHash(accessToken),
  });

  if (!inserted) {
    const existing = await findByIdempotencyKey(database, idempotencyKeyHash(request.idempotencyKey));
    if (!existing) throw new Error('order with this idempotency key vanished');
    return replay(existing, requestHash, accessToken);
  }
  options.onCreated?.();
  return { orderNumber: inserted.order_number, accessToken, total: inserted.total_amount, created: true };
}

async function findByIdempotencyKey(database: Database, key: string) {
  const [row] = await database.db
    .select({
      orderNumber: orders.orderNumber,
      totalAmount: orders.totalAmount,
      requestHash: orders.requestHash,
    })
    .from(orders)
    .where(eq(orders.idempotencyKey, key));
  return row;
}

function replay(
  existing: { orderNumber: string; totalAmount: string; requestHash: string },
  requestHash: string,
  accessToken: string,
): PlacedOrder {
  if (existing.requestHash !== requestHash) {
    throw new OrderError(
      409,
      'This order was already submitted with different details. Please reload the cart and submit again.',
    );
  }
  return { orderNumber: existing.orderNumber, accessToken, total: existing.totalAmount, created: false };
}

export const orderNumberPattern = /^INV-\d{1,19}$/;

/** The order with this number, for callers that checked access themselves (admin). */
export async function findOrderByNumber(database: Database, orderNumber: string): Promise<OrderRow | undefined> {
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
  const row = await findOrderByNumber(database, orderNumber);
  if (!row) return undefined;
  const given = Buffer.from(tokenHash(token), 'hex');
  const stored = Buffer.from(row.accessTokenHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored) ? row : undefined;
}
