import type { TestServer } from '../helpers/server';
import { expect, plain, screenshot, test } from './fixtures';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { PlacedOrderAnswer } from '@/shared/order-view';
import { readEml } from '../helpers/eml';
import { checkoutBody, testCustomer } from '../helpers/orders';
import { makePng } from '../helpers/png';
import { request } from '../helpers/server';
import { loginAsAdmin } from './admin-fixture';

let keys = 0;
async function placeOrder(server: TestServer, email: string): Promise<PlacedOrderAnswer> {
  const placed = await request<PlacedOrderAnswer>(server, '/api/orders', {
    method: 'POST',
    json: {
      ...checkoutBody(`e2e-lookup-${Date.now()}-${++keys}-abcdef`, keys),
      customer: { ...testCustomer, email },
    },
  });
  expect(placed.status).toBe(201);
  return placed.body;
}

/** WCAG 2.1 A/AA violations on the page, as axe names them. */
async function axeViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test.describe('order lookup in a real browser', () => {
  test('a lost link leads to the lookup; the emailed link opens the order page', async ({
    server,
    openPage,
  }) => {
    const placed = await placeOrder(server, 'lost.link@example.se');
    await server.app.emailOutbox.drain();

    const { page, errors } = await openPage({ width: 1280 });
    // The order page without its token: no order, a way to ask for links.
    await page.goto(`/orders/${placed.orderNumber}`);
    await expect(page.getByRole('heading', { name: 'This link does not work' })).toBeVisible();
    await page.getByRole('link', { name: 'Get links to your orders' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/orders');
    await expect(page.getByRole('heading', { name: 'Find your order' })).toBeVisible();
    expect(await page.title()).toBe('Find your order — BulkPrint');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'order-lookup-1280');

    // A malformed address is refused on the page, nothing sent.
    await page.getByLabel('Email address').fill('lost.link');
    await page.getByRole('button', { name: 'Email me the links' }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid email address');

    await page.getByLabel('Email address').fill('Lost.Link@example.se');
    await page.getByRole('button', { name: 'Email me the links' }).click();
    const sent = page.getByTestId('order-lookup-sent');
    await expect(sent).toBeVisible();
    await expect(sent).toContainText(
      'If there are orders with Lost.Link@example.se, we have emailed links to them there.',
    );
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'order-lookup-sent-1280');

    await server.app.emailOutbox.drain();
    const dir = join(server.dataDir, 'outbox');
    const file = readdirSync(dir).find((name) => name.startsWith('order-links-'));
    if (!file) throw new Error('no lookup email in the outbox');
    const mail = readEml(readFileSync(join(dir, file), 'utf8'));
    expect(mail.subject).toBe('Länkar till dina beställningar');
    const link = /http:\/\/\S+(\/orders\/INV-\d+#[A-Za-z0-9_%-]+)/.exec(mail.text)?.[1];
    if (!link) throw new Error('no order link in the email');

    const fresh = await openPage({ width: 390 });
    await fresh.page.goto(link);
    await expect(fresh.page.getByRole('heading', { name: `Order ${placed.orderNumber}` })).toBeVisible();
    expect(errors).toEqual([]);
    expect(fresh.errors).toEqual([]);
    await fresh.context.close();
  });

  test('the lookup page on a phone, in Swedish, reached from the footer', async ({ openPage }) => {
    const { page, errors } = await openPage({ width: 390, locale: 'sv-SE' });
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Hitta din beställning' }).click();
    await expect(page.getByRole('heading', { name: 'Hitta din beställning' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'order-lookup-390');
    await page.getByLabel('E-postadress').fill('ingen.alls@example.se');
    await page.getByRole('button', { name: 'Mejla mig länkarna' }).click();
    await expect(page.getByTestId('order-lookup-sent')).toBeVisible();
    await screenshot(page, 'order-lookup-sent-390');
    expect(errors).toEqual([]);
  });
});

test.describe('print files after ordering in a real browser', () => {
  for (const width of [1280, 390]) {
    test(`a PNG added on the order page says the 100 kr fee first, then lists a supplementary invoice (${width} px)`, async ({
      server,
      openPage,
    }) => {
      const placed = await placeOrder(server, `after.order.${width}@example.se`);
      const { page, context, errors } = await openPage({ width });
      await page.goto(`/orders/${placed.orderNumber}#${placed.accessToken}`);
      const section = page.getByTestId('order-add-print-files');
      await expect(section).toBeVisible();
      await expect(section).toContainText(
        'Raster files (PNG, JPEG, TIFF, WebP) are converted for 100,00 kr per file, VAT included, on a supplementary invoice.',
      );

      await page.getByTestId('order-print-file-input').setInputFiles({
        name: 'logo-later.png',
        mimeType: 'image/png',
        buffer: makePng(700),
      });
      const confirm = page.getByTestId('order-fee-confirm');
      await expect(confirm).toBeVisible();
      await expect(confirm).toContainText('Raster file: 100,00 kr for conversion');
      await expect(confirm).toContainText('logo-later.png is a raster file.');
      // Nothing is added (or charged) before the buyer confirms.
      await expect(page.getByTestId('supplementary-invoice')).toHaveCount(0);
      expect(await axeViolations(page)).toEqual([]);
      await section.scrollIntoViewIfNeeded();
      await screenshot(page, `order-upload-fee-${width}`, { fullPage: false });

      await page.getByRole('button', { name: 'Add and pay 100,00 kr' }).click();
      const invoice = page.getByTestId('supplementary-invoice');
      await expect(invoice).toHaveCount(1);
      const text = plain(await invoice.textContent());
      expect(text).toMatch(
        /^Supplementary invoice INV-\d+100,00 kr, due \d{2}\/\d{2}\/\d{4} · conversion of logo-later\.pngView invoiceInvoice \(PDF\)$/,
      );
      await expect(page.getByTestId('order-print-file-list')).toContainText('logo-later.png');
      // The listed invoice opens (HTML, token in its link) and is the supplementary one.
      const href = await invoice
        .getByRole('link', { name: /^View invoice: supplementary invoice INV-\d+$/ })
        .getAttribute('href');
      const opened = await page.request.get(href ?? '');
      expect(opened.status()).toBe(200);
      expect(await opened.text()).toContain(placed.orderNumber);
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, `order-upload-invoice-${width}`);
      await page.getByTestId('order-invoices').scrollIntoViewIfNeeded();
      await screenshot(page, `order-upload-invoice-${width}-view`, { fullPage: false });

      // The admin sees it in the order's detail, with its documents (in the page's language, English).
      await loginAsAdmin(server, context);
      await page.goto('/admin');
      await page.getByRole('button', { name: placed.orderNumber }).click();
      const dialog = page.getByRole('dialog', { name: `Order ${placed.orderNumber}` });
      const listed = dialog.getByTestId('admin-supplementary-invoices');
      await expect(listed).toBeVisible();
      await expect
        .poll(async () => plain(await listed.textContent()))
        .toMatch(
          /^Supplementary invoices \(1\)INV-\d+100,00 kr, due \d{2}\/\d{2}\/\d{4} · conversion of logo-later\.png/,
        );
      const adminHref = await listed.getByRole('link', { name: 'PDF', exact: false }).getAttribute('href');
      expect((await page.request.get(adminHref ?? '')).headers()['content-type']).toBe('application/pdf');

      // The buyer pays it: the admin records the payment (today and the invoice's total by default).
      await listed.getByRole('button', { name: 'Record payment' }).click();
      const payment = listed.getByRole('form', { name: /^Payment of supplementary invoice INV-\d+$/ });
      await expect(payment.getByLabel('Amount received (kr)')).toHaveValue('100.00');
      await listed.scrollIntoViewIfNeeded();
      await screenshot(page, `admin-supplementary-payment-${width}`, { fullPage: false });
      await payment.getByRole('button', { name: 'Save payment' }).click();
      await expect
        .poll(async () => plain(await listed.textContent()))
        .toMatch(/Paid \d{2}\/\d{2}\/\d{4}: 100,00 kr/);
      await expect(listed.getByRole('button', { name: 'Record payment' })).toHaveCount(0);
      await listed.scrollIntoViewIfNeeded();
      await screenshot(page, `admin-supplementary-${width}`, { fullPage: false });
      expect(errors).toEqual([]);
    });
  }
});
