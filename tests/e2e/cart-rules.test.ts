import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage, plain, startShop, type Shop } from './browser';

/** The cart's arithmetic and quantity rule as a buyer sees them. */
let shop: Shop;
beforeAll(async () => {
  shop = await startShop();
});
afterAll(() => shop.close());

describe('cart rules in a real browser', () => {
  it('unit prices show their third decimal, so unit price × quantity is the line total on screen', async () => {
    const { page, context, errors } = await openPage(shop);
    try {
      await context.addInitScript(() =>
        window.localStorage.setItem(
          'cart',
          JSON.stringify([
            { productId: 'hoodie', quantity: 60, sizes: { M: 60 }, options: { colour: 'navy' } },
          ]),
        ),
      );
      await page.goto('/cart');
      await expect
        .poll(async () => plain(await page.getByTestId('line-unit-price').textContent()))
        .toBe('114,375 kr');
      // 114,375 × 60 = 6 862,50
      expect(plain(await page.getByTestId('line-total').textContent())).toBe('6 862,50 kr');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("a tier product's typed quantity is kept as typed and priced by its tier; below the minimum it is refused", async () => {
    const { page, context, errors } = await openPage(shop);
    try {
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
      await expect
        .poll(async () => plain(await page.getByTestId('line-total').textContent()))
        .toBe('5 082,00 kr');
      expect(await quantity.inputValue()).toBe('33');
      await quantity.fill('7');
      await quantity.press('Enter');
      await expect
        .poll(() =>
          page.locator('[data-sonner-toast]').filter({ hasText: 'Minimum order is 20 pcs' }).count(),
        )
        .toBe(1);
      await expect.poll(() => quantity.inputValue()).toBe('33');
      const stored = await page.evaluate(() => window.localStorage.getItem('cart'));
      expect(JSON.parse(stored ?? '[]')).toMatchObject([
        { productId: 'zip', quantity: 33, options: { colour: 'navy' } },
      ]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a product card says the price at the minimum and what the lowest price needs', async () => {
    const { page, context, errors } = await openPage(shop);
    try {
      await page.goto('/products?category=tryckprodukter');
      const card = page.getByRole('link', { name: /Stickers/ });
      expect(plain(await card.getByTestId('card-price').textContent())).toBe(
        '0,74 kr/pcs at the minimum of 5 000 pcs',
      );
      expect(plain(await card.getByTestId('card-lowest-price').textContent())).toBe(
        'Down to 0,50 kr from 100 000 pcs',
      );
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
