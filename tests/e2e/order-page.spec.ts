import type { TestServer } from '../helpers/server';
import { expect, orderLinkIn, placeOrderInBrowser, screenshot, test } from './fixtures';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Buyer emails of an order in the outbox folder, oldest first, as text. */
function buyerEmails(server: TestServer, orderNumber: string): { file: string; text: string }[] {
  const dir = join(server.dataDir, 'outbox');
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

test.describe('the buyer order page in a real browser', () => {
  test('opens from the confirmation and from the emailed link; without the token it shows nothing', async ({
    server,
    openPage,
  }) => {
    const { page, errors } = await openPage({ width: 1280 });
    const number = await placeOrderInBrowser(page, 'anna@example.se');

    await page.getByTestId('order-page-link').click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/orders/${number}`);
    await expect(page.getByRole('heading', { name: `Order ${number}` })).toBeVisible();
    await expect(page.getByTestId('order-status')).toHaveText('Received');
    await expect(page.locator('[data-step="pending"]')).toHaveAttribute('data-done', 'true');
    await expect(page.locator('[data-step="in_production"]')).toHaveAttribute('data-done', 'false');
    // Paying is no step of the job: the money is its own state.
    await expect(page.locator('[data-step="paid"]')).toHaveCount(0);
    await screenshot(page, 'order-page-1280');

    await server.app.emailOutbox.drain();
    const [confirmation] = buyerEmails(server, number);
    if (!confirmation) throw new Error('no confirmation email');
    const emailed = orderLinkIn(confirmation.text);

    const fresh = await openPage({ width: 390 });
    await fresh.page.goto(emailed);
    await expect(fresh.page.getByRole('heading', { name: `Order ${number}` })).toBeVisible();
    await expect(fresh.page.getByTestId('order-lines')).toContainText('Coupon Booklet');
    await screenshot(fresh.page, 'order-page-390');

    // The same page without the fragment, or with a wrong token: no order, a way to ask for links.
    for (const target of [`/orders/${number}`, `/orders/${number}#${'A'.repeat(43)}`]) {
      const stranger = await openPage();
      await stranger.page.goto(target);
      await expect(stranger.page.getByRole('heading', { name: 'This link does not work' })).toBeVisible();
      await expect(stranger.page.getByText('Coupon Booklet')).toHaveCount(0);
      await stranger.context.close();
    }
    expect(errors).toEqual([]);
    expect(fresh.errors).toEqual([]);
    await fresh.context.close();
  });
});
