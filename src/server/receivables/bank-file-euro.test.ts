import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AdminOrderDetail } from '@/shared/admin';
import { addDays, stockholmDate } from '@/shared/dates';
import { ocrReference } from '@/shared/invoicing/ocr-reference';
import { rfReference } from '@/shared/invoicing/rf-reference';
import type { PlacedOrderAnswer } from '@/shared/order-view';
import type { QueuedBankPayment } from '@/shared/receivables/bank-payments';
import { importAnswer, uploadBankFile } from '@tests/helpers/bank-file-upload';
import { fetchValidSie, placedDaysAgo, sieVerifications } from '@tests/helpers/ledger';
import { placeEurOrder } from '@tests/helpers/place-order';
import { request } from '@tests/helpers/server';
import { useAdminServer } from '@tests/helpers/use-server';

/**
 * EUR payments from a bank file (issue 42): a camt.054.001.02 notification
 * (tests/fixtures/camt054/euro-credits.v02.xml) with credits on the shop's euro account and on its
 * SEK account. A credit in EUR whose SEK the bank reports is matched to its EUR invoice by the RF
 * reference or the OCR and recorded as the admin's EUR payment: the euros, the SEK booked, the SEK
 * cleared at the invoice's rate and the difference on 3960/7960. Euros without the SEK wait.
 */
const server = useAdminServer();
const english = () => `${server.cookie}; lang=en`;
// Read again before each test: a run that passes midnight in Stockholm must not post yesterday's date as today.
let today = stockholmDate(new Date());
let yesterday = addDays(today, -1);
beforeEach(() => {
  today = stockholmDate(new Date());
  yesterday = addDays(today, -1);
});

async function placeInEur(): Promise<PlacedOrderAnswer> {
  const placed = await placeEurOrder(server);
  await placedDaysAgo(server.database, placed.orderNumber, 2);
  return placed;
}

const detail = async (number: string) =>
  (await request<AdminOrderDetail>(server, `/api/admin/orders/${number}`, { headers: { cookie: english() } }))
    .body;

/** The fixture with this test's invoices, amounts and day filled in. */
function fixture(values: Record<string, string>): string {
  const text = readFileSync(join(process.cwd(), 'tests/fixtures/camt054/euro-credits.v02.xml'), 'utf8');
  return text.replace(/\{\{([A-Z_]+)\}\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`no value for ${name}`);
    return value;
  });
}

describe('a camt.054 file with payments in EUR', () => {
  it(
    'records the euros and the SEK booked on the EUR invoices (by RF reference and by OCR), books 3960/7960, and queues euros without SEK',
    { timeout: 120_000 },
    async () => {
      const [byRf, bySekAccount, withoutSek] = [await placeInEur(), await placeInEur(), await placeInEur()];
      const ocrOf = (order: PlacedOrderAnswer) => ocrReference(order.orderNumber.slice(4));
      // 12 618,75 kr at 0,088 EUR per SEK: 1 110,45 € each.
      for (const order of [byRf, bySekAccount, withoutSek])
        expect((await detail(order.orderNumber)).documents[0]).toMatchObject({
          currency: 'EUR',
          total: '12618.75',
          balanceInCurrency: '1110.45',
        });
      const file = fixture({
        BOOKED_ON: today,
        EUR_SUM: '2220.90',
        EUROS_A: '1110.45',
        SEK_A: '12700.00',
        RATE_A: '11.4368',
        RF_A: rfReference(ocrOf(byRf))
          .replace(/(.{4})/g, '$1 ')
          .trim(),
        EUROS_C: '1110.45',
        OCR_C: ocrOf(withoutSek),
        SEK_B: '12500.00',
        EUROS_B: '1110.45',
        RATE_B: '11.2567',
        OCR_B: ocrOf(bySekAccount),
      });

      const imported = await uploadBankFile(server, english(), file, 'camt054.xml');
      expect(imported.status).toBe(201);
      expect(imported.body).toEqual(importAnswer('camt054', { payments: 3, matched: 2, unmatched: 1 }));

      // The euro account's credit, by its RF reference: 1 110,45 €, the bank's counter value 12 700,00 kr.
      const paidByRf = await detail(byRf.orderNumber);
      expect(paidByRf.paymentState).toBe('paid');
      expect(paidByRf.documents[0]).toMatchObject({ balanceInCurrency: '0.00' });
      expect(paidByRf.payments).toEqual([
        expect.objectContaining({
          amount: '12618.75',
          paidOn: today,
          currency: 'EUR',
          amountInCurrency: '1110.45',
          bookedSek: '12700.00',
        }),
      ]);
      // The SEK account's credit, by OCR: the payer instructed 1 110,45 €, the bank booked 12 500,00 kr.
      const paidInSek = await detail(bySekAccount.orderNumber);
      expect(paidInSek.paymentState).toBe('paid');
      expect(paidInSek.payments).toEqual([
        expect.objectContaining({
          amount: '12618.75',
          currency: 'EUR',
          amountInCurrency: '1110.45',
          bookedSek: '12500.00',
        }),
      ]);
      // Euros without the SEK they were booked at: nothing recorded, the payment waits in EUR.
      const waiting = await detail(withoutSek.orderNumber);
      expect(waiting.paymentState).not.toBe('paid');
      expect(waiting.payments).toEqual([]);
      const queue = await request<{ payments: QueuedBankPayment[] }>(server, '/api/admin/bank-payments', {
        headers: { cookie: english() },
      });
      expect(queue.body.payments.filter((p) => p.payerName === 'Beispiel KG')).toEqual([
        expect.objectContaining({
          amount: '1110.45',
          currency: 'EUR',
          state: 'unmatched',
          reason: 'not_sek',
        }),
      ]);

      const sie = sieVerifications(
        await fetchValidSie(server.url, `/api/admin/sie?from=${yesterday}&to=${today}`, server.cookie),
      );
      const of = (order: PlacedOrderAnswer) =>
        sie.filter((v) => v.series === 'B' && v.text.includes(order.orderNumber)).map((v) => v.transactions);
      expect(of(byRf)).toEqual([
        [
          { account: '1930', ore: 1270000 },
          { account: '1510', ore: -1261875 },
          { account: '3960', ore: -8125 },
        ],
      ]);
      expect(of(bySekAccount)).toEqual([
        [
          { account: '1930', ore: 1250000 },
          { account: '1510', ore: -1261875 },
          { account: '7960', ore: 11875 },
        ],
      ]);

      // The same file again records nothing twice.
      const again = await uploadBankFile(server, english(), file, 'camt054.xml');
      expect(again.body).toEqual(
        importAnswer('camt054', { payments: 3, matched: 0, unmatched: 0, duplicates: 3 }),
      );
      expect((await detail(byRf.orderNumber)).payments).toHaveLength(1);
    },
  );
});
