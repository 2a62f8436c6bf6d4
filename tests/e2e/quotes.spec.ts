import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { orders } from '@/server/db/orders-schema';
import { loginAsAdmin } from './admin-fixture';
import { expect, plain, screenshot, test } from './fixtures';

/** 50 hoodies (S 20, M 30) in navy: 5 718,75 kr with Swedish VAT. */
const cart = JSON.stringify([
  { productId: 'hoodie', quantity: 50, sizes: { S: 20, M: 30 }, options: { colour: 'navy' } },
]);

test.describe('a quote in a real browser', () => {
  for (const width of [390, 1280]) {
    test(`cart → Begär offert → quote page → PDF → accept → order page (${width} px)`, async ({
      server,
      openPage,
    }) => {
      const { page } = await openPage({ width, locale: 'sv-SE' });
      await page
        .context()
        .addInitScript((stored: string) => window.localStorage.setItem('cart', stored), cart);
      await page.goto('/cart');
      await page.getByLabel('Personnummer').fill('19811218-9876');
      await page.getByLabel('Namn', { exact: true }).fill('Sara Svensson');
      await page.getByLabel('E-post').fill('sara@example.se');
      await page.getByLabel('Telefon').fill('070-123 45 67');
      await page.getByLabel('Leveransadress').fill('Storgatan 1\n111 22 Stockholm');
      const ask = page.getByRole('button', { name: 'Begär offert' });
      await ask.scrollIntoViewIfNeeded();
      await screenshot(page, `quote-cart-button-${width}`, { fullPage: false });
      // No terms to accept for a quote: the button goes on without the checkbox.
      await ask.click();

      await expect(page).toHaveURL(/\/quotes\/Q-\d{4}-\d{4}\?token=/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Offert Q-\d{4}-\d{4}$/);
      await expect(page.getByTestId('quote-status')).toHaveText('Öppen');
      // Swedish number format, the catalogue's price of the cart.
      expect(plain(await page.getByTestId('quote-total').textContent())).toBe('5 718,75 kr');
      const line = page.getByTestId('quote-line');
      await expect(line).toContainText('Hoodie');
      await expect(line).toContainText('20 S, 30 M');
      await screenshot(page, `quote-page-${width}`);

      const pdfHref = await page.getByTestId('quote-pdf').getAttribute('href');
      const pdf = await page.request.get(pdfHref ?? '');
      expect(pdf.headers()['content-type']).toBe('application/pdf');

      // The terms are a readable link, and the amount on the accept button never breaks in two.
      await expect(
        page.getByRole('link', { name: 'Läs köpvillkoren (öppnas i en ny flik)' }),
      ).toHaveAttribute('href', '/terms');
      await expect(page.getByText('/terms', { exact: true })).toHaveCount(0);
      const amount = await page.getByTestId('accept-amount').boundingBox();
      expect(amount?.height ?? 0).toBeGreaterThan(0);
      expect(amount?.height ?? 99).toBeLessThan(32);
      await page.getByTestId('accept-quote').scrollIntoViewIfNeeded();
      await screenshot(page, `quote-accept-${width}`, { fullPage: false });

      // Accepting asks for a name and the terms.
      await page.getByTestId('accept-quote').click();
      await expect(page.getByText('Skriv namnet på den som accepterar.')).toBeVisible();
      await page.getByLabel('Ditt namn (den som accepterar)').fill('Sara Svensson');
      await page.getByLabel(/Jag godkänner villkoren/).check();
      await page.getByTestId('accept-quote').click();

      await expect(page).toHaveURL(/\/orders\/INV-\d+/);
      const orderNumber = /INV-\d+/.exec(page.url())?.[0] ?? '';
      await expect(page.getByText(orderNumber).first()).toBeVisible();
      const [stored] = await server.database.db
        .select({ total: orders.totalAmount })
        .from(orders)
        .where(eq(orders.orderNumber, orderNumber));
      expect(stored?.total).toBe('5718.75');
    });
  }
});

test.describe('the owner’s quotes in admin', () => {
  for (const width of [1280, 390]) {
    test(`the owner writes a quote with a negotiated price and a shipping line, sends it, and the buyer’s link shows it (${width} px)`, async ({
      server,
      openPage,
    }) => {
      const { page } = await openPage({ width, locale: 'sv-SE' });
      await loginAsAdmin(server, page.context());
      await page.goto('/admin');
      await page.getByRole('tab', { name: 'Offerter' }).click();
      await page.getByRole('button', { name: 'Ny offert' }).click();

      const form = page.getByRole('form', { name: 'Ny offert' });
      await form.getByLabel('Företagsnamn').fill('IK Kamraterna');
      await form.getByLabel('Organisationsnummer').fill('556677-8899');
      await form.getByLabel('Namn', { exact: true }).fill('Kim Kassör');
      await form.getByLabel('E-post').fill(`kassor-${width}@example.se`);
      await form.getByLabel('Telefon').fill('070-123 45 67');
      await form.getByLabel('Leveransadress').fill('Klubbvägen 1\n111 22 Stockholm');
      await form.getByLabel('Produkt', { exact: true }).selectOption('hoodie');
      await form.getByLabel('Storlekar M').fill('30');
      await form.getByLabel('Storlekar L').fill('20');
      await form.getByLabel('Färg').selectOption('navy');
      await form.getByLabel('Förhandlat styckpris (kr inkl. moms)').fill('100');
      await form.getByRole('button', { name: 'Lägg till fri rad' }).click();
      await form.getByLabel('Beskrivning').fill('Frakt');
      await form.getByLabel('Styckpris (kr inkl. 25 % moms)').fill('250');
      await form.getByLabel('Mejla offerten till kunden när den sparas').uncheck();
      // A negotiated price without its reason is refused, in Swedish, and nothing is stored.
      await form.getByRole('button', { name: 'Spara offert' }).click();
      await expect(
        form.getByText('Ange varför priset är ett annat än katalogens.', { exact: true }),
      ).toBeVisible();
      await form.getByLabel('Skäl till priset').fill('Klubbrabatt enligt telefonsamtal');
      await screenshot(page, `admin-quote-form-${width}`);
      await form.getByRole('button', { name: 'Spara offert' }).click();

      const row = page.getByTestId('admin-quote-row').filter({ hasText: 'IK Kamraterna' }).first();
      await expect(row).toContainText('Utkast');
      expect(plain(await row.textContent())).toContain('5 250,00 kr');
      const quoteNumber = /Q-\d{4}-\d{4}/.exec((await row.textContent()) ?? '')?.[0] ?? '';
      await row.getByRole('button', { name: `Skicka ${quoteNumber}` }).click();
      await expect(row).toContainText('Öppen');
      await screenshot(page, `admin-quotes-list-${width}`);

      // The email to the buyer carries the link; a second browser (the board) opens it.
      await server.app.emailOutbox.drain();
      const dir = join(server.dataDir, 'outbox');
      const eml = readdirSync(dir)
        .map((name) => readFileSync(join(dir, name), 'utf8'))
        .find((body) => body.includes(`Subject: Offert ${quoteNumber}`));
      const link = /(\/quotes\/Q-[\d-]+\?token=[A-Za-z0-9_%-]+)/.exec(
        (eml ?? '').replace(/=\r?\n/g, '').replace(/=3D/g, '='),
      )?.[1];
      expect(link).toBeDefined();
      const board = await openPage({ width, locale: 'sv-SE' });
      await board.page.goto(link ?? '');
      await expect(board.page.getByRole('heading', { level: 1 })).toHaveText(`Offert ${quoteNumber}`);
      expect(plain(await board.page.getByTestId('quote-total').textContent())).toBe('5 250,00 kr');
      await expect(board.page.getByTestId('quote-line').filter({ hasText: 'Frakt' })).toBeVisible();
      await expect(board.page.getByTestId('quote-line').filter({ hasText: 'Hoodie' })).toContainText('30 M');
    });
  }
});
