import { expect, test } from './fixtures';

/** The cart's arithmetic and quantity rule as a buyer sees them. */

test.describe('cart rules in a real browser', () => {
  test('unit prices show their third decimal, so unit price × quantity is the line total on screen', async ({
    openPage,
  }) => {
    const { page, context, errors } = await openPage();
    await context.addInitScript(() =>
      window.localStorage.setItem(
        'cart',
        JSON.stringify([
          { productId: 'hoodie', quantity: 60, sizes: { M: 60 }, options: { colour: 'navy' } },
        ]),
      ),
    );
    await page.goto('/cart');
    await expect(page.getByTestId('line-unit-price')).toHaveText('114,375 kr');
    // 114,375 × 60 = 6 862,50
    await expect(page.getByTestId('line-total')).toHaveText('6 862,50 kr');
    expect(errors).toEqual([]);
  });

  test("a tier product's typed quantity is kept as typed and priced by its tier; below the minimum it is refused", async ({
    openPage,
  }) => {
    const { page, context, errors } = await openPage();
    await context.addInitScript(() =>
      window.localStorage.setItem(
        'cart',
        JSON.stringify([{ productId: 'zip', quantity: 20, options: { colour: 'navy' } }]),
      ),
    );
    await page.goto('/cart');
    const quantity = page.getByLabel(/^Quantity of /);
    await quantity.fill('33');
    await quantity.press('Enter');
    // 33 × 154 kr (the 20 tier)
    await expect(page.getByTestId('line-total')).toHaveText('5 082,00 kr');
    await expect(quantity).toHaveValue('33');
    await quantity.fill('7');
    await quantity.press('Enter');
    await expect(
      page.locator('[data-sonner-toast]').filter({ hasText: 'Minimum order is 20 pcs' }),
    ).toHaveCount(1);
    await expect(quantity).toHaveValue('33');
    const stored = await page.evaluate(() => window.localStorage.getItem('cart'));
    expect(JSON.parse(stored ?? '[]')).toMatchObject([
      { productId: 'zip', quantity: 33, options: { colour: 'navy' } },
    ]);
    expect(errors).toEqual([]);
  });

  test('a product card says the price at the minimum and what the lowest price needs', async ({ page }) => {
    await page.goto('/products?category=tryckprodukter');
    const card = page.getByRole('link', { name: /Stickers/ });
    await expect(card.getByTestId('card-price')).toHaveText('0,74 kr/pcs at the minimum of 5 000 pcs');
    await expect(card.getByTestId('card-lowest-price')).toHaveText('Down to 0,50 kr from 100 000 pcs');
  });
});
