import type { Download, Locator, Page } from '@playwright/test';
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

const logoPdf = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n');

for (const [width, locale] of [
  [390, 'sv-SE'],
  [1280, 'en-GB'],
] as const) {
  test(`a file with the buyer's message at ${width} px (${locale}): the buyer attaches it, staff open it`, async ({
    server,
    openPage,
  }) => {
    const sv = locale === 'sv-SE';
    const order = await placeOrder(server);
    const buyer = await openPage({ width, locale, touch: width < 500 });
    await buyer.page.goto(`/orders/${order.orderNumber}#${order.accessToken}`);
    const thread = buyer.page.getByTestId('order-messages');
    await expect(thread.getByTestId('message-attachment')).toContainText(
      sv ? 'PDF, SVG, EPS, AI, PNG, JPEG, TIFF eller WebP, högst 50 MB' : 'at most 50 MB',
    );
    // An empty file is refused before it is sent, with the upload rules' words.
    await thread
      .getByTestId('message-file-input')
      .setInputFiles({ name: 'tom.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(0) });
    await expect(thread.getByTestId('message-attachment').getByRole('alert')).toContainText(
      sv ? 'Filen är tom.' : 'The file is empty.',
    );
    await thread
      .getByTestId('message-file-input')
      .setInputFiles({ name: 'logga-blå.pdf', mimeType: 'application/pdf', buffer: logoPdf });
    await expect(thread.getByTestId('message-attached')).toHaveText(
      `${sv ? 'Bifogad' : 'Attached'}: logga-blå.pdf (${logoPdf.length} B)`,
    );
    await thread
      .getByLabel(sv ? 'Ditt meddelande' : 'Your message')
      .fill(sv ? 'Här är den blå loggan till ryggen.' : 'Here is the blue logo for the back.');
    await thread.getByRole('button', { name: sv ? 'Skicka' : 'Send', exact: true }).click();
    const entry = thread.getByTestId('thread-message');
    await expect(entry).toHaveCount(1);
    const ownLink = entry.getByRole('link', { name: `${sv ? 'Öppna' : 'Open'} logga-blå.pdf` });
    await expect(ownLink).toBeVisible();
    // The picker is empty again for the next message.
    await expect(thread.getByTestId('message-attached')).toHaveCount(0);
    const [ownDownload] = await Promise.all([buyer.page.waitForEvent('download'), ownLink.click()]);
    expect(ownDownload.suggestedFilename()).toBe('logga-blå.pdf');
    expect((await readDownload(ownDownload)).equals(logoPdf)).toBe(true);
    await noWiderThan(buyer.page, width);
    await entry.scrollIntoViewIfNeeded();
    await screenshot(buyer.page, `order-talk-file-buyer-${locale}-${width}`, { fullPage: false });

    // Staff see it in the admin's order view and open it.
    const staff = await openPage({ width, locale });
    await loginAsAdmin(server, staff.context);
    await staff.page.goto('/admin');
    await staff.page.getByRole('button', { name: order.orderNumber }).click();
    const dialog = staff.page.getByRole('dialog', { name: new RegExp(order.orderNumber) });
    const adminThread = dialog.getByTestId('admin-order-messages');
    const staffLink = adminThread.getByRole('link', { name: `${sv ? 'Öppna' : 'Open'} logga-blå.pdf` });
    await expect(staffLink).toBeVisible();
    const [staffDownload] = await Promise.all([staff.page.waitForEvent('download'), staffLink.click()]);
    expect((await readDownload(staffDownload)).equals(logoPdf)).toBe(true);
    // Staff answer without a file: only the buyer attaches.
    await expect(adminThread.getByTestId('message-attachment')).toHaveCount(0);
    await noWiderThan(staff.page, width);
    await adminThread.scrollIntoViewIfNeeded();
    await screenshot(staff.page, `order-talk-file-admin-${locale}-${width}`, { fullPage: false });
  });
}

async function readDownload(download: Download): Promise<Buffer> {
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}
