import { animationsSettled, expect, screenshot, test } from './fixtures';
import { makePng } from '../helpers/png';

/**
 * The smaller things three buyers stumbled on (issue 28, point 6): each as the buyer meets it.
 */

test.describe('the currency dialog', () => {
  test('stays away from the staff pages and opens on the first shop page, focus on the ticked currency', async ({
    openPage,
  }) => {
    const { page, errors } = await openPage({ skipCurrencyDialog: false, locale: 'de-DE' });
    for (const path of ['/admin-login', '/admin']) {
      const answered = page.waitForResponse((answer) => answer.url().endsWith('/api/currency'));
      await page.goto(path);
      await answered;
      await animationsSettled(page);
      await expect(page.getByRole('dialog')).toHaveCount(0);
    }
    // Not counted as the visit that showed it: the first shop page asks.
    expect(await page.evaluate(() => window.localStorage.getItem('visited'))).toBeNull();
    await page.goto('/');
    const dialog = page.getByRole('dialog', { name: 'Select Your Currency' });
    const euro = dialog.getByRole('button', { name: /EUR/ });
    await expect(euro).toHaveAttribute('aria-pressed', 'true');
    // The detected EUR arrives after the dialog opened; focus follows the tick, not the list's first.
    await expect
      .poll(() => page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.currency))
      .toBe('EUR');
    await animationsSettled(page);
    await screenshot(page, 'currency-dialog-focus-1280', { fullPage: false });
    await page.keyboard.press('Enter');
    await expect(dialog).toHaveCount(0);
    expect(await page.evaluate(() => window.localStorage.getItem('currency'))).toBe('EUR');
    // /admin asks for the staff session first and is told 401 (not logged in), as designed.
    expect(errors.filter((error) => !error.includes('status of 401'))).toEqual([]);
  });
});

test.describe('the 404 page', () => {
  // Paths the router alone would have given another page (any order "number", any letter case,
  // a trailing slash after a product that does not exist, below /admin): server HTML and the
  // browser must agree, or React logs error #419 and renders the page twice.
  for (const path of ['/this-does-not-exist', '/orders/nope', '/PRODUCTS', '/admin/x', '/products/nope/']) {
    test(`${path} answers 404 with the 404 page and logs no error`, async ({ openPage }) => {
      const { page, errors } = await openPage();
      const answer = await page.goto(path);
      expect(answer?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Oops! Page not found');
      await animationsSettled(page);
      expect(errors).toEqual([]);
    });
  }
});

for (const { locale, findOrder, heading, open, menu } of [
  {
    locale: 'en-SE',
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
]) {
  test.describe(`the mobile menu (${locale})`, () => {
    test('has "Find your order", worded as the footer has it, and it leads to the lookup', async ({
      openPage,
    }) => {
      const { page, errors } = await openPage({ width: 390, touch: true, locale });
      await page.goto('/');
      await expect(page.locator('footer').getByRole('link', { name: findOrder, exact: true })).toHaveCount(1);
      await page.getByRole('button', { name: open }).click();
      const dialog = page.getByRole('dialog', { name: menu });
      await expect(dialog).toBeVisible();
      await animationsSettled(page);
      await screenshot(page, `mobile-menu-${locale}-390`, { fullPage: false });
      await dialog.getByRole('link', { name: findOrder, exact: true }).click();
      await expect.poll(() => new URL(page.url()).pathname).toBe('/orders');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expect(dialog).toHaveCount(0);
      expect(errors).toEqual([]);
    });
  });
}

for (const { locale, currency, complete } of [
  { locale: 'en-SE', currency: 'EUR', complete: /Complete Order/ },
  { locale: 'sv-SE', currency: 'SEK', complete: /Slutför köpet/ },
]) {
  test.describe(`checkout at 320 px (${locale}, ${currency})`, () => {
    test('every amount to pay stays whole with its currency, and Complete Order reads as two tidy lines', async ({
      openPage,
    }) => {
      const { page, errors } = await openPage({ width: 320, locale, touch: true });
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
      await expect(page.getByTestId('amount-to-pay')).toHaveText(currency === 'EUR' ? /€$/ : /kr$/);
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
          (totalBox?.x ?? 0) +
            (totalBox?.width ?? 0) / 2 -
            ((buttonBox?.x ?? 0) + (buttonBox?.width ?? 0) / 2),
        ),
      ).toBeLessThan(2);
      const shown = (await button.innerText()).trim().split('\n');
      expect(shown.some((line) => line.trim().startsWith('·'))).toBe(false);
      await screenshot(page, `checkout-320-${locale}-${currency}`);
      expect(errors).toEqual([]);
    });
  });
}

for (const width of [390, 1280]) {
  test.describe(`the customiser at ${width} px`, () => {
    test('keeps the uploaded print, its colour and the quantity through a reload, in this tab only', async ({
      openPage,
    }) => {
      const { page, errors } = await openPage({ width });
      await page.goto('/products/hoodie');
      await page.getByTitle('Navy').click();
      await page
        .getByLabel('Upload DTG print image')
        .setInputFiles({ name: 'mässlogo.png', mimeType: 'image/png', buffer: makePng(96) });
      const print = page.getByTestId('print-dtg');
      await expect(print).toBeVisible();
      const source = (await print.locator('img').getAttribute('src')) ?? 'no image';
      const quantity = page.getByLabel('Quantity (pcs)', { exact: true });
      await quantity.fill('75');

      await page.reload();
      await page.waitForSelector('html[data-ready]', { state: 'attached' });
      await expect(page.getByLabel('Quantity (pcs)', { exact: true })).toHaveValue('75');
      await expect(print.locator('img')).toHaveAttribute('src', source);
      await expect
        .poll(() => print.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
        .toBe(96);
      await expect(page.getByRole('radio', { name: 'Navy' })).toBeChecked();
      await expect(page.getByText('mässlogo.png').first()).toBeVisible();
      // Kept in sessionStorage, not in localStorage: a new tab starts a new design.
      expect(await page.evaluate(() => JSON.stringify(window.localStorage))).not.toContain('mässlogo');
      await animationsSettled(page);
      await screenshot(page, `customiser-restored-${width}`, { fullPage: false });
      expect(errors).toEqual([]);
    });
  });
}

test.describe('the partner form', () => {
  for (const { width, country, number, postcode, city } of [
    { width: 390, country: 'DE', number: 'HRB 12345', postcode: '10115', city: 'Berlin' },
    { width: 1280, country: 'SE', number: '5560360793', postcode: '411 01', city: 'Göteborg' },
  ]) {
    test(`at ${width} px takes ${number} and postcode ${postcode} from a company in ${country}`, async ({
      openPage,
    }) => {
      const { page, errors } = await openPage({ width });
      await page.goto('/partner');
      await page.getByLabel('Company Name').fill('Beispiel Events');
      await page.getByLabel('Country').selectOption(country);
      // Abroad the number is the company's own registration number, with no Swedish pattern asked.
      const numberField = page.getByLabel(
        country === 'SE' ? 'Organization Number' : 'Company Registration Number',
      );
      if (country === 'SE') await expect(numberField).toHaveAttribute('placeholder', 'XXXXXX-XXXX');
      else await expect(numberField).not.toHaveAttribute('placeholder');
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
      await expect(
        page.getByText("Thank you for your application! We'll get back to you shortly."),
      ).toBeVisible();
      expect(errors).toEqual([]);
    });
  }
});
