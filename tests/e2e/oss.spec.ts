import type { PlacedOrderAnswer } from '@/shared/order-view';
import { hoodiesAndBooklets, testCustomer } from '../helpers/orders';
import { request } from '../helpers/server';
import { loginAsAdmin } from './admin-fixture';
import { expect, plain, screenshot, test } from './fixtures';

/**
 * EU distance sales taxed in the buyer's country (OSS, issue 42) in a shop that opted in
 * (OSS_OPT_IN): the cart of a buyer in Germany shows Germany's 19 % added to the price without
 * Swedish VAT, and the admin's OSS return lists the sale per country and rate, in Swedish and
 * English at 390 and 1280 px.
 */
test.use({ serverOptions: { env: { OSS_OPT_IN: 'true' } } });

const words = {
  en: {
    locale: 'en-SE',
    country: 'Country',
    rule: 'EU distance sale: VAT at your country’s standard rate (OSS), no Swedish VAT',
    vat: 'VAT 19 %',
    tab: 'Invoice journal',
    heading: 'OSS return (union scheme)',
    germany: 'Germany',
  },
  sv: {
    locale: 'sv-SE',
    country: 'Land',
    rule: 'EU-distansförsäljning: moms enligt ert lands normalskattesats (OSS), ingen svensk moms',
    vat: 'Moms 19 %',
    tab: 'Fakturajournal',
    heading: 'OSS-deklaration (unionsordningen)',
    germany: 'Tyskland',
  },
} as const;

const cases = (['en', 'sv'] as const).flatMap((language) =>
  ([390, 1280] as const).map((width) => ({ language, width })),
);

for (const { language, width } of cases) {
  test(`OSS: a German buyer's cart and the OSS return, ${language} at ${width} px`, async ({
    server,
    openPage,
  }) => {
    const w = words[language];
    const { page, errors, context } = await openPage({ width, locale: w.locale });
    // 50 washed caps, 1 350 kr with Swedish VAT: 1 080,00 without, Germany's 19 % is 205,20.
    await context.addInitScript(
      (stored) => window.localStorage.setItem('cart', stored),
      JSON.stringify([
        { productId: 'urvattad-keps', quantity: 50, options: { colour: 'black', decoration: 'embroidery' } },
      ]),
    );
    await page.goto('/cart');
    await page.getByLabel(w.country).selectOption('DE');
    const summary = page.getByTestId('vat-summary');
    await expect(summary).toHaveAttribute('data-treatment', 'oss');
    await expect(summary).toContainText(w.rule);
    await expect(page.getByTestId('oss-vat')).toContainText(w.vat);
    expect(plain(await page.getByTestId('oss-vat').locator('dd').textContent())).toBe('205,20 kr');
    expect(plain(await page.getByTestId('amount-to-pay').textContent())).toBe('1 285,20 kr');
    await summary.scrollIntoViewIfNeeded();
    await screenshot(page, `oss-cart-${language}-${width}`, { fullPage: false });

    // A German individual's order (through the API), then the admin's OSS return of the quarter.
    const placed = await request<PlacedOrderAnswer>(server, '/api/orders', {
      method: 'POST',
      json: {
        idempotencyKey: `oss-e2e-${language}-${width}-${Date.now()}-abcdefgh`,
        customer: {
          ...testCustomer,
          country: 'DE',
          personalNumber: '',
          address: 'Hauptstraße 7\n10115 Berlin',
        },
        lines: hoodiesAndBooklets,
      },
    });
    expect(placed.body.vatTreatment).toBe('oss');
    await loginAsAdmin(server, context);
    await page.goto('/admin');
    await page.getByRole('tab', { name: w.tab }).click();
    const oss = page.getByTestId('oss-report');
    await expect(oss.getByRole('heading', { name: w.heading })).toBeVisible();
    const germany = oss.getByTestId('oss-line-DE');
    await expect(germany).toContainText(w.germany);
    await expect(germany).toContainText('19 %');
    await oss.scrollIntoViewIfNeeded();
    await screenshot(page, `oss-report-${language}-${width}`, { fullPage: false });
    expect(errors).toEqual([]);
  });
}
