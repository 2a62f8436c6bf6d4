import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePng } from '../helpers/png';
import { animationsSettled, openPage, screenshot, startShop, type Shop } from './browser';

/**
 * The smaller things three buyers stumbled on (issue 28, point 6): each as the buyer meets it.
 */
let shop: Shop;
beforeAll(async () => {
  shop = await startShop();
});
afterAll(() => shop.close());

describe('the currency dialog', () => {
  it('stays away from the staff pages and opens on the first shop page, focus on the ticked currency', async () => {
    const { page, errors } = await openPage(shop, { skipCurrencyDialog: false, locale: 'de-DE' });
    for (const path of ['/admin-login', '/admin']) {
      const answered = page.waitForResponse((answer) => answer.url().endsWith('/api/currency'));
      await page.goto(path);
      await answered;
      await animationsSettled(page);
      expect(await page.getByRole('dialog').count()).toBe(0);
    }
    // Not counted as the visit that showed it: the first shop page asks.
    expect(await page.evaluate(() => window.localStorage.getItem('visited'))).toBeNull();
    await page.goto('/');
    const dialog = page.getByRole('dialog', { name: 'Select Your Currency' });
    const euro = dialog.getByRole('button', { name: /EUR/ });
    await expect.poll(() => euro.getAttribute('aria-pressed')).toBe('true');
    // The detected EUR arrives after the dialog opened; focus follows the tick, not the list's first.
    await expect
      .poll(() => page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.currency))
      .toBe('EUR');
    await animationsSettled(page);
    await screenshot(page, 'currency-dialog-focus-1280', { fullPage: false });
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await page.evaluate(() => window.localStorage.getItem('currency'))).toBe('EUR');
    // /admin asks for the staff session first and is told 401 (not logged in), as designed.
    expect(errors.filter((error) => !error.includes('status of 401'))).toEqual([]);
  });
});

describe('the 404 page', () => {
  // Paths the router alone would have given another page (any order "number", any letter case,
  // a trailing slash after a product that does not exist, below /admin): server HTML and the
  // browser must agree, or React logs error #419 and renders the page twice.
  it.each(['/this-does-not-exist', '/orders/nope', '/PRODUCTS', '/admin/x', '/products/nope/'])(
    '%s answers 404 with the 404 page and logs no error',
    async (path) => {
      const { page, errors } = await openPage(shop);
      const answer = await page.goto(path);
      expect(answer?.status()).toBe(404);
      await expect
        .poll(() => page.getByRole('heading', { level: 1 }).textContent())
        .toBe('Oops! Page not found');
      await animationsSettled(page);
      expect(errors).toEqual([]);
    },
  );
});

describe.each([
  {
    locale: 'en-GB',
    findOrder: 'Find your order',
    heading: 'Find your order',
    open: 'Open menu',
    menu: 'Menu',
  },
  {
    locale: 'sv-SE',
    findOrder: 'Hitta din beställning',
    heading: 'Hitta din beställning',
    open: 'Öppna menyn',
    menu: 'Meny',
  },
])('the mobile menu ($locale)', ({ locale, findOrder, heading, open, menu }) => {
  it('has "Find your order", worded as the footer has it, and it leads to the lookup', async () => {
    const { page, errors } = await openPage(shop, { width: 390, touch: true, locale });
    await page.goto('/');
    expect(await page.locator('footer').getByRole('link', { name: findOrder, exact: true }).count()).toBe(1);
    await page.getByRole('button', { name: open }).click();
    const dialog = page.getByRole('dialog', { name: menu });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await animationsSettled(page);
    await screenshot(page, `mobile-menu-${locale}-390`, { fullPage: false });
    await dialog.getByRole('link', { name: findOrder, exact: true }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/orders');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(heading);
    expect(await dialog.count()).toBe(0);
    expect(errors).toEqual([]);
  });
});

describe.each([
  { locale: 'en-GB', currency: 'EUR', complete: /Complete Order/ },
  { locale: 'sv-SE', currency: 'SEK', complete: /Slutför köpet/ },
])('checkout at 320 px ($locale, $currency)', ({ locale, currency, complete }) => {
  it('every amount to pay stays whole with its currency, and Complete Order reads as two tidy lines', async () => {
    const { page, errors } = await openPage(shop, { width: 320, locale, touch: true });
    await page.context().addInitScript(
      ({ lines, code }) => {
        window.localStorage.setItem('cart', lines);
        window.localStorage.setItem('currency', code);
      },
      {
        lines: JSON.stringify([
          {
            productId: 'kuponghäfte',
            quantity: 5000,
            options: { bookletSize: 'a6', pages: '30', coupons: '1' },
          },
          { productId: 'hoodie', quantity: 1000, sizes: { M: 1000 }, options: { colour: 'navy' } },
        ]),
        code: currency,
      },
    );
    await page.goto('/cart');
    const amounts = ['cart-total', 'amount-to-pay', 'checkout-total'].map((id) => page.getByTestId(id));
    await expect.poll(() => amounts[1]?.textContent()).toMatch(currency === 'EUR' ? /€$/ : /kr$/);
    await animationsSettled(page);
    for (const amount of amounts) {
      // One box on one line: the number and its currency never part.
      const lines = await amount.evaluate((element) => {
        const rects = element.getClientRects();
        const lineHeight = Number.parseFloat(getComputedStyle(element).lineHeight);
        return { boxes: rects.length, tall: (rects[0]?.height ?? 0) / lineHeight };
      });
      expect(lines.boxes).toBe(1);
      expect(lines.tall).toBeLessThan(1.5);
      // Nothing of it outside the viewport either.
      const box = await amount.boundingBox();
      expect((box?.x ?? -1) + (box?.width ?? 0)).toBeLessThanOrEqual(320);
    }
    const button = page.getByRole('button', { name: complete });
    // The label on one line, the total centred on the next, no separator left at a line's start.
    const label = button.locator('span').filter({ hasText: complete }).first();
    expect(await label.evaluate((element) => element.getClientRects().length)).toBe(1);
    const buttonBox = await button.boundingBox();
    const labelBox = await label.boundingBox();
    const totalBox = await amounts[2]?.boundingBox();
    expect((totalBox?.y ?? 0) - (labelBox?.y ?? 0)).toBeGreaterThan(0);
    expect(
      Math.abs(
        (totalBox?.x ?? 0) + (totalBox?.width ?? 0) / 2 - ((buttonBox?.x ?? 0) + (buttonBox?.width ?? 0) / 2),
      ),
    ).toBeLessThan(2);
    const shown = (await button.innerText()).trim().split('\n');
    expect(shown.some((line) => line.trim().startsWith('·'))).toBe(false);
    await screenshot(page, `checkout-320-${locale}-${currency}`);
    expect(errors).toEqual([]);
  });
});

describe.each([390, 1280])('the customiser at %i px', (width) => {
  it('keeps the uploaded print, its colour and the quantity through a reload, in this tab only', async () => {
    const { page, errors } = await openPage(shop, { width });
    await page.goto('/products/hoodie');
    await page.getByTitle('Navy').click();
    await page
      .getByLabel('Upload DTG print image')
      .setInputFiles({ name: 'mässlogo.png', mimeType: 'image/png', buffer: makePng(96) });
    const print = page.getByTestId('print-dtg');
    await expect.poll(() => print.isVisible()).toBe(true);
    const source = await print.locator('img').getAttribute('src');
    const quantity = page.getByLabel('Quantity (pcs)', { exact: true });
    await quantity.fill('75');

    await page.reload();
    await page.waitForSelector('html[data-ready]', { state: 'attached' });
    await expect.poll(() => page.getByLabel('Quantity (pcs)', { exact: true }).inputValue()).toBe('75');
    await expect.poll(() => print.locator('img').getAttribute('src')).toBe(source);
    await expect
      .poll(() => print.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBe(96);
    expect(await page.getByRole('radio', { name: 'Navy' }).isChecked()).toBe(true);
    expect(await page.getByText('mässlogo.png').first().isVisible()).toBe(true);
    // Kept in sessionStorage, not in localStorage: a new tab starts a new design.
    expect(await page.evaluate(() => JSON.stringify(window.localStorage))).not.toContain('mässlogo');
    await animationsSettled(page);
    await screenshot(page, `customiser-restored-${width}`, { fullPage: false });
    expect(errors).toEqual([]);
  });
});

describe('the partner form', () => {
  it.each([
    { width: 390, country: 'DE', number: 'HRB 12345', postcode: '10115', city: 'Berlin' },
    { width: 1280, country: 'SE', number: '5560360793', postcode: '411 01', city: 'Göteborg' },
  ])(
    'at $width px takes $number and postcode $postcode from a company in $country',
    async ({ width, country, number, postcode, city }) => {
      const { page, errors } = await openPage(shop, { width });
      await page.goto('/partner');
      await page.getByLabel('Company Name').fill('Beispiel Events');
      await page.getByLabel('Country').selectOption(country);
      // Abroad the number is the company's own registration number, with no Swedish pattern asked.
      const numberField = page.getByLabel(
        country === 'SE' ? 'Organization Number' : 'Company Registration Number',
      );
      expect(await numberField.getAttribute('placeholder')).toBe(country === 'SE' ? 'XXXXXX-XXXX' : null);
      await numberField.fill(number);
      await page.getByLabel('Contact Person').fill('Jana Schmidt');
      await page.getByLabel('Email').fill('jana@example.de');
      await page.getByLabel('Phone').fill('+49 30 1234567');
      await page.getByLabel('Address').fill('Hauptstraße 1');
      await page.getByLabel('City').fill(city);
      await page.getByLabel('Postal Code').fill(postcode);
      await page
        .getByLabel('Business Description')
        .fill('We organise trade fairs and need printed merchandise.');
      await page.getByLabel('I accept the terms and conditions for partners').check();
      await screenshot(page, `partner-${country}-${width}`);
      await page.getByRole('button', { name: 'Submit Application' }).click();
      await expect
        .poll(() =>
          page.getByText("Thank you for your application! We'll get back to you shortly.").isVisible(),
        )
        .toBe(true);
      expect(errors).toEqual([]);
    },
  );
});
