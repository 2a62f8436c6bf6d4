import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { animationsSettled, openPage, startShop, type Shop, type PageOptions } from './browser';

/** WCAG 2.1 A and AA, as axe tags them. */
const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Every public page; placeholders are covered too, so their replacements are checked when they land. */
const pages = [
  '/',
  '/how-it-works',
  '/products',
  '/products?category=kläder',
  '/products/kuponghäfte',
  '/products/hoodie',
  '/cart',
  '/partner',
  '/admin-login',
  '/this-page-does-not-exist',
  '/products/no-such-product',
];

let shop: Shop;
beforeAll(async () => {
  shop = await startShop();
});
afterAll(() => shop.close());

/** Axe violations as readable lines: rule, impact, and the first few offending elements. */
async function violations(page: Page, { modalOpen = false } = {}): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(wcagTags).analyze();
  // Axe really looked: contrast, names and landmarks were checked on this page. With a modal
  // <dialog> open, everything outside it is inert and axe checks the dialog alone (the page's
  // title and language are checked by the page's own test).
  expect(result.passes.map((rule) => rule.id)).toEqual(
    expect.arrayContaining(
      modalOpen ? ['color-contrast'] : ['color-contrast', 'document-title', 'html-has-lang'],
    ),
  );
  return result.violations.map(
    (v) =>
      `${v.id} (${v.impact ?? 'n/a'}): ${v.help}\n${v.nodes
        .slice(0, 5)
        .map(
          (n) => `    ${n.target.join(' ')} — ${n.failureSummary?.split('\n').slice(1, 3).join(' ') ?? ''}`,
        )
        .join('\n')}`,
  );
}

async function open(path: string, options: PageOptions) {
  const opened = await openPage(shop, options);
  await opened.page.goto(path);
  // The page has rendered when its h1 is there (lazy route chunks load after the shell).
  await expect.poll(() => opened.page.locator('main h1').count()).toBeGreaterThan(0);
  // Let entrance transitions finish so colours are measured as a visitor sees them.
  await animationsSettled(opened.page);
  return opened;
}

describe('accessibility (axe, WCAG 2.1 A + AA)', () => {
  for (const width of [1280, 390]) {
    it.each(pages)(`%s at ${width} px has no violations`, async (path) => {
      const { page, context } = await open(path, { width });
      expect(await violations(page)).toEqual([]);
      await context.close();
    });
  }

  it('the currency dialog on a first visit has no violations', async () => {
    const { page, context } = await openPage(shop, { skipCurrencyDialog: false, width: 390 });
    await page.goto('/');
    await expect
      .poll(() => page.getByRole('dialog', { name: 'Select Your Currency' }).isVisible())
      .toBe(true);
    await animationsSettled(page);
    expect(await violations(page, { modalOpen: true })).toEqual([]);
    await context.close();
  });

  it('the open Products menu has no violations; Escape closes it and gives focus back', async () => {
    const { page, context } = await open('/', { width: 1280 });
    const trigger = page.getByRole('button', { name: 'Products', exact: true });
    await trigger.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => trigger.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Tab');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Print Products');
    expect(await violations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect.poll(() => trigger.getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Products');
    await context.close();
  });

  it('the search dialog and the mobile menu have no violations', async () => {
    const { page, context } = await open('/', { width: 390 });
    await page.getByRole('button', { name: 'Search products' }).click();
    const search = page.getByRole('dialog', { name: 'Search products' });
    await expect.poll(() => search.isVisible()).toBe(true);
    await search.getByRole('searchbox').fill('keps');
    await expect.poll(() => search.getByRole('link').count()).toBeGreaterThan(0);
    expect(await violations(page, { modalOpen: true })).toEqual([]);
    await page.keyboard.press('Escape');
    await expect.poll(() => search.count()).toBe(0);

    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect.poll(() => page.getByRole('dialog', { name: 'Menu' }).isVisible()).toBe(true);
    await animationsSettled(page);
    expect(await violations(page)).toEqual([]);
    await context.close();
  });
});
