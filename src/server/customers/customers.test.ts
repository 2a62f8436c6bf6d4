import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { addDays, stockholmDate } from '@/shared/dates';
import type { CustomerLedger, CustomerList } from '@/shared/receivables/reminders';
import { readEml } from '@tests/helpers/eml';
import { emlPdfAttachments, fetchValidSie, pdfText, sieVerifications } from '@tests/helpers/ledger';
import { bookCustomers } from '@tests/helpers/customers';
import { request } from '@tests/helpers/server';
import { useAdminServer } from '@tests/helpers/use-server';

const server = useAdminServer({ env: { REFERENCE_RATES: '2.00@2020-01-01' } });
const swedish = () => `${server.cookie}; lang=sv`;
const today = () => stockholmDate(new Date());
const ore = (decimal: string) => Math.round(Number(decimal) * 100);

const post = (path: string, json: unknown) =>
  request<{ error?: string }>(server, path, { method: 'POST', headers: { cookie: swedish() }, json });
const list = async (on?: string) =>
  (
    await request<CustomerList>(server, `/api/admin/customers${on ? `?on=${on}` : ''}`, {
      headers: { cookie: swedish() },
    })
  ).body;

describe('the customer ledger', () => {
  it("every customer's open balance adds up to the receivables account 1510 of the SIE export for the same day", async () => {
    // Two orders of one company (one org number written two ways), one individual by personnummer,
    // one by email; a payment, a part payment, a credit note, a reminder with fee and interest.
    const { c } = await bookCustomers(server, { emailOnlyName: 'Cilla Ceder' });
    expect(
      (await post(`/api/admin/orders/${c.orderNumber}/credit-notes`, { reason: 'Fel färg', amount: '1000' }))
        .status,
    ).toBe(201);

    const customers = await list();
    // The company is one customer over both its orders; the paid individual has no open balance.
    const company = customers.customers.find(
      (customer) => customer.identity === '556677-8899' || customer.identity === '5566778899',
    );
    expect(company).toMatchObject({ kind: 'company', name: 'Exempel AB', orders: 2 });
    expect(customers.customers.some((customer) => customer.name === 'Bo Berg')).toBe(false);
    expect(customers.customers.find((customer) => customer.name === 'Cilla Ceder')).toMatchObject({
      kind: 'individual',
      identity: 'Cilla@Example.se',
      balance: '4718.75',
    });

    // The SIE export of the year up to today: the balance of 1510 is the sum of the customers'.
    const sie = await fetchValidSie(
      server.url,
      `/api/admin/sie?from=${addDays(today(), -365)}&to=${today()}`,
      server.cookie,
    );
    const receivables = sieVerifications(sie)
      .flatMap((v) => v.transactions)
      .filter((t) => t.account === '1510')
      .reduce((sum, t) => sum + t.ore, 0);
    expect(ore(customers.total)).toBe(receivables);
    expect(customers.customers.reduce((sum, customer) => sum + ore(customer.balance), 0)).toBe(receivables);
    expect(receivables).toBeGreaterThan(0);

    // On an earlier day only what had happened by then counts: the same equality then.
    const earlier = addDays(today(), -15);
    const then = await list(earlier);
    const sieThen = await fetchValidSie(
      server.url,
      `/api/admin/sie?from=${addDays(earlier, -365)}&to=${earlier}`,
      server.cookie,
    );
    const receivablesThen = sieVerifications(sieThen)
      .flatMap((v) => v.transactions)
      .filter((t) => t.account === '1510')
      .reduce((sum, t) => sum + t.ore, 0);
    expect(ore(then.total)).toBe(receivablesThen);
  });

  it('one customer: every document and payment with the running balance, what is open, and the statement as PDF and email', async () => {
    const customers = await list();
    const company = customers.customers.find((customer) => customer.kind === 'company');
    if (!company) throw new Error('the company of the first test');
    const ledger = await request<CustomerLedger>(server, `/api/admin/customers/${company.id}`, {
      headers: { cookie: swedish() },
    });
    expect(ledger.status).toBe(200);
    expect(ledger.body.lines.map((line) => line.kind)).toEqual(['invoice', 'invoice', 'reminder', 'payment']);
    expect(ledger.body.lines.at(-1)?.balance).toBe(company.balance);
    expect(ledger.body.open.map((item) => item.kind).sort()).toEqual(['invoice', 'invoice', 'reminder']);
    expect(ledger.body.open.find((item) => item.daysOverdue > 0)?.daysOverdue).toBeGreaterThanOrEqual(48);

    const pdf = await fetch(`${server.url}${ledger.body.statementPdf}`, { headers: { cookie: swedish() } });
    expect(pdf.status).toBe(200);
    const text = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    expect(text).toContain('Kontoutdrag');
    expect(text).toContain('Exempel AB');
    expect(text).toContain('Påminnelse PAM-');

    const sent = await post(`/api/admin/customers/${company.id}/statement/email`, {});
    expect(sent.status).toBe(202);
    await server.app.emailOutbox.drain();
    const dir = join(server.dataDir, 'outbox');
    const [file] = readdirSync(dir).filter((name) => name.startsWith('statement-'));
    const eml = readFileSync(join(dir, file ?? ''), 'utf8');
    expect(readEml(eml).subject).toContain('Kontoutdrag från Bulk Print Sverige AB');
    expect(emlPdfAttachments(eml).map((a) => a.name)).toEqual([`Kontoutdrag_${today()}.pdf`]);

    expect(
      (
        await request(server, '/api/admin/customers/0123456789abcdef01234567', {
          headers: { cookie: swedish() },
        })
      ).status,
    ).toBe(404);
    expect(
      (await request(server, '/api/admin/customers?on=2026-02-30', { headers: { cookie: swedish() } }))
        .status,
    ).toBe(400);
  });
});
