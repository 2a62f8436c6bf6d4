import { acceptTerms, expect, lastOrderInvoiceHtml, plain, screenshot, test } from './fixtures';
import type { Page } from '@playwright/test';

/**
 * An EU buyer shopping in EUR is invoiced in EUR (issue: "must pay SEK to a Swedish account"): the
 * checkout ticks EUR, the confirmation and the order page show the EUR amount with the VAT in EUR
 * and in SEK, the rate, and the euro IBAN, in both languages at a phone's and a desktop's width.
 * The shop runs on the fixed rate in tests: 0,088 EUR per SEK (1 EUR = 11,3636 SEK).
 */

const words = {
  en: {
    locale: 'en-SE',
    name: 'Name',
    email: 'Email',
    phone: 'Phone',
    country: 'Country',
    address: 'Delivery address',
    complete: /Complete Order/,
    eur: 'EUR (euro)',
    sek: 'SEK (Swedish krona)',
    invoicedInEur: 'Invoiced in EUR',
    vatInSek: 'VAT in SEK',
    rate: "Exchange rate 1 EUR = 11,3636 SEK (the shop's fixed rate,",
  },
  sv: {
    locale: 'sv-SE',
    name: 'Namn',
    email: 'E-post',
    phone: 'Telefon',
    country: 'Land',
    address: 'Leveransadress',
    complete: /Slutför köpet/,
    eur: 'EUR (euro)',
    sek: 'SEK (svenska kronor)',
    invoicedInEur: 'Faktureras i EUR',
    vatInSek: 'Moms i SEK',
    rate: 'Växelkurs 1 EUR = 11,3636 SEK (butikens fasta kurs,',
  },
} as const;

const cases = (['en', 'sv'] as const).flatMap((language) =>
  ([390, 1280] as const).map((width) => ({ language, width })),
);

async function cartWith(page: Page, lines: unknown[]): Promise<void> {
  await page
    .context()
    .addInitScript((stored) => window.localStorage.setItem('cart', stored), JSON.stringify(lines));
}

for (const { language, width } of cases) {
  test.describe(`a EUR invoice, ${language} at ${width} px`, () => {
    const w = words[language];

    test('a German individual shopping in EUR is invoiced in EUR: EUR totals with the VAT in SEK', async ({
      openPage,
    }) => {
      const { page, errors } = await openPage({ width, locale: w.locale });
      await page.context().addInitScript(() => window.localStorage.setItem('currency', 'EUR'));
      // 50 washed caps, 1 350 kr incl. 25 % VAT (270 kr): 118,80 €, of which 23,76 € VAT.
      await cartWith(page, [
        { productId: 'urvattad-keps', quantity: 50, options: { colour: 'black', decoration: 'embroidery' } },
      ]);
      await page.goto('/cart');
      // In Sweden there is nothing to choose: SEK.
      await expect(page.getByTestId('invoice-currency')).toHaveCount(0);
      await page.getByLabel(w.country).selectOption('DE');
      await page.getByLabel(w.name).fill('Jana Schmidt');
      await page.getByLabel(w.email).fill('jana@example.de');
      await page.getByLabel(w.phone).fill('+49 30 1234567');
      await page.getByLabel(w.address).fill('Hauptstraße 1\n10115 Berlin');
      // Shopping in EUR: EUR is ticked, and the summary says the invoice comes in EUR.
      await expect(page.getByLabel(w.eur)).toBeChecked();
      await expect(page.getByLabel(w.sek)).not.toBeChecked();
      await expect(page.getByTestId('cart-total-eur')).toHaveText('118,80 €');
      await expect(page.getByTestId('cart-total')).toHaveText('118,80 €');
      await screenshot(page, `buyers-euro-cart-${language}-${width}`);
      await acceptTerms(page);
      await page.getByRole('button', { name: w.complete }).click();
      await expect.poll(() => new URL(page.url()).pathname).toBe('/confirmation');

      await expect(page.getByTestId('amount-to-pay')).toHaveText('118,80 €');
      const euro = page.getByTestId('euro-invoice');
      await expect(euro.getByTestId('eur-total')).toHaveText('118,80 €');
      await expect(euro.getByTestId('eur-vat')).toHaveText('23,76 €');
      await expect(euro.getByText(w.vatInSek)).toHaveText(w.vatInSek);
      await expect(euro.getByTestId('sek-vat')).toHaveText('270,00 kr');
      await expect(euro.getByTestId('exchange-rate')).toContainText(w.rate);
      await expect(euro).toContainText(w.invoicedInEur);
      // Paid to the euro account: its IBAN, no Swedish bank account.
      await expect(page.getByText('SE45 5000 0000 0583 9825 7466')).toHaveCount(1);
      await expect(page.getByTestId('bank-account')).toHaveCount(0);
      await screenshot(page, `buyers-euro-confirmation-${language}-${width}`);

      // The invoice itself (HTML, as the buyer downloads it) says the same.
      const invoice = await lastOrderInvoiceHtml(page);
      expect(plain(invoice)).toContain('118,80 EUR');
      expect(plain(invoice)).toContain('270,00 SEK');

      // The order page: the same EUR amount to pay, with the VAT in SEK and the rate.
      await page.getByTestId('order-page-link').click();
      await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/orders\/INV-\d+$/);
      const card = page.getByTestId('order-payment-card');
      await expect(card.getByTestId('order-amount')).toHaveText('118,80 €');
      await expect(card.getByTestId('order-balance')).toHaveText('118,80 €');
      await expect(card.getByTestId('sek-vat')).toHaveText('270,00 kr');
      await expect(card.getByTestId('eur-vat')).toHaveText('23,76 €');
      await expect(card.getByTestId('exchange-rate')).toContainText(w.rate);
      await screenshot(page, `buyers-euro-order-page-${language}-${width}`);
      expect(errors).toEqual([]);
    });
  });
}

test.describe('the invoice currency kept with the typed form', () => {
  test('SEK ticked instead of EUR survives a trip to the products page and a reload (390 px)', async ({
    openPage,
  }) => {
    const w = words.en;
    const { page, errors } = await openPage({ width: 390, locale: w.locale });
    await page.context().addInitScript(() => window.localStorage.setItem('currency', 'EUR'));
    await cartWith(page, [
      { productId: 'urvattad-keps', quantity: 50, options: { colour: 'black', decoration: 'embroidery' } },
    ]);
    await page.goto('/cart');
    await page.getByLabel(w.country).selectOption('DE');
    await expect(page.getByLabel(w.eur)).toBeChecked();
    await page.getByLabel(w.sek).check();
    await page.goto('/products');
    await page.goto('/cart');
    await expect(page.getByLabel(w.country)).toHaveValue('DE');
    await expect(page.getByLabel(w.sek)).toBeChecked();
    await page.reload();
    await expect(page.getByLabel(w.sek)).toBeChecked();
    await expect(page.getByLabel(w.eur)).not.toBeChecked();
    expect(errors).toEqual([]);
  });
});
