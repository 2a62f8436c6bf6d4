import type { OpenPage } from './fixtures';
import type { TestServer } from '../helpers/server';
import { expect, orderLinkIn, placeOrderInBrowser, plain, screenshot, test } from './fixtures';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { readEml } from '../helpers/eml';
import { makePng } from '../helpers/png';
import { proofPdf } from '../helpers/proofs';
import { loginAsAdmin } from './admin-fixture';

// Every line the server logs over the whole story, at its most talkative level.
const logLines: string[] = [];
test.use({
  serverOptions: {
    env: { LOG_LEVEL: 'debug' },
    logStream: { write: (line: string) => void logLines.push(line) },
  },
});

const outboxDir = (server: TestServer) => join(server.dataDir, 'outbox');

/** The buyer's emails about one order, oldest first: kind (from the file name), subject and text. */
function buyerEmails(
  server: TestServer,
  orderNumber: string,
): { kind: string; subject: string; text: string }[] {
  return readdirSync(outboxDir(server))
    .filter((name) => name.startsWith(`${orderNumber}-`) && !name.includes('shop_notice'))
    .sort()
    .map((file) => ({
      kind: /-([a-z_]+)\.eml$/.exec(file)?.[1] ?? file,
      ...readEml(readFileSync(join(outboxDir(server), file), 'utf8')),
    }));
}

/** Sends what the outbox holds, then counts the buyer's emails per kind. */
async function buyerEmailCounts(server: TestServer, orderNumber: string): Promise<Record<string, number>> {
  await server.app.emailOutbox.drain();
  const counts: Record<string, number> = {};
  for (const mail of buyerEmails(server, orderNumber)) counts[mail.kind] = (counts[mail.kind] ?? 0) + 1;
  return counts;
}

/** The newest buyer email of a kind: its link must open this order's page in a fresh browser. */
async function newestEmailOpensOrderPage(
  server: TestServer,
  openPage: OpenPage,
  orderNumber: string,
  kind: string,
) {
  const mail = buyerEmails(server, orderNumber)
    .filter((m) => m.kind === kind)
    .at(-1);
  if (!mail) throw new Error(`no ${kind} email`);
  const link = orderLinkIn(mail.text);
  emailedTokens.push(decodeURIComponent(link.split('#')[1] ?? ''));
  const fresh = await openPage({ width: 390 });
  await fresh.page.goto(link);
  await expect(fresh.page.getByRole('heading', { name: `Order ${orderNumber}` })).toBeVisible();
  expect(fresh.errors).toEqual([]);
  await fresh.context.close();
  return mail;
}
const emailedTokens: string[] = [];

/** The admin's order dialog (Swedish admin), opened from the orders table. */
async function openOrderDialog(page: Page, number: string): Promise<Locator> {
  await page.goto('/admin');
  await page.getByRole('button', { name: number }).click();
  const dialog = page.getByRole('dialog', { name: `Beställning ${number}` });
  await expect(dialog.getByTestId('admin-proofs')).toBeVisible();
  return dialog;
}

async function uploadProof(dialog: Locator, file: { name: string; mimeType: string; buffer: Buffer }) {
  const rows = dialog.getByTestId('admin-proof');
  const before = await rows.count();
  await dialog.getByLabel('Fil (PDF, PNG, JPEG eller WebP, högst 25 MB)').setInputFiles(file);
  await dialog.getByRole('button', { name: 'Ladda upp och mejla kunden' }).click();
  await expect(rows).toHaveCount(before + 1);
}

/** The proof badge beside the status in the admin's order list (wide table), as the admin reads it. */
async function listedProofState(page: Page, number: string): Promise<string> {
  await page.goto('/admin');
  const row = page.locator('tr', { hasText: number });
  await expect(row).toBeVisible();
  const badge = row.getByTestId('admin-list-proof-state');
  return (await badge.count()) === 0 ? '' : plain(await badge.textContent());
}

/** Clicks an admin status step and waits for the toast. */
async function changeStatus(page: Page, dialog: Locator, fill?: () => Promise<void>, confirm?: string) {
  if (fill) await fill();
  if (confirm) await dialog.getByRole('button', { name: confirm }).click();
  await expect(page.getByText('Status ändrad').first()).toBeVisible();
}

/** Reloads the buyer's page and waits until the order is shown again. */
async function reloadOrderPage(page: Page, number: string) {
  await page.reload();
  await page.waitForSelector('html[data-ready]', { state: 'attached' });
  await expect(page.getByRole('heading', { name: `Order ${number}` })).toBeVisible();
}

const dateTime = /\d{2}\/\d{2}\/\d{4},? \d{2}:\d{2}/;

test.describe('the print job as one story in a real browser', () => {
  test('order → order page (confirmation and email) → print file after ordering → proof, changes, proof 2 approved → payment → in production → shipped; one email per step; the timeline tells it all; no token in the log', async ({
    server,
    openPage,
  }) => {
    // 1. The buyer orders and opens the order page from the confirmation.
    const buyer = await openPage({ width: 1280 });
    const requested: string[] = [];
    buyer.page.on('request', (r) => requested.push(r.url()));
    const number = await placeOrderInBrowser(buyer.page, 'anna.story@example.se');
    const confirmationHref = (await buyer.page.getByTestId('order-page-link').getAttribute('href')) ?? '';
    const checkoutToken = decodeURIComponent(confirmationHref.split('#')[1] ?? '');
    expect(checkoutToken.length).toBeGreaterThan(20);
    await buyer.page.getByTestId('order-page-link').click();
    await expect.poll(() => new URL(buyer.page.url()).pathname).toBe(`/orders/${number}`);
    await expect(buyer.page.getByRole('heading', { name: `Order ${number}` })).toBeVisible();
    await expect(buyer.page.getByTestId('order-status')).toHaveText('Received');

    // …and from the confirmation email in the outbox.
    expect(await buyerEmailCounts(server, number)).toEqual({ buyer_confirmation: 1 });
    await newestEmailOpensOrderPage(server, openPage, number, 'buyer_confirmation');

    // 2. A raster file after ordering: the fee is said first, then a supplementary invoice of 100,00 kr.
    await buyer.page.getByTestId('order-print-file-input').setInputFiles({
      name: 'logo-later.png',
      mimeType: 'image/png',
      buffer: makePng(700),
    });
    await expect(buyer.page.getByTestId('order-fee-confirm')).toBeVisible();
    await buyer.page.getByRole('button', { name: 'Add and pay 100,00 kr' }).click();
    const invoice = buyer.page.getByTestId('supplementary-invoice');
    await expect(invoice).toHaveCount(1);
    await expect(invoice).toHaveText(/^Supplementary invoice INV-\d+100,00 kr, due /);
    const supplementaryNumber =
      /^Supplementary invoice (INV-\d+?)100,00 kr/.exec(plain(await invoice.textContent()))?.[1] ?? '';
    // Its HTML copy opens in a new tab with the token in the query: the log must show it redacted.
    const invoiceHref = await invoice.getByRole('link', { name: /^View invoice/ }).getAttribute('href');
    expect(invoiceHref).toContain('token=');
    expect((await buyer.page.request.get(invoiceHref ?? '')).status()).toBe(200);
    expect(await buyerEmailCounts(server, number)).toEqual({
      buyer_confirmation: 1,
      supplementary_invoice: 1,
    });
    await newestEmailOpensOrderPage(server, openPage, number, 'supplementary_invoice');

    // 3. Admin (Swedish) uploads proof 1: the buyer gets one proof email.
    const admin = await openPage({ locale: 'sv-SE' });
    await loginAsAdmin(server, admin.context);
    let dialog = await openOrderDialog(admin.page, number);
    await uploadProof(dialog, {
      name: 'korrektur-1.png',
      mimeType: 'image/png',
      buffer: makePng(480, [30, 64, 175]),
    });
    expect(await buyerEmailCounts(server, number)).toEqual({
      buyer_confirmation: 1,
      supplementary_invoice: 1,
      proof_ready: 1,
    });
    const proofMail = await newestEmailOpensOrderPage(server, openPage, number, 'proof_ready');
    expect(proofMail.subject).toContain(number);
    expect(await listedProofState(admin.page, number)).toBe('Korrektur väntar');

    // 4. The buyer asks for a change with a comment (the shop is told, the buyer gets no email).
    await reloadOrderPage(buyer.page, number);
    const panel = buyer.page.getByTestId('order-proofs');
    await panel.getByRole('button', { name: 'Ask for changes' }).click();
    await panel.getByLabel('What should we change?').fill('Make the logo larger, please.');
    await panel.getByRole('button', { name: 'Send the changes' }).click();
    await expect(panel.getByTestId('proof-state')).toHaveText(
      'You asked for changes to proof 1. We will email you when the next proof is ready.',
    );
    expect(await buyerEmailCounts(server, number)).toEqual({
      buyer_confirmation: 1,
      supplementary_invoice: 1,
      proof_ready: 1,
    });

    // 5. Admin sees the request in the list, uploads proof 2 (a PDF): one more proof email.
    expect(await listedProofState(admin.page, number)).toBe('Ändringar önskas');
    dialog = await openOrderDialog(admin.page, number);
    await uploadProof(dialog, { name: 'korrektur-2.pdf', mimeType: 'application/pdf', buffer: proofPdf });
    expect(await buyerEmailCounts(server, number)).toEqual({
      buyer_confirmation: 1,
      supplementary_invoice: 1,
      proof_ready: 2,
    });
    await newestEmailOpensOrderPage(server, openPage, number, 'proof_ready');

    // 6. The buyer approves proof 2.
    await reloadOrderPage(buyer.page, number);
    await panel.getByRole('button', { name: 'Approve proof 2' }).click();
    await panel.getByRole('button', { name: 'Yes, approve' }).click();
    await expect(panel.getByTestId('proof-state')).toHaveText(/^You approved proof 2 on /);
    expect(await buyerEmailCounts(server, number)).toEqual({
      buyer_confirmation: 1,
      supplementary_invoice: 1,
      proof_ready: 2,
    });

    // The list says the proof is approved, in both languages.
    expect(await listedProofState(admin.page, number)).toBe('Korrektur godkänt');
    await screenshot(admin.page, 'print-job-story-admin-list-sv-1280', { fullPage: false });
    const englishAdmin = await openPage({ width: 390 });
    await loginAsAdmin(server, englishAdmin.context);
    await englishAdmin.page.goto('/admin');
    const card = englishAdmin.page.getByTestId('admin-list-proof-state').filter({ visible: true });
    await expect(card.first()).toHaveText('Proof approved');
    await card.first().scrollIntoViewIfNeeded();
    await screenshot(englishAdmin.page, 'print-job-story-admin-list-en-390', { fullPage: false });
    expect(englishAdmin.errors).toEqual([]);
    await englishAdmin.context.close();

    // 7. Admin records the payment of the order's invoice: one payment email.
    dialog = await openOrderDialog(admin.page, number);
    const money = dialog.getByTestId('admin-money');
    await money.getByRole('button', { name: 'Registrera betalning' }).click();
    await money.getByRole('button', { name: 'Spara betalning' }).click();
    await expect(admin.page.getByText('Betalningen är registrerad').first()).toBeVisible();
    // The supplementary invoice is still open: the order is partly paid.
    await expect(money.getByTestId('payment-state')).toHaveText('Delvis betald');
    await expect(money.getByTestId('order-balance')).toHaveText('Kvar att betala: 100,00 kr');
    expect(await buyerEmailCounts(server, number)).toEqual({
      buyer_confirmation: 1,
      supplementary_invoice: 1,
      proof_ready: 2,
      payment_received: 1,
    });
    await newestEmailOpensOrderPage(server, openPage, number, 'payment_received');

    // 8. In production: one email.
    dialog = await openOrderDialog(admin.page, number);
    await changeStatus(admin.page, dialog, undefined, 'Markera som i produktion');
    expect(await buyerEmailCounts(server, number)).toEqual({
      buyer_confirmation: 1,
      supplementary_invoice: 1,
      proof_ready: 2,
      payment_received: 1,
      in_production: 1,
    });
    await newestEmailOpensOrderPage(server, openPage, number, 'in_production');

    // 9. Shipped with PostNord and a tracking number: one email with the number and PostNord's link.
    dialog = await openOrderDialog(admin.page, number);
    await dialog.getByRole('button', { name: 'Markera som skickad' }).click();
    await changeStatus(
      admin.page,
      dialog,
      async () => {
        await dialog.getByLabel('Fraktbolag').selectOption('postnord');
        await dialog.getByLabel('Spårningsnummer').fill('UA123456789SE');
      },
      'Markera som skickad och mejla kunden',
    );
    expect(await buyerEmailCounts(server, number)).toEqual({
      buyer_confirmation: 1,
      supplementary_invoice: 1,
      proof_ready: 2,
      payment_received: 1,
      in_production: 1,
      shipped: 1,
    });
    const shipped = await newestEmailOpensOrderPage(server, openPage, number, 'shipped');
    expect(shipped.text).toContain('UA123456789SE');
    expect(shipped.text).toContain('PostNord');
    expect(shipped.text).toContain('https://tracking.postnord.com/se/?id=UA123456789SE');

    // 10. The buyer's timeline, in order, each step with its time.
    for (const width of [1280, 390]) {
      await buyer.page.setViewportSize({ width, height: 900 });
      await reloadOrderPage(buyer.page, number);
      await expect(buyer.page.getByTestId('order-status')).toHaveText('Shipped');
      const timeline = buyer.page.getByTestId('order-timeline');
      const steps = timeline.locator(':scope > li');
      await expect(steps).toHaveCount(3);
      for (const [index, step] of ['pending', 'in_production', 'shipped'].entries()) {
        await expect(steps.nth(index)).toHaveAttribute('data-step', step);
      }
      for (const step of await steps.all()) {
        await expect(step).toHaveAttribute('data-done', 'true');
        await expect(step).toHaveText(dateTime);
      }
      // Under "placed": the print file with its invoice, every proof version and answer, with times
      // (the payment is listed there too, on its day: checked below).
      const stepEvents = await timeline
        .getByTestId('step-events')
        .locator('li:not([data-testid="order-payment"])')
        .evaluateAll((items) => items.map((li) => li.textContent ?? ''));
      for (const text of stepEvents) expect(plain(text)).toMatch(dateTime);
      expect(stepEvents.map((text) => plain(text.replace(dateTime, '')))).toEqual([
        `Print file added: logo-later.pngSupplementary invoice ${supplementaryNumber}, 100,00 kr`,
        'Proof 1 ready to review',
        'Changes requested to proof 1“Make the logo larger, please.”',
        'Proof 2 ready to review',
        'Proof 2 approved',
      ]);
      const text = plain(await timeline.textContent());
      expect(text).toMatch(
        /^Order placed.*Proof 1 ready to review.*Changes requested to proof 1.*Proof 2 ready to review.*Proof 2 approved.*In production.*Shipped.*PostNord · Track UA123456789SE$/,
      );
      // The payment is money on the day it arrived, not a step of the job.
      await expect(timeline.getByTestId('order-payment')).toHaveCount(1);
      await expect(timeline.getByTestId('order-payment')).toHaveText(
        /^[\d\s]+,\d{2} kr received \d{2}\/\d{2}\/\d{4}$/,
      );
      await expect(timeline.getByRole('link', { name: 'Track UA123456789SE' })).toHaveAttribute(
        'href',
        'https://tracking.postnord.com/se/?id=UA123456789SE',
      );
      await buyer.page.getByTestId('order-timeline-card').scrollIntoViewIfNeeded();
      await screenshot(buyer.page, `print-job-story-timeline-${width}`, { fullPage: false });
      await screenshot(buyer.page, `print-job-story-page-${width}`);
    }

    // The token never left the fragment in the browser, and no token reached the server's log.
    expect(requested.filter((url) => url.includes(checkoutToken))).toEqual([]);
    const log = logLines.join('');
    // The log is real: it holds the story's requests, with the query token redacted.
    expect(log).toContain(`/api/orders/${number}/activity`);
    expect(log).toContain('token=[redacted]');
    expect(emailedTokens).toHaveLength(7);
    for (const token of [checkoutToken, ...emailedTokens]) {
      expect(log).not.toContain(token);
      expect(log).not.toContain(encodeURIComponent(token));
    }

    expect(buyer.errors).toEqual([]);
    expect(admin.errors).toEqual([]);
    await admin.context.close();
    await buyer.context.close();
    // The whole job in one test: about 30 s on a quiet machine, twice that on a loaded one.
  });
});
