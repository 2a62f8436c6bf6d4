import { loginAsAdmin } from './admin-fixture';
import { expect, screenshot, test } from './fixtures';

test.describe('an order entered by staff (issue 41)', () => {
  for (const width of [1280, 390]) {
    test(`the owner fills in a phone order with a negotiated price (${width} px)`, async ({
      server,
      openPage,
    }) => {
      const { page } = await openPage({ width, locale: 'sv-SE' });
      await loginAsAdmin(server, page.context());
      await page.goto('/admin');
      await page.getByRole('tab', { name: 'Offerter' }).click();
      await page.getByRole('button', { name: 'Ny order' }).click();

      const form = page.getByRole('form', { name: 'Ny order (telefon eller e-post)' });
      await form.getByLabel('Företagsnamn').fill('IK Kamraterna');
      await form.getByLabel('Organisationsnummer').fill('556677-8899');
      await form.getByLabel('Namn', { exact: true }).fill('Kim Kassör');
      await form.getByLabel('E-post').fill(`kassor-order-${width}@example.se`);
      await form.getByLabel('Telefon').fill('070-123 45 67');
      await form.getByLabel('Leveransadress').fill('Klubbvägen 1\n111 22 Stockholm');
      await form.getByLabel('Produkt', { exact: true }).selectOption('hoodie');
      await form.getByLabel('Storlekar M').fill('10');
      await form.getByLabel('Storlekar L').fill('20');
      await form.getByLabel('Färg').selectOption('navy');
      await form.getByLabel('Förhandlat styckpris (kr inkl. moms)').fill('99.50');
      await form.getByLabel('Skäl till priset').fill('Klubbrabatt enligt telefonsamtal');
      await screenshot(page, `staff-order-form-${width}`);
      await expect(
        form.getByLabel('Skicka orderbekräftelsen med länk till ordersidan till kunden'),
      ).toBeChecked();
    });
  }

  test('the form in English (1280 px)', async ({ server, openPage }) => {
    const { page } = await openPage({ width: 1280, locale: 'en-SE' });
    await loginAsAdmin(server, page.context());
    await page.goto('/admin?lang=en');
    await page.getByRole('tab', { name: 'Quotes' }).click();
    await page.getByRole('button', { name: 'New order' }).click();
    await expect(page.getByRole('form', { name: 'New order (phone or email)' })).toBeVisible();
    await expect(
      page.getByLabel('Send the customer the order confirmation with the order page link'),
    ).toBeChecked();
    await screenshot(page, 'staff-order-form-en-1280');
  });
});
