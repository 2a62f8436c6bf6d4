import type { TestServer } from '../helpers/server';
import { expect, screenshot, test } from './fixtures';
import AxeBuilder from '@axe-core/playwright';
import { sql } from 'drizzle-orm';
import type { Page } from '@playwright/test';
import { uploads } from '@/server/db/uploads-schema';
import { colors } from '@/shared/catalogue';
import { uploadMessages } from '@/shared/i18n/messages/uploads';
import { makePng } from '../helpers/png';

interface StoredLine {
  productId: string;
  quantity: number;
  customisation?: {
    color: string;
    additionalInfo: string;
    prints: { method: string; uploadId: string; side: string; x: number; y: number; scale: number }[];
  };
}

const storedCart = (page: Page) =>
  page.evaluate(() => JSON.parse(window.localStorage.getItem('cart') ?? '[]') as unknown) as Promise<
    StoredLine[]
  >;

const png = (name: string, rgb?: [number, number, number]) => ({
  name,
  mimeType: 'image/png',
  buffer: makePng(96, rgb),
});

async function uploadCount(server: TestServer): Promise<number> {
  const [row] = await server.database.db.select({ n: sql<number>`count(*)::int` }).from(uploads);
  return Number(row?.n ?? 0);
}

const position = async (page: Page, method: string) => {
  const print = page.getByTestId(`print-${method}`);
  return { x: Number(await print.getAttribute('data-x')), y: Number(await print.getAttribute('data-y')) };
};

test.describe('customiser in a real browser', () => {
  test('design a hoodie: colour, upload, keyboard drag, side, quantity, price, add → toast → badge → cart lines', async ({
    server,
    page,
  }) => {
    await page.goto('/products/hoodie');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hoodie');

    // Colour: a named swatch recolours the mockup.
    await page.getByTitle('Navy').click();
    await expect(page.getByRole('radio', { name: 'Navy' })).toBeChecked();
    await expect(page.getByText('Colour: Navy')).toBeVisible();
    await expect(page.getByTestId('design-preview').locator('svg path').first()).toHaveAttribute(
      'fill',
      '#1e2a4a',
    );

    // Upload: the image goes to the server and appears on the preview.
    await page.getByLabel('Upload DTG print image').setInputFiles(png('logo.png'));
    const print = page.getByTestId('print-dtg');
    await expect(print).toBeVisible();
    await expect
      .poll(() => print.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBe(96);
    await expect(print.locator('img')).toHaveAttribute('src', /^\/api\/uploads\/[A-Za-z0-9_-]{24}$/);
    await expect(page.getByTestId('vector-note')).toContainText(
      'Print files should be vector (PDF, EPS, AI, SVG)',
    );
    await expect(page.getByTestId('vector-note')).toContainText('100 kr');
    expect(await uploadCount(server)).toBe(1);

    // Keyboard: arrows move 1 %, Shift+arrow 5 %, never past 90 %.
    const start = await position(page, 'dtg');
    await print.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Shift+ArrowDown');
    await expect.poll(() => position(page, 'dtg')).toEqual({ x: start.x + 2, y: start.y + 5 });
    for (let i = 0; i < 12; i++) await page.keyboard.press('Shift+ArrowRight');
    await expect.poll(() => position(page, 'dtg')).toEqual({ x: 90, y: start.y + 5 });
    await expect(print).toHaveAttribute(
      'aria-label',
      `DTG print: 90 % across, ${Math.round(start.y + 5)} % down`,
    );

    // Mouse: dragging moves the print and stays within 10 %.
    const box = await print.boundingBox();
    const preview = await page.getByTestId('design-preview').boundingBox();
    if (!box || !preview) throw new Error('preview not laid out');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 - preview.width * 0.3, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    await expect.poll(async () => Math.round((await position(page, 'dtg')).x)).toBe(60);
    const moved = await print.boundingBox();
    if (!moved) throw new Error('print not laid out');
    await page.mouse.move(moved.x + moved.width / 2, moved.y + moved.height / 2);
    await page.mouse.down();
    await page.mouse.move(preview.x - 200, preview.y - 200, { steps: 5 });
    await page.mouse.up();
    await expect.poll(() => position(page, 'dtg')).toEqual({ x: 10, y: 10 });

    // Side: the print moves to the back; the preview follows, and the front shows no print.
    const dtgPanel = page.getByRole('region', { name: 'DTG print' });
    await dtgPanel.getByText('Back', { exact: true }).click();
    const previewSides = page.getByRole('group', { name: 'Preview side' });
    await expect(previewSides.getByRole('button', { name: 'Back' })).toHaveAttribute('aria-pressed', 'true');
    await expect(print).toBeVisible();
    await previewSides.getByRole('button', { name: 'Front' }).click();
    await expect(print).toHaveCount(0);
    await expect(page.getByText('No print on the front.')).toBeVisible();
    await previewSides.getByRole('button', { name: 'Back' }).click();

    // Size slider: 0.1–2 in 0.1 steps, shown as a percentage.
    const size = dtgPanel.getByRole('slider', { name: 'Print size' });
    await expect(size).toHaveAttribute('aria-valuetext', '30 %');
    await size.focus();
    await page.keyboard.press('ArrowRight');
    await expect(size).toHaveAttribute('aria-valuetext', '40 %');

    // Quantity: below the minimum and non-numbers are refused with the spec's message.
    const quantity = page.getByLabel('Quantity (pcs)');
    const add = page.getByRole('button', { name: 'Add to cart' });
    await quantity.fill('10');
    await expect(page.getByText('Minimum order is 20 pcs')).toBeVisible();
    await expect(add).toBeDisabled();
    await quantity.fill('fifty');
    await expect(page.getByTestId('quantity-problem')).toHaveText(
      'Enter the quantity as a whole number, e.g. 50. Minimum order is 20 pcs',
    );
    await expect(add).toBeDisabled();
    await quantity.fill('-50');
    await expect(add).toBeDisabled();
    await quantity.fill('50');
    await expect(page.getByTestId('summary-total')).toHaveText('5 718,75 kr');
    await expect(page.getByTestId('summary-unit-price')).toHaveText('114,375 kr');

    await page.getByLabel('Additional information').fill('10 S, 25 M, 15 L');
    await add.click();
    await expect(page.getByText('Added 50 pcs to cart')).toBeVisible();
    await expect(page.getByTestId('cart-badge')).toHaveText('50');

    const [line] = await storedCart(page);
    const uploadId = (await print.locator('img').getAttribute('src'))?.split('/').pop();
    expect(line).toMatchObject({
      productId: 'hoodie',
      quantity: 50,
      customisation: {
        color: 'navy',
        additionalInfo: '10 S, 25 M, 15 L',
        prints: [{ method: 'dtg', uploadId, side: 'back', scale: 0.4 }],
      },
    });

    // A second design of the same product is its own line; the same design again merges.
    await page.getByTitle('Red').click();
    await add.click();
    await expect(page.getByTestId('cart-badge')).toHaveText('100');
    await expect
      .poll(async () => (await storedCart(page)).map((l) => [l.customisation?.color, l.quantity]))
      .toEqual([
        ['navy', 50],
        ['red', 50],
      ]);
    await add.click();
    await expect
      .poll(async () => (await storedCart(page)).map((l) => [l.customisation?.color, l.quantity]))
      .toEqual([
        ['navy', 50],
        ['red', 100],
      ]);

    const axe = await new AxeBuilder({ page }).include('main').analyze();
    expect(
      axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
  });

  test('touch: a finger drags the print on a phone', async ({ openPage }) => {
    const { page, context } = await openPage({ width: 390, touch: true });
    await page.goto('/products/tshirt-bomull');
    await page.getByLabel('Upload Screen print image').setInputFiles(png('badge.png', [22, 101, 52]));
    const print = page.getByTestId('print-screen');
    await expect(print).toBeVisible();
    await print.scrollIntoViewIfNeeded();
    const before = await position(page, 'screen');
    const box = await print.boundingBox();
    const preview = await page.getByTestId('design-preview').boundingBox();
    if (!box || !preview) throw new Error('preview not laid out');
    const cdp = await context.newCDPSession(page);
    const at = (dx: number, dy: number) => [
      { x: box.x + box.width / 2 + dx, y: box.y + box.height / 2 + dy },
    ];
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(0, 0) });
    for (let i = 1; i <= 5; i++)
      await cdp.send('Input.dispatchTouchEvent', {
        type: 'touchMove',
        touchPoints: at(0, (preview.height * 0.2 * i) / 5),
      });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await expect
      .poll(async () => Math.round((await position(page, 'screen')).y))
      .toBe(Math.round(before.y + 20));
    expect((await position(page, 'screen')).x).toBe(before.x);
  });

  test('beanie: front only, minimum 25 pcs', async ({ page }) => {
    await page.goto('/products/mossa');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Beanie');
    await expect(page.getByRole('group', { name: 'Preview side' })).toHaveCount(0);
    await page.getByLabel('Quantity (pcs)').fill('24');
    await expect(page.getByText('Minimum order is 25 pcs')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add to cart' })).toBeDisabled();
    await page.getByLabel('Quantity (pcs)').fill('25');
    await expect(page.getByTestId('summary-total')).toHaveText('4 375,00 kr');
    await page.getByLabel('Upload DTG print image').setInputFiles(png('logo.png'));
    await expect(
      page.getByRole('region', { name: 'DTG print' }).getByText('(the only print side of this product)'),
    ).toBeVisible();
  });

  test('bad files and quantities: a clear message, nothing stored, nothing added', async ({
    server,
    page,
  }) => {
    await page.goto('/products/crewneck');
    const before = await uploadCount(server);
    const input = page.getByLabel('Upload DTG print image');
    const alert = page.getByRole('region', { name: 'DTG print' }).getByRole('alert');

    await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(alert).toHaveText(uploadMessages.en.notImage);

    // Declared as PNG by the browser, but the bytes are text: the server refuses it.
    await input.setInputFiles({
      name: 'fake.png',
      mimeType: 'image/png',
      buffer: Buffer.from('this is not really a png'),
    });
    await expect(alert).toHaveText(uploadMessages.en.notImage);

    // An SVG that is not well-formed XML: refused by the server, which says why.
    await input.setInputFiles({
      name: 'logo.svg',
      mimeType: 'image/svg+xml',
      buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><g></svg>'),
    });
    await expect(alert).toHaveText(uploadMessages.en.svgMalformed);

    const huge = Buffer.alloc(21 * 1024 * 1024);
    makePng(8).copy(huge);
    await input.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: huge });
    await expect(alert).toHaveText(uploadMessages.en.tooLarge);

    expect(await uploadCount(server)).toBe(before);
    await expect(page.getByTestId('print-dtg')).toHaveCount(0);

    const quantity = page.getByLabel('Quantity (pcs)');
    for (const text of ['0', '-20', '2.5', '99999999999999999999', 'lots']) {
      await quantity.fill(text);
      await expect(page.getByRole('button', { name: 'Add to cart' })).toBeDisabled();
    }
    await quantity.fill('1000001');
    await expect(page.getByTestId('quantity-problem')).toHaveText('Maximum order is 1 000 000 pcs');
    await quantity.fill('3');
    await quantity.press('Enter');
    await expect(
      page.locator('[data-sonner-toast]').filter({ hasText: 'Minimum order is 20 pcs' }),
    ).toHaveCount(1);
    expect(await storedCart(page)).toEqual([]);
  });
});

/** An SVG logo with everything a hostile one might carry; the shop keeps only the drawing. */
const hostileSvg = Buffer.from(
  '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 120 60" width="120" height="60" onload="document.title=\'pwned\'">' +
    '<script>document.title="pwned"</script>' +
    '<foreignObject width="10" height="10"><body xmlns="http://www.w3.org/1999/xhtml"><img src="https://evil.example/x.png"/></body></foreignObject>' +
    '<a xlink:href="javascript:alert(1)"><rect width="120" height="60" rx="8" fill="#1d6fd8"/></a>' +
    '<image href="https://evil.example/tracker.png" width="1" height="1"/>' +
    '<circle cx="60" cy="30" r="18" fill="#fff" onclick="alert(1)"/></svg>',
);
const svgFile = { name: 'logo.svg', mimeType: 'image/svg+xml', buffer: hostileSvg };
const pdfFile = {
  name: 'logo.pdf',
  mimeType: 'application/pdf',
  buffer: Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n'),
};

interface StoredPrintFile {
  id: string;
  kind: string;
  source: string;
}
const storedPrintFiles = (page: Page) =>
  page.evaluate(() => JSON.parse(window.localStorage.getItem('printFiles') ?? '[]') as unknown) as Promise<
    StoredPrintFile[]
  >;

test.describe('two prints and the cart thumbnail', () => {
  /** The two boxes as the browser lays them out, in CSS pixels. */
  type Box = { x: number; y: number; width: number; height: number };
  const boxOf = async (page: Page, testId: string): Promise<Box> => {
    const box = await page.getByTestId(testId).boundingBox();
    if (!box) throw new Error(`${testId} not laid out`);
    return box;
  };
  const inside = (inner: Box, outer: Box) =>
    inner.x >= outer.x - 1 &&
    inner.y >= outer.y - 1 &&
    inner.x + inner.width <= outer.x + outer.width + 1 &&
    inner.y + inner.height <= outer.y + outer.height + 1;
  const apart = (a: Box, b: Box) =>
    a.x + a.width <= b.x + 1 ||
    b.x + b.width <= a.x + 1 ||
    a.y + a.height <= b.y + 1 ||
    b.y + b.height <= a.y + 1;

  // The beanie's second print used to land below the beanie, in empty space.
  for (const product of ['tshirt-bomull', 'hoodie', 'crewneck', 'baseball-keps', 'mossa']) {
    test(`${product}: a second print on the same side starts inside the print area, clear of the first`, async ({
      page,
    }) => {
      await page.goto(`/products/${product}`);
      await page.getByLabel('Upload DTG print image').setInputFiles(png('logo.png'));
      await expect(page.getByTestId('print-dtg')).toBeVisible();
      await page.getByLabel('Upload Screen print image').setInputFiles(png('badge.png', [22, 101, 52]));
      const screenPrint = page.getByRole('region', { name: 'Screen print' });
      // Products with two sides start the screen print on the other one: move it to the front.
      if (product !== 'mossa') {
        await expect(screenPrint.getByText('Front', { exact: true })).toBeVisible();
        await screenPrint.getByText('Front', { exact: true }).click();
      }
      await expect(page.getByTestId('print-screen')).toBeVisible();
      await expect(page.getByTestId('print-dtg')).toBeVisible();
      const area = await page.getByTestId('design-preview').locator('svg[aria-hidden] rect').boundingBox();
      if (!area) throw new Error('print area not drawn');
      const dtg = await boxOf(page, 'print-dtg');
      const screen = await boxOf(page, 'print-screen');
      expect({ dtg: inside(dtg, area), screen: inside(screen, area) }).toEqual({ dtg: true, screen: true });
      expect(apart(dtg, screen)).toBe(true);
      if (product === 'mossa') await screenshot(page, 'beanie-two-prints', { fullPage: false });
    });
  }

  test('a black hoodie line in the cart shows a black hoodie with its print, at 390 and 1280 px', async ({
    openPage,
  }) => {
    const black = colors.find((c) => c.id === 'black')?.hex ?? 'no black in the catalogue';
    for (const width of [390, 1280]) {
      const { page, context, errors } = await openPage({ width });
      await page.goto('/products/hoodie');
      await page.getByTitle('Black', { exact: true }).click();
      await page.getByLabel('Upload DTG print image').setInputFiles(png('logo.png', [250, 204, 21]));
      await expect(page.getByTestId('print-dtg')).toBeVisible();
      await page.getByRole('button', { name: 'Add to cart' }).click();
      await expect
        .poll(async () => (await storedCart(page)).map((l) => l.customisation?.color))
        .toEqual(['black']);
      await page.goto('/cart');
      const thumbnail = page.getByTestId('cart-line').getByTestId('design-thumbnail');
      await expect(thumbnail).toBeVisible();
      await expect(thumbnail.locator('svg path').first()).toHaveAttribute('fill', black);
      await expect(thumbnail.getByRole('img', { name: 'Hoodie mockup, front view' })).toHaveCount(1);
      const print = thumbnail.getByTestId('thumbnail-print-dtg');
      await expect.poll(() => print.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(96);
      // The print sits on the chest, inside the picture, as in the customiser.
      const frame = await thumbnail.boundingBox();
      const placed = await print.boundingBox();
      if (!frame || !placed) throw new Error('thumbnail not laid out');
      expect(inside(placed, frame)).toBe(true);
      await screenshot(page, `cart-design-thumbnail-${width}`, { fullPage: false });
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});

test.describe('print files from the customiser', () => {
  test('SVG: previewed on the garment, cleaned; one click makes it the print file, and the cart charges no fee', async ({
    server,
    openPage,
  }) => {
    const { page, context, errors } = await openPage();
    await page.goto('/products/hoodie');
    await page.getByLabel('Upload DTG print image').setInputFiles(svgFile);
    const print = page.getByTestId('print-dtg');
    await expect(print).toBeVisible();
    // The browser draws the cleaned SVG as an image (never as markup in the page).
    await expect
      .poll(() => print.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    await expect(page.locator('main svg script, main foreignObject')).toHaveCount(0);
    const src = (await print.locator('img').getAttribute('src')) ?? '';
    const served = await context.request.get(`${server.url}${src}`);
    expect(served.headers()['content-type']).toBe('image/svg+xml');
    expect(served.headers()['x-content-type-options']).toBe('nosniff');
    expect(served.headers()['content-disposition']).toMatch(/^attachment;/);
    expect(served.headers()['content-security-policy']).toContain('sandbox');
    expect(await served.text()).not.toMatch(/script|pwned|evil|onload|onclick|foreignObject|javascript/i);
    expect(await page.title()).not.toContain('pwned');

    // Vector: said before choosing, sharp at any size.
    const choice = page.getByTestId('use-as-print-file-dtg');
    await expect(choice).toHaveAttribute('data-kind', 'vector');
    await expect(choice.getByTestId('print-file-note')).toHaveText('SVG is a vector file: no fee.');
    await expect(page.getByTestId('quality-dtg')).toHaveText(
      'about 13,4 cm wide · Vector: sharp at any size.',
    );
    await choice.getByLabel('Use this image as the print file').check();
    await expect
      .poll(async () => (await storedPrintFiles(page)).map((f) => [f.kind, f.source]))
      .toEqual([['vector', 'customiser']]);

    await page.getByLabel('Quantity (pcs)').fill('50');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.getByTestId('cart-badge')).toHaveText('50');
    await page.goto('/cart');
    const files = page.getByTestId('print-files');
    await expect(files.getByTestId('print-file')).toHaveCount(1);
    await expect(files.getByTestId('print-file')).toContainText('logo.svg');
    await expect(files.getByTestId('print-file-kind')).toHaveText('Vector');
    await expect(page.getByTestId('conversion-fee')).toHaveCount(0);
    await expect(page.getByTestId('cart-total')).toHaveText('5 718,75 kr');
    expect(errors).toEqual([]);
  });

  test('low-resolution PNG: the dpi warning follows the print size; as the print file it adds the 100 kr fee in the cart', async ({
    page,
  }) => {
    await page.goto('/products/hoodie');
    await page.getByLabel('Upload DTG print image').setInputFiles(png('small-logo.png'));
    await expect(page.getByTestId('print-dtg')).toBeVisible();

    // 96 px across 13,4 cm (30 % on the hoodie front): far below 150 dpi.
    const quality = page.getByTestId('quality-dtg').getByTestId('print-quality');
    await expect(quality).toHaveText('18 dpi at 13,4 cm wide: will look blurry at this size');
    await expect(quality).toHaveAttribute('data-blurry');
    const size = page.getByRole('region', { name: 'DTG print' }).getByRole('slider', { name: 'Print size' });
    await size.focus();
    for (let i = 0; i < 2; i++) await page.keyboard.press('ArrowLeft');
    await expect(quality).toHaveText('54 dpi at 4,5 cm wide: will look blurry at this size');

    // The fee is said before the box is ticked.
    const choice = page.getByTestId('use-as-print-file-dtg');
    await expect(choice).toHaveAttribute('data-kind', 'raster');
    await expect(choice.getByTestId('print-file-note')).toHaveText(
      'This image is a raster image: as the print file it costs 100,00 kr for conversion. A vector file (SVG, PDF, EPS, AI) costs nothing extra.',
    );
    await screenshot(page, 'customiser-raster-choice-1280', { fullPage: false });
    const box = choice.getByLabel('Use this image as the print file');
    await box.check();
    await expect.poll(async () => (await storedPrintFiles(page)).length).toBe(1);
    // Unticked, it is no print file any more; ticked again for the order.
    await box.uncheck();
    await expect.poll(async () => (await storedPrintFiles(page)).length).toBe(0);
    await box.check();

    await page.getByLabel('Quantity (pcs)').fill('50');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.getByTestId('cart-badge')).toHaveText('50');
    await page.goto('/cart');
    const files = page.getByTestId('print-files');
    await expect(files.getByTestId('print-file')).toHaveCount(1);
    await expect(files.getByTestId('print-file-kind')).toHaveText('Raster · + 100,00 kr conversion');
    await expect(files.getByTestId('print-quality')).toHaveText(
      '54 dpi at 4,5 cm wide: will look blurry at this size',
    );
    await expect(page.getByTestId('conversion-fee')).toContainText('× 1');
    await expect(page.getByTestId('cart-total')).toHaveText('5 818,75 kr');
  });

  test('PDF: no preview, said plainly; it still becomes the print file (vector, no fee)', async ({
    openPage,
  }) => {
    const { page, errors } = await openPage({ width: 390 });
    await page.goto('/products/tshirt-bomull');
    await page.getByLabel('Upload DTG print image').setInputFiles(pdfFile);
    const card = page.getByTestId('no-preview-dtg');
    await expect(card).toBeVisible();
    await expect(card).toContainText(
      'logo.pdf cannot be shown on the garment: PDF, EPS and AI files have no preview. You can still use the file as your print file.',
    );
    await expect(page.getByTestId('print-dtg')).toHaveCount(0);
    const choice = page.getByTestId('use-print-file-dtg');
    await expect(choice.getByTestId('print-file-note')).toHaveText(
      'PDF, EPS and AI are vector files: no fee.',
    );
    await choice.getByLabel('Use this file as the print file').check();
    await expect
      .poll(async () => (await storedPrintFiles(page)).map((f) => [f.kind, f.source]))
      .toEqual([['vector', 'upload']]);
    // Another file in its place: the first is no print file any more.
    const first = (await storedPrintFiles(page))[0]?.id;
    await page.getByLabel('Upload DTG print image').setInputFiles({ ...pdfFile, name: 'logo-v2.pdf' });
    await expect(card).toContainText('logo-v2.pdf');
    expect(await storedPrintFiles(page)).toEqual([]);
    await choice.getByLabel('Use this file as the print file').check();
    await expect.poll(async () => (await storedPrintFiles(page)).map((f) => f.id === first)).toEqual([false]);
    await screenshot(page, 'customiser-pdf-390');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.goto('/cart');
    const files = page.getByTestId('print-files');
    await expect(files.getByTestId('print-file')).toHaveCount(1);
    await expect(files.getByTestId('print-file-kind')).toHaveText('Vector');
    await expect(page.getByTestId('conversion-fee')).toHaveCount(0);
    expect(errors).toEqual([]);
  });
});

/** English that the customiser used to show to everyone: none of it may be left in Swedish. */
const englishWords = [
  /Your prints/,
  /Per unit/,
  /Upload image/,
  /\bReplace\b/,
  /Uploading/,
  /Print side/,
  /Print size/,
  /Wait for the upload/,
  /Upload an image below/,
  /mockup/i,
  /\bpcs\b/,
  /\bQuantity\b/,
  /Add to cart/,
  /\bColou?r\b/,
  /\bRemove\b/,
  /\bView\b/,
  /\bTotal\b/,
  /Additional information/,
  /Drag a print/,
  /full-colour/,
  /durable colours/,
  /Print files should/,
  /\buploaded\b/,
  /Use this/,
  /print file/i,
  /\b(Front|Back|Side)\b/,
  /\b(Navy|White|Black|Grey)\b/,
  /\b(across|down)\b/,
  /DTG print|Screen print/,
  /price tiers/i,
  /Whole pieces/,
  /No print/,
  /dpi at/,
  /blurry/,
];

/** Every text a visitor or a screen reader meets in the page's main part, as written (not as CSS shows it). */
const visibleAndSpokenText = (page: Page) =>
  page.locator('main').evaluate((main) => {
    const texts: string[] = [];
    const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) texts.push(node.textContent ?? '');
    for (const element of main.querySelectorAll('*')) {
      for (const name of ['aria-label', 'title', 'alt', 'placeholder', 'aria-valuetext']) {
        const value = element.getAttribute(name);
        if (value !== null) texts.push(value);
      }
    }
    return texts.join('\n');
  });

test.describe('the customiser in both languages', () => {
  test('Swedish (sv-SE): no English left, units "st", while uploading and after', async ({ openPage }) => {
    const { page, errors } = await openPage({ locale: 'sv-SE', width: 1280 });
    // Hold the upload a moment, to read what the page says meanwhile.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/uploads', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/products/hoodie');
    await expect(page.locator('html')).toHaveAttribute('lang', 'sv');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hoodie');
    await page.getByLabel('Ladda upp bild för DTG-tryck').setInputFiles(png('logga.png'));
    await expect(page.getByText('Laddar upp …')).toBeVisible();
    await expect(
      page.getByText('Vänta tills uppladdningen är klar innan du lägger i varukorgen.'),
    ).toBeVisible();
    const whileUploading = await visibleAndSpokenText(page);
    release();
    await expect(page.getByTestId('print-dtg')).toBeVisible();
    await page.getByLabel('Ladda upp bild för Screentryck').setInputFiles(svgFile);
    await expect(page.getByTestId('print-screen')).toBeVisible();
    // The screen print goes on the back: the front then names it.
    await page.getByRole('region', { name: 'Screentryck' }).getByText('Baksida', { exact: true }).click();
    await page
      .getByRole('group', { name: 'Förhandsvisad sida' })
      .getByRole('button', { name: 'Framsida' })
      .click();
    await page.getByLabel('Antal (st)').fill('10');
    await expect(page.getByText('Minsta beställning är 20 st').first()).toBeVisible();
    await page.getByLabel('Antal (st)').fill('50');
    await expect(page.getByTestId('summary-quantity')).toHaveText('50 st');
    await expect(page.getByTestId('quality-dtg')).toHaveText(
      '18 dpi vid 13,4 cm bredd: kommer att se suddig ut i den här storleken',
    );
    await expect(page.getByTestId('use-as-print-file-dtg')).toContainText(
      'Använd den här bilden som tryckfil',
    );
    const after = await visibleAndSpokenText(page);
    for (const text of [whileUploading, after]) {
      const left = englishWords.filter((word) => word.test(text)).map(String);
      expect(left).toEqual([]);
    }
    expect(after).toContain('Dina tryck');
    expect(after).toContain('Styckpris');
    expect(after).toContain('Byt');
    expect(after).toContain('Trycksida');
    expect(after).toContain('Hoodie sedd framifrån');
    await expect(page.getByText('Färg: Vit')).toBeVisible();

    await page.getByRole('button', { name: 'Lägg i varukorgen' }).click();
    await expect(page.getByText('50 st har lagts i varukorgen')).toBeVisible();
    const axe = await new AxeBuilder({ page }).include('main').analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);
    expect(errors).toEqual([]);
  });

  for (const [locale, language] of [
    ['sv-SE', 'sv'],
    ['en-GB', 'en'],
  ] as const) {
    for (const width of [390, 1280]) {
      test(`screenshots: a designed hoodie in ${language} at ${width} px`, async ({ openPage }) => {
        const { page, errors } = await openPage({ locale, width });
        await page.goto('/products/hoodie');
        await page
          .getByLabel(/Upload DTG print image|Ladda upp bild för DTG-tryck/)
          .setInputFiles(png('logo.png'));
        await expect(page.getByTestId('print-dtg')).toBeVisible();
        await page
          .getByLabel(/Upload Screen print image|Ladda upp bild för Screentryck/)
          .setInputFiles(svgFile);
        await expect(page.getByTestId('print-screen')).toBeVisible();
        await page.getByTestId('use-as-print-file-screen').getByRole('checkbox').check();
        await screenshot(page, `customiser-${language}-${width}`);
        expect(errors).toEqual([]);
      });
    }
  }
});
