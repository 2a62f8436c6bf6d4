import { expect, screenshot, test } from './fixtures';
import { sql } from 'drizzle-orm';
import type { AdminOrderDetail } from '@/shared/admin';
import { addDays, stockholmDate } from '@/shared/dates';
import type { PlacedOrderAnswer } from '@/shared/order-view';
import { pdfText } from '../helpers/ledger';
import { checkoutBody } from '../helpers/orders';
import { request } from '../helpers/server';
import { loginAsAdmin } from './admin-fixture';

// Dröjsmålsränta at 2,00 % + 8 = 10 % for every day of the test; the terms set a 60 kr reminder fee
// for individuals.
test.use({
  serverOptions: { env: { REFERENCE_RATES: '2.00@2020-01-01', REMINDER_FEE_INDIVIDUAL: '60@2020-01-01' } },
});

const companyBuyer = {
  customerType: 'company',
  companyName: 'Påminnelse AB',
  orgNumber: '556036-0793',
  name: 'Petra Påminnelse',
  email: 'petra@example.se',
  phone: '070-123 45 67',
  country: 'SE',
  address: 'Storgatan 1, 111 22 Stockholm',
};

test.describe('reminders in the admin, in Swedish', () => {
  test('an overdue company invoice: the admin sends a reminder from the order, sees it among the documents and opens its PDF; the customer ledger lists the company', async ({
    server,
    openPage,
  }) => {
    const placed = await request<PlacedOrderAnswer>(server, '/api/orders', {
      method: 'POST',
      json: { ...checkoutBody('e2e-reminders-company'), customer: companyBuyer },
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const order = placed.body;
    // The invoice as if issued 70 days ago (due 40 days ago): issued documents are moved back in the database.
    const today = stockholmDate(new Date());
    await server.database.db.execute(
      sql`UPDATE documents SET issued_on = ${addDays(today, -70)}::date, due_on = ${addDays(today, -40)}::date
        WHERE number = ${order.orderNumber}`,
    );

    const admin = await openPage({ locale: 'sv-SE' });
    await loginAsAdmin(server, admin.context);
    const page = admin.page;
    await page.goto('/admin');
    await page.getByRole('button', { name: order.orderNumber }).click();
    const dialog = page.getByRole('dialog', { name: `Beställning ${order.orderNumber}` });
    const panel = dialog.getByTestId('admin-reminders');
    await expect(panel).toBeVisible();
    await expect(panel).toContainText('dagar sen');
    await expect(panel).toContainText('En påminnelse i dag: avgift 450,00 kr');
    await screenshot(page, 'reminders-order-1280');

    await panel.getByRole('button', { name: 'Skicka påminnelse' }).click();
    await expect(page.getByText(/Påminnelse PAM-\d+ skickad/).first()).toBeVisible();

    // The reminder is one of the order's documents, with its PDF.
    const reminderRow = dialog.getByTestId('admin-document').filter({ hasText: 'Påminnelse PAM-' });
    await expect(reminderRow).toHaveCount(1);
    const detail = await request<AdminOrderDetail>(server, `/api/admin/orders/${order.orderNumber}`, {
      headers: { cookie: (await admin.context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ') },
    });
    const reminder = detail.body.documents.find((d) => d.kind === 'reminder');
    expect(reminder?.reminds).toBe(order.orderNumber);
    const pdfLink = reminderRow.getByRole('link', { name: `PDF Påminnelse ${reminder?.number ?? ''}` });
    await expect(pdfLink).toHaveAttribute('href', reminder?.pdf ?? '');
    const pdf = await admin.context.request.get(reminder?.pdf ?? '');
    expect(pdf.status()).toBe(200);
    const text = await pdfText(await pdf.body());
    expect(text).toContain('Betalningspåminnelse');
    expect(text).toContain('Förseningsersättning (lag 1981:739, 4 a §) 450,00 kr');
    await expect(panel.getByTestId('reminders-sent')).toContainText(reminder?.number ?? '?');
    await screenshot(page, 'reminders-sent-1280');

    // The customer ledger: the company with its open balance, and its statement.
    await page.keyboard.press('Escape');
    await page.getByRole('tab', { name: 'Kunder' }).click();
    const row = page.getByTestId('customer-row').filter({ hasText: 'Påminnelse AB' });
    await expect(row).toBeVisible();
    await expect(row).toContainText('556036-0793');
    await row.getByRole('button', { name: 'Öppna Påminnelse AB' }).click();
    const ledger = page.getByTestId('customer-ledger');
    await expect(ledger).toBeVisible();
    await expect(ledger.getByTestId('customer-ledger-line')).toHaveCount(2);
    await screenshot(page, 'customers-1280');

    // The same screens on a phone.
    const phone = await openPage({ locale: 'sv-SE', width: 390 });
    await loginAsAdmin(server, phone.context);
    await phone.page.goto('/admin');
    await phone.page.getByRole('tab', { name: 'Kunder' }).click();
    await expect(phone.page.getByTestId('customer-row').first()).toBeVisible();
    await screenshot(phone.page, 'customers-390');
    await phone.page.getByRole('tab', { name: 'Beställningar' }).click();
    await phone.page.getByRole('button', { name: order.orderNumber }).click();
    await expect(phone.page.getByTestId('admin-reminders')).toBeVisible();
    await phone.page.getByTestId('admin-reminders').scrollIntoViewIfNeeded();
    await screenshot(phone.page, 'reminders-order-390', { fullPage: false });
  });

  test('the terms page states the late-payment charges: 450 kr and interest for companies, the 60 kr fee the settings give individuals', async ({
    openPage,
  }) => {
    const { page, errors } = await openPage({ locale: 'sv-SE' });
    await page.goto('/terms');
    const late = page.getByTestId('terms-late-payment');
    await expect(late).toBeVisible();
    const text = (await late.textContent())?.replace(/\u00a0/g, ' ') ?? '';
    expect(text).toContain('förseningsersättning på 450 kr per faktura (lag 1981:739, 4 a §)');
    expect(text).toContain('referensräntan + 8 procentenheter');
    expect(text).toContain('påminnelseavgift på 60,00 kr per faktura (lag 1981:739, 2 §)');
    await late.scrollIntoViewIfNeeded();
    await screenshot(page, 'terms-late-payment-1280', { fullPage: false });
    expect(errors).toEqual([]);
  });
});
