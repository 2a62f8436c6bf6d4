import { makePng } from '../helpers/png';
import { loginAsAdmin } from './admin-fixture';
import { acceptTerms, expect, plain, screenshot, test } from './fixtures';

/**
 * The owner extends the catalogue without a developer (issue 45): a tote bag in one size with its
 * own picture and a natural colour, and a kids' T-shirt in children's sizes; buyers order both.
 */
test.describe('the catalogue in the owner’s hands', () => {
  test('the owner adds a tote bag with its own picture and colour and a kids’ T-shirt; buyers in both languages order both at 390 and 1280 px', async ({
    openPage,
    server,
  }) => {
    const { page, context } = await openPage({ locale: 'sv-SE', skipCurrencyDialog: true });
    await loginAsAdmin(server, context);
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Produkter' }).click();

    // The tote bag: one size, its own picture, a colour the owner adds.
    await page.getByRole('button', { name: 'Lägg till produkt' }).click();
    const form = page.getByRole('form', { name: 'Lägg till produkt' });
    await form.getByLabel('Produkt-id (adress)').fill('tygkasse');
    await form.getByLabel('Namn (svenska)').fill('Tygkasse');
    await form.getByLabel('Namn (engelska)').fill('Tote bag');
    await form.getByLabel('Beskrivning (svenska)').fill('Tygkasse i ekologisk bomull med ert tryck.');
    await form.getByLabel('Beskrivning (engelska)').fill('Organic cotton tote bag with your print.');
    await form.getByLabel('Kategori', { exact: true }).selectOption({ label: 'Accessoarer' });
    // A hostile file is refused with a message; a real picture is taken and shown from the server.
    await form
      .getByTestId('product-picture-input')
      .setInputFiles({ name: 'kasse.png', mimeType: 'image/png', buffer: Buffer.from('<?php echo 1; ?>') });
    await form.getByText('Det här är ingen bild. Ladda upp en PNG, JPEG, WebP eller SVG.').waitFor();
    await form
      .getByTestId('product-picture-input')
      .setInputFiles({ name: 'kasse.png', mimeType: 'image/png', buffer: makePng(600, [232, 220, 196]) });
    await expect(form.getByLabel('Bild', { exact: true })).toHaveValue(/^picture:/);
    await form.getByLabel('Antal 1', { exact: true }).fill('25');
    await form.getByLabel('Styckpris (kr, inkl. moms) 1').fill('59');
    await form.getByLabel('Antal 2', { exact: true }).fill('100');
    await form.getByLabel('Styckpris (kr, inkl. moms) 2').fill('45');
    await form.getByRole('button', { name: 'Ta bort nivå' }).last().click();
    await form.getByRole('button', { name: 'Lägg till färg' }).click();
    const own = form.getByTestId('own-colours');
    await own.getByLabel('Färg-id').fill('natur');
    await own.getByLabel('Namn (svenska)').fill('Natur');
    await own.getByLabel('Namn (engelska)').fill('Natural');
    await own.getByLabel('Färgkod (hex)').fill('#e8dcc4');
    await form.getByLabel('Natur', { exact: true }).check();
    await form.getByLabel('Svart', { exact: true }).check();
    await screenshot(page, 'catalogue-owner-tote-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'catalogue-owner-tote-390');
    await page.setViewportSize({ width: 1280, height: 900 });
    await form.getByRole('button', { name: 'Spara' }).click();
    await page.getByText('Produkten är tillagd.').waitFor();
    await page.locator('tr[data-product="tygkasse"]').waitFor();

    // The kids' T-shirt: ordered in children's sizes, in the owner's colour too.
    await page.getByRole('button', { name: 'Lägg till produkt' }).click();
    const kids = page.getByRole('form', { name: 'Lägg till produkt' });
    await kids.getByLabel('Produkt-id (adress)').fill('barn-t-shirt');
    await kids.getByLabel('Namn (svenska)').fill('Barn-t-shirt');
    await kids.getByLabel('Namn (engelska)').fill('Kids’ T-shirt');
    await kids.getByLabel('Beskrivning (svenska)').fill('T-shirt för barn i mjuk bomull.');
    await kids.getByLabel('Beskrivning (engelska)').fill('Soft cotton T-shirt for kids.');
    await kids.getByLabel('Kategori', { exact: true }).selectOption({ label: 'Kläder' });
    await kids.getByLabel('Bild', { exact: true }).selectOption('tshirt-bomull');
    await kids.getByLabel(/Beställs i storlekar/).check();
    await kids.getByLabel('Storlekar', { exact: true }).selectOption({ label: 'Barn (98/104–158/164)' });
    await kids.getByLabel('Antal 1', { exact: true }).fill('20');
    await kids.getByLabel('Styckpris (kr, inkl. moms) 1').fill('89');
    await kids.getByLabel('Antal 2', { exact: true }).fill('50');
    await kids.getByLabel('Styckpris (kr, inkl. moms) 2').fill('79');
    await kids.getByRole('button', { name: 'Ta bort nivå' }).last().click();
    await kids.getByRole('button', { name: 'Lägg till färg' }).click();
    const kidsOwn = kids.getByTestId('own-colours');
    await kidsOwn.getByLabel('Färg-id').fill('natur');
    await kidsOwn.getByLabel('Namn (svenska)').fill('Natur');
    await kidsOwn.getByLabel('Namn (engelska)').fill('Natural');
    await kidsOwn.getByLabel('Färgkod (hex)').fill('#e8dcc4');
    await kids.getByLabel('Natur', { exact: true }).check();
    await kids.getByLabel('Marinblå', { exact: true }).check();
    await kids.getByRole('button', { name: 'Spara' }).click();
    await page.locator('tr[data-product="barn-t-shirt"]').waitFor();

    for (const buyer of [
      { language: 'en', locale: 'en-SE', width: 390 },
      { language: 'sv', locale: 'sv-SE', width: 1280 },
    ] as const) {
      const sv = buyer.language === 'sv';
      const { page: b, errors } = await openPage({
        locale: buyer.locale,
        width: buyer.width,
        skipCurrencyDialog: true,
      });
      await b.goto('/products/tygkasse');
      await b.getByRole('heading', { level: 1, name: sv ? 'Tygkasse' : 'Tote bag' }).waitFor();
      // The owner's picture, as the server's thumbnail, not one of the shop's drawings.
      const picture = b.getByRole('img', { name: sv ? 'Tygkasse' : 'Tote bag' }).first();
      await expect(picture).toHaveAttribute('src', /^\/api\/product-pictures\//);
      await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(600);
      await b
        .getByLabel(sv ? 'Färg' : 'Colour', { exact: true })
        .selectOption({ label: sv ? 'Natur' : 'Natural' });
      await screenshot(b, `catalogue-owner-tote-page-${buyer.language}-${buyer.width}`);
      await b.getByRole('button', { name: sv ? 'Lägg 25 st i varukorgen' : 'Add 25 pcs to cart' }).click();

      await b.goto('/products/barn-t-shirt');
      await b.getByRole('heading', { level: 1, name: sv ? 'Barn-t-shirt' : 'Kids’ T-shirt' }).waitFor();
      await b
        .getByLabel(sv ? 'Färg' : 'Colour', { exact: true })
        .selectOption({ label: sv ? 'Natur' : 'Natural' });
      await b.getByRole('button', { name: sv ? 'Lägg 20 st i varukorgen' : 'Add 20 pcs to cart' }).click();

      await b.goto('/cart');
      // Children's sizes only, for the kids' T-shirt.
      const split = b.getByTestId('size-split');
      await expect(split).toHaveCount(1);
      await expect(split.locator('[data-size="M"]')).toHaveCount(0);
      await split.locator('[data-size="110/116"]').fill('8');
      await split.locator('[data-size="122/128"]').fill('12');
      await expect(split.getByTestId('split-status')).toHaveAttribute('data-complete', 'true');
      // 25 × 59 + 20 × 89 = 3 255 kr
      await expect
        .poll(async () => plain(await b.getByTestId('cart-total').textContent()))
        .toBe('3 255,00 kr');
      await screenshot(b, `catalogue-owner-cart-${buyer.language}-${buyer.width}`);
      await b.getByLabel(sv ? 'Personnummer' : 'Personal ID number').fill('19811218-9876');
      await b.getByLabel(sv ? 'Namn' : 'Name', { exact: true }).fill('Anna Andersson');
      await b.getByLabel(sv ? 'E-post' : 'Email').fill('anna@example.se');
      await b.getByLabel(sv ? 'Telefon' : 'Phone').fill('070-123 45 67');
      await b.getByLabel(sv ? 'Leveransadress' : 'Delivery address').fill('Storgatan 1\n111 22 Stockholm');
      await acceptTerms(b);
      await b.getByRole('button', { name: sv ? /Slutför köpet/ : /Complete Order/ }).click();
      await expect.poll(() => new URL(b.url()).pathname).toBe('/confirmation');
      await expect(b.getByTestId('invoice-number')).toHaveText(/^INV-\d+$/);
      const text = plain(await b.locator('main').textContent());
      expect(text).toContain(sv ? 'Natur' : 'Natural');
      expect(text).toContain('110/116');
      await screenshot(b, `catalogue-owner-confirmation-${buyer.language}-${buyer.width}`);
      expect(errors).toEqual([]);
    }
  });
});
