import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AdminOrderDetail } from '@/shared/admin';
import { addDays, stockholmDate } from '@/shared/dates';
import type { OrderView } from '@/shared/order-view';
import { ocrReference } from '@/shared/invoicing/ocr-reference';
import { rfReference } from '@/shared/invoicing/rf-reference';
import { readEml } from '@tests/helpers/eml';
import { placedDaysAgo } from '@tests/helpers/ledger';
import { placeEurOrder } from '@tests/helpers/place-order';
import { request } from '@tests/helpers/server';
import { useAdminServer } from '@tests/helpers/use-server';

/**
 * A buyer invoiced in EUR reads EUR in every email that names an amount to pay (issue 42): the
 * confirmation (the euro account and the RF reference), the credit note's rest, and the order JSON
 * the pages render (lines in EUR from the invoice's stored figures, adding up to its total).
 */
const server = useAdminServer();
const english = () => `${server.cookie}; lang=en`;
// Read again before each test: a run that passes midnight in Stockholm must not post yesterday's date as today.
let today = stockholmDate(new Date());
beforeEach(() => {
  today = stockholmDate(new Date());
});
const euroIban = 'SE45 5000 0000 0583 9825 7466';
/** An amount in kronor anywhere in a text ("6 400,00 kr", "80 SEK"). */
const kronorAmount = /\d(?:,\d\d)? ?(?:kr|SEK)\b/;

async function emails(orderNumber: string, kind: string): Promise<string[]> {
  await server.app.emailOutbox.drain();
  const dir = join(server.dataDir, 'outbox');
  return readdirSync(dir)
    .filter((name) => name.startsWith(`${orderNumber}-`) && name.endsWith(`-${kind}.eml`))
    .sort()
    .map((name) => readEml(readFileSync(join(dir, name), 'utf8')).text.replace(/[\u00a0\u202f]/g, ' '));
}

describe('a buyer invoiced in EUR', () => {
  it('reads the amount to pay in EUR with the euro account and the RF reference; the order JSON has EUR lines', async () => {
    const order = await placeEurOrder(server);
    const [confirmation = ''] = await emails(order.orderNumber, 'buyer_confirmation');
    const ocr = ocrReference(order.orderNumber.slice(4));
    // 12 618,75 kr at 0,088 EUR per SEK: 1 110,45 €.
    expect(confirmation).toContain('Amount to pay: 1 110,45 € by ');
    expect(confirmation).toContain(
      `to our euro account IBAN ${euroIban}, BIC ESSESESS, with the reference ${rfReference(ocr)} (or OCR reference ${ocr}).`,
    );
    expect(confirmation).not.toContain('bankgiro');
    expect(confirmation).not.toMatch(kronorAmount);

    const view = await request<OrderView>(server, `/api/orders/${order.orderNumber}`, {
      headers: { 'x-order-token': order.accessToken, cookie: 'lang=en' },
    });
    expect(view.status).toBe(200);
    const euroLines = view.body.lines.map((line) => line.priceInCurrency?.total ?? 'none');
    const sumCents = euroLines.reduce((sum, total) => sum + Math.round(Number(total) * 100), 0);
    expect(view.body.invoiceCurrency?.total).toBe('1110.45');
    expect(sumCents).toBe(111045);
  });

  it("a credit note's email states the credit and what is left in EUR", async () => {
    const order = await placeEurOrder(server);
    await placedDaysAgo(server.database, order.orderNumber, 1);
    const paid = await request<AdminOrderDetail>(server, `/api/admin/orders/${order.orderNumber}/payments`, {
      method: 'POST',
      headers: { cookie: english() },
      json: { amount: '500,00', currency: 'EUR', bookedSek: '5 700,00', paidOn: today },
    });
    expect(paid.status).toBe(201);
    const credited = await request<AdminOrderDetail>(
      server,
      `/api/admin/orders/${order.orderNumber}/credit-notes`,
      {
        method: 'POST',
        headers: { cookie: english() },
        json: { amount: '1 000,00', reason: 'Fewer hoodies' },
      },
    );
    expect(credited.status).toBe(201);
    const credit = credited.body.documents.find((document) => document.kind === 'credit_note');
    const invoice = credited.body.documents.find((document) => document.kind === 'invoice');
    // 1 000 kr at 0,088: 88,00 €; left: 1 110,45 − 500,00 − 88,00 = 522,45 €.
    expect(credit?.totalInCurrency).toBe('-88.00');
    expect(invoice?.balanceInCurrency).toBe('522.45');
    const [email = ''] = await emails(order.orderNumber, 'credit_note');
    expect(email).toContain('88,00 EUR');
    expect(email).toContain('522,45 €');
    expect(email).not.toMatch(kronorAmount);
  });

  it('a reminder states what is left in EUR, to the euro account with the RF reference; no SEK for the invoice', async () => {
    const order = await placeEurOrder(server);
    await placedDaysAgo(server.database, order.orderNumber, 40);
    // 500 € of 1 110,45 € paid: 610,45 € left (6 936,93 kr in the ledger).
    const paid = await request<AdminOrderDetail>(server, `/api/admin/orders/${order.orderNumber}/payments`, {
      method: 'POST',
      headers: { cookie: english() },
      json: { amount: '500,00', currency: 'EUR', bookedSek: '5 700,00', paidOn: today },
    });
    expect(paid.status).toBe(201);
    expect(paid.body.documents[0]).toMatchObject({ balanceInCurrency: '610.45' });
    await server.database.db.execute(
      sql`UPDATE documents SET due_on = ${addDays(today, -20)}::date WHERE number = ${order.orderNumber}`,
    );
    const reminded = await request<{ error?: string }>(
      server,
      `/api/admin/orders/${order.orderNumber}/reminders`,
      {
        method: 'POST',
        headers: { cookie: english() },
        json: {},
      },
    );
    expect(reminded.status, JSON.stringify(reminded.body)).toBe(201);
    const [email = ''] = await emails(order.orderNumber, 'reminder');
    const ocr = ocrReference(order.orderNumber.slice(4));
    expect(email).toContain('Still to pay on the invoice: 610,45 €.');
    expect(email).toContain(
      `The invoice: 610,45 € to our euro account IBAN ${euroIban}, BIC ESSESESS, with the reference ${rfReference(ocr)}`,
    );
    // The invoice's balance is never given in kronor (its fee and interest are, by law, on their own OCR).
    expect(email).not.toContain('6 936,93');
    expect(email).not.toContain(`${server.config.seller.bankgiro} ${ocr}`);
  });
});
