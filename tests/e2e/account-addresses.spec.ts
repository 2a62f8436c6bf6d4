import { sql } from 'drizzle-orm';
import type { Page } from '@playwright/test';
import { queryRows } from '@/server/db/query-rows';
import { signInLinkPath } from '../helpers/account-session';
import { request, type TestServer } from '../helpers/server';
import { acceptTerms, expect, screenshot, test } from './fixtures';

/**
 * Saved delivery addresses and the prefilled checkout (issue 43, decision 0076): a signed-in company
 * buyer saves an address on the account page, finds the checkout filled in from their last order,
 * picks the saved address, and the order is delivered there.
 */

const company = {
  customerType: 'company',
  companyName: 'Tryckbolaget AB',
  orgNumber: '556016-0680',
  name: 'Greta Inköpare',
  phone: '070-765 43 21',
  country: 'SE',
  address: 'Tryckbolaget AB\nGamla vägen 1\n111 22 Stockholm',
  buyerReference: 'Greta',
};
const beanies = [{ productId: 'mossa', quantity: 25, options: { colour: 'navy' } }];

let keys = 0;
async function placeEarlierOrder(server: TestServer, email: string): Promise<void> {
  const placed = await request(server, '/api/orders', {
    method: 'POST',
    json: {
      idempotencyKey: `e2e-addresses-${Date.now()}-${++keys}-abcdef`,
      customer: { ...company, email },
      lines: beanies,
    },
  });
  expect(placed.status).toBe(201);
}

async function deliveryAddressOfNewest(server: TestServer, email: string) {
  const [newest] = await queryRows<{ delivery_address: string; country_code: string; customer_name: string }>(
    server.database.db,
    sql`SELECT delivery_address, country_code, customer_name FROM orders
      WHERE customer_email = ${email} ORDER BY id DESC LIMIT 1`,
  );
  return newest;
}

/** The cart holds the beanies (as the browser keeps a cart), then the cart opens. */
async function openCartWithBeanies(page: Page): Promise<void> {
  await page.evaluate((lines) => window.localStorage.setItem('cart', lines), JSON.stringify(beanies));
  await page.goto('/cart');
}

const texts = {
  sv: {
    locale: 'sv-SE',
    add: 'Lägg till adress',
    label: 'Namn på adressen',
    address: 'Leveransadress',
    save: 'Spara adressen',
    pick: 'Välj en sparad adress',
    contact: 'Kontaktperson',
    orgNumber: 'Organisationsnummer',
    complete: /Slutför köpet/,
    saveForLater: 'Spara leveransadressen i mitt konto',
  },
  en: {
    locale: 'en-SE',
    add: 'Add address',
    label: 'Name of the address',
    address: 'Delivery address',
    save: 'Save address',
    pick: 'Pick a saved address',
    contact: 'Contact Person',
    orgNumber: 'Organization number',
    complete: /Complete Order/,
    saveForLater: 'Save the delivery address in my account',
  },
} as const;

for (const [language, width] of [
  ['sv', 390],
  ['en', 1280],
] as const) {
  test(`a signed-in buyer saves an address, finds checkout filled in, picks it and is delivered there (${language}, ${width} px)`, async ({
    server,
    openPage,
  }) => {
    const t = texts[language];
    const email = `adresser.${language}@example.se`;
    await placeEarlierOrder(server, email);
    const { page } = await openPage({ width, locale: t.locale });
    await page.goto(await signInLinkPath(server, email));
    await expect.poll(() => new URL(page.url()).pathname).toBe('/account');

    // The account page: save the warehouse's address.
    const section = page.getByTestId('account-addresses');
    await section.getByRole('button', { name: t.add }).click();
    await section.getByLabel(t.label).fill('Lagret i Borås');
    await section.getByLabel(t.address).fill('Tryckbolaget AB\nGodsmottagningen\nLagervägen 5\n504 30 Borås');
    await section.getByRole('button', { name: t.save }).click();
    await expect(section.getByTestId('saved-address')).toHaveCount(1);
    await expect(section.getByTestId('saved-address')).toContainText('Lagret i Borås');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, `account-addresses-${language}-${width}`);

    // Checkout: filled in from the last order, the saved address offered.
    await openCartWithBeanies(page);
    await expect(page.getByTestId('checkout-prefilled')).toBeVisible();
    await expect(page.getByLabel(t.contact)).toHaveValue('Greta Inköpare');
    await expect(page.getByLabel(t.orgNumber)).toHaveValue('556016-0680');
    await expect(page.getByLabel(t.address, { exact: true })).toHaveValue(company.address);
    await page.getByLabel(t.pick).selectOption({ label: 'Lagret i Borås' });
    await expect(page.getByLabel(t.address, { exact: true })).toHaveValue(
      'Tryckbolaget AB\nGodsmottagningen\nLagervägen 5\n504 30 Borås',
    );
    // A saved address is not offered to be saved again.
    await expect(page.getByLabel(t.saveForLater)).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await screenshot(page, `checkout-prefilled-${language}-${width}`);

    await acceptTerms(page);
    await page.getByRole('button', { name: t.complete }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/confirmation');
    expect(await deliveryAddressOfNewest(server, email)).toEqual({
      delivery_address: 'Tryckbolaget AB\nGodsmottagningen\nLagervägen 5\n504 30 Borås',
      country_code: 'SE',
      customer_name: 'Greta Inköpare',
    });
  });
}

test('what the buyer typed is kept over the last order, and a new address is saved with the order when ticked', async ({
  server,
  openPage,
}) => {
  const t = texts.en;
  const email = 'egen.text@example.se';
  await placeEarlierOrder(server, email);
  const { page } = await openPage({ locale: t.locale });
  await page.goto(await signInLinkPath(server, email));
  await expect.poll(() => new URL(page.url()).pathname).toBe('/account');
  // Typed in this tab before: the draft the form keeps in sessionStorage.
  await page.evaluate(() =>
    window.sessionStorage.setItem(
      'checkout-draft',
      JSON.stringify({
        customerType: 'company',
        companyName: 'Tryckbolaget AB',
        orgNumber: '556016-0680',
        name: 'Typed Name',
        email: 'egen.text@example.se',
        phone: '070-111 22 33',
        country: 'SE',
        address: 'Mässhallen\nMonter B12\n412 94 Göteborg',
      }),
    ),
  );
  await openCartWithBeanies(page);
  await expect(page.getByLabel(t.contact)).toBeVisible();
  await expect(page.getByLabel(t.contact)).toHaveValue('Typed Name');
  await expect(page.getByLabel(t.address, { exact: true })).toHaveValue(
    'Mässhallen\nMonter B12\n412 94 Göteborg',
  );
  await expect(page.getByTestId('checkout-prefilled')).toHaveCount(0);
  await page.getByLabel(t.saveForLater).check();
  await acceptTerms(page);
  await page.getByRole('button', { name: t.complete }).click();
  await expect.poll(() => new URL(page.url()).pathname).toBe('/confirmation');
  await expect
    .poll(async () =>
      queryRows<{ label: string; address: string }>(
        server.database.db,
        sql`SELECT label, address FROM account_addresses WHERE email = ${email}`,
      ),
    )
    .toEqual([{ label: 'Mässhallen', address: 'Mässhallen\nMonter B12\n412 94 Göteborg' }]);
  expect((await deliveryAddressOfNewest(server, email))?.customer_name).toBe('Typed Name');
});
