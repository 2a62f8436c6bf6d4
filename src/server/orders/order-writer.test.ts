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
    expect(results.filter((r) => r.status === 'fulfilled' && r.value !== undefined)).toHaveLength(200);
    // Halving finds the bad one in about 2·log2(200) ≈ 16 statements; one by one took 201.
    expect(statements).toBeLessThanOrEqual(20);
  });
});
