import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertManyOrders, insertTestOrder } from '../helpers/orders';
import { loginAsAdmin, TEST_ADMIN_PIN } from './admin-fixture';
import { animationsSettled, openPage, plain, startShop, type Shop, screenshot } from './browser';

let shop: Shop;
beforeAll(async () => {
  shop = await startShop();
});
afterAll(() => shop.close());

async function axeViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** These tests read the admin in Swedish; language.test.ts has it in English. */
const swedish = { locale: 'sv-SE' } as const;

describe('admin in a real browser', () => {
  it('forged localStorage admin flags unlock nothing: /admin goes to /admin-login', async () => {
    const { page, context, errors } = await openPage(shop);
    await context.addInitScript(() => {
      for (const key of ['isAdmin', 'adminAuthenticated', 'admin', 'adminLoggedIn'])
        window.localStorage.setItem(key, 'true');
    });
    await page.goto('/admin');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/admin-login');
    expect(await page.getByText('Total omsättning').count()).toBe(0);
    expect(errors.filter((e) => !e.includes('401'))).toEqual([]);
    await context.close();
  });

  it('an empty shop: the list says "Inga beställningar ännu" and the stats are zero', async () => {
    const { page, context } = await openPage(shop, swedish);
    await loginAsAdmin(shop.server, context);
    await page.goto('/admin');
    await expect
      .poll(() => page.getByRole('status').getByText('Inga beställningar ännu').isVisible())
      .toBe(true);
    expect(plain(await page.getByTestId('total-orders').textContent())).toBe('0');
    expect(plain(await page.getByTestId('total-turnover').textContent())).toBe('0,00 kr');
    expect(plain(await page.getByTestId('average-order').textContent())).toBe('0 kr');
    await context.close();
  });

  it('login with a wrong PIN, then the right one; dashboard shows the order; status change; logout', async () => {
    const evil = '<img src=x onerror="window.__pwned=1">';
    const order = await insertTestOrder(shop.server.database, {
      customerName: 'Greta Garbo',
      customerOrganization: evil,
    });
    await insertTestOrder(shop.server.database, {
      totalAmount: '1000.00',
      exVatAmount: '800.00',
      vatAmount: '200.00',
      customerName: 'Olle Ek',
      orderDate: new Date('2026-01-01T00:00:00Z'),
    });
    const { page, context, errors } = await openPage(shop, swedish);
    await page.goto('/admin-login');
    const pin = page.getByLabel('Pinkod');
    const login = page.getByRole('button', { name: 'Logga in' });
    expect(await pin.getAttribute('maxlength')).toBe('20');
    expect(await pin.getAttribute('type')).toBe('password');
    await pin.fill('123');
    expect(await login.isDisabled()).toBe(true);
    await pin.fill('1234');
    expect(await login.isDisabled()).toBe(false);
    await screenshot(page, 'admin-login-1280');
    await login.click();
    await expect.poll(() => page.getByText('Fel pinkod').isVisible()).toBe(true);
    expect(await page.getByText('Försök igen').isVisible()).toBe(true);
    expect(await pin.inputValue()).toBe('');
    expect(new URL(page.url()).pathname).toBe('/admin-login');

    await pin.fill('4711');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByText('Inloggad').isVisible()).toBe(true);
    expect(await page.getByText('Välkommen till admin-panelen').isVisible()).toBe(true);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/admin');

    // Stats: 5 718,75 + 1 000 = 6 718,75 kr over 2 orders; average 3 359,375 → 3 359 kr.
    await expect.poll(async () => plain(await page.getByTestId('total-orders').textContent())).toBe('2');
    expect(plain(await page.getByTestId('total-turnover').textContent())).toBe('6 718,75 kr');
    expect(plain(await page.getByTestId('average-order').textContent())).toBe('3 359 kr');

    const rows = page.locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(2);
    const first = rows.first();
    expect(await first.textContent()).toContain(order.orderNumber);
    expect(await first.textContent()).toContain('Greta Garbo');
    expect(await first.textContent()).toContain(evil);
    expect(plain(await first.textContent())).toContain('5 718,75 kr');
    expect(await first.textContent()).toContain('50 × Hoodie');
    // The job's state and the payment's, side by side.
    expect(await first.getByTestId('payment-state').textContent()).toBe('Obetald');
    expect(await first.textContent()).toContain('Mottagen');
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    await screenshot(page, 'admin-1280');
    expect(await axeViolations(page)).toEqual([]);

    // Search narrows the table.
    await page.getByLabel('Sök', { exact: true }).fill('olle');
    await expect.poll(() => rows.allTextContents()).toEqual([expect.stringContaining('Olle Ek')]);
    await page.getByLabel('Sök', { exact: true }).fill('');
    await expect.poll(() => rows.count()).toBe(2);

    // Detail and status change.
    await page.getByRole('button', { name: order.orderNumber }).click();
    const dialog = page.getByRole('dialog', { name: `Beställning ${order.orderNumber}` });
    await expect.poll(() => dialog.getByText('Storgatan 1, 111 22 Stockholm, Sweden').isVisible()).toBe(true);
    expect(plain(await dialog.textContent())).toContain('114,375 kr/st');
    expect(await dialog.getByRole('link', { name: 'Visa faktura' }).getAttribute('href')).toBe(
      `/api/admin/orders/${order.orderNumber}/invoice`,
    );
    await screenshot(page, 'admin-detail-1280');
    // Money is recorded as a payment (not a status): by default what is still to pay, today.
    const money = dialog.getByTestId('admin-money');
    expect(await money.getByTestId('payment-state').textContent()).toBe('Obetald');
    expect(plain(await money.getByTestId('order-balance').textContent())).toBe(
      'Kvar att betala: 5 718,75 kr',
    );
    await money.getByRole('button', { name: 'Registrera betalning' }).click();
    expect(await money.getByLabel('Belopp (kr)').inputValue()).toBe('5718,75');
    await money.getByRole('button', { name: 'Spara betalning' }).click();
    await expect.poll(() => page.getByText('Betalningen är registrerad').isVisible()).toBe(true);
    await expect.poll(() => money.getByTestId('payment-state').textContent()).toBe('Betald');
    expect(plain(await money.getByTestId('admin-payment').textContent())).toContain('5 718,75 kr');
    // The job stays received: it goes to production by its proof, paid or not.
    expect(await dialog.getByRole('button', { name: 'Markera som i produktion' }).isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => rows.first().getByTestId('payment-state').textContent()).toBe('Betald');

    // Status filter (the job's states).
    await page.getByLabel('Status', { exact: true }).selectOption('shipped');
    await expect
      .poll(() => page.getByRole('status').getByText('Inga beställningar matchar filtret').isVisible())
      .toBe(true);
    await page.getByLabel('Status', { exact: true }).selectOption('pending');
    await expect.poll(() => rows.count()).toBe(2);
    await page.getByLabel('Status', { exact: true }).selectOption('');

    await page.getByRole('button', { name: 'Logga ut', exact: true }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    await page.goto('/admin');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/admin-login');
    expect(errors.filter((e) => !e.includes('401'))).toEqual([]);
    await context.close();
  });

  it('the partner applications tab lists stored applications, script shown as text', async () => {
    const posted = await fetch(`${shop.server.url}/api/partner-applications`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        companyName: 'Fjord Events AB',
        orgNumber: '556677-8899',
        contactPerson: 'Per Persson',
        email: 'per@fjord.se',
        phone: '0701234567',
        address: 'Hamngatan 2',
        city: 'Malmö',
        postalCode: '211 22',
        businessDescription: '<script>window.__pwned=1</script> We run festivals.',
        terms: true,
      }),
    });
    expect(posted.status).toBe(201);
    const { page, context, errors } = await openPage(shop, swedish);
    await loginAsAdmin(shop.server, context);
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Partneransökningar' }).click();
    const panel = page.getByRole('tabpanel', { name: 'Partneransökningar' });
    await expect.poll(() => panel.getByText('Fjord Events AB').isVisible()).toBe(true);
    expect(await panel.textContent()).toContain('<script>window.__pwned=1</script> We run festivals.');
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    await screenshot(page, 'admin-partners-1280');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the "Inloggad" toast covers neither the dashboard title nor its buttons (390 and 1280 px)', async () => {
    for (const width of [390, 1280]) {
      const { page, context } = await openPage(shop, { width, locale: 'sv-SE' });
      await page.goto('/admin-login');
      await page.getByLabel('Pinkod').fill(TEST_ADMIN_PIN);
      await page.getByLabel('Pinkod').press('Enter');
      const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Inloggad' });
      await toast.waitFor();
      await page.getByRole('button', { name: 'Logga ut överallt' }).waitFor();
      // Wait for the toast's entry animation to settle before measuring it.
      await animationsSettled(page);
      const toastBox = await toast.boundingBox();
      const covered = [
        page.getByRole('heading', { level: 1, name: 'Admin' }),
        page.getByRole('button', { name: 'Logga ut', exact: true }),
        page.getByRole('button', { name: 'Logga ut överallt' }),
      ];
      for (const element of covered) {
        const box = await element.boundingBox();
        if (!toastBox || !box) throw new Error('toast or element not on screen');
        const overlaps =
          toastBox.x < box.x + box.width &&
          box.x < toastBox.x + toastBox.width &&
          toastBox.y < box.y + box.height &&
          box.y < toastBox.y + toastBox.height;
        expect(overlaps, `toast over ${await element.textContent()} at ${width} px`).toBe(false);
      }
      await context.close();
    }
  });

  it('mobile (390 px): login and dashboard fit', async () => {
    const { page, context } = await openPage(shop, { width: 390, ...swedish });
    await page.goto('/admin-login');
    await expect.poll(() => page.getByLabel('Pinkod').isVisible()).toBe(true);
    await screenshot(page, 'admin-login-390');
    await loginAsAdmin(shop.server, context);
    await page.goto('/admin');
    const cards = page.getByRole('list', { name: 'Beställningar' }).getByRole('listitem');
    await expect.poll(() => cards.count()).toBe(2);
    expect(await page.locator('table').isVisible()).toBe(false);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'admin-390');
    await cards.first().getByRole('button').click();
    await expect.poll(() => page.getByRole('dialog').isVisible()).toBe(true);
    await screenshot(page, 'admin-detail-390');
    await context.close();
  });

  it('the orders list: a failed first page offers "Försök igen"; "Visa fler" adds the next page and says how many came', async () => {
    // With the two orders above, 51: one more than a page.
    await insertManyOrders(shop.server.database, 49);
    const { page, context } = await openPage(shop, swedish);
    await loginAsAdmin(shop.server, context);
    // The first answer is refused (a 4xx, so not retried): the list says so instead of staying blank.
    await page.route(
      '**/api/admin/orders?*',
      (route) =>
        route.fulfill({
          status: 400,
          contentType: 'application/json',
          body: '{"error":"Ogiltig sidmarkör"}',
        }),
      { times: 1 },
    );
    await page.goto('/admin');
    const retry = page.getByRole('button', { name: 'Försök igen' });
    await expect.poll(() => retry.isVisible()).toBe(true);
    expect(await page.getByText('Kunde inte hämta beställningar').first().isVisible()).toBe(true);
    await retry.click();

    const rows = page.locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(50);
    expect(await retry.count()).toBe(0);
    await page.getByRole('button', { name: 'Visa fler' }).click();
    await expect.poll(() => rows.count()).toBe(51);
    expect(await page.getByRole('status').filter({ hasText: 'till visas' }).textContent()).toBe(
      '1 beställning till visas',
    );
    // The last page is shown: no more to load.
    expect(await page.getByRole('button', { name: 'Visa fler' }).count()).toBe(0);
    await context.close();
  });
});
