import { expect, test } from './fixtures';

test.describe('storefront in a real browser', () => {
  for (const [path, heading] of [
    ['/', 'Bulk products at the best price'],
    ['/how-it-works', 'How It Works'],
    ['/products', 'Products'],
    ['/products/kuponghäfte', 'Coupon Booklet'],
    ['/products/hoodie', 'Hoodie'],
  ] as const) {
    test(`${path} renders its heading`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 }).first()).toContainText(heading);
    });
  }

  test('category filter follows ?category= and shows only that category', async ({ page }) => {
    await page.goto('/products?category=tryckprodukter');
    const names = page.locator('main li h2');
    await expect(names).toHaveText(['Coupon Booklet', 'Stickers', 'Printed Tape']);
    await page.getByRole('button', { name: 'All Products' }).click();
    await expect(names).toHaveCount(17);
    expect(new URL(page.url()).search).toBe('');
    await page.goto('/products?category=nothing');
    await expect(page.getByText('No products in this category yet. Coming soon!')).toBeVisible();
  });

  test('tier slider → add → toast → badge → reload keeps the cart', async ({ page }) => {
    await page.goto(`/products/${encodeURIComponent('kuponghäfte')}`);
    const slider = page.getByRole('slider', { name: 'Quantity tier' });
    await slider.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(page.getByTestId('summary-total')).toHaveText('6 900,00 kr');
    await expect(page.getByTestId('summary-unit-price')).toHaveText('23,00 kr');
    await page.getByRole('button', { name: 'Add 300 pcs to cart' }).click();
    await expect(page.getByText('Added 300 pcs coupon booklets to cart')).toBeVisible();
    await expect(page.getByTestId('cart-badge')).toHaveText('300');
    await page.reload();
    await expect(page.getByTestId('cart-badge')).toHaveText('300');
  });

  test('unknown path: HTTP 404 and the 404 page', async ({ page }) => {
    const response = await page.goto('/this-does-not-exist');
    expect(response?.status()).toBe(404);
    await expect(page.getByText('Oops! Page not found')).toBeVisible();
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bulk products at the best price');
  });

  test('the search button finds products by name', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Search products' }).click();
    const dialog = page.getByRole('dialog', { name: 'Search products' });
    await dialog.getByRole('searchbox').fill('keps');
    await expect(dialog.getByRole('link')).toHaveCount(3);
    await dialog.getByRole('searchbox').fill('hoodie');
    await dialog.getByRole('link', { name: /Hoodie/ }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hoodie');
    expect(new URL(page.url()).pathname).toBe('/products/hoodie');
  });

  test('keyboard: the Products menu opens from the keyboard and leads to a category', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Products', exact: true }).focus();
    await page.keyboard.press('Enter');
    const clothing = page.getByRole('link', { name: 'Clothing' }).first();
    await expect(clothing).toBeVisible();
    await clothing.click();
    await expect.poll(() => new URL(page.url()).search).toBe(`?category=${encodeURIComponent('kläder')}`);
    await expect(page.getByRole('button', { name: 'Clothing' })).toHaveAttribute('aria-pressed', 'true');
  });

  test('mobile (390 px): the menu button opens the navigation', async ({ openPage }) => {
    const { page } = await openPage({ width: 390 });
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.getByRole('link', { name: 'How It Works' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('How It Works');
    await expect(menu).toHaveCount(0);
  });

  test('footer links go where the spec says', async ({ page }) => {
    await page.goto('/');
    const footer = page.locator('footer');
    await expect(footer.getByRole('link', { name: 'Become a Partner' })).toHaveAttribute(
      'href',
      '/partner-application',
    );
    await expect(footer.getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin-login');
    await expect(page.locator('header').getByRole('link', { name: 'Become a Partner' })).toHaveAttribute(
      'href',
      '/partner',
    );
  });
});
