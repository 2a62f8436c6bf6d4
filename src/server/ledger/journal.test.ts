import { describe, expect, it } from 'vitest';
import { stockholmDate } from '@/shared/dates';
import type { AdminStats } from '@/shared/admin';
import type { JournalEntry } from '@/shared/ledger';
import { parseCsv } from '@tests/helpers/csv';
import { testCustomer } from '@tests/helpers/orders';
import { placeOrder } from '@tests/helpers/place-order';
import { request } from '@tests/helpers/server';
import { useAdminServer } from '@tests/helpers/use-server';

const server = useAdminServer();
const swedish = () => `${server.cookie}; lang=sv`;
const today = () => stockholmDate(new Date());

let orders = 0;
/** Each order of its own size, so the journal's rows differ. */
const place = (customer: Record<string, unknown> = testCustomer) => placeOrder(server, customer, ++orders);

const cents = (decimal: string) => Math.round(Number(decimal) * 100);

describe('the invoice journal', () => {
  it('lists every invoice and credit note of the period in number order with paid and balance; the CSV says the same', async () => {
    const paidInPart = await place();
    const cancelled = await place({
      ...testCustomer,
      customerType: 'company',
      companyName: '=HYPERLINK("x") AB',
      orgNumber: '556677-8899',
      personalNumber: '',
    });
    const paid = await request(server, `/api/admin/orders/${paidInPart.orderNumber}/payments`, {
      method: 'POST',
      headers: { cookie: swedish() },
      json: { amount: '1 000,00', paidOn: today() },
    });
    expect(paid.status).toBe(201);
    const cancel = await request(server, `/api/admin/orders/${cancelled.orderNumber}/status`, {
      method: 'PATCH',
      headers: { cookie: swedish() },
      json: { status: 'cancelled', reason: 'Kunden ångrade sig' },
    });
    expect(cancel.status).toBe(200);

    const journal = await request<{ entries: JournalEntry[] }>(
      server,
      `/api/admin/journal?from=${today()}&to=${today()}`,
      { headers: { cookie: swedish() } },
    );
    expect(journal.status).toBe(200);
    const mine = journal.body.entries.filter(
      (e) =>
        e.number === paidInPart.orderNumber ||
        e.number === cancelled.orderNumber ||
        e.corrects === cancelled.orderNumber,
    );
    expect(mine.map((e) => e.kind)).toEqual(['invoice', 'invoice', 'credit_note']);
    const [first, second, credit] = mine;
    expect(first).toMatchObject({
      number: paidInPart.orderNumber,
      issuedOn: today(),
      customer: 'Anna Andersson',
      total: paidInPart.total,
      paid: '1000.00',
    });
    expect(cents(first?.balance ?? '')).toBe(cents(paidInPart.total) - 100_000);
    expect(second).toMatchObject({ number: cancelled.orderNumber, paid: '0.00', balance: '0.00' });
    expect(credit).toMatchObject({
      corrects: cancelled.orderNumber,
      total: `-${cancelled.total}`,
      paid: null,
      balance: null,
    });
    expect(credit?.number).toMatch(/^KR-\d+$/);
    // Number order: one increasing series for invoices and credit notes.
    const seqs = journal.body.entries.map((e) => Number(e.number.replace(/^\D+-/, '')));
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    // Net + VAT make the total on every line.
    for (const e of journal.body.entries) expect(cents(e.net) + cents(e.vat)).toBe(cents(e.total));

    const csv = await fetch(`${server.url}/api/admin/journal.csv?from=${today()}&to=${today()}`, {
      headers: { cookie: swedish() },
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const rows = parseCsv((await csv.text()).replace(/^\uFEFF/, ''));
    expect(rows[0]).toEqual([
      'Nummer',
      'Slag',
      'Datum',
      'Kund',
      'Avser',
      'Netto',
      'Moms',
      'Belopp',
      'Betalt',
      'Kvar',
      'Konto',
    ]);
    expect(rows.slice(1).map((r) => r[0])).toEqual(journal.body.entries.map((e) => e.number));
    const companyRow = rows.find((r) => r[0] === cancelled.orderNumber);
    // A customer name a spreadsheet would run as a formula is written as text.
    expect(companyRow?.[3]).toBe(`'=HYPERLINK("x") AB`);
    // Goods sold in Sweden: the BAS account the SIE export books them to.
    expect(companyRow?.[10]).toBe('3001');

    const refused = await request<{ error: string }>(
      server,
      '/api/admin/journal?from=2026-13-01&to=2026-12-31',
      {
        headers: { cookie: swedish() },
      },
    );
    expect(refused.status).toBe(400);
  });

  it("the dashboard's net turnover is this year's documents without VAT, credit notes subtracted: the journal's nets", async () => {
    const stats = await request<AdminStats>(server, '/api/admin/stats', { headers: { cookie: swedish() } });
    expect(stats.status).toBe(200);
    const { from, to, amount } = stats.body.netTurnover;
    expect(from).toBe(`${today().slice(0, 4)}-01-01`);
    expect(to).toBe(today());
    const journal = await request<{ entries: JournalEntry[] }>(
      server,
      `/api/admin/journal?from=${from}&to=${to}`,
      {
        headers: { cookie: swedish() },
      },
    );
    // The first test's orders: one invoice standing, one credited in full (its credit note's net is negative).
    expect(journal.body.entries.some((e) => e.kind === 'credit_note')).toBe(true);
    const nets = journal.body.entries.reduce((sum, e) => sum + cents(e.net), 0);
    expect(cents(amount)).toBe(nets);
    expect(nets).toBeGreaterThan(0);
    // Less than the sum of totals, which counts VAT and ignores the credit note.
    expect(cents(amount)).toBeLessThan(cents(stats.body.totalTurnover));
  });
});
