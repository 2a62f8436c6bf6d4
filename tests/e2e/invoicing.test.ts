import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidOcrReference } from '@/shared/invoicing/ocr-reference';
import { loginAsAdmin } from './admin-fixture';
import { acceptTerms, openPage, plain, startShop, type Shop, screenshot } from './browser';

/**
 * A VIES stand-in on 127.0.0.1 answering as the EU's REST service does: DE136695976 is registered,
 * every other number (the invented DE999999995 among them) is not.
 */
const vies = createServer((req, res) => {
  let body = '';
  req.on('data', (chunk: Buffer) => (body += chunk.toString()));
  req.on('end', () => {
    const question = JSON.parse(body) as { countryCode: string; vatNumber: string };
    const valid = question.countryCode === 'DE' && question.vatNumber === '136695976';
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        ...question,
        requestDate: '2026-11-27',
        valid,
        name: valid ? 'Beispiel GmbH' : '---',
        requestIdentifier: valid ? 'WAPIAAAAW1234' : 'WAPIAAAAW5678',
      }),
    );
  });
});

let shop: Shop;
beforeAll(async () => {
  await new Promise<void>((resolve) => vies.listen(0, '127.0.0.1', resolve));
  const viesUrl = `http://127.0.0.1:${(vies.address() as AddressInfo).port}/check-vat-number`;
  shop = await startShop({ env: { VIES_URL: viesUrl } });
});
afterAll(async () => {
  await shop.close();
  vies.closeAllConnections();
  await new Promise((resolve) => vies.close(resolve));
});

async function cartWith200Booklets(page: Page) {
  await page.goto(`/products/${encodeURIComponent('kuponghäfte')}`);
  await page.getByRole('button', { name: 'Add 100 pcs to cart' }).click();
  await expect.poll(() => page.getByTestId('cart-badge').textContent()).toBe('100');
  await page.goto('/cart');
  await page.getByRole('spinbutton', { name: 'Quantity of Coupon Booklet' }).fill('200');
  await expect
    .poll(async () => plain(await page.getByTestId('cart-total').textContent()))
    .toBe('5 000,00 kr');
}

describe('invoicing at checkout', () => {
  for (const width of [390, 1280]) {
    it(`a German company sees reverse charge before ordering and pays the ex-VAT amount (${width} px)`, async () => {
      const { page, context, errors } = await openPage(shop, { width });
      await cartWith200Booklets(page);
      const summary = page.getByTestId('vat-summary');
      await expect.poll(() => summary.getAttribute('data-treatment')).toBe('domestic');
      expect(plain(await page.getByTestId('amount-to-pay').textContent())).toBe('5 000,00 kr');
      expect(await summary.textContent()).toContain('Swedish VAT 25 % included');

      await page.getByLabel('Company', { exact: true }).check();
      await page.getByLabel('Company name').fill('Beispiel GmbH');
      await page.getByLabel('Organization number').fill('HRB 12345');
      await page.getByLabel('Contact Person').fill('Erika Mustermann');
      await page.getByLabel('Email').fill('erika@example.de');
      await page.getByLabel('Phone').fill('+49 30 1234567');
      await page.getByLabel('Country').selectOption('DE');
      await page.getByLabel('Delivery address').fill('Hauptstraße 5\n10115 Berlin');
      // Without a VAT number a German company pays Swedish VAT; a wrong check digit changes nothing.
      await page.getByLabel('VAT number').fill('DE136695977');
      expect(await summary.getAttribute('data-treatment')).toBe('domestic');
      await page.getByLabel('VAT number').fill('DE136695976');
      await expect.poll(() => summary.getAttribute('data-treatment')).toBe('reverse_charge');
      // Goods to an EU company: the words of the invoice's notice, not "reverse charge" (services).
      expect(await summary.textContent()).toContain('Intra-Community supply: no Swedish VAT');
      expect(await summary.textContent()).not.toContain('Reverse charge');
      expect(plain(await page.getByTestId('amount-to-pay').textContent())).toBe('4 000,00 kr');
      expect(plain(await page.getByTestId('checkout-total').textContent())).toBe('4 000,00 kr');
      await page.getByLabel('Your reference (optional)').fill('PO-4711');
      // On a loaded CI machine one click was once lost to a late layout shift ("did not change its
      // state"): tick again until the box holds, so the test is about the invoice, not the timing.
      const separateBilling = page.getByLabel('Send the invoice to a different address');
      await expect
        .poll(async () => {
          await separateBilling.check({ timeout: 2000 }).catch(() => undefined);
          return separateBilling.isChecked();
        })
        .toBe(true);
      await page.getByLabel('Billing address').fill('Buchhaltung\nPostfach 10\n10115 Berlin');
      await screenshot(page, `cart-reverse-charge-${width}`);
      await acceptTerms(page);
      await page.getByRole('button', { name: /Complete Order/ }).click();

      await expect.poll(() => new URL(page.url()).pathname).toBe('/confirmation');
      await expect.poll(() => page.getByTestId('invoice-number').textContent()).toMatch(/^INV-\d{13,}$/);
      const number = (await page.getByTestId('invoice-number').textContent()) ?? '';
      expect(plain(await page.getByTestId('amount-to-pay').textContent())).toBe('4 000,00 kr');
      expect(plain(await page.getByTestId('order-total').textContent())).toBe('4 000,00 kr');
      const ocr = (await page.getByTestId('ocr-reference').textContent()) ?? '';
      expect(isValidOcrReference(ocr)).toBe(true);
      expect(await page.getByTestId('vat-treatment').textContent()).toContain('Intra-Community supply');
      expect(await page.getByText('PO-4711').isVisible()).toBe(true);
      expect(await page.getByText('DE136695976').isVisible()).toBe(true);
      expect(await page.getByText('Postfach 10').isVisible()).toBe(true);
      await screenshot(page, `confirmation-reverse-charge-${width}`);

      // The PDF invoice downloads and says the same.
      const downloading = page.waitForEvent('download');
      await page.getByRole('link', { name: 'Download invoice (PDF)' }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe(`Invoice_${number}.pdf`);
      const pdf = await getDocumentProxy(new Uint8Array(readFileSync((await download.path()) ?? '')));
      const text = (await extractText(pdf, { mergePages: true })).text.replace(/[\u00a0\u202f]/g, ' ');
      expect(text).toContain(number);
      expect(text).toContain(ocr);
      expect(text).toContain('Unionsintern leverans / Intra-Community supply');
      expect(text).toContain('4 000,00 SEK');
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('a German VAT number VIES does not know (DE999999995) gets Swedish VAT, said in the cart before ordering and kept on the order (390 px)', async () => {
    const { page, context, errors } = await openPage(shop, { width: 390 });
    await cartWith200Booklets(page);
    await page.getByLabel('Company', { exact: true }).check();
    await page.getByLabel('Company name').fill('Erfunden GmbH');
    await page.getByLabel('Organization number').fill('HRB 99999');
    await page.getByLabel('Contact Person').fill('Max Mustermann');
    await page.getByLabel('Email').fill('max@example.de');
    await page.getByLabel('Phone').fill('+49 30 7654321');
    await page.getByLabel('Country').selectOption('DE');
    await page.getByLabel('Delivery address').fill('Hauptstraße 9\n10115 Berlin');
    // Its check digits are right: only VIES can tell that no one has this number.
    await page.getByLabel('VAT number').fill('DE999999995');
    const notRegistered = page.getByTestId('vat-number-not-registered');
    await expect.poll(() => notRegistered.isVisible()).toBe(true);
    expect(await notRegistered.textContent()).toBe(
      'The EU’s VAT number register (VIES) does not know this number: Swedish VAT 25 % applies. Please check the number.',
    );
    const summary = page.getByTestId('vat-summary');
    expect(await summary.getAttribute('data-treatment')).toBe('domestic');
    expect(await summary.textContent()).toContain('Swedish VAT 25 % included');
    expect(plain(await page.getByTestId('amount-to-pay').textContent())).toBe('5 000,00 kr');
    await notRegistered.scrollIntoViewIfNeeded();
    await screenshot(page, 'cart-vies-not-registered-390');

    // The server decides the same: the order is placed with Swedish VAT, 5 000 kr to pay.
    await acceptTerms(page);
    await page.getByRole('button', { name: /Complete Order/ }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/confirmation');
    await expect.poll(() => page.getByTestId('amount-to-pay').textContent()).toBeTruthy();
    expect(plain(await page.getByTestId('amount-to-pay').textContent())).toBe('5 000,00 kr');
    expect(await page.getByTestId('vat-treatment').textContent()).toBe('Swedish VAT 25 % included');
    const orderNumber = (await page.getByTestId('invoice-number').textContent()) ?? '';
    expect(errors).toEqual([]);
    await context.close();

    // The admin sees what VIES said, with its request identifier, at both widths.
    for (const width of [1280, 390]) {
      const admin = await openPage(shop, { width });
      await loginAsAdmin(shop.server, admin.context);
      await admin.page.goto('/admin');
      await admin.page.getByRole('button', { name: orderNumber }).click();
      const vies = admin.page.getByRole('dialog', { name: `Order ${orderNumber}` }).getByTestId('admin-vies');
      await expect.poll(() => vies.isVisible()).toBe(true);
      expect(await vies.textContent()).toMatch(/^Not registeredChecked .+, id WAPIAAAAW5678$/);
      await vies.scrollIntoViewIfNeeded();
      await screenshot(admin.page, `admin-vies-${width}`, { fullPage: false });
      expect(admin.errors).toEqual([]);
      await admin.context.close();
    }
  });

  it('an order to Norway shows export and no Swedish VAT before ordering', async () => {
    const { page, context } = await openPage(shop);
    await cartWith200Booklets(page);
    await page.getByLabel('Country').selectOption('NO');
    const summary = page.getByTestId('vat-summary');
    await expect.poll(() => summary.getAttribute('data-treatment')).toBe('export');
    expect(await summary.textContent()).toContain('Export outside the EU: no Swedish VAT');
    expect(plain(await page.getByTestId('amount-to-pay').textContent())).toBe('4 000,00 kr');
    await context.close();
  });
});
