import { expect, screenshot, test } from './fixtures';
import { AxeBuilder } from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { insertTestOrder } from '../helpers/orders';
import { insertApprovedProof } from '../helpers/proofs';
import { request } from '../helpers/server';
import { loginAsAdmin, TEST_ADMIN_PIN } from './admin-fixture';

async function axeViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Logs in on SPEC's PIN screen, as a person would. */
async function logIn(page: Page, pin: string): Promise<void> {
  await page.goto('/admin-login');
  await page.getByLabel('PIN').fill(pin);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect.poll(() => new URL(page.url()).pathname).toBe('/admin');
}

async function openOrder(page: Page, orderNumber: string): Promise<Locator> {
  await page.getByRole('button', { name: orderNumber }).click();
  const dialog = page.getByRole('dialog', { name: `Order ${orderNumber}` });
  await dialog.getByText('Storgatan 1, 111 22 Stockholm, Sweden').waitFor();
  return dialog;
}

/** The PIN the shop made, as the notice shows it once (its groups are spacing, not characters). */
async function shownPin(page: Page, heading: string): Promise<string> {
  const notice = page.getByRole('region', { name: heading });
  const pin = (await notice.getByTestId('issued-pin').textContent()) ?? '';
  expect(pin).toMatch(/^\d{10}$/);
  // What a copy gives: the digits alone, no spaces or line breaks between the groups.
  expect(await notice.getByTestId('issued-pin').innerText()).toBe(pin);
  return pin;
}

/** The owner adds a person; the shop makes their PIN, shown once. Answers that PIN. */
async function addPerson(page: Page, name: string, role: string, shot?: string): Promise<string> {
  const form = page.locator('form', { has: page.getByRole('button', { name: 'Add person' }) });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Role').selectOption({ label: role });
  await form.getByRole('button', { name: 'Add person' }).click();
  await page.getByText(`${name} has been added`).waitFor();
  const pin = await shownPin(page, `PIN for ${name}`);
  if (shot) await screenshot(page, shot);
  await page
    .getByRole('region', { name: `PIN for ${name}` })
    .getByRole('button', { name: 'Done' })
    .click();
  await expect(page.getByTestId('issued-pin-notice')).toHaveCount(0);
  return pin;
}

test.describe('staff with their own logins and roles', () => {
  test('the owner adds a printer and a bookkeeper; each does their part; the history names both; removing the printer ends their session', async ({
    server,
    openPage,
  }) => {
    const order = await insertTestOrder(server.database);
    await insertApprovedProof(server.database, order.id);

    // The owner adds a printer and a bookkeeper.
    const owner = await openPage({ expectedErrors: /403|401/ });
    await logIn(owner.page, TEST_ADMIN_PIN);
    await owner.page.getByRole('tab', { name: 'Staff' }).click();
    const printerPin = await addPerson(owner.page, 'Per Printer', 'Production');
    const bookkeeperPin = await addPerson(owner.page, 'Bo Bookkeeper', 'Bookkeeping', 'staff-new-pin-1280');
    expect(printerPin).not.toBe(bookkeeperPin);
    await expect(owner.page.getByTestId('staff-row')).toHaveCount(3);
    await screenshot(owner.page, 'staff-1280');
    expect(await axeViolations(owner.page)).toEqual([]);

    // The bookkeeper records the payment and cannot change the job.
    const bookkeeper = await openPage({ width: 390, expectedErrors: /403/ });
    await logIn(bookkeeper.page, bookkeeperPin);
    await expect(bookkeeper.page.getByTestId('signed-in-as')).toHaveText(
      'You are Bo Bookkeeper (Bookkeeping)',
    );
    let dialog = await openOrder(bookkeeper.page, order.orderNumber);
    // Cancelling an invoiced order issues a credit note: the bookkeeper's (and the owner's) to do.
    await expect(dialog.getByRole('button', { name: 'Cancel the order' })).toHaveCount(1);
    const money = dialog.getByTestId('admin-money');
    await money.getByRole('button', { name: 'Record payment' }).click();
    await money.getByLabel('Amount (kr)').fill('5 718,75');
    await money.getByRole('button', { name: 'Save payment' }).click();
    await bookkeeper.page.getByText('The payment is recorded').first().waitFor();
    await expect(money.getByTestId('payment-state')).toHaveText('Paid');
    // Production is the printer's step, not the bookkeeper's.
    await expect(dialog.getByRole('button', { name: 'Mark as in production' })).toHaveCount(0);
    await expect(dialog.getByTestId('admin-print-files')).toHaveCount(0);
    await screenshot(bookkeeper.page, 'staff-bookkeeper-order-390');
    await bookkeeper.page.keyboard.press('Escape');

    // The printer moves the job to production and sees no payments or money pages.
    const printer = await openPage({ expectedErrors: /401|403/ });
    await logIn(printer.page, printerPin);
    for (const hidden of ['Staff', 'Log', 'Partner applications'])
      await expect(printer.page.getByRole('tab', { name: hidden })).toHaveCount(0);
    await expect(printer.page.getByTestId('total-turnover')).toHaveCount(0);
    await expect(printer.page.getByRole('link', { name: /Export/ })).toHaveCount(0);
    dialog = await openOrder(printer.page, order.orderNumber);
    await expect(dialog.getByRole('link', { name: 'View invoice' })).toHaveCount(0);
    await expect(dialog).not.toContainText('5 718,75 kr received');
    await expect(dialog.getByTestId('admin-money')).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: 'Cancel the order' })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Mark as in production' }).click();
    await printer.page.getByText('Status changed').first().waitFor();
    await screenshot(printer.page, 'staff-printer-order-1280');
    const printerCookie = `admin_session=${
      (await printer.context.cookies()).find((cookie) => cookie.name === 'admin_session')?.value ?? ''
    }`;
    // The server refuses money to the printer whatever the page shows.
    const csv = await request(server, '/api/admin/orders.csv', { headers: { cookie: printerCookie } });
    expect(csv.status).toBe(403);

    // The owner sees both in the order's history.
    await owner.page.getByRole('tab', { name: 'Orders' }).click();
    dialog = await openOrder(owner.page, order.orderNumber);
    const history = dialog.getByTestId('order-history');
    await expect(history.getByText('Per Printer')).toHaveCount(1);
    const entries = await history.locator('li').allTextContents();
    expect(entries[0]).toContain('Per Printer · Status change');
    expect(entries[0]).toContain('Received → In production');
    expect(entries[1]).toContain('Bo Bookkeeper · Payment');
    await screenshot(owner.page, 'staff-history-1280');
    await owner.page.keyboard.press('Escape');

    // The owner removes the printer: the printer's open page ends at its next request.
    await owner.page.getByRole('tab', { name: 'Staff' }).click();
    owner.page.once('dialog', (confirm) => void confirm.accept());
    const printerRow = owner.page.getByTestId('staff-row').filter({ hasText: 'Per Printer' });
    await printerRow.getByRole('button', { name: 'Remove' }).click();
    await owner.page.getByText('Per Printer is removed and logged out').waitFor();
    await expect(owner.page.getByTestId('staff-row')).toHaveCount(2);

    await printer.page.keyboard.press('Escape');
    await printer.page.getByLabel('Search', { exact: true }).fill('INV');
    await expect.poll(() => new URL(printer.page.url()).pathname).toBe('/admin-login');
    expect((await request(server, '/api/admin/session', { headers: { cookie: printerCookie } })).status).toBe(
      401,
    );
    // The bookkeeper's session goes on.
    await bookkeeper.page.reload();
    await bookkeeper.page.getByTestId('signed-in-as').waitFor();

    // The bookkeeper gets a new PIN of their own: shown once; the old one no longer logs in.
    await bookkeeper.page.getByRole('tab', { name: 'My account' }).click();
    await bookkeeper.page.getByLabel('Current PIN').fill(bookkeeperPin);
    await bookkeeper.page.getByRole('button', { name: 'Get a new PIN' }).click();
    const ownPin = await shownPin(bookkeeper.page, 'Your new PIN');
    expect(ownPin).not.toBe(bookkeeperPin);
    await screenshot(bookkeeper.page, 'staff-own-pin-390');
    expect(await axeViolations(bookkeeper.page)).toEqual([]);
    const old = await request(server, '/api/admin-login', { method: 'POST', json: { pin: bookkeeperPin } });
    expect(old.status).toBe(401);
    const fresh = await request(server, '/api/admin-login', { method: 'POST', json: { pin: ownPin } });
    expect(fresh.status).toBe(204);
  });

  test('the owner gives someone a new PIN in Swedish: asked first, shown once in large groups', async ({
    server,
    openPage,
  }) => {
    const owner = await openPage({ locale: 'sv-SE', width: 390 });
    await loginAsAdmin(server, owner.context);
    await owner.page.goto('/admin');
    await owner.page.getByRole('tab', { name: 'Personal' }).click();
    const form = owner.page.locator('form', {
      has: owner.page.getByRole('button', { name: 'Lägg till person' }),
    });
    await form.getByLabel('Namn').fill('Ulla Utskrift');
    await form.getByLabel('Roll').selectOption({ label: 'Produktion' });
    await form.getByRole('button', { name: 'Lägg till person' }).click();
    const first = await shownPin(owner.page, 'Pinkod för Ulla Utskrift');
    await owner.page.getByRole('button', { name: 'Klar' }).click();

    const row = owner.page.getByTestId('staff-row').filter({ hasText: 'Ulla Utskrift' });
    owner.page.once('dialog', (confirm) => {
      expect(confirm.message()).toBe(
        'Ge Ulla Utskrift en ny pinkod? Den gamla slutar gälla och Ulla Utskrift loggas ut.',
      );
      void confirm.accept();
    });
    await row.getByRole('button', { name: 'Ny pinkod' }).click();
    const notice = row.getByRole('region', { name: 'Pinkod för Ulla Utskrift' });
    await expect(notice).toContainText('Visas bara nu');
    const second = await shownPin(owner.page, 'Pinkod för Ulla Utskrift');
    expect(second).not.toBe(first);
    await expect(notice.getByRole('button', { name: 'Kopiera pinkod' })).toBeVisible();
    await notice.scrollIntoViewIfNeeded();
    await screenshot(owner.page, 'staff-new-pin-sv-390');
    expect(await axeViolations(owner.page)).toEqual([]);
  });
});
