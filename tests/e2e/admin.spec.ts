import { animationsSettled, expect, screenshot, test } from './fixtures';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { insertManyOrders, insertTestOrder } from '../helpers/orders';
import { loginAsAdmin, TEST_ADMIN_PIN } from './admin-fixture';

async function axeViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** These tests read the admin in Swedish; language.test.ts has it in English. */
const swedish = { locale: 'sv-SE' } as const;

test.describe('admin in a real browser', () => {
  test('forged localStorage admin flags unlock nothing: /admin goes to /admin-login', async ({
    openPage,
  }) => {
    const { page, context, errors } = await openPage();
    await context.addInitScript(() => {
      for (const key of ['isAdmin', 'adminAuthenticated', 'admin', 'adminLoggedIn'])
        window.localStorage.setItem(key, 'true');
    });
    await page.goto('/admin');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/admin-login');
    await expect(page.getByText('Total omsättning')).toHaveCount(0);
    expect(errors.filter((e) => !e.includes('401'))).toEqual([]);
  });

  test('an empty shop: the list says "Inga beställningar ännu" and the stats are zero', async ({
    server,
    openPage,
  }) => {
    const { page, context } = await openPage(swedish);
    await loginAsAdmin(server, context);
    await page.goto('/admin');
    await expect(page.getByRole('status').getByText('Inga beställningar ännu')).toBeVisible();
    await expect(page.getByTestId('total-orders')).toHaveText('0');
    await expect(page.getByTestId('total-turnover')).toHaveText('0,00 kr');
    await expect(page.getByTestId('average-order')).toHaveText('0 kr');
  });

  test('login with a wrong PIN, then the right one; dashboard shows the order; status change; logout', async ({
    server,
    openPage,
  }) => {
    const evil = '<img src=x onerror="window.__pwned=1">';
    const order = await insertTestOrder(server.database, {
      customerName: 'Greta Garbo',
      customerOrganization: evil,
    });
    await insertTestOrder(server.database, {
      totalAmount: '1000.00',
      exVatAmount: '800.00',
      vatAmount: '200.00',
      customerName: 'Olle Ek',
      orderDate: new Date('2026-01-01T00:00:00Z'),
    });
    const { page, errors } = await openPage(swedish);
    await page.goto('/admin-login');
    const pin = page.getByLabel('Pinkod');
    const login = page.getByRole('button', { name: 'Logga in' });
    await expect(pin).toHaveAttribute('maxlength', '20');
    await expect(pin).toHaveAttribute('type', 'password');
    await pin.fill('123');
    await expect(login).toBeDisabled();
    await pin.fill('1234');
    await expect(login).toBeEnabled();
    await screenshot(page, 'admin-login-1280');
    await login.click();
    await expect(page.getByText('Fel pinkod')).toBeVisible();
    await expect(page.getByText('Försök igen')).toBeVisible();
    await expect(pin).toHaveValue('');
    expect(new URL(page.url()).pathname).toBe('/admin-login');

    await pin.fill('4711');
    await page.keyboard.press('Enter');
    await expect(page.getByText('Inloggad')).toBeVisible();
    await expect(page.getByText('Välkommen till admin-panelen')).toBeVisible();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/admin');

    // Stats: 5 718,75 + 1 000 = 6 718,75 kr over 2 orders; average 3 359,375 → 3 359 kr.
    await expect(page.getByTestId('total-orders')).toHaveText('2');
    await expect(page.getByTestId('total-turnover')).toHaveText('6 718,75 kr');
    await expect(page.getByTestId('average-order')).toHaveText('3 359 kr');

    const rows = page.locator('tbody tr');
    await expect(rows).toHaveCount(2);
    const first = rows.first();
    await expect(first).toContainText(order.orderNumber);
    await expect(first).toContainText('Greta Garbo');
    await expect(first).toContainText(evil);
    await expect(first).toContainText('5 718,75 kr');
    await expect(first).toContainText('50 × Hoodie');
    // The job's state and the payment's, side by side.
    await expect(first.getByTestId('payment-state')).toHaveText('Obetald');
    await expect(first).toContainText('Mottagen');
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    await screenshot(page, 'admin-1280');
    expect(await axeViolations(page)).toEqual([]);

    // Search narrows the table.
    await page.getByLabel('Sök', { exact: true }).fill('olle');
    await expect(rows).toHaveText([/Olle Ek/]);
    await page.getByLabel('Sök', { exact: true }).fill('');
    await expect(rows).toHaveCount(2);

    // Detail and status change.
    await page.getByRole('button', { name: order.orderNumber }).click();
    const dialog = page.getByRole('dialog', { name: `Beställning ${order.orderNumber}` });
    await expect(dialog.getByText('Storgatan 1, 111 22 Stockholm, Sweden')).toBeVisible();
    await expect(dialog).toContainText('114,375 kr/st');
    await expect(dialog.getByRole('link', { name: 'Visa faktura' })).toHaveAttribute(
      'href',
      `/api/admin/orders/${order.orderNumber}/invoice`,
    );
    await screenshot(page, 'admin-detail-1280');
    // Money is recorded as a payment (not a status): by default what is still to pay, today.
    const money = dialog.getByTestId('admin-money');
    await expect(money.getByTestId('payment-state')).toHaveText('Obetald');
    await expect(money.getByTestId('order-balance')).toHaveText('Kvar att betala: 5 718,75 kr');
    await money.getByRole('button', { name: 'Registrera betalning' }).click();
    await expect(money.getByLabel('Belopp (kr)')).toHaveValue('5718,75');
    await money.getByRole('button', { name: 'Spara betalning' }).click();
    await expect(page.getByText('Betalningen är registrerad')).toBeVisible();
    await expect(money.getByTestId('payment-state')).toHaveText('Betald');
    await expect(money.getByTestId('admin-payment')).toContainText('5 718,75 kr');
    // The job stays received: it goes to production by its proof, paid or not.
    await expect(dialog.getByRole('button', { name: 'Markera som i produktion' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(rows.first().getByTestId('payment-state')).toHaveText('Betald');

    // Status filter (the job's states).
    await page.getByLabel('Status', { exact: true }).selectOption('shipped');
    await expect(page.getByRole('status').getByText('Inga beställningar matchar filtret')).toBeVisible();
    await page.getByLabel('Status', { exact: true }).selectOption('pending');
    await expect(rows).toHaveCount(2);
    await page.getByLabel('Status', { exact: true }).selectOption('');

    await page.getByRole('button', { name: 'Logga ut', exact: true }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    await page.goto('/admin');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/admin-login');
    expect(errors.filter((e) => !e.includes('401'))).toEqual([]);
  });

  test('the partner applications tab lists stored applications, script shown as text', async ({
    server,
    openPage,
  }) => {
    const posted = await fetch(`${server.url}/api/partner-applications`, {
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
    const { page, context, errors } = await openPage(swedish);
    await loginAsAdmin(server, context);
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Partneransökningar' }).click();
    const panel = page.getByRole('tabpanel', { name: 'Partneransökningar' });
    await expect(panel.getByText('Fjord Events AB')).toBeVisible();
    await expect(panel).toContainText('<script>window.__pwned=1</script> We run festivals.');
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    await screenshot(page, 'admin-partners-1280');
    expect(errors).toEqual([]);
  });

  test('the "Inloggad" toast covers neither the dashboard title nor its buttons (390 and 1280 px)', async ({
    openPage,
  }) => {
    for (const width of [390, 1280]) {
      const { page, context } = await openPage({ width, locale: 'sv-SE' });
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

  test('mobile (390 px): login and dashboard fit', async ({ server, openPage }) => {
    const { page, context } = await openPage({ width: 390, ...swedish });
    await page.goto('/admin-login');
    await expect(page.getByLabel('Pinkod')).toBeVisible();
    await screenshot(page, 'admin-login-390');
    await loginAsAdmin(server, context);
    await page.goto('/admin');
    const cards = page.getByRole('list', { name: 'Beställningar' }).getByRole('listitem');
    await expect(cards).toHaveCount(2);
    await expect(page.locator('table')).toBeHidden();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'admin-390');
    await cards.first().getByRole('button').click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await screenshot(page, 'admin-detail-390');
  });

  test('the orders list: a failed first page offers "Försök igen"; "Visa fler" adds the next page and says how many came', async ({
    server,
    openPage,
  }) => {
    // With the two orders above, 51: one more than a page.
    await insertManyOrders(server.database, 49);
    const { page, context } = await openPage(swedish);
    await loginAsAdmin(server, context);
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
    await expect(retry).toBeVisible();
    await expect(page.getByText('Kunde inte hämta beställningar').first()).toBeVisible();
    await retry.click();

    const rows = page.locator('tbody tr');
    await expect(rows).toHaveCount(50);
    await expect(retry).toHaveCount(0);
    await page.getByRole('button', { name: 'Visa fler' }).click();
    await expect(rows).toHaveCount(51);
    await expect(page.getByRole('status').filter({ hasText: 'till visas' })).toHaveText(
      '1 beställning till visas',
    );
    // The last page is shown: no more to load.
    await expect(page.getByRole('button', { name: 'Visa fler' })).toHaveCount(0);
  });
});
