import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from '../helpers/server';
import { loginAsAdmin } from './admin-fixture';
import { openPage, startShop, type Shop, screenshot } from './browser';

let shop: Shop;
beforeAll(async () => {
  shop = await startShop();
});
afterAll(() => shop.close());

async function sessionCookie(page: Page): Promise<string> {
  const cookies = await page.context().cookies();
  const session = cookies.find((c) => c.name === 'admin_session');
  return `admin_session=${session?.value ?? ''}`;
}

describe('admin: log out everywhere', () => {
  it('the button ends this session and every other one (Swedish and English)', async () => {
    // Another device, logged in too.
    const other = await openPage(shop);
    await loginAsAdmin(shop.server, other.context);
    const otherCookie = await sessionCookie(other.page);
    expect(
      (await request(shop.server, '/api/admin/session', { headers: { cookie: otherCookie } })).status,
    ).toBe(200);

    for (const [locale, width] of [
      ['sv-SE', 390],
      ['en-GB', 1280],
    ] as const) {
      const { page, context } = await openPage(shop, { locale, width });
      await loginAsAdmin(shop.server, context);
      await page.goto('/admin');
      const label = locale === 'sv-SE' ? 'Logga ut överallt' : 'Log out everywhere';
      const button = page.getByRole('button', { name: label });
      await button.waitFor();
      await screenshot(page, `admin-logout-all-${width}`, { fullPage: false });
      if (locale === 'sv-SE') {
        await context.close();
        continue;
      }
      const mine = await sessionCookie(page);
      await button.click();
      await page.waitForURL((url) => url.pathname === '/');
      for (const cookie of [mine, otherCookie]) {
        expect((await request(shop.server, '/api/admin/session', { headers: { cookie } })).status).toBe(401);
      }
      await context.close();
    }
    await other.context.close();
  });
});
