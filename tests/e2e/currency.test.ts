import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage, plain, startShop, type Shop } from './browser';

let shop: Shop;
beforeAll(async () => {
  shop = await startShop();
});
afterAll(() => shop.close());

describe('currency', () => {
  it('first visit: the dialog opens with the detected country preselected; the choice is kept', async () => {
    const { page, context, errors } = await openPage(shop, { skipCurrencyDialog: false, locale: 'de-DE' });
    await page.goto(`/products/${encodeURIComponent('kuponghäfte')}`);
    const dialog = page.getByRole('dialog', { name: 'Select Your Currency' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.textContent()).toContain(
      'We detected your location. Please select your preferred currency for pricing.',
    );
    expect(await dialog.textContent()).toContain(
      'You can change this anytime from the currency selector in the header',
    );
    await expect
      .poll(() => dialog.getByRole('button', { name: /EUR/ }).getAttribute('aria-pressed'))
      .toBe('true');
    for (const name of [
      'Swedish Krona',
      'Euro',
      'US Dollar',
      'British Pound',
      'Norwegian Krone',
      'Danish Krone',
    ]) {
      expect(await dialog.getByRole('button', { name: new RegExp(name) }).count()).toBe(1);
    }
    await dialog.getByRole('button', { name: /GBP/ }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    // 3000 kr × 0.076 = 228.00 £ (fixed rates: the test server has no rates service).
    await expect
      .poll(async () => plain(await page.getByTestId('summary-total').textContent()))
      .toBe('228,00 £');

    await page.reload();
    await expect
      .poll(async () => plain(await page.getByTestId('summary-total').textContent()))
      .toBe('228,00 £');
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the header picker switches currency and a Swedish visitor gets SEK (in Swedish)', async () => {
    const { page, context } = await openPage(shop, { skipCurrencyDialog: false, locale: 'sv-SE' });
    await page.goto('/products/zip');
    const dialog = page.getByRole('dialog', { name: 'Välj din valuta' });
    await expect
      .poll(() => dialog.getByRole('button', { name: /SEK/ }).getAttribute('aria-pressed'))
      .toBe('true');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await page.getByRole('combobox', { name: 'Valuta' }).selectOption('USD');
    // Zip sweater 20 pcs × 154 kr = 3080 kr × 0.096 = 295.68 $
    await expect
      .poll(async () => plain(await page.getByTestId('summary-total').textContent()))
      .toBe('295,68 $');
    await context.close();
  });

  it('dismissing the dialog with Esc keeps and saves the preselected currency', async () => {
    const { page, context, errors } = await openPage(shop, { skipCurrencyDialog: false, locale: 'en-GB' });
    try {
      await page.goto('/products/zip');
      const dialog = page.getByRole('dialog', { name: 'Select Your Currency' });
      await expect
        .poll(() => dialog.getByRole('button', { name: /GBP/ }).getAttribute('aria-pressed'))
        .toBe('true');
      await page.keyboard.press('Escape');
      await expect.poll(() => dialog.isVisible()).toBe(false);
      expect(await page.evaluate(() => window.localStorage.getItem('currency'))).toBe('GBP');
      await page.reload();
      // Zip sweater 20 pcs × 154 kr = 3080 kr × 0.076 = 234.08 £, and no dialog on the second visit.
      await expect
        .poll(async () => plain(await page.getByTestId('summary-total').textContent()))
        .toBe('234,08 £');
      expect(await page.getByRole('dialog').count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('corrupted stored currency and cart are ignored, never a crash', async () => {
    const { page, context, errors } = await openPage(shop);
    await context.addInitScript(() => {
      window.localStorage.setItem('currency', '"XYZ"<script>');
      window.localStorage.setItem('cart', '{not json');
    });
    await page.goto('/products/zip');
    await expect
      .poll(async () => plain(await page.getByTestId('summary-total').textContent()))
      .toBe('3 080,00 kr');
    expect(await page.getByTestId('cart-badge').count()).toBe(0);
    expect(await page.getByRole('combobox', { name: 'Currency' }).inputValue()).toBe('SEK');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a stored cart is validated on read: unknown ids dropped, quantities clamped to the minimum', async () => {
    const { page, context, errors } = await openPage(shop);
    await context.addInitScript(() => {
      if (!sessionStorage.getItem('seeded')) {
        sessionStorage.setItem('seeded', '1');
        window.localStorage.setItem(
          'cart',
          JSON.stringify([
            { productId: 'hoodie', quantity: 3, options: { colour: 'navy' } },
            { productId: 'ghost', quantity: 9 },
            'x',
          ]),
        );
      }
    });
    await page.goto('/');
    await expect.poll(() => page.getByTestId('cart-badge').textContent()).toBe('20');
    expect(errors).toEqual([]);
    await context.close();
  });
});
