import type { BrowserContext, Locator, Page } from '@playwright/test';
import { placeOrder } from '../helpers/place-order';
import { request } from '../helpers/server';
import { stockholmToday } from '@/shared/delivery';
import { TEST_ADMIN_PIN } from './admin-fixture';
import { expect, screenshot, test } from './fixtures';

/**
 * Money in money hands (issue 38), as the people see it: the printer's order list and order view
 * show the job and not one amount (no total column, no "kr", no NaN), offer no cancellation of an
 * invoiced order but a flag for the owner, and the owner sees the flag and clears it.
 */

const PRINTER_PIN = '482917';

/** Logs `pin` in through the API and gives the browser its session cookie (httpOnly, as the server sets it). */
async function signIn(server: { url: string }, context: BrowserContext, pin: string): Promise<string> {
  const response = await request(server, '/api/admin-login', { method: 'POST', json: { pin } });
  expect(response.status).toBe(204);
  const token = /admin_session=([^;]+)/.exec(response.headers.get('set-cookie') ?? '')?.[1] ?? '';
  await context.addCookies([
    { name: 'admin_session', value: token, url: server.url, httpOnly: true, sameSite: 'Strict' },
  ]);
  return `admin_session=${token}`;
}

async function openOrder(page: Page, orderNumber: string): Promise<Locator> {
  await page.getByRole('button', { name: orderNumber }).first().click();
  const dialog = page.getByRole('dialog', { name: `Order ${orderNumber}` });
  await dialog.getByText('Storgatan 1, 111 22 Stockholm').first().waitFor();
  return dialog;
}

/** Money as a page writes it: "5 718,75 kr", "NaN", or a euro amount. */
const moneyOnPage = /\bkr\b|NaN|€/;

test('the printer sees the job without amounts and flags an invoiced order for the owner, who clears it', async ({
  server,
  openPage,
}) => {
  const ownerCookie = await (async () => {
    const answer = await request(server, '/api/admin-login', {
      method: 'POST',
      json: { pin: TEST_ADMIN_PIN },
    });
    return /admin_session=[^;]+/.exec(answer.headers.get('set-cookie') ?? '')?.[0] ?? '';
  })();
  const added = await request<{ pin?: string }>(server, '/api/admin/staff', {
    method: 'POST',
    headers: { cookie: ownerCookie },
    json: { name: 'Pia Printer', role: 'production', pin: PRINTER_PIN },
  });
  expect(added.status).toBe(201);
  const printerPin = added.body.pin ?? PRINTER_PIN;
  const order = await placeOrder(server);
  const paid = await request(server, `/api/admin/orders/${order.orderNumber}/payments`, {
    method: 'POST',
    headers: { cookie: ownerCookie },
    json: { amount: '1000.00', paidOn: stockholmToday() },
  });
  expect(paid.status).toBe(201);

  for (const width of [1280, 390]) {
    const printer = await openPage({ width });
    await signIn(server, printer.context, printerPin);
    await printer.page.goto('/admin');
    await printer.page.getByRole('button', { name: order.orderNumber }).first().waitFor();
    const list = printer.page.locator('#orders-heading').locator('xpath=ancestor::section[1]');
    await expect(list).not.toContainText(moneyOnPage);
    if (width > 800) await expect(list.getByRole('columnheader', { name: 'Total' })).toHaveCount(0);
    await screenshot(printer.page, `production-role-list-${width}`);

    const dialog = await openOrder(printer.page, order.orderNumber);
    await dialog.getByText('Hoodie').first().waitFor();
    await expect(dialog).not.toContainText(moneyOnPage);
    await expect(dialog).not.toContainText('Payment');
    await expect(dialog.getByRole('button', { name: 'Cancel the order' })).toHaveCount(0);
    await screenshot(printer.page, `production-role-order-${width}`);
    // The lines: products, sizes and options, no price column left empty.
    await dialog.locator('#detail-lines').scrollIntoViewIfNeeded();
    await screenshot(printer.page, `production-role-lines-${width}`, { fullPage: false });

    if (width === 1280) {
      await dialog.getByRole('button', { name: 'Flag for the owner' }).click();
      await dialog
        .getByLabel('What does the owner need to look at?')
        .fill('The buyer wants to cancel: the order is invoiced');
      await dialog.getByRole('button', { name: 'Flag', exact: true }).click();
      await printer.page.getByText('The order is flagged for the owner').first().waitFor();
      const notice = dialog.getByTestId('admin-attention');
      await expect(notice).toContainText('The buyer wants to cancel: the order is invoiced');
      await expect(notice).toContainText('Flagged by Pia Printer');
      // Production may not clear it: the money roles see to it.
      await expect(notice.getByRole('button', { name: 'Done, clear the flag' })).toHaveCount(0);
      await screenshot(printer.page, 'production-role-flagged-1280');
    }
    await printer.context.close();
  }

  const owner = await openPage({ width: 1280 });
  await signIn(server, owner.context, TEST_ADMIN_PIN);
  await owner.page.goto('/admin');
  const row = owner.page.getByRole('row').filter({ hasText: order.orderNumber });
  await expect(row.getByTestId('admin-list-attention')).toHaveText(/For the owner/);
  // The owner's list has the money.
  await expect(row).toContainText(' kr');
  const dialog = await openOrder(owner.page, order.orderNumber);
  const notice = dialog.getByTestId('admin-attention');
  await expect(notice).toContainText('The buyer wants to cancel: the order is invoiced');
  await expect(dialog.getByRole('button', { name: 'Cancel the order' })).toHaveCount(1);
  await screenshot(owner.page, 'production-role-owner-sees-flag-1280');
  await notice.getByRole('button', { name: 'Done, clear the flag' }).click();
  await owner.page.getByText('The flag is cleared').first().waitFor();
  await expect(dialog.getByTestId('admin-attention')).toHaveCount(0);
  const history = dialog.getByTestId('order-history');
  await expect(history).toContainText('Pia Printer · Flagged for the owner');
});
