import { acceptTerms, expect, lastPlacedOrder, plain, screenshot, test } from './fixtures';
import { makePng } from '../helpers/png';
import { loginAsAdmin } from './admin-fixture';

const pdf = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');

test.describe('print files in a real browser', () => {
  for (const width of [390, 1280]) {
    test(`120 hoodies 20 S / 50 M / 50 L with a vector and a raster file: one 100 kr conversion line on the invoice; admin downloads both (${width} px)`, async ({
      server,
      openPage,
    }) => {
      const { page, context, errors } = await openPage({ width, locale: 'en-SE' });
      await context.addInitScript(() => {
        if (!localStorage.getItem('cart'))
          localStorage.setItem(
            'cart',
            JSON.stringify([
              {
                key: 'hoodie',
                productId: 'hoodie',
                quantity: 120,
                sizes: { S: 20, M: 50, L: 50 },
                options: { colour: 'navy' },
              },
            ]),
          );
      });
      await page.goto('/cart');
      const panel = page.getByTestId('print-files');
      // The fee is said before any file is chosen.
      await expect(panel).toContainText('converted for a fee of 100,00 kr per file');
      await page.getByTestId('print-file-input').setInputFiles([
        { name: 'logo.pdf', mimeType: 'application/pdf', buffer: pdf },
        { name: 'photo.png', mimeType: 'image/png', buffer: makePng(600) },
      ]);
      await expect(panel.getByTestId('print-file')).toHaveCount(2);
      const kinds = (await panel.getByTestId('print-file-kind').allTextContents()).map(plain).sort();
      expect(kinds).toEqual(['Raster · + 100,00 kr conversion', 'Vector']);
      await expect(panel.getByTestId('print-quality')).toHaveText(
        '54 dpi at 28 cm wide: will look blurry at this size',
      );
      await expect(page.getByTestId('conversion-fee')).toContainText('× 1');
      await expect(page.getByTestId('cart-total')).toHaveText('11 620,00 kr');
      await screenshot(page, `cart-print-files-${width}`);

      await page.getByLabel('Company', { exact: true }).check();
      await page.getByLabel('Company name').fill('Exempel AB');
      await page.getByLabel('Organization number').fill('556016-0680');
      await page.getByLabel('Contact Person').fill('Anna Andersson');
      await page.getByLabel('Email').fill('anna@example.se');
      await page.getByLabel('Phone').fill('070-123 45 67');
      await page.getByLabel('Delivery address').fill('Storgatan 1\n111 22 Stockholm');
      await acceptTerms(page);
      await page.getByRole('button', { name: /Complete Order/ }).click();
      await expect.poll(() => new URL(page.url()).pathname).toBe('/confirmation');
      const received = page.getByTestId('received-print-files');
      await expect(received).toContainText('logo.pdf (Vector');
      await expect(received).toContainText('photo.png (Raster');

      const last = await lastPlacedOrder(page);
      const invoice = await (
        await fetch(`${server.url}/api/orders/${last.orderNumber}/invoice?token=${last.accessToken}`)
      ).text();
      expect(invoice).toContain('20 S, 50 M, 50 L');
      expect(invoice.match(/Konvertering av tryckfil som inte är vektor/g)).toHaveLength(1);

      await loginAsAdmin(server, context);
      const detail = (await (
        await context.request.get(`${server.url}/api/admin/orders/${last.orderNumber}`)
      ).json()) as { printFiles: { id: string; name: string; bytes: number }[] };
      // The two uploads run side by side; the order keeps them in the order they arrived.
      expect(detail.printFiles.map((f) => f.name).sort()).toEqual(['logo.pdf', 'photo.png']);
      for (const file of detail.printFiles) {
        const download = await context.request.get(
          `${server.url}/api/admin/orders/${last.orderNumber}/print-files/${file.id}`,
        );
        expect(download.status()).toBe(200);
        expect(download.headers()['content-disposition']).toMatch(/^attachment;/);
        expect((await download.body()).length).toBe(file.bytes);
      }
      // The admin's order detail lists both with kind, size, pixels and dpi, each with a download link.
      await page.goto('/admin');
      await page.getByRole('button', { name: last.orderNumber }).click();
      const listed = page
        .getByRole('dialog', { name: `Order ${last.orderNumber}` })
        .getByTestId('admin-print-files');
      await expect(listed).toHaveText(/^Print files \(2\)/);
      // Listed in the order they arrived, which the side-by-side uploads leave open.
      await expect
        .poll(async () => (await listed.getByTestId('admin-print-file-kind').allTextContents()).sort())
        .toEqual(['Raster', 'Vector']);
      await expect(listed.getByTestId('admin-print-file-dpi')).toHaveText(/^\d+ dpi at \d+(,\d)? cm/);
      await expect(listed.getByRole('link')).toHaveCount(2);
      await listed.scrollIntoViewIfNeeded();
      await screenshot(page, `admin-print-files-${width}`, { fullPage: false });
      expect(errors).toEqual([]);
    });
  }
});
