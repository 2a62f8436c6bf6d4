import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '@/server/db/client';
import { openTestPglite } from '@tests/helpers/server';
import { OrderWriter, type NewOrderRow } from './order-writer';

let database: Database;
let statements = 0;
/** The same database, counting the statements the writer sends. */
let counted: Database;

beforeAll(async () => {
  database = await openTestPglite();
  const execute = database.db.execute.bind(database.db);
  const db = new Proxy(database.db, {
    get(target, property, receiver) {
      if (property !== 'execute') return Reflect.get(target, property, receiver) as unknown;
      return (...args: Parameters<Db['execute']>) => {
        statements += 1;
        return execute(...args);
      };
    },
  });
  counted = { ...database, db };
});
afterAll(() => database.close());

function row(name = 'Anna Andersson'): NewOrderRow {
  return {
    customerType: 'personal',
    customerName: name,
    customerEmail: 'anna@example.se',
    customerPhone: '070-123 45 67',
    customerOrganization: null,
    customerOrgNumber: null,
    customerPersonalNumber: '19811218-9876',
    customerAddress: 'Storgatan 1, Sweden',
    deliveryAddress: 'Storgatan 1',
    countryCode: 'SE',
    items: [
      { productId: 'hoodie', name: 'Hoodie', quantity: 50, unitPrice: '114.375', lineTotal: '5718.75' },
    ],
    totalAmount: '5718.75',
    exVatAmount: '4575.00',
    vatAmount: '1143.75',
    vatTreatment: 'domestic',
    buyerVatNumber: null,
    buyerReference: null,
    purchaseOrderNumber: null,
    buyerPeppolId: null,
    viesStatus: null,
    viesName: null,
    viesRequestId: null,
    viesCheckedAt: null,
    invoiceCurrency: null,
    billingAddress: null,
    idempotencyKey: randomUUID(),
    requestHash: 'test',
    accessTokenHash: randomUUID(),
    neededBy: null,
    // The checkout's invoice snapshot, as much of it as the statement reads.
    invoice: { language: 'sv' },
    uploadIds: [],
  };
}

describe('group commit with an order the database refuses', () => {
  it('one poison order among 200 fails alone; the others share a few statements, not one each', async () => {
    const writer = new OrderWriter(counted);
    // The first order is written at once; the next 200 queue behind it and go as one batch.
    const first = writer.write(row());
    // A NUL byte: PostgreSQL text cannot hold it, so the statement carrying it fails.
    const burst = Array.from({ length: 200 }, (_, i) =>
      writer.write(row(i === 137 ? 'Poison\u0000' : 'Anna')),
    );
    statements = 0;
    const results = await Promise.allSettled([first, ...burst]);
    const refused = results.filter((r) => r.status === 'rejected');
    expect(refused).toHaveLength(1);
    expect(results.filter((r) => r.status === 'fulfilled' && r.value.outcome === 'stored')).toHaveLength(200);
    // Halving finds the bad one in about 2·log2(200) ≈ 16 statements; one by one took 201.
    expect(statements).toBeLessThanOrEqual(20);
  });
});

describe('throttle allowances taken in the statement that stores the orders', () => {
  it('of five orders in one batch with room for three, three are stored with consecutive numbers and two are refused', async () => {
    const writer = new OrderWriter(counted);
    const bucket = `writer-test:${randomUUID()}`;
    const allowances = [{ bucket, amount: 1, max: 3, windowSeconds: 3600 }];
    statements = 0;
    // Submitted in one turn of the event loop: one batch, one statement.
    const written = await Promise.all(
      Array.from({ length: 5 }, () => writer.write({ ...row(), allowances })),
    );
    expect(statements).toBe(1);
    expect(written.map((w) => w.outcome)).toEqual(['stored', 'stored', 'stored', 'throttled', 'throttled']);
    for (const w of written.slice(3)) {
      if (w.outcome !== 'throttled') throw new Error('expected a refusal');
      expect(w.allowances[0]?.allowed).toBe(false);
      expect(w.allowances[0]?.retryAfterSeconds).toBeGreaterThan(3500);
    }
    // No gap in the invoice numbers where the refused ones would have been.
    const numbers = written.flatMap((w) =>
      w.outcome === 'stored' ? [Number(w.order.orderNumber.slice(4))] : [],
    );
    expect(numbers).toEqual([numbers[0], (numbers[0] ?? 0) + 1, (numbers[0] ?? 0) + 2]);
  });
});
