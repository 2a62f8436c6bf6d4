import { acceptTerms, expect, screenshot, test } from './fixtures';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { isValidOcrReference } from '@/shared/invoicing/ocr-reference';
import { loginAsAdmin } from './admin-fixture';

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

// The shop asks the stand-in, whose port is known once it listens: the file's server starts here.
test.beforeAll(async ({ serverPerFile }, testInfo) => {
  await new Promise<void>((resolve) => vies.listen(0, '127.0.0.1', resolve));
  const viesUrl = `http://127.0.0.1:${(vies.address() as AddressInfo).port}/check-vat-number`;
  await serverPerFile.for(testInfo, { env: { VIES_URL: viesUrl } });
});
test.afterAll(async () => {
  vies.closeAllConnections();
  await new Promise((resolve) => vies.close(resolve));
});

async function cartWith200Booklets(page: Page) {
  await page.goto(`/products/${encodeURIComponent('kuponghäfte')}`);
  await page.getByRole('button', { name: 'Add 100 pcs to cart' }).click();
  await expect(page.getByTestId('cart-badge')).toHaveText('100');
  await page.goto('/cart');
  await page.getByRole('spinbutton', { name: 'Quantity of Coupon Booklet' }).fill('200');
  await expect(page.getByTestId('cart-total')).toHaveText('5 000,00 kr');
}

test.describe('invoicing at checkout', () => {
  for (const width of [390, 1280]) {
    test(`a German company sees reverse charge before ordering and pays the ex-VAT amount (${width} px)`, async ({
      openPage,
    }) => {
      const { page, errors } = await openPage({ width });
      await cartWith200Booklets(page);
      const summary = page.getByTestId('vat-summary');
      await expect(summary).toHaveAttribute('data-treatment', 'domestic');
      await expect(page.getByTestId('amount-to-pay')).toHaveText('5 000,00 kr');
      await expect(summary).toContainText('Swedish VAT 25 % included');

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
      await expect(summary).toHaveAttribute('data-treatment', 'domestic');
      await page.getByLabel('VAT number').fill('DE136695976');
      await expect(summary).toHaveAttribute('data-treatment', 'reverse_charge');
      // Goods to an EU company: the words of the invoice's notice, not "reverse charge" (services).
      await expect(summary).toContainText('Intra-Community supply: no Swedish VAT');
      await expect(summary).not.toContainText('Reverse charge');
      await expect(page.getByTestId('amount-to-pay')).toHaveText('4 000,00 kr');
      await expect(page.getByTestId('checkout-total')).toHaveText('4 000,00 kr');
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
      await expect(page.getByTestId('invoice-number')).toHaveText(/^INV-\d{13,}$/);
      const number = (await page.getByTestId('invoice-number').textContent()) ?? '';
      await expect(page.getByTestId('amount-to-pay')).toHaveText('4 000,00 kr');
      await expect(page.getByTestId('order-total')).toHaveText('4 000,00 kr');
      const ocr = (await page.getByTestId('ocr-reference').textContent()) ?? '';
      expect(isValidOcrReference(ocr)).toBe(true);
      await expect(page.getByTestId('vat-treatment')).toContainText('Intra-Community supply');
      await expect(page.getByText('PO-4711')).toBeVisible();
      await expect(page.getByText('DE136695976')).toBeVisible();
      await expect(page.getByText('Postfach 10')).toBeVisible();
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
    });
  }

  test('a German VAT number VIES does not know (DE999999995) gets Swedish VAT, said in the cart before ordering and kept on the order (390 px)', async ({
    server,
    openPage,
  }) => {
    const { page, context, errors } = await openPage({ width: 390 });
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
    await expect(notRegistered).toBeVisible();
    await expect(notRegistered).toHaveText(
      'The EU’s VAT number register (VIES) does not know this number: Swedish VAT 25 % applies. Please check the number.',
    );
    const summary = page.getByTestId('vat-summary');
    await expect(summary).toHaveAttribute('data-treatment', 'domestic');
    await expect(summary).toContainText('Swedish VAT 25 % included');
    await expect(page.getByTestId('amount-to-pay')).toHaveText('5 000,00 kr');
    await notRegistered.scrollIntoViewIfNeeded();
    await screenshot(page, 'cart-vies-not-registered-390');

    // The server decides the same: the order is placed with Swedish VAT, 5 000 kr to pay.
    await acceptTerms(page);
    await page.getByRole('button', { name: /Complete Order/ }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/confirmation');
    await expect(page.getByTestId('amount-to-pay')).not.toBeEmpty();
    await expect(page.getByTestId('amount-to-pay')).toHaveText('5 000,00 kr');
    await expect(page.getByTestId('vat-treatment')).toHaveText('Swedish VAT 25 % included');
    const orderNumber = (await page.getByTestId('invoice-number').textContent()) ?? '';
    expect(errors).toEqual([]);
    await context.close();

    // The admin sees what VIES said, with its request identifier, at both widths.
    for (const width of [1280, 390]) {
      const admin = await openPage({ width });
      await loginAsAdmin(server, admin.context);
      await admin.page.goto('/admin');
      await admin.page.getByRole('button', { name: orderNumber }).click();
      const vies = admin.page.getByRole('dialog', { name: `Order ${orderNumber}` }).getByTestId('admin-vies');
      await expect(vies).toBeVisible();
      await expect(vies).toHaveText(/^Not registeredChecked .+, id WAPIAAAAW5678$/);
      await vies.scrollIntoViewIfNeeded();
      await screenshot(admin.page, `admin-vies-${width}`, { fullPage: false });
      expect(admin.errors).toEqual([]);
      await admin.context.close();
    }
  });

  test('an order to Norway shows export and no Swedish VAT before ordering', async ({ page }) => {
    await cartWith200Booklets(page);
    await page.getByLabel('Country').selectOption('NO');
    const summary = page.getByTestId('vat-summary');
    await expect(summary).toHaveAttribute('data-treatment', 'export');
    await expect(summary).toContainText('Export outside the EU: no Swedish VAT');
    await expect(page.getByTestId('amount-to-pay')).toHaveText('4 000,00 kr');
  });
});
