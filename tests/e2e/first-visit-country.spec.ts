import { expect, screenshot, test } from './fixtures';

test.describe('a first visit from a link or from abroad', () => {
  test('a buyer in Finland finds Finland as the delivery country; one who picks Sweden keeps it', async ({
    openPage,
  }) => {
    const { page } = await openPage({ locale: 'en-FI', width: 390 });
    await page.goto(`/products/${encodeURIComponent('kuponghäfte')}`);
    await page.getByRole('button', { name: 'Add 100 pcs to cart' }).click();
    await page.goto('/cart');
    const country = page.getByLabel('Country');
    await expect(country).toHaveValue('FI');
    // The shop charges no shipping, and says so beside the total.
    await expect(page.getByTestId('cart-shipping')).toHaveText('ShippingIncluded');
    await screenshot(page, 'cart-from-finland-390');
    await country.selectOption('SE');
    await page.reload();
    await expect(country).toHaveValue('SE');
  });

  test('a proof link opened in a new browser shows the order page without the currency question', async ({
    openPage,
    placedOrder,
  }) => {
    const { page } = await openPage({ skipCurrencyDialog: false, locale: 'de-DE' });
    const answered = page.waitForResponse((answer) => answer.url().endsWith('/api/currency'));
    await page.goto(placedOrder.orderPagePath);
    await answered;
    await expect(page.getByRole('heading', { level: 1 })).toContainText(placedOrder.orderNumber);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByTestId('order-shipping')).toHaveText('ShippingIncluded');
    // The question waits for the first shop page.
    await page.goto('/products');
    await expect(page.getByRole('dialog', { name: 'Select Your Currency' })).toBeVisible();
  });
});
