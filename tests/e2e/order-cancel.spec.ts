import { sql } from 'drizzle-orm';
import type { PlacedOrderAnswer } from '@/shared/order-view';
import { queryRows } from '@/server/db/query-rows';
import { checkoutBody } from '../helpers/orders';
import { makePng } from '../helpers/png';
import { minimalPdf } from '../helpers/print-files';
import { insertApprovedProof } from '../helpers/proofs';
import { request, type TestServer } from '../helpers/server';
import { expect, screenshot, test } from './fixtures';

/**
 * Issue 45: the buyer cancels on the order page before approving the proof (a confirmation step,
 * reason optional); after approval the page says cancelling is a request to the shop.
 */

let orders = 0;
async function placeOrder(server: TestServer): Promise<PlacedOrderAnswer> {
  const placed = await request<PlacedOrderAnswer>(server, '/api/orders', {
    method: 'POST',
    json: checkoutBody(`e2e-cancel-${Date.now()}-${++orders}-key`, orders),
  });
  expect(placed.status).toBe(201);
  return placed.body;
}

test.describe('the buyer cancels an order on its page', () => {
  test('Swedish at 390 px: the button, its confirmation with a reason, then the cancelled order and its credit note', async ({
    server,
    openPage,
  }) => {
    const order = await placeOrder(server);
    const { page } = await openPage({ width: 390, locale: 'sv-SE' });
    await page.goto(`/orders/${order.orderNumber}#${order.accessToken}`);
    const section = page.getByTestId('order-cancel');
    await expect(section).toContainText('Du kan avbryta kostnadsfritt tills du har godkänt korrekturet.');
    await section.getByRole('button', { name: 'Avbryt beställningen' }).click();

    const confirm = page.getByTestId('order-cancel-confirm');
    await expect(confirm).toContainText('Vill du avbryta beställningen?');
    await confirm.getByLabel('Varför avbryter du? (frivilligt)').fill('Vi beställde fel färg');
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await confirm.scrollIntoViewIfNeeded();
    await screenshot(page, 'order-cancel-confirm-sv-390', { fullPage: false });

    await confirm.getByRole('button', { name: 'Ja, avbryt beställningen' }).click();
    await expect(page.getByTestId('order-status')).toHaveText('Avbruten');
    await expect(page.getByTestId('order-cancel')).toHaveCount(0);
    await expect(page.getByTestId('order-cancel-request')).toHaveCount(0);
    await expect(page.locator('[data-step="cancelled"]')).toHaveAttribute('data-done', 'true');
    // No promise of a proof for a cancelled order.
    await expect(page.getByTestId('order-proofs')).toHaveCount(0);
    const creditNote = page.getByTestId('order-credit-note');
    await expect(creditNote).toHaveCount(1);
    await expect(creditNote).toContainText(/KR-\d+/);
    await screenshot(page, 'order-cancelled-sv-390');
  });

  test('English at 1280 px: "No, keep it" keeps the order; after approval the page says it is a request to the shop', async ({
    server,
    openPage,
  }) => {
    const order = await placeOrder(server);
    const { page } = await openPage({ width: 1280 });
    await page.goto(`/orders/${order.orderNumber}#${order.accessToken}`);
    await page.getByRole('button', { name: 'Cancel order' }).click();
    const confirm = page.getByTestId('order-cancel-confirm');
    await expect(confirm).toContainText(
      `Order ${order.orderNumber} will be cancelled and its invoice credited.`,
    );
    await screenshot(page, 'order-cancel-confirm-en-1280');
    await confirm.getByRole('button', { name: 'No, keep it' }).click();
    await expect(confirm).toHaveCount(0);
    await expect(page.getByTestId('order-status')).toHaveText('Received');
    await expect(page.getByRole('button', { name: 'Cancel order' })).toBeVisible();

    // The proof is approved: no button, one line saying cancelling is now a request.
    const [row] = await queryRows<{ id: string }>(
      server.database.db,
      sql`SELECT id::text AS id FROM orders WHERE order_number = ${order.orderNumber}`,
    );
    await insertApprovedProof(server.database, Number(row?.id));
    await page.reload();
    await page.waitForSelector('html[data-ready]', { state: 'attached' });
    await expect(page.getByTestId('order-cancel-request')).toContainText(
      'The proof is approved, so cancelling is now a request to us: write to',
    );
    await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
    await screenshot(page, 'order-cancel-after-approval-en-1280');
  });

  test('English at 1280 px: a raster print file replaced by a vector file before approval credits its fee', async ({
    server,
    openPage,
  }) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(makePng(400, [20, 40, 160]))]), 'crest.png');
    const raster = await request<{ id: string }>(server, '/api/print-files', { method: 'POST', body: form });
    expect(raster.status).toBe(201);
    const placed = await request<PlacedOrderAnswer>(server, '/api/orders', {
      method: 'POST',
      json: { ...checkoutBody(`e2e-replace-${Date.now()}-key`, 9), printFiles: [raster.body.id] },
    });
    expect(placed.status).toBe(201);
    const { page } = await openPage({ width: 1280 });
    await page.goto(`/orders/${placed.body.orderNumber}#${placed.body.accessToken}`);
    const list = page.getByTestId('order-print-file-list');
    await expect(list).toContainText('crest.png');
    await page.getByTestId('order-print-file-replace').setInputFiles({
      name: 'crest.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from(minimalPdf),
    });
    await expect(list).toContainText('crest.pdf');
    await expect(list).not.toContainText('crest.png');
    const creditNote = page.getByTestId('order-credit-note');
    await expect(creditNote).toHaveCount(1);
    await expect(creditNote).toContainText('100,00');
    await screenshot(page, 'order-print-file-replaced-en-1280');
  });

  test('Swedish at 390 px: a raster file sent by mistake is removed after a confirmation, its fee credited', async ({
    server,
    openPage,
  }) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(makePng(380, [160, 40, 20]))]), 'fel-logga.png');
    const raster = await request<{ id: string }>(server, '/api/print-files', { method: 'POST', body: form });
    expect(raster.status).toBe(201);
    const placed = await request<PlacedOrderAnswer>(server, '/api/orders', {
      method: 'POST',
      json: { ...checkoutBody(`e2e-remove-${Date.now()}-key`, 10), printFiles: [raster.body.id] },
    });
    expect(placed.status).toBe(201);
    const { page } = await openPage({ width: 390, locale: 'sv-SE' });
    await page.goto(`/orders/${placed.body.orderNumber}#${placed.body.accessToken}`);
    const list = page.getByTestId('order-print-file-list');
    await expect(list).toContainText('fel-logga.png');
    await page.getByRole('button', { name: 'Ta bort fel-logga.png' }).click();
    const confirm = page.getByTestId('order-print-file-remove-confirm');
    await expect(confirm).toContainText('Ta bort fel-logga.png?');
    await screenshot(page, 'order-print-file-remove-confirm-sv-390');
    // "Avbryt" keeps the file.
    await confirm.getByRole('button', { name: 'Avbryt' }).click();
    await expect(list).toContainText('fel-logga.png');
    await page.getByRole('button', { name: 'Ta bort fel-logga.png' }).click();
    await page.getByRole('button', { name: 'Ja, ta bort filen' }).click();
    await expect(page.getByTestId('order-print-file-list')).toHaveCount(0);
    const creditNote = page.getByTestId('order-credit-note');
    await expect(creditNote).toHaveCount(1);
    await expect(creditNote).toContainText('100,00');
    await screenshot(page, 'order-print-file-removed-sv-390');
  });
});
