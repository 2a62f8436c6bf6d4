import { eq } from 'drizzle-orm';
import { orders } from '@/server/db/orders-schema';
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
