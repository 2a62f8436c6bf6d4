import { addDays, stockholmDate } from '@/shared/dates';
import { insertTestOrder } from './orders';
import { request } from './server';
import type { AdminTestServer } from './use-server';

type OrderColumns = Parameters<typeof insertTestOrder>[1];

/** An order dated `days` before today in Stockholm, at 10:00 UTC (midday there, whatever the season). */
export function insertOrderDaysAgo(server: AdminTestServer, days: number, columns: OrderColumns = {}) {
  const today = stockholmDate(new Date());
  return insertTestOrder(server.database, {
    orderDate: new Date(`${addDays(today, -days)}T10:00:00Z`),
    ...columns,
  });
}

/** The order columns of a private buyer (no company): a name, an email and, when given, a personnummer. */
export function privateBuyer(
  name: string,
  email: string,
  personalNumber: string | null = null,
): OrderColumns {
  return {
    customerType: 'personal',
    customerOrganization: null,
    customerOrgNumber: null,
    customerPersonalNumber: personalNumber,
    customerName: name,
    customerEmail: email,
  };
}

/**
 * The customers the customer ledger and the register are tested with, as the owner (in Swedish)
 * books them: a company with its org number written two ways over two orders (a1 80 days ago, a2
 * 20 days ago for 1 000 kr, with `companyContact`), Bo Berg by personnummer who paid his order in
 * full, and a buyer known by email only (`emailOnlyName`); a1 part paid (718,75 kr) and reminded.
 */
export async function bookCustomers(
  server: AdminTestServer,
  options: { companyContact?: OrderColumns; emailOnlyName: string },
) {
  const a1 = await insertOrderDaysAgo(server, 80);
  const a2 = await insertOrderDaysAgo(server, 20, {
    customerOrgNumber: '5566778899',
    ...options.companyContact,
    totalAmount: '1000.00',
    exVatAmount: '800.00',
    vatAmount: '200.00',
  });
  const b = await insertOrderDaysAgo(server, 10, privateBuyer('Bo Berg', 'bo@example.se', '19811218-9876'));
  const c = await insertOrderDaysAgo(server, 5, privateBuyer(options.emailOnlyName, 'Cilla@Example.se'));
  const headers = { cookie: `${server.cookie}; lang=sv` };
  // Each order is opened first, as the owner does before booking anything on it.
  for (const order of [a1, a2, b, c])
    await request(server, `/api/admin/orders/${order.orderNumber}`, { headers });
  const paidOn = stockholmDate(new Date());
  const booked = [
    [`/api/admin/orders/${a1.orderNumber}/payments`, { amount: '718.75', paidOn }],
    [`/api/admin/orders/${a1.orderNumber}/reminders`, {}],
    [`/api/admin/orders/${b.orderNumber}/payments`, { amount: '5718.75', paidOn }],
  ] as const;
  for (const [path, json] of booked) {
    const answer = await request(server, path, { method: 'POST', headers, json });
    if (answer.status !== 201)
      throw new Error(`${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  }
  return { a1, a2, b, c };
}
