import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openPage, startShop, type Shop } from './browser';

let shop: Shop;
beforeAll(async () => {
  shop = await startShop();
});
afterAll(() => shop.close());

const heading = (page: Page) => page.getByRole('heading', { level: 1 }).first().textContent();

describe('language', () => {
  it('a Swedish browser gets Swedish with lang="sv"; an English one gets English', async () => {
    const swedish = await openPage(shop, { locale: 'sv-SE' });
    await swedish.page.goto('/');
    await expect.poll(() => heading(swedish.page)).toBe('Storköp till bästa pris');
    expect(await swedish.page.locator('html').getAttribute('lang')).toBe('sv');
    expect(swedish.errors).toEqual([]);
    await swedish.context.close();

    const english = await openPage(shop, { locale: 'en-GB' });
    await english.page.goto('/');
    await expect.poll(() => heading(english.page)).toBe('Bulk products at the best price');
    expect(await english.page.locator('html').getAttribute('lang')).toBe('en');
    await english.context.close();
  });

  it('the header switch changes the language at once, without a reload, and it survives a reload', async () => {
    const { page, context, errors } = await openPage(shop, { locale: 'sv-SE' });
    await page.goto('/');
    await expect.poll(() => heading(page)).toBe('Storköp till bästa pris');
    // A marker on window disappears on a reload: the switch must keep it.
    await page.evaluate(() => Object.assign(window, { notReloaded: true }));
    await page.locator('header').getByRole('button', { name: 'English' }).click();
    await expect.poll(() => heading(page)).toBe('Bulk products at the best price');
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    expect(await page.evaluate(() => 'notReloaded' in window)).toBe(true);

    await page.reload();
    await expect.poll(() => heading(page)).toBe('Bulk products at the best price');
    expect(await page.locator('html').getAttribute('lang')).toBe('en');

    await page.locator('header').getByRole('button', { name: 'Svenska' }).click();
    await expect.poll(() => heading(page)).toBe('Storköp till bästa pris');
    expect(await page.locator('html').getAttribute('lang')).toBe('sv');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the mobile menu has the switch too', async () => {
    const { page, context } = await openPage(shop, { locale: 'en-GB', width: 390 });
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Svenska' }).click();
    // The menu stays open, now in Swedish; closing it shows the page in Swedish.
    await expect.poll(() => page.getByRole('dialog', { name: 'Meny' }).isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => heading(page)).toBe('Storköp till bästa pris');
    expect(await page.locator('html').getAttribute('lang')).toBe('sv');
    await context.close();
  });
});
