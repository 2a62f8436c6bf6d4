import { expect, test } from './fixtures';

test.describe('currency', () => {
  test('first visit: the dialog opens with the detected country preselected; the choice is kept', async ({
    openPage,
  }) => {
    const { page, errors } = await openPage({ skipCurrencyDialog: false, locale: 'de-DE' });
    await page.goto(`/products/${encodeURIComponent('kuponghäfte')}`);
    const dialog = page.getByRole('dialog', { name: 'Select Your Currency' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(
      'We detected your location. Please select your preferred currency for pricing.',
    );
    await expect(dialog).toContainText(
      'You can change this anytime from the currency selector in the header',
    );
    await expect(dialog.getByRole('button', { name: /EUR/ })).toHaveAttribute('aria-pressed', 'true');
    for (const name of [
      'Swedish Krona',
      'Euro',
      'US Dollar',
      'British Pound',
      'Norwegian Krone',
      'Danish Krone',
    ]) {
      await expect(dialog.getByRole('button', { name: new RegExp(name) })).toHaveCount(1);
    }
    await dialog.getByRole('button', { name: /GBP/ }).click();
    await expect(dialog).toBeHidden();
    // 3000 kr × 0.076 = 228.00 £ (fixed rates: the test server has no rates service).
    await expect(page.getByTestId('summary-total')).toHaveText('228,00 £');

    await page.reload();
    await expect(page.getByTestId('summary-total')).toHaveText('228,00 £');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test('the header picker switches currency and a Swedish visitor gets SEK (in Swedish)', async ({
    openPage,
  }) => {
    const { page } = await openPage({ skipCurrencyDialog: false, locale: 'sv-SE' });
    await page.goto('/products/zip');
    const dialog = page.getByRole('dialog', { name: 'Välj din valuta' });
    await expect(dialog.getByRole('button', { name: /SEK/ })).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await page.getByRole('combobox', { name: 'Valuta' }).selectOption('USD');
    // Zip sweater 20 pcs × 154 kr = 3080 kr × 0.096 = 295.68 $
    await expect(page.getByTestId('summary-total')).toHaveText('295,68 $');
  });

  test('dismissing the dialog with Esc keeps and saves the preselected currency', async ({ openPage }) => {
    const { page, errors } = await openPage({ skipCurrencyDialog: false, locale: 'en-GB' });
    await page.goto('/products/zip');
    const dialog = page.getByRole('dialog', { name: 'Select Your Currency' });
    await expect(dialog.getByRole('button', { name: /GBP/ })).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    expect(await page.evaluate(() => window.localStorage.getItem('currency'))).toBe('GBP');
    await page.reload();
    // Zip sweater 20 pcs × 154 kr = 3080 kr × 0.076 = 234.08 £, and no dialog on the second visit.
    await expect(page.getByTestId('summary-total')).toHaveText('234,08 £');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test('corrupted stored currency and cart are ignored, never a crash', async ({ openPage }) => {
    const { page, context, errors } = await openPage();
    await context.addInitScript(() => {
      window.localStorage.setItem('currency', '"XYZ"<script>');
      window.localStorage.setItem('cart', '{not json');
    });
    await page.goto('/products/zip');
    await expect(page.getByTestId('summary-total')).toHaveText('3 080,00 kr');
    await expect(page.getByTestId('cart-badge')).toHaveCount(0);
    await expect(page.getByRole('combobox', { name: 'Currency' })).toHaveValue('SEK');
    expect(errors).toEqual([]);
  });

  test('a stored cart is validated on read: unknown ids dropped, quantities clamped to the minimum', async ({
    openPage,
  }) => {
    const { page, context, errors } = await openPage();
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
    await expect(page.getByTestId('cart-badge')).toHaveText('20');
    expect(errors).toEqual([]);
  });
});
