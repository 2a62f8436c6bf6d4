import { expect, screenshot, test } from './fixtures';
import type { PlacedOrderAnswer } from '@/shared/order-view';
import { checkoutBody } from '../helpers/orders';
import { request } from '../helpers/server';
import { loginAsAdmin } from './admin-fixture';

const companyBuyer = {
  customerType: 'company',
  companyName: 'Registret AB',
  orgNumber: '556036-0793',
  name: 'Rita Register',
  email: 'rita@example.se',
  phone: '070-123 45 67',
  country: 'SE',
  address: 'Storgatan 1, 111 22 Stockholm',
};
const personBuyer = {
  customerType: 'personal',
  name: 'Pelle Privat',
  personalNumber: '19811218-9876',
  email: 'pelle@example.se',
  phone: '070-765 43 21',
  country: 'SE',
  address: 'Lillgatan 2, 111 22 Stockholm',
};

test.describe('the customer register in the admin', () => {
  test('every customer is listed, searched and opened with orders and a staff note; Swedish at 390 px, English at 1280 px', async ({
    server,
    openPage,
  }) => {
    for (const [key, customer] of [
      ['e2e-register-company-1', companyBuyer],
      ['e2e-register-company-2', { ...companyBuyer, name: 'Kalle Kollega', email: 'kalle@example.se' }],
      ['e2e-register-person', personBuyer],
    ] as const) {
      const placed = await request<PlacedOrderAnswer>(server, '/api/orders', {
        method: 'POST',
        json: { ...checkoutBody(key), customer },
      });
      expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    }

    // Swedish on a phone: both customers, the company's two orders under one row, a note added.
    const phone = await openPage({ locale: 'sv-SE', width: 390 });
    await loginAsAdmin(server, phone.context);
    await phone.page.goto('/admin');
    await phone.page.getByRole('tab', { name: 'Kunder' }).click();
    await expect(phone.page.getByRole('heading', { name: 'Kundregister' })).toBeVisible();
    await expect(phone.page.getByTestId('customer-row')).toHaveCount(2);
    const company = phone.page.getByTestId('customer-row').filter({ hasText: 'Registret AB' });
    await expect(company).toContainText('556036-0793');
    await expect(company).toContainText('Ordrar: 2');
    await expect(company).toContainText('Saldo: 14 030,00 kr');
    await company.getByRole('button', { name: 'Öppna Registret AB' }).click();
    const record = phone.page.getByTestId('customer-record');
    await expect(record).toContainText('Kalle Kollega');
    await expect(record).toContainText('Rita Register');
    await expect(record.getByTestId('customer-record-orders').getByRole('listitem')).toHaveCount(2);
    await record.getByLabel('Ny anteckning (syns bara för personalen)').fill('Ring före leverans');
    await record.getByRole('button', { name: 'Spara anteckning' }).click();
    await expect(record.getByTestId('customer-notes')).toContainText('Ring före leverans');
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(phone.page, 'customer-register-390');

    // English on a desktop: a search finds the individual; the ledger's list is the balance filter.
    const { page, context } = await openPage({ locale: 'en-SE', width: 1280 });
    await loginAsAdmin(server, context);
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Customers' }).click();
    await page.getByRole('searchbox', { name: 'Search customers' }).fill('pelle');
    await page.getByRole('button', { name: 'Search customers' }).click();
    await expect(page.getByTestId('customer-row')).toHaveCount(1);
    await expect(page.getByText('1 customer', { exact: true })).toBeVisible();
    await expect(page.getByTestId('customer-row')).toContainText('Pelle Privat');
    await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', /q=pelle/);
    await screenshot(page, 'customer-register-1280');
    await page.getByLabel('Only customers with a balance').check();
    await expect(page.getByRole('heading', { name: 'Customer ledger' })).toBeVisible();
    await expect(page.getByTestId('customers-total')).toBeVisible();
    await screenshot(page, 'customer-register-owing-1280');
  });
});
