import { describe, expect, it } from 'vitest';
import type { RegisterPage, RegisterRecord } from '@/shared/customer-register';
import { addDays, stockholmDate } from '@/shared/dates';
import type { CustomerLedger } from '@/shared/receivables/reminders';
import { bookCustomers, insertOrderDaysAgo } from '@tests/helpers/customers';
import { request } from '@tests/helpers/server';
import { useAdminServer } from '@tests/helpers/use-server';

const server = useAdminServer();
const swedish = () => `${server.cookie}; lang=sv`;
const today = () => stockholmDate(new Date());
const get = <T>(path: string) => request<T>(server, path, { headers: { cookie: swedish() } });
const post = (path: string, json: unknown) =>
  request<{ error?: string; notes?: RegisterRecord['notes'] }>(server, path, {
    method: 'POST',
    headers: { cookie: swedish() },
    json,
  });

describe('the customer register', () => {
  it('lists every customer once with orders, turnover without the reminder, balance, and filters, searches and exports them', async () => {
    // A company with its org number written two ways, an individual by personnummer who has paid
    // in full (the ledger's list leaves them out, the register does not), one by email only whose
    // name a spreadsheet would run as a formula.
    await bookCustomers(server, {
      companyContact: { customerName: 'Per Persson', customerEmail: 'per@example.se' },
      emailOnlyName: '=HYPERLINK("http://x")',
    });

    const page = await get<RegisterPage>('/api/admin/customer-register');
    expect(page.status).toBe(200);
    expect(page.body.total).toBe(3);
    // Latest order first.
    expect(page.body.customers.map((customer) => customer.email)).toEqual([
      'Cilla@Example.se',
      'bo@example.se',
      'per@example.se',
    ]);
    const company = page.body.customers[2]!;
    expect(company).toMatchObject({
      kind: 'company',
      name: 'Exempel AB',
      identity: '5566778899',
      orders: 2,
      documents: 3,
    });
    // Net sales of both invoices; the reminder's fee and interest are no sale.
    expect(company.turnover).toBe('5375.00');
    expect(company.firstOrder.slice(0, 10)).toBe(addDays(today(), -80));
    // The balance is the customer ledger's (the reminder counts there).
    const ledger = await get<CustomerLedger>(`/api/admin/customers/${company.id}`);
    expect(company.balance).toBe(ledger.body.balance);
    expect(Number(company.balance)).toBeGreaterThan(6000);
    const paid = page.body.customers[1]!;
    expect(paid).toMatchObject({
      kind: 'individual',
      identity: '19811218-XXXX',
      balance: '0.00',
      turnover: '4575.00',
    });

    // Who owes: the ledger's customers only.
    const owing = await get<RegisterPage>('/api/admin/customer-register?owing=1');
    expect(owing.body.customers.map((customer) => customer.name).sort()).toEqual([
      '=HYPERLINK("http://x")',
      'Exempel AB',
    ]);

    // Search: any order of the customer matches (the first order's contact, the org number's digits).
    const byContact = await get<RegisterPage>(
      `/api/admin/customer-register?q=${encodeURIComponent('anna@')}`,
    );
    expect(byContact.body.customers.map((customer) => customer.id)).toEqual([company.id]);
    const byNumber = await get<RegisterPage>('/api/admin/customer-register?q=556677-8899');
    expect(byNumber.body.customers.map((customer) => customer.id)).toEqual([company.id]);
    expect((await get<RegisterPage>('/api/admin/customer-register?q=nobody-here')).body).toMatchObject({
      total: 0,
      customers: [],
    });
    const refused = await get<{ error: string }>(`/api/admin/customer-register?page=0`);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('Sidan ska vara ett heltal från 1');

    // The CSV: a byte-order mark, every customer, the formula cell made harmless.
    const csv = await server.app.inject({
      url: '/api/admin/customer-register.csv',
      headers: { cookie: swedish() },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.split('\r\n').filter((line) => line !== '');
    expect(lines[0]!.startsWith('\uFEFF"Kund-id"')).toBe(true);
    expect(lines).toHaveLength(4);
    expect(csv.body).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(csv.body).toContain('"5375.00"');
    const owingCsv = await server.app.inject({
      url: '/api/admin/customer-register.csv?owing=1',
      headers: { cookie: swedish() },
    });
    expect(owingCsv.body.split('\r\n').filter((line) => line !== '')).toHaveLength(3);
  });

  it('shows a customer’s contact people, orders and notes; a note is kept with its writer and audited', async () => {
    const first = await insertOrderDaysAgo(server, 30, {
      customerOrgNumber: '559900-1122',
      customerOrganization: 'Klubben AB',
      customerName: 'Lena Lind',
      customerEmail: 'lena@klubben.se',
    });
    const second = await insertOrderDaysAgo(server, 3, {
      customerOrgNumber: '5599001122',
      customerOrganization: 'Klubben AB',
      customerName: 'Olle Ek',
      customerEmail: 'olle@klubben.se',
      customerPhone: '0709998877',
    });
    const page = await get<RegisterPage>(`/api/admin/customer-register?q=Klubben`);
    const id = page.body.customers[0]!.id;
    const record = await get<RegisterRecord>(`/api/admin/customer-register/${id}`);
    expect(record.status).toBe(200);
    expect(record.body.contacts.map((contact) => [contact.name, contact.email, contact.phone])).toEqual([
      ['Olle Ek', 'olle@klubben.se', '0709998877'],
      ['Lena Lind', 'lena@klubben.se', '0701234567'],
    ]);
    expect(record.body.orders.map((order) => order.orderNumber)).toEqual([
      second.orderNumber,
      first.orderNumber,
    ]);
    expect(record.body.notes).toEqual([]);

    const empty = await post(`/api/admin/customer-register/${id}/notes`, { body: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe('Skriv en anteckning först');
    const added = await post(`/api/admin/customer-register/${id}/notes`, {
      body: 'Vill ha faktura per avdelning',
    });
    expect(added.status).toBe(201);
    expect(added.body.notes?.map((note) => note.body)).toEqual(['Vill ha faktura per avdelning']);
    expect(
      (await get<RegisterRecord>(`/api/admin/customer-register/${id}`)).body.notes[0]?.staff,
    ).toBeTruthy();
    expect((await get<RegisterPage>(`/api/admin/customer-register?q=Klubben`)).body.customers[0]?.notes).toBe(
      1,
    );
    const audit = await get<{ events: { action: string; target: string }[] }>('/api/admin/audit');
    expect(
      audit.body.events.some(
        (event) => event.action === 'customer_note' && event.target === `customer ${id}`,
      ),
    ).toBe(true);

    const unknown = 'f'.repeat(24);
    expect((await get(`/api/admin/customer-register/${unknown}`)).status).toBe(404);
    expect((await post(`/api/admin/customer-register/${unknown}/notes`, { body: 'x' })).status).toBe(404);
  });
});
