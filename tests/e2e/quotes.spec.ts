import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { orders } from '@/server/db/orders-schema';
import type { ProductRecord } from '@/shared/catalogue-record';
import { request, type TestServer } from '../helpers/server';
import { loginAsAdmin, TEST_ADMIN_PIN } from './admin-fixture';
import { expect, plain, screenshot, test } from './fixtures';

/** An owner's session cookie for the admin API (the same sign-in as loginAsAdmin). */
async function ownerCookie(server: TestServer): Promise<string> {
  const response = await fetch(`${server.url}/api/admin-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ pin: TEST_ADMIN_PIN }),
  });
  const token = /admin_session=([^;]+)/.exec(response.headers.get('set-cookie') ?? '')?.[1];
  if (!token) throw new Error(`owner sign-in answered ${response.status}`);
  return `admin_session=${token}`;
}

/** The owner sets every tier of the hoodie to `price` (kr incl. VAT), or back to `tiers`; returns the tiers before. */
async function setHoodieTiers(
  server: TestServer,
  change: (tiers: ProductRecord['tiers']) => ProductRecord['tiers'],
): Promise<ProductRecord['tiers']> {
  const cookie = await ownerCookie(server);
  const hoodie = await request<ProductRecord>(server, '/api/admin/products/hoodie', { headers: { cookie } });
  const saved = await request(server, '/api/admin/products/hoodie', {
    method: 'PUT',
    headers: { cookie },
    json: { ...hoodie.body, tiers: change(hoodie.body.tiers) },
  });
  expect(saved.status).toBe(200);
  return hoodie.body.tiers;
}

/** The link in the newest email about `quoteNumber` whose subject starts with `subject`. */
async function emailedQuoteLink(server: TestServer, subject: string): Promise<string> {
  await server.app.emailOutbox.drain();
  const dir = join(server.dataDir, 'outbox');
  const eml = readdirSync(dir)
    .sort()
    .reverse()
    .map((name) => readFileSync(join(dir, name), 'utf8'))
    .find((body) => body.includes(`Subject: ${subject}`));
  const link = /(\/quotes\/Q-[\d-]+\?token=[A-Za-z0-9_%-]+)/.exec(
    (eml ?? '').replace(/=\r?\n/g, '').replace(/=3D/g, '='),
  )?.[1];
  if (!link) throw new Error(`no emailed link for "${subject}"`);
  return link;
}

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

      // The owner raises the hoodie's price after the quote was given.
      const tiers = await setHoodieTiers(server, (before) =>
        before.map((tier) => ({ ...tier, pricePerUnit: '500' })),
      );
      try {
        // The board opens the emailed link in a browser of its own and accepts.
        const quoteNumber = /Q-\d{4}-\d{4}/.exec(page.url())?.[0] ?? '';
        const board = (await openPage({ width, locale: 'sv-SE' })).page;
        await board.goto(await emailedQuoteLink(server, `Offert ${quoteNumber}`));
        expect(plain(await board.getByTestId('quote-total').textContent())).toBe('5 718,75 kr');
        // Accepting asks for a name and the terms.
        await board.getByTestId('accept-quote').click();
        await expect(board.getByText('Skriv namnet på den som accepterar.')).toBeVisible();
        await board.getByLabel('Ditt namn (den som accepterar)').fill('Styrelsens ordförande');
        await board.getByLabel(/Jag godkänner villkoren/).check();
        await board.getByTestId('accept-quote').click();

        await expect(board).toHaveURL(/\/orders\/INV-\d+/);
        const orderNumber = /INV-\d+/.exec(board.url())?.[0] ?? '';
        await expect(board.getByText(orderNumber).first()).toBeVisible();
        // The order page names the quote it came from.
        await expect(board.getByTestId('order-quote')).toHaveText(/^ enligt offert Q-\d{4}-\d{4,}$/);
        await screenshot(board, `quote-accepted-order-${width}`);
        // The order has the quote's prices, not the catalogue's new ones.
        const [stored] = await server.database.db
          .select({ total: orders.totalAmount })
          .from(orders)
          .where(eq(orders.orderNumber, orderNumber));
        expect(stored?.total).toBe('5718.75');
        // The buyer's own page now says accepted.
        await page.reload();
        await expect(page.getByTestId('quote-status')).toHaveText('Accepterad');
      } finally {
        await setHoodieTiers(server, () => tiers);
      }
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

test.describe('an English quote the owner changes', () => {
  for (const width of [1280, 390]) {
    test(`cart → Ask for a quote → the owner negotiates the hoodie and adds shipping → version 2 → the board accepts (${width} px)`, async ({
      server,
      openPage,
    }) => {
      const { page } = await openPage({ width, locale: 'en-SE' });
      await page
        .context()
        .addInitScript((stored: string) => window.localStorage.setItem('cart', stored), cart);
      await page.goto('/cart');
      await page.getByLabel('Personal ID number').fill('19811218-9876');
      await page.getByLabel('Name', { exact: true }).fill('Sam Smith');
      await page.getByLabel('Email').fill(`sam-${width}@example.com`);
      await page.getByLabel('Phone').fill('070-123 45 67');
      await page.getByLabel('Delivery address').fill('Storgatan 1\n111 22 Stockholm');
      await page.getByRole('button', { name: 'Ask for a quote' }).click();
      await expect(page).toHaveURL(/\/quotes\/Q-\d{4}-\d{4}\?token=/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Quote Q-\d{4}-\d{4}$/);
      await expect(page.getByTestId('quote-status')).toHaveText('Open');
      expect(plain(await page.getByTestId('quote-total').textContent())).toBe('5 718,75 kr');
      const quoteNumber = /Q-\d{4}-\d{4}/.exec(page.url())?.[0] ?? '';

      // Staff negotiate 100 kr a hoodie and add shipping (250 kr incl. 25 % VAT): a new version.
      const cookie = await ownerCookie(server);
      const detail = await request<{ draft: { lines: Record<string, unknown>[] } & Record<string, unknown> }>(
        server,
        `/api/admin/quotes/${quoteNumber}`,
        { headers: { cookie } },
      );
      const changed = await request(server, `/api/admin/quotes/${quoteNumber}`, {
        method: 'PATCH',
        headers: { cookie },
        json: {
          ...detail.body.draft,
          lines: detail.body.draft.lines.map((line) => ({
            ...line,
            unitPrice: '100',
            reason: 'Club discount agreed by phone',
          })),
          freeLines: [{ description: 'Shipping', quantity: 1, unitPrice: '250', vatRate: 25 }],
        },
      });
      expect(changed.status, JSON.stringify(changed.body)).toBe(200);

      // The buyer's page shows the latest version and says it changed.
      await page.reload();
      await expect(
        page.getByText('This quote has changed (version 2). This is the latest version.'),
      ).toBeVisible();
      expect(plain(await page.getByTestId('quote-total').textContent())).toBe('5 250,00 kr');
      await expect(page.getByTestId('quote-line').filter({ hasText: 'Shipping' })).toBeVisible();
      await screenshot(page, `quote-changed-en-${width}`);

      // The board opens the changed quote's email link and accepts at the negotiated price.
      const board = (await openPage({ width, locale: 'en-SE' })).page;
      await board.goto(await emailedQuoteLink(server, `Quote ${quoteNumber} (changed, version 2)`));
      expect(plain(await board.getByTestId('quote-total').textContent())).toBe('5 250,00 kr');
      await board.getByLabel('Your name (who accepts)').fill('Chair of the board');
      await board.getByLabel(/I accept the terms/).check();
      await board.getByTestId('accept-quote').click();
      await expect(board).toHaveURL(/\/orders\/INV-\d+/);
      const orderNumber = /INV-\d+/.exec(board.url())?.[0] ?? '';
      const [stored] = await server.database.db
        .select({ total: orders.totalAmount })
        .from(orders)
        .where(eq(orders.orderNumber, orderNumber));
      expect(stored?.total).toBe('5250.00');
    });
  }
});
