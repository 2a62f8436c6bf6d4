import { expect, screenshot, test } from './fixtures';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import type { PlacedOrderAnswer } from '@/shared/order-view';
import { checkoutBody } from '../helpers/orders';
import { makePng } from '../helpers/png';
import { proofPdf } from '../helpers/proofs';
import { request } from '../helpers/server';
import { loginAsAdmin } from './admin-fixture';

/** The admin's order dialog, opened from the orders table. */
async function openOrderDialog(page: Page, number: string): Promise<Locator> {
  await page.goto('/admin');
  await page.getByRole('button', { name: number }).click();
  const dialog = page.getByRole('dialog', { name: `Beställning ${number}` });
  await expect(dialog.getByTestId('admin-proofs')).toBeVisible();
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

test.describe('proof approval in a real browser', () => {
  test('admin uploads a proof, the buyer asks for changes, admin uploads version 2, the buyer approves it, admin moves the order to production', async ({
    server,
    openPage,
  }) => {
    const placed = await request<PlacedOrderAnswer>(server, '/api/orders', {
      method: 'POST',
      json: checkoutBody('e2e-proofs-0001-key'),
    });
    expect(placed.status).toBe(201);
    const { orderNumber: number, accessToken: token } = placed.body;
    // Nothing is paid: on invoice terms the job goes to production unpaid once its proof is approved.

    // Admin (Swedish): production is blocked and says why; proof 1 goes up with a note.
    const admin = await openPage({ locale: 'sv-SE' });
    await loginAsAdmin(server, admin.context);
    let dialog = await openOrderDialog(admin.page, number);
    const production = dialog.getByRole('button', { name: 'Markera som i produktion' });
    await expect(production).toBeDisabled();
    await expect(dialog.locator('#production-blocked')).toHaveText(
      'Kan inte gå till produktion utan ett korrektur som kunden har godkänt',
    );
    await uploadProof(
      dialog,
      { name: 'korrektur-1.png', mimeType: 'image/png', buffer: makePng(480, [30, 64, 175]) },
      'Logotypen är 8 cm bred på bröstet.',
    );
    const rows = dialog.getByTestId('admin-proof');
    await expect(rows).toHaveCount(1);
    await expect(dialog.getByTestId('admin-proof-state')).toHaveText(
      'Väntar på kundens svar på korrektur 1.',
    );
    await expect(dialog.locator('#production-blocked')).toHaveText(
      'Kan inte gå till produktion förrän kunden har godkänt det senaste korrekturet',
    );

    // The buyer (English) sees proof 1 inline, fetched with the token in a header only.
    const buyer = await openPage({ width: 390 });
    const requested: string[] = [];
    buyer.page.on('request', (r) => requested.push(r.url()));
    await buyer.page.goto(`/orders/${number}#${token}`);
    const panel = buyer.page.getByTestId('order-proofs');
    await expect(panel.getByTestId('proof-state')).toHaveText(
      'Proof 1 is waiting for your answer. We print only once you have approved it.',
    );
    await expect(panel.getByTestId('proof-image')).toHaveAttribute('src', /^blob:/);
    expect(
      await panel.getByTestId('proof-image').evaluate((img) => (img as HTMLImageElement).naturalWidth),
    ).toBe(480);
    await expect(panel.getByText('Logotypen är 8 cm bred på bröstet.')).toBeVisible();
    await screenshot(buyer.page, 'proof-buyer-awaiting-390');

    // Asking for changes needs a comment.
    await panel.getByRole('button', { name: 'Ask for changes' }).click();
    await panel.getByRole('button', { name: 'Send the changes' }).click();
    await expect(panel.getByRole('alert')).toHaveText('Say what we should change');
    await panel.getByLabel('What should we change?').fill('Make the logo larger, please.\nAnd blue text.');
    await screenshot(buyer.page, 'proof-buyer-changes-390');
    await panel.getByRole('button', { name: 'Send the changes' }).click();
    await expect(panel.getByTestId('proof-state')).toHaveText(
      'You asked for changes to proof 1. We will email you when the next proof is ready.',
    );
    await expect(panel.getByTestId('proof-decision')).toContainText('Make the logo larger, please.');
    const timeline = buyer.page.getByTestId('order-timeline');
    await expect(timeline.getByTestId('step-events')).toHaveText(
      /Proof 1 ready to review.*Changes requested to proof 1.*Make the logo larger, please\.\nAnd blue text\./s,
    );

    // Admin sees the comment and uploads proof 2, a PDF.
    dialog = await openOrderDialog(admin.page, number);
    await expect(dialog.getByTestId('admin-proof-state')).toHaveText(
      'Kunden vill ha ändringar i korrektur 1: ladda upp ett nytt.',
    );
    await expect(dialog.getByTestId('admin-proofs')).toContainText('Make the logo larger, please.');
    await uploadProof(dialog, { name: 'korrektur-2.pdf', mimeType: 'application/pdf', buffer: proofPdf });
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toHaveAttribute('data-version', '2');

    // The buyer downloads the PDF (never opened in the page) and approves it after a second look.
    await buyer.page.reload();
    await buyer.page.waitForSelector('html[data-ready]', { state: 'attached' });
    await expect(panel.getByTestId('proof-state')).toHaveText(
      'Proof 2 is waiting for your answer. We print only once you have approved it.',
    );
    const [download] = await Promise.all([
      buyer.page.waitForEvent('download'),
      panel.getByRole('button', { name: /Download the proof \(PDF/ }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('korrektur-2.pdf');
    await screenshot(buyer.page, 'proof-buyer-v2-390');
    await panel.getByRole('button', { name: 'Approve proof 2' }).click();
    await expect(panel.getByTestId('proof-approve-confirm')).toContainText('Approve proof 2 for printing?');
    await panel.getByRole('button', { name: 'Yes, approve' }).click();
    await expect(panel.getByTestId('proof-state')).toHaveText(
      /^You approved proof 2 on \d{1,2} \w+ \d{4}\. We print what the proof shows\.$/,
    );
    await expect(panel.getByRole('button', { name: /Approve proof/ })).toHaveCount(0);
    await expect(timeline.getByTestId('step-events')).toHaveText(
      /Proof 1 ready to review.*Changes requested to proof 1.*Proof 2 ready to review.*Proof 2 approved/s,
    );
    await expect(buyer.page.getByText('Counted from the day you approved the proof.')).toBeVisible();
    await panel.getByText('1 earlier proof').click();
    await expect(panel.getByTestId('proof-image')).toBeVisible();
    // The thank-you toast has gone before the picture is taken.
    const thanks = buyer.page.getByText('Thank you! The proof is approved.');
    await expect(thanks).toHaveCount(0);
    await screenshot(buyer.page, 'proof-buyer-approved-390');
    // The token never went into a URL the browser requested.
    expect(requested.filter((url) => url.includes(token))).toEqual([]);

    const wide = await openPage({ width: 1280 });
    await wide.page.goto(`/orders/${number}#${token}`);
    await expect(wide.page.getByTestId('proof-state')).toBeVisible();
    await wide.page.getByTestId('earlier-proofs').getByText('1 earlier proof').click();
    await expect(wide.page.getByTestId('proof-image')).toBeVisible();
    await screenshot(wide.page, 'proof-buyer-approved-1280');

    // Admin: approved, the button is enabled, and the order goes to production.
    dialog = await openOrderDialog(admin.page, number);
    await expect(dialog.getByTestId('admin-proof-state')).toHaveText(
      /^Kunden godkände korrektur 2 \d{4}-\d{2}-\d{2} \d{2}:\d{2}\.$/,
    );
    await screenshot(admin.page, 'proof-admin-1280');
    await expect(production).toBeEnabled();
    await expect(dialog.getByTestId('payment-state').first()).toHaveText('Obetald');
    await production.click();
    await expect(admin.page.getByText('Status ändrad')).toBeVisible();
    // In production and still unpaid: the two states side by side.
    await expect(dialog.getByTestId('payment-state').first()).toHaveText('Obetald');
    await expect(
      dialog.getByText('Korrektur kan bara läggas till innan beställningen går till produktion.'),
    ).toBeVisible();

    const phone = await openPage({ locale: 'sv-SE', width: 390 });
    await loginAsAdmin(server, phone.context);
    const phoneDialog = await openOrderDialog(phone.page, number);
    await phoneDialog.getByTestId('admin-proofs').scrollIntoViewIfNeeded();
    await screenshot(phone.page, 'proof-admin-390', { fullPage: false });

    // One proof email per version, and the buyer heard of production once.
    await server.app.emailOutbox.drain();
    const outbox = readdirSync(join(server.dataDir, 'outbox')).filter((name) =>
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
  });
});
