import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { animationsSettled, expect, type OpenedPage, type PageOptions, test } from './fixtures';

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

async function open(
  openPage: (options: PageOptions) => Promise<OpenedPage>,
  path: string,
  options: PageOptions,
): Promise<OpenedPage> {
  const opened = await openPage(options);
  await opened.page.goto(path);
  // The page has rendered when its h1 is there (lazy route chunks load after the shell).
  await expect(opened.page.locator('main h1').first()).toBeAttached();
  // Let entrance transitions finish so colours are measured as a visitor sees them.
  await animationsSettled(opened.page);
  return opened;
}

test.describe('accessibility (axe, WCAG 2.1 A + AA)', () => {
  for (const width of [1280, 390]) {
    for (const path of pages) {
      test(`${path} at ${width} px has no violations`, async ({ openPage }) => {
        const { page } = await open(openPage, path, { width });
        expect(await violations(page)).toEqual([]);
      });
    }
  }

  // Every public page, those above and the ones a buyer reaches from them: the header's skip link
  // (WCAG 2.4.1) must lead to the page's main content (the group order's pages had none).
  test('the skip link leads to the main content on every public page', async ({ openPage }) => {
    const { page } = await openPage({ width: 1280 });
    for (const path of [...pages, '/orders', '/account', '/group/new', '/terms', '/privacy']) {
      await page.goto(path);
      await expect(page.locator('main h1').first(), path).toBeAttached();
      await expect(page.getByRole('link', { name: 'Skip to content' }), path).toHaveAttribute(
        'href',
        '#main',
      );
      await expect(page.locator('main#main'), path).toHaveCount(1);
    }
  });

  test('the currency dialog on a first visit has no violations', async ({ openPage }) => {
    const { page } = await openPage({ skipCurrencyDialog: false, width: 390 });
    await page.goto('/');
    await expect(page.getByRole('dialog', { name: 'Select Your Currency' })).toBeVisible();
    await animationsSettled(page);
    expect(await violations(page, { modalOpen: true })).toEqual([]);
  });

  test('the open Products menu has no violations; Escape closes it and gives focus back', async ({
    openPage,
  }) => {
    const { page } = await open(openPage, '/', { width: 1280 });
    const trigger = page.getByRole('button', { name: 'Products', exact: true });
    await trigger.focus();
    await page.keyboard.press('Enter');
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Print Products');
    expect(await violations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await expect(trigger).toBeFocused();
  });

  test('the search dialog and the mobile menu have no violations', async ({ openPage }) => {
    const { page } = await open(openPage, '/', { width: 390 });
    await page.getByRole('button', { name: 'Search products' }).click();
    const search = page.getByRole('dialog', { name: 'Search products' });
    await expect(search).toBeVisible();
    await search.getByRole('searchbox').fill('keps');
    await expect(search.getByRole('link').first()).toBeVisible();
    expect(await violations(page, { modalOpen: true })).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(search).toHaveCount(0);

    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    await animationsSettled(page);
    expect(await violations(page)).toEqual([]);
  });
});
