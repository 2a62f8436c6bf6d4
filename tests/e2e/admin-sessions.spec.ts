import { expect, screenshot, test } from './fixtures';
import type { Page } from '@playwright/test';
import { request } from '../helpers/server';
import { loginAsAdmin } from './admin-fixture';

async function sessionCookie(page: Page): Promise<string> {
  const cookies = await page.context().cookies();
  const session = cookies.find((c) => c.name === 'admin_session');
  return `admin_session=${session?.value ?? ''}`;
}

test.describe('admin: log out everywhere', () => {
  test('the button ends this session and every other one (Swedish and English)', async ({
    server,
    openPage,
    adminPage: otherDevice,
  }) => {
    // Another device, logged in too.
    const otherCookie = await sessionCookie(otherDevice);
    expect((await request(server, '/api/admin/session', { headers: { cookie: otherCookie } })).status).toBe(
      200,
    );

    for (const [locale, width] of [
      ['sv-SE', 390],
      ['en-GB', 1280],
    ] as const) {
      const { page, context } = await openPage({ locale, width });
      await loginAsAdmin(server, context);
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
        expect((await request(server, '/api/admin/session', { headers: { cookie } })).status).toBe(401);
      }
      await context.close();
    }
  });
});
