import { randomUUID } from 'node:crypto';
import { count, sql } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import type { StoredOrderLine } from '@/server/db/orders-schema';
import { orders } from '@/server/db/schema';
import { request } from './server';

type NewOrder = typeof orders.$inferInsert;

let sequence = 0;

/**
 * Inserts one order directly (the checkout API is not needed): every column filled, money as exact
 * decimal strings. Answers the stored row's id and order number.
 */
export async function insertTestOrder(
  database: Database,
  overrides: Partial<NewOrder> = {},
): Promise<{ id: number; orderNumber: string }> {
  sequence += 1;
  const seq = overrides.invoiceSeq ?? Date.now() * 1000 + sequence;
  const values: NewOrder = {
    orderNumber: `INV-${seq}`,
    invoiceSeq: seq,
    customerType: 'company',
    customerName: 'Anna Andersson',
    customerEmail: 'anna@example.se',
    customerPhone: '0701234567',
    customerOrganization: 'Exempel AB',
    customerOrgNumber: '556677-8899',
    customerPersonalNumber: null,
    customerAddress: 'Storgatan 1, 111 22 Stockholm, Sweden',
    deliveryAddress: 'Storgatan 1, 111 22 Stockholm',
    countryCode: 'SE',
    items: [
      { productId: 'hoodie', name: 'Hoodie', quantity: 50, unitPrice: '114.375', lineTotal: '5718.75' },
    ],
    totalAmount: '5718.75',
    exVatAmount: '4575.00',
    vatAmount: '1143.75',
    status: 'pending',
    idempotencyKey: randomUUID(),
    requestHash: 'test',
    accessTokenHash: 'test',
    ...overrides,
  };
  const [row] = await database.db
    .insert(orders)
    .values(values)
    .returning({ id: orders.id, orderNumber: orders.orderNumber });
  if (!row) throw new Error('order not inserted');
  return row;
}

/**
 * Inserts `count` orders in one statement. Order i (1-based) totals `i % 997 + 0.25` kr plus
 * `start` and is dated i seconds after 2026-01-01, so the expected sums are easy to compute.
 */
export async function insertManyOrders(database: Database, count: number, prefix = 'BULK'): Promise<void> {
  await database.db.execute(sql`
    INSERT INTO orders (order_number, invoice_seq, customer_type, customer_name, customer_email, customer_phone,
      customer_organization, customer_org_number, customer_address, delivery_address, country_code, items,
      total_amount, ex_vat_amount, vat_amount, status, order_date, idempotency_key, request_hash, access_token_hash)
    SELECT ${prefix} || '-' || i, 9000000000000 + i + (SELECT coalesce(max(invoice_seq), 0) FROM orders), 'personal',
      'Kund ' || i, 'kund' || i || '@example.se', '070000' || i, NULL, NULL, 'Gatan ' || i || ', Sweden', 'Gatan ' || i, 'SE',
      '[{"productId":"mossa","name":"Beanie","quantity":25,"unitPrice":"175","lineTotal":"4375.00"}]'::jsonb,
      (i % 997) + 0.25, 0, 0, 'pending', timestamptz '2026-01-01' + i * interval '1 second',
      ${prefix} || '-' || i || '-' || gen_random_uuid(), 'test', 'test'
    FROM generate_series(1, ${count}) AS i`);
}

/** A valid private buyer for POST /api/orders (the checkout form's fields). */
export const testCustomer = {
  customerType: 'personal',
  name: 'Anna Andersson',
  personalNumber: '19811218-9876',
  email: 'anna@example.se',
  phone: '070-123 45 67',
  country: 'SE',
  address: 'Storgatan 1, 111 22 Stockholm',
};

/** A private buyer in Germany: Swedish VAT 25 % (a distance sale below the EU threshold). */
export const germanPerson = {
  ...testCustomer,
  country: 'DE',
  personalNumber: 'DE-1234',
  address: 'Hauptstraße 5\n10115 Berlin',
};

/** A private buyer in Germany without a personal number: German VAT once the shop takes part in OSS. */
export const germanIndividual = {
  ...testCustomer,
  name: 'Erika Mustermann',
  country: 'DE',
  personalNumber: '',
  address: 'Hauptstraße 7\n10115 Berlin',
};

/** A German company with a VAT number VIES confirms: no Swedish VAT (reverse charge). */
export const germanCompany = {
  ...testCustomer,
  customerType: 'company',
  companyName: 'Beispiel GmbH',
  orgNumber: 'HRB 12345',
  personalNumber: '',
  country: 'DE',
  address: 'Hauptstraße 5\n10115 Berlin',
  vatNumber: 'DE 136 695 976',
};

/** A Swedish company with a Peppol address: each of its documents has an e-invoice. */
export const peppolClub = {
  ...testCustomer,
  customerType: 'company',
  companyName: 'IK Kamraterna',
  orgNumber: '556677-8899',
  personalNumber: '',
  buyerReference: 'Kassören',
  peppolId: '0007:5566778899',
};

/** 50 hoodies (5 718,75 kr) + 300 coupon booklets (6 900 kr), VAT-inclusive: 12 618,75 kr. */
export const hoodiesAndBooklets = [
  { productId: 'hoodie', quantity: 50, sizes: { M: 30, L: 20 }, options: { colour: 'navy' } },
  { productId: 'kuponghäfte', quantity: 300, options: { bookletSize: 'a6', pages: '10', coupons: '1' } },
];

/** A valid checkout body; `i` varies the quantities so orders differ in lines and total. */
export function checkoutBody(idempotencyKey: string, i = 0) {
  return {
    idempotencyKey,
    customer: testCustomer,
    lines: [
      {
        productId: 'hoodie',
        quantity: 20 + (i % 40),
        sizes: { S: 10, M: 10 + (i % 40) },
        options: { colour: 'navy' },
      },
      { productId: 'mossa', quantity: 25 + (i % 7), options: { colour: 'navy' } },
    ],
  };
}

/** An exact decimal kronor string ('5718.75') as an integer number of öre. */
export function oreFromDecimal(amount: string): number {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(amount);
  if (!match?.[1]) throw new Error(`not a kronor amount: ${amount}`);
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** A stored hoodie line at 96 kr in one colour; its quantity is the sum of its sizes. */
export function storedHoodieLine(
  colour: string,
  sizes: StoredOrderLine['sizes'],
  extra: Partial<StoredOrderLine> = {},
): StoredOrderLine {
  const quantity = Object.values(sizes ?? {}).reduce((a, b) => a + (b ?? 0), 0);
  return {
    productId: 'hoodie',
    name: 'Hoodie',
    quantity,
    unitPrice: '96',
    lineTotal: (quantity * 96).toFixed(2),
    sizes,
    options: { colour },
    ...extra,
  };
}

/** A DTG print on the front at 0,3 of full size: 13,4 cm wide on the hoodie's 28 cm print area. */
export const frontPrint = {
  method: 'dtg' as const,
  uploadId: 'abcdefgh12345678',
  side: 'front' as const,
  x: 50,
  y: 40,
  scale: 0.3,
};

/** A checkout line in black with one upload printed as {@link frontPrint} is, at `scale`. */
export function frontPrintedLine(
  line: { productId: string; quantity: number; sizes?: Record<string, number> },
  uploadId: string,
  scale: number,
) {
  return {
    ...line,
    customisation: { color: 'black', prints: [{ ...frontPrint, uploadId, scale }], additionalInfo: '' },
  };
}

/** POST /api/orders with these lines for the test customer, under a fresh idempotency key. */
export function postOrderLines<T>(
  server: { url: string },
  lines: unknown[],
  headers: Record<string, string> = {},
) {
  return request<T>(server, '/api/orders', {
    method: 'POST',
    headers,
    json: { idempotencyKey: `lines-${randomUUID()}`, customer: testCustomer, lines },
  });
}

/** How many orders the database holds (a refused request must leave it unchanged). */
export async function countOrders(database: Database): Promise<number> {
  const [row] = await database.db.select({ n: count() }).from(orders);
  return row?.n ?? 0;
}
