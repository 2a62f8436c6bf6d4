import type { ReorderAnswer, ReorderCustomer, ReorderLine } from '@/shared/account';
import { translate } from '@/shared/i18n/define';
import type { Locale } from '@/shared/i18n/locale';
import { accountMessages } from '@/shared/i18n/messages/account';
import { productName } from '@/shared/i18n/messages/product-names';
import { milliFromDecimal } from '@/shared/money';
import type { Product } from '@/shared/catalogue';
import { priceLines } from '@/shared/pricing';
import type { Database } from '@/server/db/client';
import { sql } from 'drizzle-orm';
import { queryRows } from '@/server/db/query-rows';
import { findOrderByNumber, ordersPlacedWith } from '@/server/orders';
import { reusableOrdersSql } from './design-library';
import { orderPrintFiles } from '@/server/print-files';

/**
 * An earlier order's lines as POST /api/orders takes them (issue 43's reorder): the same product,
 * choices, colour, sizes, prints (the same uploads) and print files, never a price: the server
 * prices the new order at today's prices. Lines of products no longer sold are left out, and the
 * notes say so, and where today's price differs from what was paid. Undefined when the order is
 * not one placed with `email` (the caller answers 404 either way).
 */
export async function reorderLines(
  database: Database,
  orderNumber: string,
  email: string,
  find: (id: string) => Product | undefined,
  locale: Locale,
): Promise<ReorderAnswer | undefined> {
  const order = await findOrderByNumber(database, orderNumber);
  if (!order) return undefined;
  const own = order.customerEmail.trim().toLowerCase() === email;
  // A colleague's order of the reader's company may be ordered again with its files, by the rule
  // that lets checkout take them (decision 0077); anyone else's answers as unknown.
  if (!own && !(await mayReuseFilesOf(database, order.id, email))) return undefined;
  const t = translate(accountMessages, locale);
  const files = await orderPrintFiles(database.db, order.id, order.items);
  const wholeOrderFiles = files.filter((file) => file.line === undefined).map((file) => file.id);
  const notes: string[] = [];
  const lines: ReorderLine[] = [];
  const paid: string[] = [];
  order.items.forEach((item, index) => {
    // Fees (a raster file's conversion) and a quote's own lines are not goods to order again.
    if (item.fee !== undefined || item.quoted === 'free') return;
    const name = productName(locale, { id: item.productId, name: item.name, names: item.names });
    if (!find(item.productId)) {
      notes.push(t.noteHidden({ name }));
      return;
    }
    const printFile = files.find((file) => file.line === index)?.id ?? wholeOrderFiles.shift();
    lines.push({
      productId: item.productId,
      quantity: item.quantity,
      ...(item.customisation ? { customisation: item.customisation } : {}),
      ...(item.sizes ? { sizes: item.sizes } : {}),
      ...(item.options ? { options: item.options } : {}),
      ...(item.notes ? { notes: item.notes } : {}),
      ...(printFile ? { printFile } : {}),
    });
    paid.push(item.unitPrice);
  });
  if (wholeOrderFiles.length > 0 && lines[0]) {
    // More order-wide files than lines to carry them: the buyer adds them again in the cart.
    notes.push(
      t.noteFileMissing({ name: productName(locale, { id: lines[0].productId, name: lines[0].productId }) }),
    );
  }
  priceLines(lines, find).forEach((priced, index) => {
    const before = paid[index];
    const line = lines[index];
    if (!line || before === undefined) return;
    if (!priced || priced.unitPrice !== milliFromDecimal(before)) {
      const product = find(line.productId);
      notes.push(t.notePriceChanged({ name: product ? productName(locale, product) : line.productId }));
    }
  });
  const named = new Set(lines.map((line) => line.printFile));
  const printFiles = files
    .filter((file) => named.has(file.id))
    .map(({ id, kind, name, bytes, contentType, width, height }) => ({
      id,
      kind,
      name,
      bytes,
      contentType,
      ...(width !== undefined && height !== undefined ? { width, height } : {}),
    }));
  const customer = own ? checkoutCustomerOf(order) : await colleaguesOrderCustomer(database, order, email);
  return { lines, notes, printFiles, customer };
}

async function mayReuseFilesOf(database: Database, orderId: number, email: string): Promise<boolean> {
  const rows = await queryRows<{ yes: number }>(
    database.db,
    sql`SELECT 1 AS yes WHERE ${orderId} IN ${reusableOrdersSql(email)}`,
  );
  return rows.length > 0;
}

/**
 * A colleague's order starts the form with the company as that order names it (number, address,
 * invoicing) and the reader as the person ordering: their own last order's name and phone, or
 * blank for them to fill in; the colleague's reference and purchase order stay theirs.
 */
async function colleaguesOrderCustomer(
  database: Database,
  order: PlacedOrder,
  email: string,
): Promise<ReorderCustomer> {
  const mine = await lastOrderPlacedWith(database, email);
  return {
    ...checkoutCustomerOf(order),
    name: mine?.customerName ?? '',
    email,
    phone: mine?.customerPhone ?? '',
    personalNumber: '',
    buyerReference: '',
  };
}

type PlacedOrder = NonNullable<Awaited<ReturnType<typeof findOrderByNumber>>>;

/** The newest order placed with the address: whose details a signed-in buyer's form starts from. */
export async function lastOrderPlacedWith(
  database: Database,
  email: string,
): Promise<PlacedOrder | undefined> {
  const [last] = await ordersPlacedWith(database.db, email, 1);
  return last ? findOrderByNumber(database, last.orderNumber) : undefined;
}

/**
 * An order's buyer as the checkout form takes them: what "Order again" and a signed-in buyer's
 * checkout start from. The purchase order number is that order's own; everything else is who the
 * buyer is.
 */
export function checkoutCustomerOf(order: PlacedOrder): ReorderCustomer {
  return {
    customerType: order.customerType,
    name: order.customerName,
    companyName: order.customerOrganization ?? '',
    orgNumber: order.customerOrgNumber ?? '',
    personalNumber: order.customerPersonalNumber ?? '',
    email: order.customerEmail,
    phone: order.customerPhone,
    country: order.countryCode,
    address: order.deliveryAddress,
    vatNumber: order.buyerVatNumber ?? '',
    buyerReference: order.buyerReference ?? '',
    peppolId: order.buyerPeppolId ?? '',
    separateBilling: order.billingAddress !== null,
    billingAddress: order.billingAddress ?? '',
  };
}
