import { AxeBuilder } from '@axe-core/playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { insertTestOrder } from '../helpers/orders';
import { loginAsAdmin, TEST_ADMIN_PIN } from './admin-fixture';
import { acceptTerms, openPage, plain, screenshot, startShop, type Shop } from './browser';

let shop: Shop;
beforeAll(async () => {
  shop = await startShop();
});
afterAll(() => shop.close());

const heading = (page: Page) => page.getByRole('heading', { level: 1 }).first().textContent();

describe('language', () => {
  it('a Swedish browser gets Swedish with lang="sv"; an English one gets English', async () => {
    const swedish = await openPage(shop, { locale: 'sv-SE' });
    await swedish.page.goto('/');
    await expect.poll(() => heading(swedish.page)).toBe('Storköp till bästa pris');
    expect(await swedish.page.locator('html').getAttribute('lang')).toBe('sv');
    expect(swedish.errors).toEqual([]);
    await swedish.context.close();

    const english = await openPage(shop, { locale: 'en-GB' });
    await english.page.goto('/');
    await expect.poll(() => heading(english.page)).toBe('Bulk products at the best price');
    expect(await english.page.locator('html').getAttribute('lang')).toBe('en');
    await english.context.close();
  });

  it('the header switch changes the language at once, without a reload, and it survives a reload', async () => {
    const { page, context, errors } = await openPage(shop, { locale: 'sv-SE' });
    await page.goto('/');
    await expect.poll(() => heading(page)).toBe('Storköp till bästa pris');
    // A marker on window disappears on a reload: the switch must keep it.
    await page.evaluate(() => Object.assign(window, { notReloaded: true }));
    await page.locator('header').getByRole('button', { name: 'English' }).click();
    await expect.poll(() => heading(page)).toBe('Bulk products at the best price');
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    expect(await page.evaluate(() => 'notReloaded' in window)).toBe(true);

    await page.reload();
    await expect.poll(() => heading(page)).toBe('Bulk products at the best price');
    expect(await page.locator('html').getAttribute('lang')).toBe('en');

    await page.locator('header').getByRole('button', { name: 'Svenska' }).click();
    await expect.poll(() => heading(page)).toBe('Storköp till bästa pris');
    expect(await page.locator('html').getAttribute('lang')).toBe('sv');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the mobile menu has the switch too', async () => {
    const { page, context } = await openPage(shop, { locale: 'en-GB', width: 390 });
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Svenska' }).click();
    // The menu stays open, now in Swedish; closing it shows the page in Swedish.
    await expect.poll(() => page.getByRole('dialog', { name: 'Meny' }).isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => heading(page)).toBe('Storköp till bästa pris');
    expect(await page.locator('html').getAttribute('lang')).toBe('sv');
    await context.close();
  });
});

/**
 * What the cart, checkout, confirmation and admin said in one language only, before both: none of
 * it may show on a Swedish page (word-bounded, so "Totalt" is not "Total").
 */
const englishOfTheSwedishPages = [
  'Your cart is empty',
  'Add products to continue',
  'Browse Products',
  'Cart is empty',
  'Order received!',
  'Could not save order',
  'Please check your connection',
  'Invoiced in SEK',
  'incl. 25 % VAT',
  'Contact & delivery',
  'Customer type',
  'Individual',
  'Company name',
  'Organization number',
  'Personal ID number',
  'Contact Person',
  'Email',
  'Phone',
  'Country',
  'Delivery address',
  'Complete Order',
  'Please fill in',
  'Items',
  'pcs',
  'Quantity of',
  'Remove',
  'Products in your cart',
  'Copy account number',
  'Close',
  'Notifications',
  'Thank you for your order',
  'Invoice number',
  'A copy of the invoice',
  'View Invoice',
  'Download Invoice',
  'Payment information',
  'Pay by bank transfer',
  'Bank account',
  'Amount to pay',
  'Due date',
  'Delivery information',
  'Order summary',
  'Unit price',
  'Excl. VAT',
  'Next: send your print files',
  'Back to Home',
  'Coupon Booklet',
  'Login',
  'Logout',
  'Log out everywhere',
  'Total orders',
  'Total turnover',
  'Average order value',
  'Search',
  'Loading',
  'No orders yet',
  'Received',
  'Unpaid',
  'Record payment',
  'Still to pay',
  'Partner applications',
  'Order date',
  'View invoice',
];

/** The English phrases a page shows or names (text, labels, placeholders, titles, alt texts). */
async function englishOn(page: Page): Promise<string[]> {
  const attributes = await page.evaluate(() =>
    [...document.querySelectorAll('[aria-label], [placeholder], [title], img[alt]')]
      .flatMap((element) =>
        ['aria-label', 'placeholder', 'title', 'alt'].map((name) => element.getAttribute(name) ?? ''),
      )
      .join('\n'),
  );
  const text = plain(`${await page.locator('body').innerText()}\n${attributes}`);
  return englishOfTheSwedishPages.filter((phrase) =>
    new RegExp(`(^|[^\\p{L}])${phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\p{L}])`, 'u').test(text),
  );
}

/** Axe (WCAG 2.1 AA) on the page as it is; toasts fade in and out and are left out. */
async function axeViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .exclude('[data-sonner-toaster]')
    .analyze();
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text }).first();

describe('the cart, checkout, confirmation and admin in both languages', () => {
  // 1280 first: it meets the shop without orders.
  for (const width of [1280, 390]) {
    it(`an English admin (en-US) reads English, the spec's English strings verbatim (${width} px)`, async () => {
      const { page, context, errors } = await openPage(shop, { locale: 'en-US', width });
      await page.goto('/admin-login');
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Admin');
      expect(await page.getByText('Enter your PIN to log in').isVisible()).toBe(true);
      const pin = page.getByLabel('PIN', { exact: true });
      await pin.fill('0000');
      await page.getByRole('button', { name: 'Login' }).click();
      await expect.poll(() => toast(page, 'Wrong PIN').isVisible()).toBe(true);
      expect(await toast(page, 'Try again').isVisible()).toBe(true);
      await pin.fill(TEST_ADMIN_PIN);
      await page.getByRole('button', { name: 'Login' }).click();
      await expect.poll(() => toast(page, 'Logged in').isVisible()).toBe(true);
      expect(await toast(page, 'Welcome to the admin panel').isVisible()).toBe(true);
      await expect.poll(() => new URL(page.url()).pathname).toBe('/admin');
      await page.getByRole('button', { name: 'Logout', exact: true }).waitFor();
      expect(await page.getByText('Total orders').isVisible()).toBe(true);
      expect(await page.getByText('Average order value').isVisible()).toBe(true);
      expect(await page.getByRole('tab', { name: 'Partner applications' }).isVisible()).toBe(true);
      expect(await page.getByLabel('Search', { exact: true }).isVisible()).toBe(true);
      if (width === 1280) {
        await expect.poll(() => page.getByRole('status').getByText('No orders yet').isVisible()).toBe(true);
      }

      // An order: English product names, status and dates; money and counts in Swedish format.
      const order = await insertTestOrder(shop.server.database, {
        items: [
          {
            productId: 'kuponghäfte',
            name: 'Coupon Booklet',
            quantity: 1000,
            unitPrice: '15',
            lineTotal: '15000.00',
          },
        ],
        totalAmount: '15000.00',
        exVatAmount: '12000.00',
        vatAmount: '3000.00',
        orderDate: new Date('2026-03-02T10:00:00Z'),
      });
      await page.reload();
      const entry = page
        .locator(width < 768 ? 'li' : 'tr', { has: page.getByRole('button', { name: order.orderNumber }) })
        .first();
      await expect.poll(async () => plain(await entry.textContent())).toContain('1 000 × Coupon Booklet');
      expect(plain(await entry.textContent())).toContain('15 000,00 kr');
      expect(plain(await entry.textContent())).toContain('Received');
      expect(await entry.getByTestId('payment-state').textContent()).toBe('Unpaid');
      expect(plain(await entry.textContent())).toContain('02/03/2026');
      if (width === 1280)
        expect(await page.getByRole('columnheader', { name: 'Order number' }).isVisible()).toBe(true);
      await screenshot(page, `admin-en-${width}`);
      if (width === 1280) expect(await axeViolations(page)).toEqual([]);
      await entry.getByRole('button', { name: order.orderNumber }).click();
      const dialog = page.getByRole('dialog', { name: `Order ${order.orderNumber}` });
      await expect.poll(() => dialog.getByText('Customer type').isVisible()).toBe(true);
      expect(await dialog.getByRole('button', { name: 'Record payment' }).isVisible()).toBe(true);
      expect(await dialog.getByRole('link', { name: 'View invoice' }).isVisible()).toBe(true);
      expect(plain(await dialog.textContent())).toContain('15,00 kr/pcs');
      expect(plain(await dialog.textContent())).toContain('Sweden (SE)');
      await screenshot(page, `admin-detail-en-${width}`);
      if (width === 1280) expect(await axeViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');

      // The switch turns the admin Swedish at once, product names from the server included.
      const switcher =
        width < 768 ? undefined : page.locator('header').getByRole('button', { name: 'Svenska' });
      if (switcher) {
        await switcher.click();
        await expect.poll(async () => plain(await entry.textContent())).toContain('1 000 × Kuponghäfte');
        expect(await page.getByText('Totalt antal beställningar').isVisible()).toBe(true);
        expect(await englishOn(page)).toEqual([]);
      }
      expect(errors.filter((e) => !e.includes('401'))).toEqual([]);
      await context.close();
    });
  }

  it("an English admin whose order list fails reads 'Error': 'Could not fetch orders'", async () => {
    const { page, context } = await openPage(shop, { locale: 'en-US' });
    await loginAsAdmin(shop.server, context);
    await page.route('**/api/admin/orders?*', (route) =>
      route.fulfill({ status: 400, json: { error: 'refused for the test' } }),
    );
    await page.goto('/admin');
    await expect.poll(() => toast(page, 'Could not fetch orders').isVisible()).toBe(true);
    expect(await toast(page, 'Error').isVisible()).toBe(true);
    await context.close();
  });

  for (const width of [390, 1280]) {
    it(`a Swedish buyer (sv-SE) orders in Swedish from cart to confirmation; the admin is Swedish (${width} px)`, async () => {
      const { page, context, errors } = await openPage(shop, {
        locale: 'sv-SE',
        width,
        expectedErrors: /ERR_CONNECTION_RESET/,
      });
      await page.goto('/cart');
      await expect.poll(() => page.getByText('Din varukorg är tom').isVisible()).toBe(true);
      expect(await page.getByRole('link', { name: 'Till produkterna' }).getAttribute('href')).toBe(
        '/products',
      );
      expect(await englishOn(page)).toEqual([]);
      if (width === 390) await screenshot(page, 'cart-empty-sv-390');

      await page.goto(`/products/${encodeURIComponent('kuponghäfte')}`);
      await page.getByRole('button', { name: 'Lägg 100 st i varukorgen' }).click();
      await expect.poll(() => page.getByTestId('cart-badge').textContent()).toBe('100');
      await page.goto('/cart');
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Varukorg');
      const quantity = page.getByRole('spinbutton', { name: 'Antal, Kuponghäfte' });
      await quantity.fill('200');
      await expect
        .poll(async () => plain(await page.getByTestId('cart-total').textContent()))
        .toBe('5 000,00 kr');
      // Below the minimum: the toast says the minimum in Swedish.
      await quantity.fill('50');
      await quantity.press('Enter');
      await expect.poll(() => toast(page, 'Minsta beställning är 100 st').isVisible()).toBe(true);
      await expect.poll(() => quantity.inputValue()).toBe('200');

      // The empty form: Swedish messages under the fields.
      await page.getByRole('button', { name: /Slutför köpet/ }).click();
      await expect.poll(() => page.getByText('Fyll i alla fält').count()).toBe(4);
      expect(await page.getByText('Fyll i personnummer').isVisible()).toBe(true);
      expect(await page.getByText('Godkänn köpvillkoren för att slutföra beställningen').isVisible()).toBe(
        true,
      );
      expect(await page.getByRole('radio', { name: 'Privatperson' }).isChecked()).toBe(true);
      expect(await page.getByLabel('Land').inputValue()).toBe('SE');
      expect(await page.getByLabel('Land').locator('option:checked').textContent()).toBe('Sverige');
      expect(await page.getByPlaceholder('ÅÅÅÅMMDD-XXXX').isVisible()).toBe(true);
      expect(await englishOn(page)).toEqual([]);
      await screenshot(page, `cart-errors-sv-${width}`);

      // A switch of language says the shown messages again in the other language, and back.
      const menu = width < 768;
      const switchTo = async (language: 'English' | 'Svenska') => {
        if (menu) {
          await page
            .getByRole('button', { name: language === 'English' ? 'Öppna menyn' : 'Open menu' })
            .click();
          await page.getByRole('dialog').getByRole('button', { name: language }).click();
          await page.keyboard.press('Escape');
        } else {
          await page.locator('header').getByRole('button', { name: language }).click();
        }
      };
      await switchTo('English');
      await expect.poll(() => page.getByText('Please fill in all fields').count()).toBe(4);
      expect(await page.getByText('Please fill in personal ID number').isVisible()).toBe(true);
      expect(await page.getByRole('button', { name: /Complete Order/ }).isVisible()).toBe(true);
      await switchTo('Svenska');
      await expect.poll(() => page.getByText('Fyll i alla fält').count()).toBe(4);

      await page.getByLabel('Personnummer').fill('19811218-9877');
      await page.getByLabel('Namn').fill('Sara Svensson');
      await page.getByLabel('E-post').fill('sara@example.se');
      await page.getByLabel('Telefon').fill('070-123 45 67');
      await page.getByLabel('Leveransadress').fill('Storgatan 1\n111 22 Stockholm');
      await acceptTerms(page);
      await page.getByRole('button', { name: /Slutför köpet/ }).click();
      await expect
        .poll(() => page.getByText('Personnumret är inte giltigt (kontrollsiffran stämmer inte)').isVisible())
        .toBe(true);
      await page.getByLabel('Personnummer').fill('19811218-9876');
      expect(await englishOn(page)).toEqual([]);
      await screenshot(page, `cart-filled-sv-${width}`);
      if (width === 1280) expect(await axeViolations(page)).toEqual([]);

      // The server answers in Swedish too: a refused order says why in Swedish.
      await page.route('**/api/orders', (route) => route.abort('connectionreset'), { times: 1 });
      await page.getByRole('button', { name: /Slutför köpet/ }).click();
      await expect.poll(() => toast(page, 'Beställningen kunde inte sparas').isVisible()).toBe(true);
      expect(await toast(page, 'Kontrollera din internetanslutning och försök igen.').isVisible()).toBe(true);
      await page.getByRole('button', { name: /Slutför köpet/ }).click();

      await expect.poll(() => new URL(page.url()).pathname).toBe('/confirmation');
      await expect.poll(() => toast(page, 'Beställningen är mottagen!').isVisible()).toBe(true);
      await expect.poll(() => page.getByTestId('invoice-number').textContent()).toMatch(/^INV-\d{13,}$/);
      const number = (await page.getByTestId('invoice-number').textContent()) ?? '';
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Tack för din beställning!');
      expect(await page.getByText('En kopia av fakturan har skickats till').isVisible()).toBe(true);
      expect((await page.getByTestId('line-quantity').allTextContents()).map(plain)).toEqual(['200 st']);
      expect(await page.getByTestId('due-date').textContent()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(await page.getByRole('link', { name: 'Till startsidan' }).isVisible()).toBe(true);
      expect(await page.getByText('Kuponghäfte').first().isVisible()).toBe(true);
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      await page.getByRole('button', { name: 'Kopiera kontonumret' }).click();
      await expect.poll(() => toast(page, 'Kontonumret är kopierat!').isVisible()).toBe(true);
      const downloading = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Ladda ner faktura', exact: true }).click();
      expect((await downloading).suggestedFilename()).toBe(`Invoice_${number}.html`);
      await expect.poll(() => toast(page, 'Fakturan är nedladdad!').isVisible()).toBe(true);
      // Wait for the toasts to leave: they are not the page.
      await expect.poll(() => page.locator('[data-sonner-toast]').count(), { timeout: 10_000 }).toBe(0);
      expect(await englishOn(page)).toEqual([]);
      await screenshot(page, `confirmation-sv-${width}`);
      if (width === 1280) expect(await axeViolations(page)).toEqual([]);

      // The admin, in Swedish: this order with its Swedish product name, status and labels.
      await loginAsAdmin(shop.server, context);
      await page.goto('/admin');
      const entry = page
        .locator(width < 768 ? 'li' : 'tr', { has: page.getByRole('button', { name: number }) })
        .first();
      await expect.poll(async () => plain(await entry.textContent())).toContain('200 × Kuponghäfte');
      expect(plain(await entry.textContent())).toContain('Mottagen');
      expect(await entry.getByTestId('payment-state').textContent()).toBe('Obetald');
      expect(await page.getByRole('button', { name: 'Logga ut', exact: true }).isVisible()).toBe(true);
      expect(await englishOn(page)).toEqual([]);
      await screenshot(page, `admin-sv-${width}`);
      if (width === 1280) expect(await axeViolations(page)).toEqual([]);
      await entry.getByRole('button', { name: number }).click();
      const dialog = page.getByRole('dialog', { name: `Beställning ${number}` });
      await expect.poll(() => dialog.getByText('Kundtyp').isVisible()).toBe(true);
      expect(plain(await dialog.textContent())).toContain('Sverige (SE)');
      expect(plain(await dialog.textContent())).toContain('200 × Kuponghäfte');
      expect(await englishOn(page)).toEqual([]);
      // The one failure was the connection the test cut.
      expect(errors.filter((e) => !e.includes('ERR_CONNECTION_RESET'))).toEqual([]);
      await context.close();
    });
  }

  it("a Swedish admin whose order list fails reads the spec's 'Fel': 'Kunde inte hämta beställningar'", async () => {
    const { page, context } = await openPage(shop, { locale: 'sv-SE' });
    await loginAsAdmin(shop.server, context);
    await page.route('**/api/admin/orders?*', (route) =>
      route.fulfill({ status: 400, json: { error: 'refused for the test' } }),
    );
    await page.goto('/admin');
    await expect.poll(() => toast(page, 'Kunde inte hämta beställningar').isVisible()).toBe(true);
    expect(await toast(page, 'Fel').isVisible()).toBe(true);
    await context.close();
  });
});
