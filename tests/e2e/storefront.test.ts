import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage, plain, startShop, type Shop } from './browser';

let shop: Shop;
beforeAll(async () => {
  shop = await startShop();
});
afterAll(() => shop.close());

describe('storefront in a real browser', () => {
  it.each([
    ['/', 'Bulk products at the best price'],
    ['/how-it-works', 'How It Works'],
    ['/products', 'Products'],
    ['/products/kuponghäfte', 'Coupon Booklet'],
    ['/products/hoodie', 'Hoodie'],
  ])('%s renders its heading', async (path, heading) => {
    const { page, context, errors } = await openPage(shop);
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).first().textContent()).toContain(heading);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('category filter follows ?category= and shows only that category', async () => {
    const { page, context } = await openPage(shop);
    await page.goto('/products?category=tryckprodukter');
    const names = page.locator('main li h2');
    await expect.poll(() => names.allTextContents()).toEqual(['Coupon Booklet', 'Stickers', 'Printed Tape']);
    await page.getByRole('button', { name: 'All Products' }).click();
    await expect.poll(() => names.count()).toBe(17);
    expect(new URL(page.url()).search).toBe('');
    await page.goto('/products?category=nothing');
    await expect
      .poll(() => page.getByText('No products in this category yet. Coming soon!').isVisible())
      .toBe(true);
    await context.close();
  });

  it('tier slider → add → toast → badge → reload keeps the cart', async () => {
    const { page, context, errors } = await openPage(shop);
    await page.goto(`/products/${encodeURIComponent('kuponghäfte')}`);
    const slider = page.getByRole('slider', { name: 'Quantity tier' });
    await slider.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect
      .poll(async () => plain(await page.getByTestId('summary-total').textContent()))
      .toBe('6 900,00 kr');
    expect(await page.getByTestId('summary-unit-price').textContent()).toBe('23,00 kr');
    await page.getByRole('button', { name: 'Add 300 pcs to cart' }).click();
    await expect.poll(() => page.getByText('Added 300 pcs coupon booklets to cart').isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId('cart-badge').textContent()).toBe('300');
    await page.reload();
    await expect.poll(() => page.getByTestId('cart-badge').textContent()).toBe('300');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('unknown path: HTTP 404 and the 404 page', async () => {
    const { page, context } = await openPage(shop);
    const response = await page.goto('/this-does-not-exist');
    expect(response?.status()).toBe(404);
    await expect.poll(() => page.getByText('Oops! Page not found').isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Bulk products at the best price');
    await context.close();
  });

  it('the search button finds products by name', async () => {
    const { page, context } = await openPage(shop);
    await page.goto('/');
    await page.getByRole('button', { name: 'Search products' }).click();
    const dialog = page.getByRole('dialog', { name: 'Search products' });
    await dialog.getByRole('searchbox').fill('keps');
    await expect.poll(() => dialog.getByRole('link').count()).toBe(3);
    await dialog.getByRole('searchbox').fill('hoodie');
    await dialog.getByRole('link', { name: /Hoodie/ }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Hoodie');
    expect(new URL(page.url()).pathname).toBe('/products/hoodie');
    await context.close();
  });

  it('keyboard: the Products menu opens from the keyboard and leads to a category', async () => {
    const { page, context } = await openPage(shop);
    await page.goto('/');
    await page.getByRole('button', { name: 'Products', exact: true }).focus();
    await page.keyboard.press('Enter');
    const clothing = page.getByRole('link', { name: 'Clothing' }).first();
    await expect.poll(() => clothing.isVisible()).toBe(true);
    await clothing.click();
    await expect.poll(() => new URL(page.url()).search).toBe(`?category=${encodeURIComponent('kläder')}`);
    await expect
      .poll(() => page.getByRole('button', { name: 'Clothing' }).getAttribute('aria-pressed'))
      .toBe('true');
    await context.close();
  });

  it('mobile (390 px): the menu button opens the navigation', async () => {
    const { page, context } = await openPage(shop, { width: 390 });
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.getByRole('link', { name: 'How It Works' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('How It Works');
    expect(await menu.count()).toBe(0);
    await context.close();
  });

  it('footer links go where the spec says', async () => {
    const { page, context } = await openPage(shop);
    await page.goto('/');
    const footer = page.locator('footer');
    expect(await footer.getByRole('link', { name: 'Become a Partner' }).getAttribute('href')).toBe(
      '/partner-application',
    );
    expect(await footer.getByRole('link', { name: 'Admin' }).getAttribute('href')).toBe('/admin-login');
    expect(
      await page.locator('header').getByRole('link', { name: 'Become a Partner' }).getAttribute('href'),
    ).toBe('/partner');
    await context.close();
  });
});
