import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage, orderLinkIn, placeOrderInBrowser, startShop, type Shop, screenshot } from './browser';

let shop: Shop;
beforeAll(async () => {
  shop = await startShop();
});
afterAll(() => shop.close());

/** Buyer emails of an order in the outbox folder, oldest first, as text. */
function buyerEmails(orderNumber: string): { file: string; text: string }[] {
  const dir = join(shop.server.dataDir, 'outbox');
  return readdirSync(dir)
    .filter((name) => name.startsWith(`${orderNumber}-`) && !name.includes('shop_notice'))
    .sort()
    .map((file) => ({
      file,
      text: readFileSync(join(dir, file), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '='),
    }));
}

describe('the buyer order page in a real browser', () => {
  it('opens from the confirmation and from the emailed link; without the token it shows nothing', async () => {
    const { page, context, errors } = await openPage(shop, { width: 1280 });
    const number = await placeOrderInBrowser(page, 'anna@example.se');

    await page.getByTestId('order-page-link').click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/orders/${number}`);
    await expect.poll(() => page.getByRole('heading', { name: `Order ${number}` }).isVisible()).toBe(true);
    expect(await page.getByTestId('order-status').textContent()).toBe('Received');
    expect(await page.locator('[data-step="pending"]').getAttribute('data-done')).toBe('true');
    expect(await page.locator('[data-step="in_production"]').getAttribute('data-done')).toBe('false');
    // Paying is no step of the job: the money is its own state.
    expect(await page.locator('[data-step="paid"]').count()).toBe(0);
    await screenshot(page, 'order-page-1280');

    await shop.server.app.emailOutbox.drain();
    const [confirmation] = buyerEmails(number);
    if (!confirmation) throw new Error('no confirmation email');
    const emailed = orderLinkIn(confirmation.text);

    const fresh = await openPage(shop, { width: 390 });
    await fresh.page.goto(emailed);
    await expect
      .poll(() => fresh.page.getByRole('heading', { name: `Order ${number}` }).isVisible())
      .toBe(true);
    expect(await fresh.page.getByTestId('order-lines').textContent()).toContain('Coupon Booklet');
    await screenshot(fresh.page, 'order-page-390');

    // The same page without the fragment, or with a wrong token: no order, a way to ask for links.
    for (const target of [`/orders/${number}`, `/orders/${number}#${'A'.repeat(43)}`]) {
      const stranger = await openPage(shop);
      await stranger.page.goto(target);
      await expect
        .poll(() => stranger.page.getByRole('heading', { name: 'This link does not work' }).isVisible())
        .toBe(true);
      expect(await stranger.page.getByText('Coupon Booklet').count()).toBe(0);
      await stranger.context.close();
    }
    expect(errors).toEqual([]);
    expect(fresh.errors).toEqual([]);
    await fresh.context.close();
    await context.close();
  });
});
