import AxeBuilder from '@axe-core/playwright';
import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '@/server/db/uploads-schema';
import { uploadMessages } from '@/shared/uploads';
import { makePng } from '../helpers/png';
import { openPage, plain, startShop, type Shop } from './browser';

let shop: Shop;
beforeAll(async () => {
  shop = await startShop();
});
afterAll(() => shop.close());

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

async function uploadCount(): Promise<number> {
  const [row] = await shop.server.database.db.select({ n: sql<number>`count(*)::int` }).from(uploads);
  return Number(row?.n ?? 0);
}

const position = async (page: Page, method: string) => {
  const print = page.getByTestId(`print-${method}`);
  return { x: Number(await print.getAttribute('data-x')), y: Number(await print.getAttribute('data-y')) };
};

describe('customiser in a real browser', () => {
  it('design a hoodie: colour, upload, keyboard drag, side, quantity, price, add → toast → badge → cart lines', async () => {
    const { page, context, errors } = await openPage(shop);
    await page.goto('/products/hoodie');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Hoodie');

    // Colour: a named swatch recolours the mockup.
    await page.getByTitle('Navy').click();
    expect(await page.getByRole('radio', { name: 'Navy' }).isChecked()).toBe(true);
    await expect.poll(() => page.getByText('Colour: Navy').isVisible()).toBe(true);
    expect(await page.getByTestId('design-preview').locator('svg path').first().getAttribute('fill')).toBe(
      '#1e2a4a',
    );

    // Upload: the image goes to the server and appears on the preview.
    await page.getByLabel('Upload DTG print image').setInputFiles(png('logo.png'));
    const print = page.getByTestId('print-dtg');
    await expect.poll(() => print.isVisible()).toBe(true);
    await expect
      .poll(() => print.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBe(96);
    expect(await print.locator('img').getAttribute('src')).toMatch(/^\/api\/uploads\/[A-Za-z0-9_-]{24}$/);
    await expect
      .poll(() => page.getByTestId('vector-note').textContent())
      .toContain('Print files should be vector (PDF, EPS, AI, SVG)');
    expect(await page.getByTestId('vector-note').textContent()).toContain('100 kr');
    expect(await uploadCount()).toBe(1);

    // Keyboard: arrows move 1 %, Shift+arrow 5 %, never past 90 %.
    const start = await position(page, 'dtg');
    await print.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Shift+ArrowDown');
    await expect.poll(() => position(page, 'dtg')).toEqual({ x: start.x + 2, y: start.y + 5 });
    for (let i = 0; i < 12; i++) await page.keyboard.press('Shift+ArrowRight');
    await expect.poll(() => position(page, 'dtg')).toEqual({ x: 90, y: start.y + 5 });
    expect(await print.getAttribute('aria-label')).toBe(
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
    await expect
      .poll(() => previewSides.getByRole('button', { name: 'Back' }).getAttribute('aria-pressed'))
      .toBe('true');
    await expect.poll(() => print.isVisible()).toBe(true);
    await previewSides.getByRole('button', { name: 'Front' }).click();
    await expect.poll(() => print.count()).toBe(0);
    await expect.poll(() => page.getByText('No print on the front.').isVisible()).toBe(true);
    await previewSides.getByRole('button', { name: 'Back' }).click();

    // Size slider: 0.1–2 in 0.1 steps, shown as a percentage.
    const size = dtgPanel.getByRole('slider', { name: 'Print size' });
    expect(await size.getAttribute('aria-valuetext')).toBe('30 %');
    await size.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => size.getAttribute('aria-valuetext')).toBe('40 %');

    // Quantity: below the minimum and non-numbers are refused with the spec's message.
    const quantity = page.getByLabel('Quantity (pcs)');
    const add = page.getByRole('button', { name: 'Add to cart' });
    await quantity.fill('10');
    await expect.poll(() => page.getByText('Minimum order is 20 pcs').isVisible()).toBe(true);
    expect(await add.isDisabled()).toBe(true);
    await quantity.fill('fifty');
    await expect
      .poll(() => page.getByTestId('quantity-problem').textContent())
      .toBe('Enter the quantity as a whole number, e.g. 50. Minimum order is 20 pcs');
    expect(await add.isDisabled()).toBe(true);
    await quantity.fill('-50');
    await expect.poll(() => add.isDisabled()).toBe(true);
    await quantity.fill('50');
    await expect
      .poll(async () => plain(await page.getByTestId('summary-total').textContent()))
      .toBe('5 718,75 kr');
    expect(plain(await page.getByTestId('summary-unit-price').textContent())).toBe('114,375 kr');

    await page.getByLabel('Additional information').fill('10 S, 25 M, 15 L');
    await add.click();
    await expect.poll(() => page.getByText('Added 50 pcs to cart').isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId('cart-badge').textContent()).toBe('50');

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
    await expect.poll(() => page.getByTestId('cart-badge').textContent()).toBe('100');
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
    expect(errors).toEqual([]);
    await context.close();
  });

  it('touch: a finger drags the print on a phone', async () => {
    const { page, context } = await openPage(shop, { width: 390, touch: true });
    await page.goto('/products/tshirt-bomull');
    await page.getByLabel('Upload Screen print image').setInputFiles(png('badge.png', [22, 101, 52]));
    const print = page.getByTestId('print-screen');
    await expect.poll(() => print.isVisible()).toBe(true);
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
    await context.close();
  });

  it('beanie: front only, minimum 25 pcs', async () => {
    const { page, context } = await openPage(shop);
    await page.goto('/products/mossa');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Beanie');
    expect(await page.getByRole('group', { name: 'Preview side' }).count()).toBe(0);
    await page.getByLabel('Quantity (pcs)').fill('24');
    await expect.poll(() => page.getByText('Minimum order is 25 pcs').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Add to cart' }).isDisabled()).toBe(true);
    await page.getByLabel('Quantity (pcs)').fill('25');
    await expect
      .poll(async () => plain(await page.getByTestId('summary-total').textContent()))
      .toBe('4 375,00 kr');
    await page.getByLabel('Upload DTG print image').setInputFiles(png('logo.png'));
    await expect
      .poll(() =>
        page
          .getByRole('region', { name: 'DTG print' })
          .getByText('(the only print side of this product)')
          .isVisible(),
      )
      .toBe(true);
    await context.close();
  });

  it('bad files and quantities: a clear message, nothing stored, nothing added', async () => {
    const { page, context } = await openPage(shop);
    await page.goto('/products/crewneck');
    const before = await uploadCount();
    const input = page.getByLabel('Upload DTG print image');
    const alert = page.getByRole('region', { name: 'DTG print' }).getByRole('alert');

    await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect.poll(() => alert.textContent()).toBe(uploadMessages.notImage);

    // Declared as PNG by the browser, but the bytes are text: the server refuses it.
    await input.setInputFiles({
      name: 'fake.png',
      mimeType: 'image/png',
      buffer: Buffer.from('this is not really a png'),
    });
    await expect.poll(() => alert.textContent()).toBe(uploadMessages.notImage);

    await input.setInputFiles({
      name: 'logo.svg',
      mimeType: 'image/svg+xml',
      buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    });
    await expect.poll(() => alert.textContent()).toBe(uploadMessages.svg);

    const huge = Buffer.alloc(21 * 1024 * 1024);
    makePng(8).copy(huge);
    await input.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: huge });
    await expect.poll(() => alert.textContent()).toBe(uploadMessages.tooLarge);

    expect(await uploadCount()).toBe(before);
    expect(await page.getByTestId('print-dtg').count()).toBe(0);

    const quantity = page.getByLabel('Quantity (pcs)');
    for (const text of ['0', '-20', '2.5', '99999999999999999999', 'lots']) {
      await quantity.fill(text);
      await expect.poll(() => page.getByRole('button', { name: 'Add to cart' }).isDisabled()).toBe(true);
    }
    await quantity.fill('1000001');
    await expect
      .poll(async () => plain(await page.getByTestId('quantity-problem').textContent()))
      .toBe('Maximum order is 1 000 000 pcs');
    await quantity.fill('3');
    await quantity.press('Enter');
    await expect
      .poll(() => page.locator('[data-sonner-toast]').filter({ hasText: 'Minimum order is 20 pcs' }).count())
      .toBe(1);
    expect(await storedCart(page)).toEqual([]);
    await context.close();
  });
});
