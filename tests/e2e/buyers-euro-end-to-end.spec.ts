import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type { TestServer } from '../helpers/server';
import { readEml } from '../helpers/eml';
import { fetchValidSie, sieVerifications } from '../helpers/ledger';
import { makePng } from '../helpers/png';
import { loginAsAdmin } from './admin-fixture';
import { acceptTerms, expect, screenshot, test } from './fixtures';

/**
 * EUR from cart to bank (issue 42), in English: a Finnish company with a VAT number, shopping in
 * EUR, is invoiced in EUR under reverse charge and sees one amount in EUR on the cart, the
 * confirmation, the order page and every email, with the euro account; staff record the euros and
 * the SEK the bank booked, the order is paid and the exchange difference is booked on 3960.
 *
 * 50 washed caps, 1 350 kr incl. VAT (1 080 kr without), and one raster print file's conversion,
 * 100 kr incl. VAT (80 kr without): the buyer pays 1 160 kr, at the fixed 0,088 €/kr 102,08 €:
 * 95,04 € + 7,04 €.
 */

const euroIban = 'SE45 5000 0000 0583 9825 7466';

async function fillFinnishCompany(page: Page, email: string): Promise<void> {
  await page.getByLabel('Company', { exact: true }).check();
  await page.getByLabel('Country').selectOption('FI');
  await page.getByLabel('Company name').fill('Esimerkki Oy');
  await page.getByLabel('Company registration number').fill('2077474-0');
  await page.getByLabel('Contact Person').fill('Aino Virtanen');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone').fill('+358 9 1234567');
  await page.getByLabel('Delivery address').fill('Mannerheimintie 1\n00100 Helsinki');
  await page.getByLabel('VAT number').fill('FI20774740');
  await expect(page.getByTestId('vat-summary')).toHaveAttribute('data-treatment', 'reverse_charge');
}

/** The order's emails to the buyer, oldest first, decoded: kind (from the file name), subject, text. */
async function buyerEmails(server: TestServer, orderNumber: string) {
  await server.app.emailOutbox.drain();
  const dir = join(server.dataDir, 'outbox');
  return readdirSync(dir)
    .filter((name) => name.startsWith(`${orderNumber}-`) && !name.includes('shop_notice'))
    .sort()
    .map((name) => ({ name, ...readEml(readFileSync(join(dir, name), 'utf8')) }));
}

/** An amount in kronor anywhere in a text ("6 400,00 kr", "80 SEK"). */
const kronorAmount = /\d(?:,\d\d)? ?(?:kr|SEK)\b/;

for (const width of [390, 1280] as const) {
  test(`a Finnish company invoiced in EUR sees one amount in EUR everywhere and pays it (${width} px)`, async ({
    server,
    openPage,
  }) => {
    const { page, errors } = await openPage({ width, locale: 'en-SE' });
    await page.context().addInitScript(() => window.localStorage.setItem('currency', 'EUR'));
    await page.context().addInitScript(() =>
      window.localStorage.setItem(
        'cart',
        JSON.stringify([
          {
            productId: 'urvattad-keps',
            quantity: 50,
            options: { colour: 'black', decoration: 'embroidery' },
          },
        ]),
      ),
    );
    await page.goto('/cart');
    await page
      .getByTestId('print-file-input')
      .setInputFiles([{ name: 'logo.png', mimeType: 'image/png', buffer: makePng(600) }]);
    await expect(page.getByTestId('print-file')).toHaveCount(1);
    await fillFinnishCompany(page, `aino-${width}@example.fi`);

    // The cart: lines without VAT that add up to the amount to pay; the fee one amount everywhere.
    await expect(page.getByTestId('line-total')).toHaveText('95,04 €excl. VAT');
    await expect(page.getByTestId('line-unit-price')).toHaveText('1,90 €');
    await expect(page.getByTestId('print-file-kind')).toHaveText('Raster · + 7,04 € conversion');
    await expect(page.getByTestId('conversion-fee-amount')).toHaveText('7,04 €');
    await expect(page.getByTestId('print-files')).toContainText('7,04 €');
    await expect(page.getByTestId('print-files')).not.toContainText('8,80 €');
    await expect(page.getByTestId('cart-total')).toHaveText('102,08 €');
    await expect(page.getByTestId('cart-total-eur')).toHaveText('102,08 €');
    await expect(page.getByTestId('amount-to-pay')).toHaveText('102,08 €');
    await screenshot(page, `buyers-euro-e2e-cart-en-${width}`);

    await acceptTerms(page);
    await page.getByRole('button', { name: /Complete Order/ }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/confirmation');

    // The confirmation: the amount to pay, the lines and the totals in EUR; the euro account.
    await expect(page.getByTestId('amount-to-pay')).toHaveText('102,08 €');
    // A retrying assertion: the lines render after the amount to pay on a slow phone.
    await expect(page.getByTestId('line-amount')).toHaveText(['95,04 €', '7,04 €']);
    await expect(page.getByTestId('order-total')).toHaveText('102,08 €');
    await expect(page.getByText(euroIban)).toHaveCount(1);
    await expect(page.getByTestId('bank-account')).toHaveCount(0);
    await expect(page.getByTestId('rf-reference')).toHaveText(/^RF\d{2}\d+$/);
    const orderNumber = (await page.getByTestId('invoice-number').textContent()) ?? '';
    expect(orderNumber).toMatch(/^INV-\d+$/);
    await screenshot(page, `buyers-euro-e2e-confirmation-en-${width}`);

    // The order page: the same amount, lines and balance.
    await page.getByTestId('order-page-link').click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/orders/${orderNumber}`);
    const card = page.getByTestId('order-payment-card');
    await expect(card.getByTestId('order-amount')).toHaveText('102,08 €');
    await expect(card.getByTestId('order-balance')).toHaveText('102,08 €');
    // A retrying assertion: the lines render after the amount to pay on a slow phone.
    await expect(page.getByTestId('line-amount')).toHaveText(['95,04 €', '7,04 €']);
    await expect(page.getByTestId('order-total')).toHaveText('102,08 €');
    // A file added later costs the fee on a supplementary invoice in EUR: said in EUR.
    await expect(page.getByTestId('order-print-files-fee')).toContainText('7,04 €');
    await expect(page.getByTestId('order-print-files-fee')).not.toContainText('80,00 kr');
    await screenshot(page, `buyers-euro-e2e-order-page-en-${width}`);

    // The confirmation email: the amount in EUR, the euro account and the RF reference, no kronor.
    const [confirmation] = await buyerEmails(server, orderNumber);
    expect(confirmation?.name).toContain('buyer_confirmation');
    const confirmationText = confirmation?.text ?? '';
    expect(confirmationText).toContain('Amount to pay: 102,08 € by ');
    expect(confirmationText).toContain(`to our euro account IBAN ${euroIban}`);
    expect(confirmationText).toMatch(/with the reference RF\d\d\d+ \(or OCR reference \d+\)/);
    expect(confirmationText).toContain('Washed Cap: 95,04 €');
    expect(confirmationText).toContain('raster files are converted for a fee of 7,04 €.');
    expect(confirmationText).not.toMatch(kronorAmount);

    // Staff record the euros and the SEK the bank booked (1 170,50 kr for 102,08 €).
    const admin = await openPage({ width: 1280, locale: 'en-SE' });
    await loginAsAdmin(server, admin.context);
    await admin.page.goto('/admin');
    await admin.page.getByRole('button', { name: orderNumber }).click();
    const money = admin.page.getByRole('dialog').getByTestId('admin-money');
    await expect(money.getByTestId('admin-document').first()).toContainText('102,08 € (1 160,00 kr)');
    await money.getByRole('button', { name: 'Record payment' }).click();
    await expect(money.getByLabel('Paid in')).toHaveValue('EUR');
    await expect(money.getByLabel('Amount (EUR)')).toHaveValue('102,08');
    await money.getByLabel('Booked by the bank (SEK)').fill('1 170,50');
    await screenshot(admin.page, `buyers-euro-e2e-admin-payment-form-${width}`);
    await money.getByRole('button', { name: 'Save payment' }).click();
    await expect(admin.page.getByText('The payment is recorded').first()).toBeVisible();
    await expect(money.getByTestId('payment-state')).toHaveText('Paid');
    await expect(money.getByTestId('admin-payment')).toContainText('102,08 € (the bank booked 1 170,50 kr)');
    await screenshot(admin.page, `buyers-euro-e2e-admin-paid-${width}`);

    // The buyer's page says paid; the receipt email speaks EUR only.
    await page.reload();
    await expect(page.getByTestId('order-payment-state')).toHaveText('Paid');
    await expect(page.getByTestId('order-balance')).toHaveCount(0);
    const receipt = (await buyerEmails(server, orderNumber)).find((mail) => mail.name.includes('payment'));
    expect(receipt?.text).toContain('102,08 €');
    expect(receipt?.text ?? '').not.toMatch(kronorAmount);

    // The SIE passes validate-sie and books the payment: 1930 the bank's SEK, 1510 the invoice's,
    // the gain of 10,50 on 3960.
    const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Stockholm' }).format(new Date());
    const cookie = (await admin.context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    const sie = await fetchValidSie(server.url, `/api/admin/sie?from=${today}&to=${today}`, cookie);
    const payment = sieVerifications(sie).find(
      (verification) => verification.series === 'B' && verification.text.includes(orderNumber),
    );
    expect(payment?.transactions).toEqual(
      expect.arrayContaining([
        { account: '1930', ore: 117_050 },
        { account: '1510', ore: -116_000 },
        { account: '3960', ore: -1_050 },
      ]),
    );
    expect(errors).toEqual([]);
    expect(admin.errors).toEqual([]);
    await admin.context.close();
  });
}
