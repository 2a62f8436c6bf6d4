import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { addDays, stockholmDate, type CalendarDate } from '@/shared/dates';
import type { OrderRemindersAnswer } from '@/shared/receivables/reminders';
import { loadConfig } from '@/server/config';
import { runHousekeeping } from '@/server/housekeeping';
import { readEml } from '@tests/helpers/eml';
import { emlPdfAttachments } from '@tests/helpers/ledger';
import { insertTestOrder } from '@tests/helpers/orders';
import { request } from '@tests/helpers/server';
import { useAdminServer } from '@tests/helpers/use-server';

// The schedule as the owner sets it in .env: a reminder 10 and 30 days after the last day to pay.
const server = useAdminServer({
  env: { REFERENCE_RATES: '2.00@2020-01-01', REMINDER_SCHEDULE_DAYS: '10, 30' },
});

const today = () => stockholmDate(new Date());
/** The day an order is placed so that its invoice (30 days net) was due `late` days ago. */
const placedFor = (late: number): CalendarDate => addDays(today(), -late - 30);

async function overdueOrder(late: number) {
  const order = await insertTestOrder(server.database, {
    orderDate: new Date(`${placedFor(late)}T10:00:00Z`),
    customerEmail: `schedule-${late}@example.se`,
  });
  // An order written straight into the table gets its invoice document at first use.
  await reminders(order.orderNumber);
  return order;
}

async function reminders(number: string): Promise<OrderRemindersAnswer> {
  const answer = await request<OrderRemindersAnswer>(server, `/api/admin/orders/${number}/reminders`, {
    headers: { cookie: `${server.cookie}; lang=sv` },
  });
  expect(answer.status).toBe(200);
  return answer.body;
}

function reminderEmails(orderNumber: string): string[] {
  const dir = join(server.dataDir, 'outbox');
  return readdirSync(dir)
    .filter((name) => name.startsWith(`${orderNumber}-`) && name.endsWith('-reminder.eml'))
    .map((name) => readFileSync(join(dir, name), 'utf8'));
}

describe('REMINDER_SCHEDULE_DAYS: the housekeeping round sends the reminders that are due', () => {
  it(
    'each overdue invoice gets the step that is due, emailed with its PDF; a second round sends nothing',
    { timeout: 120_000 },
    async () => {
      expect(server.config.receivables.reminderSchedule).toEqual([10, 30]);
      const late40 = await overdueOrder(40);
      const late15 = await overdueOrder(15);
      const late5 = await overdueOrder(5);
      const paid = await overdueOrder(41);
      expect(
        (
          await request(server, `/api/admin/orders/${paid.orderNumber}/payments`, {
            method: 'POST',
            headers: { cookie: server.cookie },
            json: { amount: '5718.75', paidOn: today() },
          })
        ).status,
      ).toBe(201);
      // A disputed invoice is held: the schedule sends it nothing.
      const disputed = await overdueOrder(42);
      expect(
        (
          await request(server, `/api/admin/orders/${disputed.orderNumber}/dispute`, {
            method: 'POST',
            headers: { cookie: server.cookie },
            json: { note: 'Fel färg på hälften' },
          })
        ).status,
      ).toBe(201);

      await runHousekeeping({ config: server.config, database: server.database });
      await server.app.emailOutbox.drain();

      // 40 days late (or a little less when the due date was no banking day): the 30-day step at the
      // latest; 15 days: the 10-day step; 5 days: nothing yet; paid or disputed: nothing.
      const [invoice40] = (await reminders(late40.orderNumber)).invoices;
      const [invoice15] = (await reminders(late15.orderNumber)).invoices;
      expect(invoice40?.reminders).toHaveLength(1);
      expect(invoice40?.reminders[0]?.step).toBe((invoice40?.daysOverdue ?? 0) >= 30 ? 2 : 1);
      expect(invoice15?.reminders).toHaveLength(1);
      expect(invoice15?.reminders[0]?.step).toBe(1);
      expect((await reminders(late5.orderNumber)).invoices[0]?.reminders).toEqual([]);
      expect((await reminders(paid.orderNumber)).invoices[0]?.reminders).toEqual([]);
      expect((await reminders(disputed.orderNumber)).invoices[0]?.reminders).toEqual([]);
      expect(reminderEmails(disputed.orderNumber)).toEqual([]);

      // The buyer has the reminder by email, with its PDF.
      const [eml] = reminderEmails(late40.orderNumber);
      expect(readEml(eml ?? '').subject).toBe(
        `Påminnelse: faktura ${late40.orderNumber} (order ${late40.orderNumber})`,
      );
      expect(emlPdfAttachments(eml ?? '')).toHaveLength(1);
      expect(reminderEmails(late5.orderNumber)).toEqual([]);

      // The next round finds every due step taken.
      expect((await runHousekeeping({ config: server.config, database: server.database })).reminders).toBe(0);
      expect((await reminders(late40.orderNumber)).invoices[0]?.reminders).toHaveLength(1);
      expect((await reminders(late15.orderNumber)).invoices[0]?.reminders).toHaveLength(1);
    },
  );

  it('refuses to start on a schedule that is not rising whole days', () => {
    expect(loadConfig({}).receivables.reminderSchedule).toEqual([]);
    for (const value of ['30,10', '10,abc', '0', '10,10'])
      expect(() => loadConfig({ REMINDER_SCHEDULE_DAYS: value })).toThrow(/REMINDER_SCHEDULE_DAYS/);
  });
});
