import type { OpenPage } from './fixtures';
import type { TestServer } from '../helpers/server';
import { acceptTerms, expect, lastOrderInvoiceHtml, plain, screenshot, test } from './fixtures';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { readEml } from '../helpers/eml';

/**
 * What three buyers stumbled on, in both languages at a phone's and a desktop's width: the quantity
 * the product page offered, a typed form, one amount to pay, and names in the order's language.
 */

const words = {
  en: {
    locale: 'en-SE',
    company: 'Company',
    companyName: 'Company name',
    orgNumber: 'Organization number',
    registrationNumber: 'Company registration number',
    contact: 'Contact Person',
    email: 'Email',
    phone: 'Phone',
    country: 'Country',
    address: 'Delivery address',
    vatNumber: 'VAT number',
    reference: 'Your reference (optional)',
    complete: /Complete Order/,
    quantityOf: 'Quantity of Washed Cap',
    tier50: '50 pcs',
    add50: 'Add 50 pcs to cart',
    products: 'Products',
  },
  sv: {
    locale: 'sv-SE',
    company: 'Företag',
    companyName: 'Företagsnamn',
    orgNumber: 'Organisationsnummer',
    registrationNumber: 'Företagets registreringsnummer',
    contact: 'Kontaktperson',
    email: 'E-post',
    phone: 'Telefon',
    country: 'Land',
    address: 'Leveransadress',
    vatNumber: 'Momsregistreringsnummer',
    reference: 'Er referens (valfritt)',
    complete: /Slutför köpet/,
    quantityOf: 'Antal, Urtvättad keps',
    tier50: '50 st',
    add50: 'Lägg 50 st i varukorgen',
    products: 'Produkter',
  },
} as const;

const cases = (['en', 'sv'] as const).flatMap((language) =>
  ([390, 1280] as const).map((width) => ({ language, width })),
);

/** Every product option is required to order (product-options.ts): a stored cart line carries them. */
const washedCapChoices = { colour: 'black', decoration: 'embroidery' };
const bookletChoices = { bookletSize: 'a6', pages: '10', coupons: '1' };

async function cartWith(page: Page, lines: unknown[]): Promise<void> {
  await page
    .context()
    .addInitScript((stored) => window.localStorage.setItem('cart', stored), JSON.stringify(lines));
}

/** The shop's and the buyer's emails of an order, decoded. */
function emailsOf(server: TestServer, orderNumber: string): { shop: string; buyer: string } {
  const dir = join(server.dataDir, 'outbox');
  const files = readdirSync(dir).filter((name) => name.startsWith(`${orderNumber}-`));
  const read = (file: string | undefined) => {
    const mail = readEml(file ? readFileSync(join(dir, file), 'utf8') : '');
    return `${mail.subject}\n${mail.text}`;
  };
  return {
    shop: read(files.find((name) => name.includes('shop_notice'))),
    buyer: read(files.find((name) => !name.includes('shop_notice'))),
  };
}

for (const { language, width } of cases) {
  test.describe(`buyers, ${language} at ${width} px`, () => {
    const w = words[language];
    const open = (openPage: OpenPage) => openPage({ width, locale: w.locale });

    test('50 washed caps chosen on the product page stay 50 at 1 350 kr in the cart, typed or not', async ({
      openPage,
    }) => {
      const { page, errors } = await open(openPage);
      await page.goto(`/products/urvattad-keps`);
      await page.getByRole('button', { name: w.tier50, exact: true }).click();
      await page.getByRole('button', { name: w.add50 }).click();
      await expect(page.getByTestId('cart-badge')).toHaveText('50');
      await page.goto('/cart');
      const quantity = page.getByLabel(w.quantityOf);
      await expect(quantity).toHaveValue('50');
      await expect(page.getByTestId('line-total')).toHaveText('1 350,00 kr');
      // Typed: 60 is 60 (the 50 tier), back to 50 is 50 again; nothing rounds it to a step.
      await quantity.fill('60');
      await quantity.press('Enter');
      await expect(page.getByTestId('line-total')).toHaveText('1 620,00 kr');
      await quantity.fill('50');
      await quantity.press('Enter');
      await expect(page.getByTestId('line-total')).toHaveText('1 350,00 kr');
      await expect(quantity).toHaveValue('50');
      await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
      await screenshot(page, `buyers-cart-caps-${language}-${width}`);
      expect(errors).toEqual([]);
    });

    test("below the minimum in the customiser: SPEC's message, and nothing goes into the cart", async ({
      openPage,
    }) => {
      const { page, errors } = await open(openPage);
      await page.goto('/products/hoodie');
      const quantity = page.getByLabel(language === 'sv' ? 'Antal (st)' : 'Quantity (pcs)', { exact: true });
      await quantity.fill('10');
      const minimum = language === 'sv' ? 'Minsta beställning är 20 st' : 'Minimum order is 20 pcs';
      await expect(page.getByTestId('quantity-problem')).toContainText(minimum);
      await quantity.press('Enter');
      await expect(page.locator('[data-sonner-toast]').filter({ hasText: minimum })).toHaveCount(1);
      await expect(page.getByTestId('cart-badge')).toHaveCount(0);
      expect(JSON.parse((await page.evaluate(() => window.localStorage.getItem('cart'))) ?? '[]')).toEqual(
        [],
      );
      expect(errors).toEqual([]);
    });

    test('a typed company form survives a trip to the products page and a reload', async ({ openPage }) => {
      const { page, errors } = await open(openPage);
      await cartWith(page, [{ productId: 'urvattad-keps', quantity: 50, options: washedCapChoices }]);
      await page.goto('/cart');
      await page.getByLabel(w.company, { exact: true }).check();
      await page.getByLabel(w.companyName).fill('Exempel AB');
      await page.getByLabel(w.orgNumber).fill('556016-0680');
      await page.getByLabel(w.contact).fill('Anna Andersson');
      await page.getByLabel(w.email).fill('anna@example.se');
      await page.getByLabel(w.phone).fill('070-123 45 67');
      await page.getByLabel(w.address).fill('Storgatan 1\n111 22 Stockholm');
      await page.getByLabel(w.reference).fill('PO-4711');
      const expectTyped = async () => {
        await expect(page.getByLabel(w.companyName)).toHaveValue('Exempel AB');
        await expect(page.getByLabel(w.company, { exact: true })).toBeChecked();
        await expect(page.getByLabel(w.orgNumber)).toHaveValue('556016-0680');
        await expect(page.getByLabel(w.contact)).toHaveValue('Anna Andersson');
        await expect(page.getByLabel(w.email)).toHaveValue('anna@example.se');
        await expect(page.getByLabel(w.phone)).toHaveValue('070-123 45 67');
        await expect(page.getByLabel(w.address)).toHaveValue('Storgatan 1\n111 22 Stockholm');
        await expect(page.getByLabel(w.reference)).toHaveValue('PO-4711');
      };
      // Through the site's own links, as a buyer goes to add one more thing.
      await page.goto('/products?category=kläder');
      await page.goto('/products');
      await page.locator('header a[href="/cart"]').first().click();
      await expect.poll(() => new URL(page.url()).pathname).toBe('/cart');
      await expectTyped();
      await page.reload();
      await page.waitForSelector('html[data-ready]', { state: 'attached' });
      await expectTyped();
      // Only in this tab's session storage: nothing of it in localStorage or a cookie.
      const local = await page.evaluate(() => JSON.stringify(window.localStorage));
      expect(local).not.toContain('Exempel AB');
      expect((await page.context().cookies()).map((c) => c.value).join()).not.toContain('Exempel');
      await screenshot(page, `buyers-cart-form-${language}-${width}`);
      expect(errors).toEqual([]);
    });

    test('a German company with a VAT number sees one amount to pay, the one its invoice asks', async ({
      openPage,
    }) => {
      const { page, errors } = await open(openPage);
      await page.context().addInitScript(() => window.localStorage.setItem('currency', 'EUR'));
      await cartWith(page, [{ productId: 'urvattad-keps', quantity: 50, options: washedCapChoices }]);
      await page.goto('/cart');
      await page.getByLabel(w.company, { exact: true }).check();
      await page.getByLabel(w.country).selectOption('DE');
      await page.getByLabel(w.companyName).fill('Beispiel GmbH');
      // Not a Swedish organisationsnummer: no XXXXXX-XXXX asked of a German company.
      const registration = page.getByLabel(w.registrationNumber);
      await expect(registration).not.toHaveAttribute('placeholder');
      await registration.fill('HRB 12345');
      await page.getByLabel(w.contact).fill('Jana Schmidt');
      await page.getByLabel(w.email).fill('jana@example.de');
      await page.getByLabel(w.phone).fill('+49 30 1234567');
      await page.getByLabel(w.address).fill('Hauptstraße 1\n10115 Berlin');
      await page.getByLabel(w.vatNumber).fill('DE136695976');
      await expect(page.getByTestId('vat-summary')).toHaveAttribute('data-treatment', 'reverse_charge');
      // 1 350 kr incl. VAT is 1 080 kr without; at the fixed 0.088 €/kr what the buyer pays is one figure.
      const upper = plain(await page.getByTestId('cart-total').textContent());
      const form = plain(await page.getByTestId('amount-to-pay').textContent());
      const button = plain(await page.getByTestId('checkout-total').textContent());
      expect(new Set([upper, form, button]).size).toBe(1);
      // Shopping in EUR outside Sweden: invoiced in EUR (1 080 kr at 0,088), the same figure again.
      await expect(page.getByTestId('cart-total-eur')).toHaveText(upper);
      expect(upper).toBe('95,04 €');
      await screenshot(page, `buyers-cart-reverse-charge-${language}-${width}`);
      await acceptTerms(page);
      await page.getByRole('button', { name: w.complete }).click();
      await expect.poll(() => new URL(page.url()).pathname).toBe('/confirmation');
      await expect(page.getByTestId('amount-to-pay')).toHaveText('95,04 €');
      const number = (await page.getByTestId('invoice-number').textContent()) ?? '';
      const invoice = await lastOrderInvoiceHtml(page);
      expect(plain(invoice)).toContain('95,04 EUR');
      expect(number).toMatch(/^INV-/);
      // Ordered: the next order starts from an empty form.
      expect(await page.evaluate(() => window.sessionStorage.getItem('checkout-draft'))).toBeNull();
      expect(errors).toEqual([]);
    });

    test("the order page and the emails name products, colours and the country in the order's language", async ({
      server,
      openPage,
    }) => {
      const { page, errors } = await open(openPage);
      await cartWith(page, [
        { productId: 'kuponghäfte', quantity: 500, options: bookletChoices },
        {
          productId: 'baseball-keps',
          quantity: 20,
          customisation: { color: 'navy', prints: [], additionalInfo: '' },
        },
      ]);
      await page.goto('/cart');
      await page.getByLabel(language === 'sv' ? 'Personnummer' : 'Personal ID number').fill('19811218-9876');
      await page.getByLabel(language === 'sv' ? 'Namn' : 'Name', { exact: true }).fill('Anna Andersson');
      await page.getByLabel(w.email).fill('anna@example.se');
      await page.getByLabel(w.phone).fill('070-123 45 67');
      await page.getByLabel(w.address).fill('Storgatan 1\n111 22 Stockholm');
      // An individual is not asked for a purchase order number.
      await expect(page.getByLabel(w.reference)).toHaveCount(0);
      await acceptTerms(page);
      await page.getByRole('button', { name: w.complete }).click();
      await expect.poll(() => new URL(page.url()).pathname).toBe('/confirmation');
      await expect(page.getByTestId('invoice-number')).toHaveText(/^INV-\d+$/);
      const number = (await page.getByTestId('invoice-number').textContent()) ?? '';
      await page.getByTestId('order-page-link').click();
      await expect.poll(() => new URL(page.url()).pathname).toBe(`/orders/${number}`);
      const lines = page.getByTestId('order-lines');
      await expect(lines).toBeVisible();
      const linesText = plain(await lines.textContent());
      const pageText = plain(await page.locator('main').textContent());
      if (language === 'sv') {
        expect(linesText).toContain('500 st × Kuponghäfte');
        expect(linesText).toContain('Färg: Marinblå');
        expect(pageText).toContain('Sverige');
        expect(pageText).not.toMatch(/Coupon Booklet|Navy|Sweden/);
      } else {
        expect(linesText).toContain('500 pcs × Coupon Booklet');
        expect(linesText).toContain('Colour: Navy');
        expect(pageText).toContain('Sweden');
      }
      await screenshot(page, `buyers-order-page-${language}-${width}`);

      // The emails follow the order (Swedish for an order to Sweden); the shop's notice is Swedish.
      await server.app.emailOutbox.drain();
      const mails = emailsOf(server, number);
      expect(mails.buyer).toContain('500 × Kuponghäfte');
      expect(mails.buyer).toContain('Färg: Marinblå');
      expect(mails.buyer).toContain('Sverige');
      expect(mails.buyer).not.toMatch(/Coupon Booklet|Navy|Sweden|Email your print files/);
      expect(mails.shop).toContain(`Ny beställning ${number}`);
      expect(mails.shop).toContain('500 × Kuponghäfte');
      expect(mails.shop).toContain('Färg: Marinblå');
      expect(errors).toEqual([]);
    });
  });
}

for (const { width } of [{ width: 390 }, { width: 1280 }]) {
  test.describe(`header search at ${width} px`, () => {
    test('finds the hoodie for "luvtröja" and opens it on Enter', async ({ openPage }) => {
      const { page, errors } = await openPage({ width, locale: 'sv-SE' });
      await page.goto('/');
      await page.getByRole('button', { name: 'Sök produkter' }).click();
      const field = page.getByRole('searchbox');
      await field.fill('luvtröja');
      await expect(page.getByRole('dialog')).toContainText('Hoodie');
      await field.press('Enter');
      await expect.poll(() => new URL(page.url()).pathname).toBe('/products/hoodie');
      expect(errors).toEqual([]);
    });
  });
}
