import type { Locator, Page } from '@playwright/test';
import { adminLogin } from '../helpers/admin';
import { pdfText } from '../helpers/ledger';
import { makePng } from '../helpers/png';
import { request, type TestServer } from '../helpers/server';
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

  test('the owner makes a customisable tote bag on its own mockup picture with print areas in cm; buyers in both languages design it in the owner’s colour and order it with a plain tote bag at 390 and 1280 px', async ({
    openPage,
    server,
  }) => {
    const cookie = await adminLogin(server);
    await addPlainTote(server, cookie);
    const { page, context } = await openPage({ locale: 'sv-SE', skipCurrencyDialog: true });
    await loginAsAdmin(server, context);
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Produkter' }).click();
    await page.getByRole('button', { name: 'Lägg till produkt' }).click();
    const form = page.getByRole('form', { name: 'Lägg till produkt' });
    await form.getByLabel('Produkt-id (adress)').fill('designkasse');
    await form.getByLabel('Namn (svenska)').fill('Designkasse');
    await form.getByLabel('Namn (engelska)').fill('Design tote');
    await form.getByLabel('Beskrivning (svenska)').fill('Tygkasse med ert tryck fram och bak.');
    await form.getByLabel('Beskrivning (engelska)').fill('Tote bag with your print on both sides.');
    await form.getByLabel('Kategori', { exact: true }).selectOption({ label: 'Accessoarer' });
    await form
      .getByLabel('Sort', { exact: true })
      .selectOption({ label: 'Kunden designar själv på en mockup' });
    await form.getByLabel('Mockup i designvyn').selectOption({ label: 'Egen mockupbild' });
    await form.getByLabel('Framsida', { exact: true }).check();
    await form.getByLabel('Bredd (cm) · Framsida').fill('30');
    await form.getByLabel('Höjd (cm) · Framsida').fill('35');
    await form.getByLabel('Baksida', { exact: true }).check();
    await form.getByLabel('Bredd (cm) · Baksida').fill('20');
    await form.getByLabel('Höjd (cm) · Baksida').fill('20');
    await form.getByTestId('mockup-picture-input').setInputFiles({
      name: 'kasse-mockup.png',
      mimeType: 'image/png',
      buffer: makePng(400, [255, 255, 255]),
    });
    const board = form.getByTestId('mockup-drawing-board');
    await board.waitFor();
    await drawOn(page, board, [0.3, 0.3], [0.7, 0.8]);
    await expect(form.getByTestId('mockup-side-status-front')).toHaveText('Tryckyta för Framsida ritad');
    await form.getByLabel('Antal 1', { exact: true }).fill('20');
    await form.getByLabel('Styckpris (kr, inkl. moms) 1').fill('79');
    await form.getByLabel('Antal 2', { exact: true }).fill('50');
    await form.getByLabel('Styckpris (kr, inkl. moms) 2').fill('69');
    await form.getByRole('button', { name: 'Ta bort nivå' }).last().click();
    await form.getByRole('button', { name: 'Lägg till färg' }).click();
    const own = form.getByTestId('own-colours');
    await own.getByLabel('Färg-id').fill('natur');
    await own.getByLabel('Namn (svenska)').fill('Natur');
    await own.getByLabel('Namn (engelska)').fill('Natural');
    await own.getByLabel('Färgkod (hex)').fill('#e8dcc4');
    await form.getByLabel('Natur', { exact: true }).check();
    await form.getByLabel('Vit', { exact: true }).check();
    // The back's area not drawn yet: the form says so and names the side.
    await form.getByRole('button', { name: 'Spara' }).click();
    await expect(form.getByTestId('mockup-side-status-back')).toContainText(
      'Rita tryckytan för sidan på mockupbilden.',
    );
    await form.getByLabel('Baksida', { exact: true }).last().check();
    await drawOn(page, board, [0.35, 0.35], [0.6, 0.6]);
    await expect(form.getByTestId('mockup-side-status-back')).toHaveText('Tryckyta för Baksida ritad');
    await screenshot(page, 'catalogue-owner-mockup-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'catalogue-owner-mockup-390');
    await page.setViewportSize({ width: 1280, height: 900 });
    await form.getByRole('button', { name: 'Spara' }).click();
    await page.getByText('Produkten är tillagd.').waitFor();
    await page.locator('tr[data-product="designkasse"]').waitFor();

    const orders: string[] = [];
    for (const buyer of [
      { language: 'en', locale: 'en-SE', width: 390 },
      { language: 'sv', locale: 'sv-SE', width: 1280 },
    ] as const) {
      orders.push(await designAndOrder(openPage, buyer));
    }

    // The job ticket gives the owner's areas in cm and the print's size on them.
    const ticket = await fetch(`${server.url}/api/admin/orders/${orders[1]}/job-ticket.pdf`, {
      headers: { cookie, 'accept-language': 'sv' },
    });
    const text = await pdfText(new Uint8Array(await ticket.arrayBuffer()));
    expect(text).toContain('20 st Designkasse');
    expect(text).toContain('Natur');
    expect(text).toContain('Tryckyta 30 × 35 cm');
  });
});

/** A plain tote bag in one size with the owner's picture and a natural colour (as the first test adds it in admin). */
async function addPlainTote(server: TestServer, cookie: string) {
  const form = new FormData();
  form.append(
    'file',
    new Blob([new Uint8Array(makePng(300, [232, 220, 196]))], { type: 'image/png' }),
    'tote.png',
  );
  const picture = await request<{ image: string }>(server, '/api/admin/product-pictures', {
    method: 'POST',
    body: form,
    headers: { cookie },
  });
  expect(picture.status).toBe(201);
  const added = await request(server, '/api/admin/products', {
    method: 'POST',
    headers: { cookie },
    json: {
      // Its own id: the first test of this file (same server) already added 'tygkasse'.
      id: 'enkelkasse',
      names: { sv: 'Enkel kasse', en: 'Plain tote bag' },
      descriptions: { sv: 'Tygkasse i ekologisk bomull.', en: 'Tote bag in organic cotton.' },
      category: 'accessoarer',
      kind: 'tiers',
      image: picture.body.image,
      tiers: [{ quantity: 25, pricePerUnit: '59' }],
      ownColours: [{ id: 'natur', names: { sv: 'Natur', en: 'Natural' }, hex: '#e8dcc4' }],
      options: [{ id: 'colour', choices: [{ id: 'natur' }] }],
      facts: {},
      visible: true,
    },
  });
  expect(added.status).toBe(201);
}

/** Drags a rectangle on the mockup picture from one corner to the other (fractions of its box). */
async function drawOn(page: Page, board: Locator, from: [number, number], to: [number, number]) {
  await board.scrollIntoViewIfNeeded();
  const box = await board.boundingBox();
  if (!box) throw new Error('the drawing board is not shown');
  await page.mouse.move(box.x + box.width * from[0], box.y + box.height * from[1]);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * to[0], box.y + box.height * to[1], { steps: 5 });
  await page.mouse.up();
}

/** A buyer designs the tote on its mockup picture in Natural, adds the plain tote bag and orders both. */
async function designAndOrder(
  openPage: Parameters<Parameters<typeof test>[2]>[0]['openPage'],
  buyer: { language: 'sv' | 'en'; locale: string; width: number },
): Promise<string> {
  const sv = buyer.language === 'sv';
  const { page: b, errors } = await openPage({
    locale: buyer.locale,
    width: buyer.width,
    skipCurrencyDialog: true,
  });
  await b.goto('/products/designkasse');
  await b.getByRole('heading', { level: 1, name: sv ? 'Designkasse' : 'Design tote' }).waitFor();
  const preview = b.getByTestId('design-preview');
  // The owner's picture, not one of the 17 drawings, with the front area drawn where the owner drew it.
  const mockup = preview.getByRole('img', {
    name: sv ? 'Designkasse sedd framifrån' : 'Design tote mockup, front view',
  });
  await expect(mockup).toHaveAttribute('data-testid', 'picture-mockup');
  const drawnX = Number(await preview.locator('svg rect').first().getAttribute('x'));
  expect(Math.abs(drawnX - 120)).toBeLessThan(3);
  await b.getByTitle(sv ? 'Natur' : 'Natural').click();
  await expect(preview.getByTestId('picture-mockup-tint')).toHaveAttribute('data-colour', '#e8dcc4');
  await b
    .getByLabel(sv ? 'Ladda upp bild för DTG-tryck' : 'Upload DTG print image')
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: makePng(96) });
  await expect(b.getByTestId('print-dtg')).toBeVisible();
  // Both sides the owner drew can be previewed.
  await b.getByRole('group', { name: sv ? 'Förhandsvisad sida' : 'Preview side' }).waitFor();
  await b.getByLabel(sv ? 'Antal (st)' : 'Quantity (pcs)').fill('20');
  await screenshot(b, `catalogue-owner-design-${buyer.language}-${buyer.width}`);
  await b.getByRole('button', { name: sv ? 'Lägg i varukorgen' : 'Add to cart' }).click();
  await expect(b.getByTestId('cart-badge')).toHaveText('20');
  await b.goto('/products/enkelkasse');
  await b.getByRole('button', { name: sv ? 'Lägg 25 st i varukorgen' : 'Add 25 pcs to cart' }).click();
  await b.goto('/cart');
  await b.getByTestId('design-thumbnail').getByTestId('picture-mockup').waitFor();
  // 20 × 79 + 25 × 59 = 3 055 kr
  await expect.poll(async () => plain(await b.getByTestId('cart-total').textContent())).toBe('3 055,00 kr');
  await screenshot(b, `catalogue-owner-design-cart-${buyer.language}-${buyer.width}`);
  await b.getByLabel(sv ? 'Personnummer' : 'Personal ID number').fill('19811218-9876');
  await b.getByLabel(sv ? 'Namn' : 'Name', { exact: true }).fill('Anna Andersson');
  await b.getByLabel(sv ? 'E-post' : 'Email').fill('anna@example.se');
  await b.getByLabel(sv ? 'Telefon' : 'Phone').fill('070-123 45 67');
  await b.getByLabel(sv ? 'Leveransadress' : 'Delivery address').fill('Storgatan 1\n111 22 Stockholm');
  await acceptTerms(b);
  await b.getByRole('button', { name: sv ? /Slutför köpet/ : /Complete Order/ }).click();
  await expect.poll(() => new URL(b.url()).pathname).toBe('/confirmation');
  const number = (await b.getByTestId('invoice-number').textContent()) ?? '';
  expect(plain(await b.locator('main').textContent())).toContain(sv ? 'Natur' : 'Natural');
  expect(errors).toEqual([]);
  return number;
}
