import type { Locator, Page } from '@playwright/test';
import type { PlacedOrderAnswer } from '@/shared/order-view';
import { checkoutBody } from '../helpers/orders';
import { request, type TestServer } from '../helpers/server';
import { loginAsAdmin } from './admin-fixture';
import { expect, screenshot, test } from './fixtures';

/**
 * Issue 41: the thread between the buyer and the shop on the order page and in the admin's order
 * view (the buyer writes, staff answer), and the staff's internal notes, in Swedish at 390 px.
 */

let orders = 0;
async function placeOrder(server: TestServer): Promise<PlacedOrderAnswer> {
  const placed = await request<PlacedOrderAnswer>(server, '/api/orders', {
    method: 'POST',
    json: checkoutBody(`e2e-talk-${Date.now()}-${++orders}-key`, orders),
  });
  expect(placed.status).toBe(201);
  return placed.body;
}

async function openOrderDialog(page: Page, number: string): Promise<Locator> {
  await page.goto('/admin');
  await page.getByRole('button', { name: number }).click();
  const dialog = page.getByRole('dialog', { name: `Beställning ${number}` });
  await expect(dialog.getByTestId('admin-order-messages')).toBeVisible();
  return dialog;
}

const noWiderThan = async (page: Page, width: number) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

test('Swedish at 390 px: the buyer writes, staff answer and note it, the buyer reads the answer', async ({
  server,
  openPage,
}) => {
  const order = await placeOrder(server);

  // The buyer, on a phone.
  const buyer = await openPage({ width: 390, locale: 'sv-SE', touch: true });
  await buyer.page.goto(`/orders/${order.orderNumber}#${order.accessToken}`);
  const thread = buyer.page.getByTestId('order-messages');
  await expect(thread.getByRole('heading', { name: 'Meddelanden' })).toBeVisible();
  await expect(thread).toContainText('Inga meddelanden ännu.');
  // A link is refused with the reason, in Swedish, and nothing is sent.
  await thread.getByLabel('Ditt meddelande').fill('Se www.exempel-bild.se');
  await thread.getByRole('button', { name: 'Skicka' }).click();
  await expect(thread.getByRole('alert')).toHaveText(
    'Skriv utan webbadresser eller e-postadresser: butiken mejlar aldrig länkar från meddelanden',
  );
  await thread.getByLabel('Ditt meddelande').fill('Hej! Kan ni ändra 3 M till L?\nTack på förhand.');
  await thread.getByRole('button', { name: 'Skicka' }).click();
  const buyerMessages = thread.getByTestId('thread-message');
  await expect(buyerMessages).toHaveCount(1);
  await expect(buyerMessages.first()).toContainText('Du ·');
  await expect(buyerMessages.first()).toContainText('Kan ni ändra 3 M till L?');
  await expect(thread.getByLabel('Ditt meddelande')).toHaveValue('');
  await noWiderThan(buyer.page, 390);
  await thread.scrollIntoViewIfNeeded();
  await screenshot(buyer.page, 'order-talk-buyer-wrote-sv-390', { fullPage: false });

  // The owner, on a phone too: reads it, answers, and leaves a note for production.
  const staff = await openPage({ width: 390, locale: 'sv-SE' });
  await loginAsAdmin(server, staff.context);
  const dialog = await openOrderDialog(staff.page, order.orderNumber);
  const adminThread = dialog.getByTestId('admin-order-messages');
  await expect(adminThread.getByTestId('thread-message')).toHaveCount(1);
  await expect(adminThread.getByTestId('thread-message').first()).toContainText('Köparen ·');
  await adminThread.getByLabel('Svar till köparen').fill('Absolut, vi ändrar till 3 L.');
  await adminThread.getByRole('button', { name: 'Skicka svar' }).click();
  await expect(adminThread.getByTestId('thread-message')).toHaveCount(2);
  await expect(adminThread.getByTestId('thread-message').nth(1)).toContainText('Butiken (');

  const notes = dialog.getByTestId('order-notes');
  await notes.getByLabel('Ny anteckning').fill('3 M blir L enligt köparen');
  await notes.getByLabel('För produktionen (skrivs på arbetsordern)').check();
  await notes.getByRole('button', { name: 'Spara anteckning' }).click();
  await expect(notes.getByTestId('order-note')).toHaveCount(1);
  await expect(notes.getByTestId('order-note')).toContainText('På arbetsordern');
  await expect(notes.getByTestId('order-note')).toContainText('3 M blir L enligt köparen');
  await adminThread.scrollIntoViewIfNeeded();
  await screenshot(staff.page, 'order-talk-admin-sv-390', { fullPage: false });
  await notes.scrollIntoViewIfNeeded();
  await screenshot(staff.page, 'order-talk-admin-notes-sv-390', { fullPage: false });

  // The buyer sees the shop's answer (and never the note).
  await buyer.page.reload();
  await expect(buyerMessages).toHaveCount(2);
  await expect(buyerMessages.nth(1)).toContainText('Butiken ·');
  await expect(buyerMessages.nth(1)).toContainText('Absolut, vi ändrar till 3 L.');
  await expect(buyer.page.locator('body')).not.toContainText('3 M blir L enligt köparen');
  await noWiderThan(buyer.page, 390);
  await thread.scrollIntoViewIfNeeded();
  await screenshot(buyer.page, 'order-talk-buyer-answered-sv-390', { fullPage: false });
});

test('English at 1280 px: the thread on the order page and in admin', async ({ server, openPage }) => {
  const order = await placeOrder(server);
  const buyer = await openPage({ width: 1280 });
  await buyer.page.goto(`/orders/${order.orderNumber}#${order.accessToken}`);
  const thread = buyer.page.getByTestId('order-messages');
  await thread.getByLabel('Your message').fill('Could the print be 2 cm lower?');
  await thread.getByRole('button', { name: 'Send' }).click();
  await expect(thread.getByTestId('thread-message')).toHaveCount(1);
  await thread.scrollIntoViewIfNeeded();
  await screenshot(buyer.page, 'order-talk-buyer-en-1280');
});

for (const [width, locale] of [
  [390, 'sv-SE'],
  [1280, 'en-GB'],
] as const) {
  test(`board filters and the blanks list's marks at ${width} px (${locale})`, async ({
    server,
    openPage,
  }) => {
    const order = await placeOrder(server);
    const { page, context } = await openPage({ width, locale });
    await loginAsAdmin(server, context);
    await page.goto('/admin');
    const sv = locale === 'sv-SE';
    await page.getByRole('tab', { name: sv ? 'Produktion' : 'Production' }).click();
    const board = page.getByRole('list', { name: sv ? 'Jobb' : 'Jobs' });
    await expect(board.locator(`[data-order="${order.orderNumber}"]`)).toHaveCount(1);
    // The owner may filter by payment: the new order is not paid.
    await page.getByLabel(sv ? 'Betalning' : 'Payment').selectOption('paid');
    await expect(board.locator(`[data-order="${order.orderNumber}"]`)).toHaveCount(0);
    await page.getByLabel(sv ? 'Betalning' : 'Payment').selectOption('unpaid');
    await expect(board.locator(`[data-order="${order.orderNumber}"]`)).toContainText(
      sv ? 'Inte betald' : 'Not paid',
    );
    await screenshot(page, `order-talk-board-${locale}-${width}`, { fullPage: false });

    // The blanks list covers every open job without dates; the job's blanks are marked ordered.
    const jobs = page.getByTestId('blanks-jobs');
    const job = jobs.locator('li', { hasText: order.orderNumber });
    await job.getByRole('button', { name: sv ? 'Markera ämnen beställda' : 'Mark blanks ordered' }).click();
    await expect(job).toContainText(sv ? 'Ämnen beställda' : 'Blanks ordered');
    await expect(
      job.getByRole('button', { name: sv ? 'Ta bort markeringen' : 'Remove the mark' }),
    ).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await jobs.scrollIntoViewIfNeeded();
    await screenshot(page, `order-talk-blanks-${locale}-${width}`, { fullPage: false });
  });
}
