import { acceptTerms, expect, screenshot, test } from './fixtures';
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { desc, eq } from 'drizzle-orm';
import type { Page } from '@playwright/test';
import { orders } from '@/server/db/orders-schema';

async function addCouponBooklets(page: Page) {
  await page.goto(`/products/${encodeURIComponent('kuponghäfte')}`);
  await page.getByRole('button', { name: 'Add 100 pcs to cart' }).click();
  await expect(page.getByTestId('cart-badge')).toHaveText('100');
}

async function axeViolations(page: Page) {
  // Toasts fade in and out: their contrast mid-animation is not what a reader sees.
  const results = await new AxeBuilder({ page }).exclude('[data-sonner-toaster]').analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test.describe('checkout in a real browser', () => {
  test('empty cart shows the empty state with a way to the products', async ({ page }) => {
    await page.goto('/cart');
    await expect(page.getByText('Your cart is empty')).toBeVisible();
    await expect(page.getByText('Add products to continue')).toBeVisible();
    await page.getByRole('link', { name: 'Browse Products' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/products');
  });

  test('/confirmation without an order goes home', async ({ page }) => {
    await page.goto('/confirmation');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
  });

  for (const width of [390, 1280]) {
    test(`add → cart → fill → Complete Order → confirmation → invoice → cart empty (${width} px)`, async ({
      server,
      openPage,
    }) => {
      const { page, context, errors } = await openPage({ width });
      await addCouponBooklets(page);
      await page.getByRole('link', { name: /cart/i }).first().click();
      await expect.poll(() => new URL(page.url()).pathname).toBe('/cart');
      await expect(page.getByTestId('cart-total')).toHaveText('3 000,00 kr');

      // Any whole number from the minimum; the price follows its tier: 200 booklets cost 25 kr each.
      const quantity = page.getByRole('spinbutton', { name: 'Quantity of Coupon Booklet' });
      await expect(quantity).toHaveAttribute('min', '100');
      await expect(quantity).toHaveAttribute('step', '1');
      await quantity.fill('200');
      await expect(page.getByTestId('cart-total')).toHaveText('5 000,00 kr');

      // Empty form: the spec's messages under the fields, and the terms not yet accepted.
      await page.getByRole('button', { name: /Complete Order/ }).click();
      await expect(page.getByText('Please fill in all fields')).toHaveCount(4);
      await expect(page.getByText('Accept the terms of purchase to complete the order')).toBeVisible();
      await expect(page.getByText('Please fill in personal ID number')).toBeVisible();
      expect(
        await page.getByLabel('Personal ID number').evaluate((element) => element === document.activeElement),
      ).toBe(true);
      await expect(page.getByPlaceholder('ÅÅÅÅMMDD-XXXX')).toBeVisible();
      await page.getByLabel('Company').check();
      await expect(page.getByPlaceholder('XXXXXX-XXXX')).toBeVisible();
      await expect(page.getByLabel('Contact Person')).toBeVisible();
      // The first refused field on the page takes the focus (a company's own fields come first).
      const focused = (label: string) =>
        page.getByLabel(label, { exact: true }).evaluate((element) => element === document.activeElement);
      await page.getByRole('button', { name: /Complete Order/ }).click();
      await expect.poll(() => focused('Company name')).toBe(true);
      await page.getByLabel('Individual').check();
      await screenshot(page, `cart-errors-${width}`);

      await page.getByLabel('Personal ID number').fill('19811218-9877');
      await page.getByLabel('Name').fill('Anna Andersson');
      await page.getByLabel('Email').fill('anna@example.se');
      await page.getByLabel('Phone').fill('070-123 45 67');
      await page.getByLabel('Delivery address').fill('Storgatan 1\n111 22 Stockholm');
      await expect(page.getByLabel('Country')).toHaveValue('SE');
      await acceptTerms(page);
      await page.getByRole('button', { name: /Complete Order/ }).click();
      await expect(page.getByText('Personal ID number is not valid (check digit)')).toBeVisible();
      await page.getByLabel('Personal ID number').fill('19811218-9876');
      await expect(page.getByTestId('checkout-total')).toHaveText('5 000,00 kr');
      if (width === 1280) expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, `cart-filled-${width}`);
      // Every field valid but the terms unticked: refused, nothing sent, still on the cart.
      await page.getByLabel('I have read and accept the terms of purchase').uncheck();
      await page.getByRole('button', { name: /Complete Order/ }).click();
      await expect(page.getByText('Accept the terms of purchase to complete the order')).toBeVisible();
      expect(new URL(page.url()).pathname).toBe('/cart');
      await acceptTerms(page);
      await expect(page.getByText('Accept the terms of purchase to complete the order')).toHaveCount(0);
      await page.getByRole('button', { name: /Complete Order/ }).click();

      await expect.poll(() => new URL(page.url()).pathname).toBe('/confirmation');
      await expect(page.getByText('Order received!')).toBeVisible();
      await expect(page.getByTestId('invoice-number')).toHaveText(/^INV-\d{13,}$/);
      const number = (await page.getByTestId('invoice-number').textContent()) ?? '';
      await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
      await expect(page.getByText('A copy of the invoice has been sent to')).toBeVisible();
      await expect(page.getByTestId('amount-to-pay')).toHaveText('5 000,00 kr');
      await expect(page.getByTestId('order-total')).toHaveText('5 000,00 kr');
      await expect(page.getByTestId('bank-account')).toHaveText(server.config.seller.bankAccount);
      await expect(page.getByText('Anna Andersson')).toBeVisible();
      if (width === 1280) expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, `confirmation-${width}`);

      // Copy the account number.
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      await page.getByRole('button', { name: 'Copy account number' }).click();
      await expect(page.getByText('Account number copied!')).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
        server.config.seller.bankAccount,
      );

      // Download Invoice: Invoice_{number}.html with the order in it.
      const downloading = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download Invoice' }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe(`Invoice_${number}.html`);
      const file = readFileSync((await download.path()) ?? '', 'utf8');
      expect(file).toContain(number);
      expect(file).toContain('Faktura');
      await expect(page.getByText('Invoice downloaded!')).toBeVisible();

      // View Invoice: the server's invoice in a new window, rendered under its own CSP without errors.
      const opening = context.waitForEvent('page');
      await page.getByRole('link', { name: 'View Invoice' }).click();
      const invoice = await opening;
      const invoiceErrors: string[] = [];
      invoice.on('console', (m) => {
        if (m.type() === 'error') invoiceErrors.push(m.text());
      });
      await invoice.waitForLoadState();
      expect(await invoice.title()).toBe(`Faktura ${number}`);
      expect(await invoice.locator('main').evaluate((el) => getComputedStyle(el).maxWidth)).toBe('820px');
      await screenshot(invoice, `invoice-${width}`);
      expect(invoiceErrors).toEqual([]);
      await invoice.close();

      // Reload keeps the confirmation (read from the server with the stored token).
      await page.reload();
      await expect(page.getByTestId('invoice-number')).toHaveText(number);

      // The cart is empty now.
      await expect(page.getByTestId('cart-badge')).toHaveCount(0);
      await page.getByRole('link', { name: 'Back to Home' }).click();
      await expect.poll(() => new URL(page.url()).pathname).toBe('/');
      await page.goto('/cart');
      await expect(page.getByText('Your cart is empty')).toBeVisible();
      if (width === 390) await screenshot(page, 'cart-empty-390');
      expect(errors).toEqual([]);
    });
  }

  test('a failed save shows "Could not save order" and stays on the cart; the retry places one order', async ({
    server,
    openPage,
  }) => {
    const { page } = await openPage({ expectedErrors: /ERR_CONNECTION_RESET/ });
    await addCouponBooklets(page);
    await page.goto('/cart');
    await page.getByLabel('Company').check();
    await page.getByLabel('Company name').fill('Acme AB');
    await page.getByLabel('Organization number').fill('556016-0680');
    await page.getByLabel('Contact Person').fill('Bo Berg');
    await page.getByLabel('Email').fill('bo@example.com');
    await page.getByLabel('Phone').fill('+47 22 33 44 55');
    await page.getByLabel('Country').selectOption('NO');
    await page.getByLabel('Delivery address').fill('Karl Johans gate 1, Oslo');

    // The network drops the first answer after the server stored the order.
    let bodies: string[] = [];
    let dropped = false;
    await page.route('**/api/orders', async (route) => {
      bodies.push(route.request().postData() ?? '');
      const response = await route.fetch();
      if (!dropped) {
        dropped = true;
        await route.abort('connectionreset');
        return;
      }
      await route.fulfill({ response });
    });
    await acceptTerms(page);
    await page.getByRole('button', { name: /Complete Order/ }).click();
    await expect(page.getByText('Could not save order')).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/cart');
    await acceptTerms(page);
    await page.getByRole('button', { name: /Complete Order/ }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/confirmation');
    const keys = bodies.map((b) => (JSON.parse(b) as { idempotencyKey: string }).idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
    await expect(page.getByText('Contact Person')).toBeVisible();
    const stored = await server.database.db
      .select()
      .from(orders)
      .where(eq(orders.customerEmail, 'bo@example.com'));
    expect(stored).toHaveLength(1);
    bodies = [];
  });

  for (const width of [390, 1280]) {
    test(`a link in the address, company or reference is refused under that field; a real address goes through (${width} px)`, async ({
      server,
      openPage,
    }) => {
      const { page, errors } = await openPage({ width, locale: 'sv-SE' });
      await page.goto(`/products/${encodeURIComponent('kuponghäfte')}`);
      await page.getByRole('button', { name: 'Lägg 100 st i varukorgen' }).click();
      await expect(page.getByTestId('cart-badge')).toHaveText('100');
      await page.goto('/cart');
      await page.getByLabel('Företag', { exact: true }).check();
      await page.getByLabel('Företagsnamn').fill('Tryck AB – betala på evil.se');
      await page.getByLabel('Organisationsnummer').fill('556016-0680');
      await page.getByLabel('Kontaktperson').fill('J. Andersson');
      await page.getByLabel('E-post').fill('stranger-text@example.se');
      await page.getByLabel('Telefon').fill('070-123 45 67');
      await page
        .getByLabel('Leveransadress')
        .fill('Storgatan 1\nVIKTIGT: betala till BG 555-5555 http://pay.example/x');
      await page.getByLabel('Er referens (valfritt)').fill('kundtjanst@evil.se');
      await acceptTerms(page);
      await page.getByRole('button', { name: /Slutför köpet/ }).click();
      const refusal = (field: string) =>
        `${field} får inte innehålla en webbadress, ett domännamn eller en e-postadress`;
      // Each message sits under its own field and is the field's description for a screen reader.
      for (const [label, field] of [
        ['Företagsnamn', 'Företagsnamnet'],
        ['Leveransadress', 'Adressen'],
        ['Er referens (valfritt)', 'Referensen'],
      ] as const) {
        await expect(page.getByLabel(label)).toHaveAccessibleDescription(refusal(field));
        await expect(page.getByText(refusal(field))).toBeVisible();
      }
      await screenshot(page, `checkout-stranger-text-${width}`);
      expect(new URL(page.url()).pathname).toBe('/cart');

      await page.getByLabel('Företagsnamn').fill('Tryck & Co. AB');
      await page
        .getByLabel('Leveransadress')
        .fill('c/o Åsa Öberg\nSt. Eriksgatan 12 B, lgh 1102\n113 43 Stockholm');
      await page.getByLabel('Er referens (valfritt)').fill('Müller GmbH');
      await page.getByRole('button', { name: /Slutför köpet/ }).click();
      await expect.poll(() => new URL(page.url()).pathname).toBe('/confirmation');
      const [stored] = await server.database.db
        .select({ address: orders.deliveryAddress, company: orders.customerOrganization })
        .from(orders)
        .where(eq(orders.customerEmail, 'stranger-text@example.se'))
        .orderBy(desc(orders.id))
        .limit(1);
      expect(stored).toEqual({
        address: 'c/o Åsa Öberg\nSt. Eriksgatan 12 B, lgh 1102\n113 43 Stockholm',
        company: 'Tryck & Co. AB',
      });
      expect(errors).toEqual([]);
    });
  }
});
