import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertTestOrder } from '@tests/helpers/orders';
import { request } from '@tests/helpers/server';
import { useAdminServer } from '@tests/helpers/use-server';
import { queryRows } from '@/server/db/query-rows';
import { recordAudit } from '@/server/staff';
import { transition } from '@/server/orders';

const server = useAdminServer();

async function auditRows(orderId: number) {
  return queryRows<{ action: string }>(
    server.database.db,
    sql`SELECT action FROM audit_events WHERE order_id = ${orderId}`,
  );
}

async function call(cookie: string, method: string, path: string, json?: unknown) {
  return request(server, path, { method, headers: { cookie }, ...(json === undefined ? {} : { json }) });
}

describe('a status change and its audit record', () => {
  it('the audit row commits with its change or not at all', async () => {
    const order = await insertTestOrder(server.database);
    const [owner] = await queryRows<{ id: string }>(
      server.database.db,
      sql`SELECT id::text AS id FROM staff WHERE role = 'owner' ORDER BY id LIMIT 1`,
    );
    // The change fails after its audit row was written: neither stays.
    await expect(
      transition(server.database.db, order.orderNumber, 'cancelled', null, {
        seller: server.config.seller,
        record: async (tx, change) => {
          await recordAudit(tx, {
            staffId: Number(owner?.id),
            action: 'order_status',
            target: order.orderNumber,
            orderId: change.orderId,
          });
          throw new Error('the disk is full');
        },
      }),
    ).rejects.toThrow('the disk is full');
    expect(await auditRows(order.id)).toEqual([]);
    // The audit row cannot be written (nobody with that id): the status change does not happen either.
    await expect(
      transition(server.database.db, order.orderNumber, 'cancelled', null, {
        seller: server.config.seller,
        record: (tx, change) =>
          recordAudit(tx, {
            staffId: 987654321,
            action: 'order_status',
            target: order.orderNumber,
            orderId: change.orderId,
          }),
      }),
    ).rejects.toThrow();
    const [row] = await queryRows<{ status: string; events: number }>(
      server.database.db,
      sql`SELECT status, (SELECT count(*)::int FROM order_status_events WHERE order_id = ${order.id}) AS events
          FROM orders WHERE id = ${order.id}`,
    );
    expect(row).toEqual({ status: 'pending', events: 0 });
    // Written through the route, both commit.
    expect(
      (
        await call(server.cookie, 'PATCH', `/api/admin/orders/${order.orderNumber}/status`, {
          status: 'cancelled',
          reason: 'Dubbelbeställning',
        })
      ).status,
    ).toBe(200);
    expect(await auditRows(order.id)).toEqual([{ action: 'order_status' }]);
  });
});
