import { describe, expect, it } from 'vitest';
import type { AdminOrderDetail, AdminStats } from '@/shared/admin';
import { addDays, stockholmDate } from '@/shared/dates';
import { insertTestOrder } from '@tests/helpers/orders';
import { request } from '@tests/helpers/server';
import { useAdminServer } from '@tests/helpers/use-server';

/**
 * Issue 42's contract: `GET /api/admin/stats` turnover excludes reminder fees and interest (a
 * reminder's förseningsersättning and dröjsmålsränta are booked 3930/8313, not sales). A company's
 * overdue invoice is reminded today: 450 kr and interest are charged, the net turnover stays.
 */
const server = useAdminServer();
const cookie = () => `${server.cookie}; lang=en`;
const noon = (day: string) => new Date(`${day}T10:00:00Z`);

describe('the dashboard’s net turnover and reminders', () => {
  it('a reminder’s fee and interest do not move the net turnover of GET /api/admin/stats', async () => {
    const order = await insertTestOrder(server.database, {
      orderDate: noon(addDays(stockholmDate(new Date()), -80)),
    });
    const detail = () =>
      request<AdminOrderDetail>(server, `/api/admin/orders/${order.orderNumber}`, {
        headers: { cookie: cookie() },
      });
    await detail();
    const stats = async () =>
      (await request<AdminStats>(server, '/api/admin/stats', { headers: { cookie: cookie() } })).body
        .netTurnover;
    const before = await stats();
    const reminded = await request<{ error?: string }>(
      server,
      `/api/admin/orders/${order.orderNumber}/reminders`,
      {
        method: 'POST',
        headers: { cookie: cookie() },
        json: {},
      },
    );
    expect(reminded.status).toBe(201);
    const reminder = (await detail()).body.documents.find((d) => d.kind === 'reminder');
    // Something was charged (450 kr förseningsersättning at least), dated today.
    expect(Number(reminder?.total)).toBeGreaterThanOrEqual(450);
    expect(await stats()).toEqual(before);
  });
});
