import { expect, screenshot, test } from './fixtures';
import type { Page } from '@playwright/test';
import { checkoutBody } from '@tests/helpers/orders';
import { request } from '@tests/helpers/server';
import { publicPages } from '@/shared/routes';

/**
 * No page scrolls sideways on the narrowest phones (320 px), a common phone (390 px) or a laptop:
 * every public page, the cart with lines, and the confirmation with its order summary (it once cut
 * the amount to pay off at 390 px).
 */

const widths = [320, 390, 1280];

/** Elements reaching past the viewport's right edge, named so a failure says what to fix. */
function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const found: string[] = [];
    for (const element of document.body.querySelectorAll('*')) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.right <= width + 0.5) continue;
      // Inside a scroll container (a wide table meant to scroll): the page itself does not move.
      let parent = element.parentElement;
      let clipped = false;
      while (parent && parent !== document.body) {
        const style = getComputedStyle(parent);
        if (/(auto|scroll|hidden|clip)/.test(style.overflowX)) {
          clipped = true;
          break;
        }
        parent = parent.parentElement;
      }
      if (clipped) continue;
      const name = `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}.${String(element.className).split(' ').slice(0, 3).join('.')}`;
      found.push(`${name} right=${Math.round(box.right)}`);
      if (found.length >= 5) break;
    }
    const scroll = document.documentElement.scrollWidth - width;
    if (scroll > 0) found.push(`page scrolls sideways by ${scroll} px`);
    return found;
  });
}

test.describe('no page is wider than the screen', () => {
  for (const width of widths) {
    test(`every public page and the empty cart at ${width} px`, async ({ openPage }) => {
      const { page, errors } = await openPage({ width });
      const problems: string[] = [];
      const paths = [...publicPages().map((p) => `${p.pathname}${p.search ? `?${p.search}` : ''}`), '/cart'];
      for (const path of paths) {
        await page.goto(path);
        for (const problem of await overflowing(page)) problems.push(`${path}: ${problem}`);
      }
      expect(problems).toEqual([]);
      expect(errors).toEqual([]);
    });

    test(`the cart with lines and the confirmation with its order summary at ${width} px`, async ({
      server,
      openPage,
    }) => {
      const placed = await request<{ orderNumber: string; accessToken: string }>(server, '/api/orders', {
        method: 'POST',
        json: checkoutBody(`widths-${width}-${Date.now()}-abcdefgh`, 31),
      });
      expect(placed.status).toBe(201);
      const { page, context, errors } = await openPage({ width });
      const lastOrder = JSON.stringify({
        orderNumber: placed.body.orderNumber,
        accessToken: placed.body.accessToken,
      });
      const cart = JSON.stringify([
        { productId: 'hoodie', quantity: 120, sizes: { S: 20, M: 50, L: 50 }, options: { colour: 'navy' } },
        {
          productId: 'kuponghäfte',
          quantity: 300,
          options: { bookletSize: 'a6', pages: '10', coupons: '1' },
        },
      ]);
      await context.addInitScript(
        ([order, lines]) => {
          window.localStorage.setItem('lastOrder', order);
          window.localStorage.setItem('cart', lines);
        },
        [lastOrder, cart] as const,
      );
      await page.goto('/cart');
      await expect(page.getByText('Hoodie').first()).toBeVisible();
      await screenshot(page, `cart-${width}`);
      expect(await overflowing(page)).toEqual([]);
      await page.goto('/confirmation');
      await expect(page.getByText(placed.body.orderNumber).first()).toBeVisible();
      expect(await overflowing(page)).toEqual([]);
      // The amount to pay is in view, not scrolled off inside the order summary.
      const total = await page.getByTestId('order-total').boundingBox();
      expect(total && total.x >= 0 && total.x + total.width <= width).toBe(true);
      await screenshot(page, `confirmation-${width}`);
      expect(errors).toEqual([]);
    });
  }
});
