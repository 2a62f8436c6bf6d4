import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AdminOrderDetail } from '@/shared/admin';
import { stockholmDate } from '@/shared/dates';
import type { OrderMoney } from '@/shared/ledger';
import type { PlacedOrderAnswer } from '@/shared/order-view';
import { sieVerifications, validateSie } from '@tests/helpers/ledger';
import { checkoutBody } from '@tests/helpers/orders';
import { request } from '@tests/helpers/server';
import { useAdminServer } from '@tests/helpers/use-server';

/**
 * Property: for any sequence of an invoice, payments (whole, partial, over), refunds and credit
 * notes, recorded through the admin API of a real server, every order's balance is invoiced −
 * credited − paid + refunded, its payment state is the one those sums call for, and the SIE export
 * of the day books to 1510 exactly the sum of every order's open balance.
 */

const server = useAdminServer();
const today = () => stockholmDate(new Date());

type Action =
  { kind: 'pay'; share: number } | { kind: 'refund'; share: number } | { kind: 'credit'; share: number };

const ore = (decimal: string) => Math.round(Number(decimal) * 100);
const decimal = (amount: number) => `${Math.floor(amount / 100)}.${String(amount % 100).padStart(2, '0')}`;

/** The payment state the issue defines, written out here on its own (not the shop's function). */
function expectedState(m: { invoiced: number; credited: number; received: number; refunded: number }) {
  const owed = m.invoiced - m.credited;
  const paid = m.received - m.refunded;
  if (m.invoiced > 0 && owed <= 0) return m.refunded > 0 && paid <= 0 ? 'refunded' : 'credited';
  if (paid <= 0) return 'unpaid';
  if (paid < owed) return 'partly_paid';
  return paid === owed ? 'paid' : 'overpaid';
}

const share = fc.integer({ min: 1, max: 1000 });
const action: fc.Arbitrary<Action> = fc.oneof(
  fc.record({ kind: fc.constant('pay' as const), share }),
  fc.record({ kind: fc.constant('refund' as const), share }),
  fc.record({ kind: fc.constant('credit' as const), share }),
);

let keys = 0;
const cookie = () => `${server.cookie}; lang=sv`;

describe('the ledger under any sequence of documents and payments', () => {
  it('balance = invoiced − credited − paid + refunded; the state follows; SIE 1510 of the day = the open balances', async () => {
    const placedOrders: string[] = [];
    await fc.assert(
      fc.asyncProperty(fc.array(action, { maxLength: 6 }), async (actions) => {
        const placed = await request<PlacedOrderAnswer>(server, '/api/orders', {
          method: 'POST',
          json: checkoutBody(`ledger-property-${Date.now()}-${++keys}-abcdefgh`, keys),
        });
        expect(placed.status).toBe(201);
        const number = placed.body.orderNumber;
        placedOrders.push(number);
        const m = { invoiced: ore(placed.body.total), credited: 0, received: 0, refunded: 0 };
        for (const step of actions) {
          const owed = m.invoiced - m.credited;
          const paid = m.received - m.refunded;
          // Each step asks for an amount the shop accepts (1 öre up to what the step may take).
          const part = (max: number) => Math.max(1, Math.floor((max * step.share) / 1000));
          let path: string;
          let amount: number;
          if (step.kind === 'pay') {
            // Up to a fifth over what is owed: overpayment is possible.
            amount = part(Math.max(owed - paid, 0) + Math.ceil(m.invoiced / 5));
            path = 'payments';
          } else if (step.kind === 'refund') {
            if (paid - owed <= 0) continue;
            amount = part(paid - owed);
            path = 'refunds';
          } else {
            if (owed <= 0) continue;
            amount = part(owed);
            path = 'credit-notes';
          }
          const json =
            step.kind === 'credit'
              ? { amount: decimal(amount), reason: 'Rabatt i efterhand' }
              : { amount: decimal(amount), paidOn: today() };
          const answer = await request<OrderMoney & { error?: string }>(
            server,
            `/api/admin/orders/${number}/${path}`,
            { method: 'POST', headers: { cookie: cookie() }, json },
          );
          expect(answer.status, `${path} ${decimal(amount)}: ${answer.body.error ?? ''}`).toBe(201);
          if (step.kind === 'pay') m.received += amount;
          else if (step.kind === 'refund') m.refunded += amount;
          else m.credited += amount;
        }
        const detail = await request<AdminOrderDetail>(server, `/api/admin/orders/${number}`, {
          headers: { cookie: cookie() },
        });
        const balance = m.invoiced - m.credited - m.received + m.refunded;
        expect(ore(detail.body.balance)).toBe(balance);
        expect(detail.body.paymentState).toBe(expectedState(m));
        // The documents and payments listed add up to the same balance.
        const documents = detail.body.documents.reduce((sum, d) => sum + ore(d.total), 0);
        const payments = detail.body.payments.reduce((sum, p) => sum + ore(p.amount), 0);
        expect(documents - payments).toBe(balance);
      }),
      { numRuns: 25 },
    );

    // The day's SIE file: 1510 (Kundfordringar) moves by exactly the open balances of every order.
    const sie = await fetch(`${server.url}/api/admin/sie?from=${today()}&to=${today()}`, {
      headers: { cookie: server.cookie },
    });
    const bytes = new Uint8Array(await sie.arrayBuffer());
    const receivables = sieVerifications(bytes)
      .flatMap((v) => v.transactions)
      .filter((t) => t.account === '1510')
      .reduce((sum, t) => sum + t.ore, 0);
    let open = 0;
    for (const number of placedOrders) {
      const detail = await request<AdminOrderDetail>(server, `/api/admin/orders/${number}`, {
        headers: { cookie: cookie() },
      });
      open += ore(detail.body.balance);
    }
    expect(receivables).toBe(open);
    const check = await validateSie(bytes);
    expect(check.valid, check.output).toBe(true);
  }, 300_000);
});
