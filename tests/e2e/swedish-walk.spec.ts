import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { readEml } from '../helpers/eml';
import { emlPdfAttachments, pdfText } from '../helpers/ledger';
import type { TestServer } from '../helpers/server';
import { acceptTerms, expect, lastPlacedOrder, plain, screenshot, test } from './fixtures';

/**
 * A Swedish buyer's one order read everywhere it is shown: the confirmation page, the order page,
 * the emails and the invoice must give the line the same name, colour and sizes and the country
 * the same name, in Swedish (issue #31: the order page once said "Cotton T-shirt, Färg: Black").
 */
/** How every reader words the line and the country (orderLineText on the server). */
const expected = {
  name: 'T-shirt i bomull',
  colour: 'Färg: Svart',
  sizes: 'Storlekar: 10 S, 25 M, 15 L',
  country: 'Sverige',
};
const englishWords = /Cotton T-shirt|\bBlack\b|\bSweden\b|Colour:|Sizes:/;

/** Both of the order's emails in the outbox folder, decoded: subject, text and the PDFs attached. */
function outboxOf(server: TestServer, orderNumber: string) {
  const dir = join(server.dataDir, 'outbox');
  return readdirSync(dir)
    .filter((name) => name.startsWith(`${orderNumber}-`))
    .sort()
    .map((file) => {
      const raw = readFileSync(join(dir, file), 'utf8');
      const mail = readEml(raw);
      return { file, text: `${mail.subject}\n${mail.text}`, pdfs: emlPdfAttachments(raw) };
    });
}

/** A black cotton t-shirt with a size split, in the cart as the product page leaves it. */
async function cartWithBlackTshirts(page: Page): Promise<void> {
  await page.context().addInitScript(
    (stored: string) => window.localStorage.setItem('cart', stored),
    JSON.stringify([
      {
        productId: 'tshirt-bomull',
        quantity: 50,
        sizes: { S: 10, M: 25, L: 15 },
        options: { colour: 'black' },
      },
    ]),
  );
}

/** The invoice PDF as the buyer downloads it with the token the confirmation page keeps. */
async function downloadedInvoice(server: TestServer, page: Page, number: string): Promise<Uint8Array> {
  const { accessToken } = await lastPlacedOrder(page);
  const answer = await fetch(
    `${server.url}/api/orders/${number}/invoice.pdf?token=${encodeURIComponent(accessToken)}`,
  );
  expect(answer.status).toBe(200);
  return new Uint8Array(await answer.arrayBuffer());
}

test.describe('a Swedish buyer walks one order', () => {
  test('confirmation, order page, emails and invoice name the t-shirt, its colour, sizes and the country alike', async ({
    server,
    openPage,
  }) => {
    const { page } = await openPage({ width: 1280, locale: 'sv-SE' });
    // A black cotton t-shirt with a size split, in the cart as the product page leaves it.
    await page.context().addInitScript(
      (stored: string) => window.localStorage.setItem('cart', stored),
      JSON.stringify([
        {
          productId: 'tshirt-bomull',
          quantity: 50,
          sizes: { S: 10, M: 25, L: 15 },
          options: { colour: 'black' },
        },
      ]),
    );
    await page.goto('/cart');
    await page.getByLabel('Personnummer').fill('19811218-9876');
    await page.getByLabel('Namn', { exact: true }).fill('Sara Svensson');
    await page.getByLabel('E-post').fill('sara@example.se');
    await page.getByLabel('Telefon').fill('070-123 45 67');
    await page.getByLabel('Leveransadress').fill('Storgatan 1\n111 22 Stockholm');
    await acceptTerms(page);
    await page.getByRole('button', { name: /Slutför köpet/ }).click();

    // 1. The confirmation page.
    await expect.poll(() => new URL(page.url()).pathname).toBe('/confirmation');
    await expect(page.getByTestId('invoice-number')).toHaveText(/^INV-\d+$/);
    const number = (await page.getByTestId('invoice-number').textContent()) ?? '';
    const confirmationLine = page.getByTestId('order-line');
    await expect(confirmationLine.getByTestId('line-name')).toHaveText(expected.name);
    await expect(confirmationLine.getByTestId('line-colour')).toHaveText(expected.colour);
    await expect(confirmationLine.getByTestId('line-sizes')).toHaveText(expected.sizes);
    expect(plain(await confirmationLine.getByTestId('line-quantity').textContent())).toBe('50 st');
    const confirmationText = plain(await page.locator('main').textContent());
    expect(confirmationText).toContain(expected.country);
    expect(confirmationText).toContain('Svensk moms 25 % ingår');
    expect(confirmationText).not.toMatch(englishWords);
    await screenshot(page, 'swedish-walk-confirmation-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'swedish-walk-confirmation-390');
    await page.setViewportSize({ width: 1280, height: 900 });

    // 2. The order page, opened from the confirmation.
    await page.getByTestId('order-page-link').click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/orders/${number}`);
    const orderLine = page.getByTestId('order-lines').getByTestId('order-line');
    await expect(orderLine.getByTestId('line-name')).toHaveText(expected.name);
    await expect(orderLine.getByTestId('line-colour')).toHaveText(expected.colour);
    await expect(orderLine.getByTestId('line-sizes')).toHaveText(expected.sizes);
    await expect(page.getByTestId('order-status')).toHaveText('Mottagen');
    const orderPageText = plain(await page.locator('main').textContent());
    expect(orderPageText).toContain(expected.country);
    expect(orderPageText).not.toMatch(englishWords);
    await screenshot(page, 'swedish-walk-order-page-1280');
    // The view is the reader's: switched to English, the page asks again and says it in English.
    await page.locator('header').getByRole('button', { name: 'English' }).click();
    await expect(orderLine.getByTestId('line-name')).toHaveText('Cotton T-shirt');
    await expect(orderLine.getByTestId('line-colour')).toHaveText('Colour: Black');
    await expect(page.getByTestId('order-status')).toHaveText('Received');
    await page.locator('header').getByRole('button', { name: 'Svenska' }).click();
    await expect(orderLine.getByTestId('line-name')).toHaveText(expected.name);
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'swedish-walk-order-page-390');

    // 3. The emails: the buyer's confirmation and the shop's notice (Swedish both), as sent.
    await server.app.emailOutbox.drain();
    const mails = outboxOf(server, number);
    expect(mails.map((mail) => mail.file.includes('shop_notice'))).toEqual(
      expect.arrayContaining([true, false]),
    );
    for (const mail of mails) {
      expect(mail.text).toContain(`50 × ${expected.name}`);
      expect(mail.text).toContain(expected.colour);
      expect(mail.text).toContain(expected.sizes);
      expect(mail.text).toContain(expected.country);
      expect(mail.text).not.toMatch(englishWords);
    }

    // 4. The invoice: the PDF the buyer downloads and the one attached to the email.
    const downloaded = await downloadedInvoice(server, page, number);
    const attached = mails.find((mail) => !mail.file.includes('shop_notice'))?.pdfs[0];
    if (!attached) throw new Error('the buyer email carries no invoice PDF');
    for (const bytes of [downloaded, attached.bytes]) {
      // The seller's own address is the operator's free text (SELLER_ADDRESS), not the shop's words.
      const invoice = (await pdfText(bytes)).replace(server.config.seller.address, '');
      expect(invoice).toContain(expected.name);
      expect(invoice).toContain(expected.colour);
      expect(invoice).toContain(expected.sizes);
      expect(invoice).toContain(expected.country);
      expect(invoice).not.toMatch(englishWords);
    }
  });

  test('for a Norwegian company the pages stay Swedish and the emails and invoice English (SPEC §9), each alike, with the same amounts', async ({
    server,
    openPage,
  }) => {
    const { page } = await openPage({ width: 1280, locale: 'sv-SE' });
    await cartWithBlackTshirts(page);
    await page.goto('/cart');
    await page.getByLabel('Företag', { exact: true }).check();
    await page.getByLabel('Land').selectOption('NO');
    await page.getByLabel('Företagsnamn').fill('Eksempel AS');
    await page.getByLabel('Företagets registreringsnummer').fill('923609016');
    await page.getByLabel('Kontaktperson').fill('Kari Nordmann');
    await page.getByLabel('E-post').fill('kari@example.no');
    await page.getByLabel('Telefon').fill('+47 22 12 34 56');
    await page.getByLabel('Leveransadress').fill('Storgata 1\n0155 Oslo');
    await acceptTerms(page);
    await page.getByRole('button', { name: /Slutför köpet/ }).click();
    await expect(page.getByTestId('invoice-number')).toHaveText(/^INV-\d+$/);
    const number = (await page.getByTestId('invoice-number').textContent()) ?? '';

    // The pages: Swedish words, export without Swedish VAT, the line at its price without VAT.
    const line = page.getByTestId('order-line');
    await expect(line.getByTestId('line-name')).toHaveText(expected.name);
    await expect(line.getByTestId('line-colour')).toHaveText(expected.colour);
    await expect(line.getByTestId('line-sizes')).toHaveText(expected.sizes);
    expect(plain(await page.getByTestId('vat-treatment').textContent())).toMatch(/ingen svensk moms$/);
    expect(plain(await page.locator('main').textContent())).toContain('Norge');
    const lineTotal = plain(await line.getByTestId('line-amount').textContent());
    expect(lineTotal).toBe('3 050,00 kr');

    // The emails and the invoice: English, as every buyer outside Sweden gets them.
    await server.app.emailOutbox.drain();
    const buyerMail = outboxOf(server, number).find((mail) => !mail.file.includes('shop_notice'));
    if (!buyerMail?.pdfs[0]) throw new Error('no buyer email with its invoice');
    const english = ['Cotton T-shirt', 'Colour: Black', 'Sizes: 10 S, 25 M, 15 L', 'Norway'];
    const swedishWords = /T-shirt i bomull|Svart|Färg:|Storlekar:|Norge/;
    expect(plain(buyerMail.text)).toContain(`50 × Cotton T-shirt: ${lineTotal}`);
    for (const text of [
      buyerMail.text,
      await pdfText(buyerMail.pdfs[0].bytes),
      await pdfText(await downloadedInvoice(server, page, number)),
    ]) {
      for (const words of english) expect(text).toContain(words);
      expect(text).not.toMatch(swedishWords);
      expect(plain(text)).toContain('3 050,00');
    }
  });
});
