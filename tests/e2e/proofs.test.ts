import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlacedOrderAnswer } from '@/shared/order-view';
import { checkoutBody } from '../helpers/orders';
import { makePng } from '../helpers/png';
import { proofPdf } from '../helpers/proofs';
import { request } from '../helpers/server';
import { loginAsAdmin } from './admin-fixture';
import { openPage, plain, screenshot, startShop, type Shop } from './browser';

let shop: Shop;
beforeAll(async () => {
  shop = await startShop();
});
afterAll(() => shop.close());

/** The admin's order dialog, opened from the orders table. */
async function openOrderDialog(page: Page, number: string): Promise<Locator> {
  await page.goto('/admin');
  await page.getByRole('button', { name: number }).click();
  const dialog = page.getByRole('dialog', { name: `Beställning ${number}` });
  await expect.poll(() => dialog.getByTestId('admin-proofs').isVisible()).toBe(true);
  return dialog;
}

async function uploadProof(
  dialog: Locator,
  file: { name: string; mimeType: string; buffer: Buffer },
  note = '',
) {
  await dialog.getByLabel('Fil (PDF, PNG, JPEG eller WebP, högst 25 MB)').setInputFiles(file);
  if (note) await dialog.getByLabel('Meddelande till kunden (valfritt)').fill(note);
  await dialog.getByRole('button', { name: 'Ladda upp och mejla kunden' }).click();
}

describe('proof approval in a real browser', () => {
  it('admin uploads a proof, the buyer asks for changes, admin uploads version 2, the buyer approves it, admin moves the order to production', async () => {
    const placed = await request<PlacedOrderAnswer>(shop.server, '/api/orders', {
      method: 'POST',
      json: checkoutBody('e2e-proofs-0001-key'),
    });
    expect(placed.status).toBe(201);
    const { orderNumber: number, accessToken: token } = placed.body;
    // Nothing is paid: on invoice terms the job goes to production unpaid once its proof is approved.

    // Admin (Swedish): production is blocked and says why; proof 1 goes up with a note.
    const admin = await openPage(shop, { locale: 'sv-SE' });
    await loginAsAdmin(shop.server, admin.context);
    let dialog = await openOrderDialog(admin.page, number);
    const production = dialog.getByRole('button', { name: 'Markera som i produktion' });
    expect(await production.isDisabled()).toBe(true);
    expect(await dialog.locator('#production-blocked').textContent()).toBe(
      'Kan inte gå till produktion utan ett korrektur som kunden har godkänt',
    );
    await uploadProof(
      dialog,
      { name: 'korrektur-1.png', mimeType: 'image/png', buffer: makePng(480, [30, 64, 175]) },
      'Logotypen är 8 cm bred på bröstet.',
    );
    const rows = dialog.getByTestId('admin-proof');
    await expect.poll(() => rows.count()).toBe(1);
    expect(plain(await dialog.getByTestId('admin-proof-state').textContent())).toBe(
      'Väntar på kundens svar på korrektur 1.',
    );
    expect(await dialog.locator('#production-blocked').textContent()).toBe(
      'Kan inte gå till produktion förrän kunden har godkänt det senaste korrekturet',
    );

    // The buyer (English) sees proof 1 inline, fetched with the token in a header only.
    const buyer = await openPage(shop, { width: 390 });
    const requested: string[] = [];
    buyer.page.on('request', (r) => requested.push(r.url()));
    await buyer.page.goto(`/orders/${number}#${token}`);
    const panel = buyer.page.getByTestId('order-proofs');
    await expect
      .poll(() => panel.getByTestId('proof-state').textContent())
      .toBe('Proof 1 is waiting for your answer. We print only once you have approved it.');
    await expect.poll(() => panel.getByTestId('proof-image').getAttribute('src')).toMatch(/^blob:/);
    expect(
      await panel.getByTestId('proof-image').evaluate((img) => (img as HTMLImageElement).naturalWidth),
    ).toBe(480);
    expect(await panel.getByText('Logotypen är 8 cm bred på bröstet.').isVisible()).toBe(true);
    await screenshot(buyer.page, 'proof-buyer-awaiting-390');

    // Asking for changes needs a comment.
    await panel.getByRole('button', { name: 'Ask for changes' }).click();
    await panel.getByRole('button', { name: 'Send the changes' }).click();
    await expect.poll(() => panel.getByRole('alert').textContent()).toBe('Say what we should change');
    await panel.getByLabel('What should we change?').fill('Make the logo larger, please.\nAnd blue text.');
    await screenshot(buyer.page, 'proof-buyer-changes-390');
    await panel.getByRole('button', { name: 'Send the changes' }).click();
    await expect
      .poll(() => panel.getByTestId('proof-state').textContent())
      .toBe('You asked for changes to proof 1. We will email you when the next proof is ready.');
    expect(await panel.getByTestId('proof-decision').textContent()).toContain(
      'Make the logo larger, please.',
    );
    const timeline = buyer.page.getByTestId('order-timeline');
    expect(await timeline.getByTestId('step-events').textContent()).toMatch(
      /Proof 1 ready to review.*Changes requested to proof 1.*Make the logo larger, please\.\nAnd blue text\./s,
    );

    // Admin sees the comment and uploads proof 2, a PDF.
    dialog = await openOrderDialog(admin.page, number);
    expect(plain(await dialog.getByTestId('admin-proof-state').textContent())).toBe(
      'Kunden vill ha ändringar i korrektur 1: ladda upp ett nytt.',
    );
    expect(await dialog.getByTestId('admin-proofs').textContent()).toContain('Make the logo larger, please.');
    await uploadProof(dialog, { name: 'korrektur-2.pdf', mimeType: 'application/pdf', buffer: proofPdf });
    await expect.poll(() => rows.count()).toBe(2);
    expect(await rows.first().getAttribute('data-version')).toBe('2');

    // The buyer downloads the PDF (never opened in the page) and approves it after a second look.
    await buyer.page.reload();
    await buyer.page.waitForSelector('html[data-ready]', { state: 'attached' });
    await expect
      .poll(() => panel.getByTestId('proof-state').textContent())
      .toBe('Proof 2 is waiting for your answer. We print only once you have approved it.');
    const [download] = await Promise.all([
      buyer.page.waitForEvent('download'),
      panel.getByRole('button', { name: /Download the proof \(PDF/ }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('korrektur-2.pdf');
    await screenshot(buyer.page, 'proof-buyer-v2-390');
    await panel.getByRole('button', { name: 'Approve proof 2' }).click();
    expect(await panel.getByTestId('proof-approve-confirm').textContent()).toContain(
      'Approve proof 2 for printing?',
    );
    await panel.getByRole('button', { name: 'Yes, approve' }).click();
    await expect
      .poll(async () => plain(await panel.getByTestId('proof-state').textContent()))
      .toMatch(/^You approved proof 2 on \d{1,2} \w+ \d{4}\. We print what the proof shows\.$/);
    expect(await panel.getByRole('button', { name: /Approve proof/ }).count()).toBe(0);
    expect(await timeline.getByTestId('step-events').textContent()).toMatch(
      /Proof 1 ready to review.*Changes requested to proof 1.*Proof 2 ready to review.*Proof 2 approved/s,
    );
    expect(await buyer.page.getByText('Counted from the day you approved the proof.').isVisible()).toBe(true);
    await panel.getByText('1 earlier proof').click();
    await expect.poll(() => panel.getByTestId('proof-image').isVisible()).toBe(true);
    // The thank-you toast has gone before the picture is taken.
    const thanks = buyer.page.getByText('Thank you! The proof is approved.');
    await expect.poll(() => thanks.count(), { timeout: 10_000 }).toBe(0);
    await screenshot(buyer.page, 'proof-buyer-approved-390');
    // The token never went into a URL the browser requested.
    expect(requested.filter((url) => url.includes(token))).toEqual([]);

    const wide = await openPage(shop, { width: 1280 });
    await wide.page.goto(`/orders/${number}#${token}`);
    await expect.poll(() => wide.page.getByTestId('proof-state').isVisible()).toBe(true);
    await wide.page.getByTestId('earlier-proofs').getByText('1 earlier proof').click();
    await expect.poll(() => wide.page.getByTestId('proof-image').isVisible()).toBe(true);
    await screenshot(wide.page, 'proof-buyer-approved-1280');

    // Admin: approved, the button is enabled, and the order goes to production.
    dialog = await openOrderDialog(admin.page, number);
    expect(plain(await dialog.getByTestId('admin-proof-state').textContent())).toMatch(
      /^Kunden godkände korrektur 2 \d{4}-\d{2}-\d{2} \d{2}:\d{2}\.$/,
    );
    await screenshot(admin.page, 'proof-admin-1280');
    expect(await production.isDisabled()).toBe(false);
    expect(await dialog.getByTestId('payment-state').first().textContent()).toBe('Obetald');
    await production.click();
    await expect.poll(() => admin.page.getByText('Status ändrad').isVisible()).toBe(true);
    // In production and still unpaid: the two states side by side.
    expect(await dialog.getByTestId('payment-state').first().textContent()).toBe('Obetald');
    await expect
      .poll(() =>
        dialog
          .getByText('Korrektur kan bara läggas till innan beställningen går till produktion.')
          .isVisible(),
      )
      .toBe(true);

    const phone = await openPage(shop, { locale: 'sv-SE', width: 390 });
    await loginAsAdmin(shop.server, phone.context);
    const phoneDialog = await openOrderDialog(phone.page, number);
    await phoneDialog.getByTestId('admin-proofs').scrollIntoViewIfNeeded();
    await screenshot(phone.page, 'proof-admin-390', { fullPage: false });

    // One proof email per version, and the buyer heard of production once.
    await shop.server.app.emailOutbox.drain();
    const outbox = readdirSync(join(shop.server.dataDir, 'outbox')).filter((name) =>
      name.startsWith(`${number}-`),
    );
    expect(outbox.filter((name) => name.endsWith('-proof_ready.eml'))).toHaveLength(2);
    expect(outbox.filter((name) => name.endsWith('-in_production.eml'))).toHaveLength(1);
    expect(outbox.filter((name) => name.endsWith('-shop_notice_proof_decision.eml'))).toHaveLength(2);

    for (const session of [admin, buyer, wide, phone]) {
      expect(session.errors).toEqual([]);
      await session.context.close();
    }
    // Four browser pages over one job: under a minute on a quiet machine, twice that on a loaded one.
  }, 150_000);
});
