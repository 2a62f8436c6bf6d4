import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, screenshot, test } from './fixtures';
import { testCustomer } from '../helpers/orders';
import { makePng } from '../helpers/png';

/**
 * Prints that fit and one method on several sides (issue 45): the size slider ends at the largest
 * print the side's area takes and says it in cm; screen print goes on the front and the back.
 */

interface StoredPrint {
  method: string;
  uploadId: string;
  side: string;
  x: number;
  y: number;
  scale: number;
}
interface StoredLine {
  productId: string;
  quantity: number;
  customisation?: { color: string; additionalInfo: string; prints: StoredPrint[] };
}

const storedCart = (page: Page) =>
  page.evaluate(() => JSON.parse(window.localStorage.getItem('cart') ?? '[]') as unknown) as Promise<
    StoredLine[]
  >;

// A square image: its height is its width, so the area's height counts as well as its width.
const png = (name: string, rgb?: [number, number, number]) => ({
  name,
  mimeType: 'image/png',
  buffer: makePng(600, rgb),
});

test.describe('prints that fit, front and back', () => {
  test('Swedish at 390 px: the T-shirt slider stops at 28,8 cm, screen print front and back goes to the cart', async ({
    openPage,
  }) => {
    const { page } = await openPage({ locale: 'sv-SE', width: 390, touch: true });
    await page.goto('/products/tshirt-bomull');

    const dtg = page.getByRole('region', { name: 'DTG-tryck' });
    await page.getByLabel('Ladda upp bild för DTG-tryck').setInputFiles(png('logga.png'));
    await expect(page.getByTestId('print-dtg')).toBeVisible();
    const size = dtg.getByRole('slider', { name: 'Tryckstorlek' });
    // 30 × 35 cm front: 60 % is 28,8 cm (and 28,8 cm high), 70 % would be 33,6 cm.
    await expect(size).toHaveAttribute('max', '0.6');
    await expect(dtg.getByTestId('largest-dtg')).toHaveText(
      'Största storlek som får plats på tryckytan: 28,8 cm brett (60 %)',
    );
    await size.focus();
    await page.keyboard.press('End');
    await expect(size).toHaveAttribute('aria-valuetext', '60 %');
    await page.keyboard.press('ArrowRight');
    await expect(size).toHaveAttribute('aria-valuetext', '60 %');
    await expect(dtg.getByTestId('quality-dtg')).toContainText('28,8 cm');
    await screenshot(page, 'print-fit-slider-sv-390', { fullPage: false });
    await dtg.getByRole('button', { name: 'Ta bort DTG-tryck' }).click();

    // Screen print on the front, then another on the back.
    const screen = page.getByRole('region', { name: 'Screentryck' });
    await page.getByLabel('Ladda upp bild för Screentryck').setInputFiles(png('fram.png'));
    await expect(page.getByTestId('print-screen')).toBeVisible();
    await expect(screen.getByTestId('largest-screen')).toContainText('28,8 cm');
    await page.getByRole('button', { name: 'Screentryck på en annan sida' }).click();
    const front = page.getByRole('region', { name: 'Screentryck – Framsida' });
    const back = page.getByRole('region', { name: 'Screentryck – Baksida' });
    await expect(front).toBeVisible();
    await expect(back).toBeVisible();
    await page
      .getByLabel('Ladda upp bild för Screentryck – Baksida')
      .setInputFiles(png('bak.png', [200, 30, 30]));
    await expect(page.getByTestId('print-screen-2')).toBeVisible();
    // One screen print per side: the front is taken for the back's print.
    await expect(back.getByRole('radio', { name: 'Framsida' })).toBeDisabled();
    await expect(back.getByRole('radio', { name: 'Baksida' })).toBeChecked();
    // The back's area is 32 × 41,8 cm: 60 % is 30,7 cm.
    await expect(back.getByTestId('largest-screen-2')).toHaveText(
      'Största storlek som får plats på tryckytan: 30,7 cm brett (60 %)',
    );
    // Every side has a screen print now (the T-shirt has front and back): no further button.
    await expect(page.getByRole('button', { name: 'Screentryck på en annan sida' })).toHaveCount(0);
    await back.scrollIntoViewIfNeeded();
    await screenshot(page, 'print-fit-front-back-sv-390', { fullPage: false });
    await page.getByTestId('design-preview').scrollIntoViewIfNeeded();
    await screenshot(page, 'print-fit-preview-back-sv-390', { fullPage: false });

    await page.getByRole('button', { name: 'Lägg i varukorgen' }).click();
    await expect.poll(async () => (await storedCart(page)).length).toBe(1);
    const [line] = await storedCart(page);
    expect(line?.customisation?.prints.map((p) => [p.method, p.side])).toEqual([
      ['screen', 'front'],
      ['screen', 'back'],
    ]);
    await page.goto('/cart');
    await expect(page.getByAltText('Screentryck, Framsida')).toBeVisible();
    await expect(page.getByAltText('Screentryck, Baksida')).toBeVisible();
  });

  test('English at 1280 px: the hoodie slider stops at 22,4 cm for a square image; front and back screen print is an order', async ({
    page,
  }) => {
    await page.goto('/products/hoodie');
    const screen = page.getByRole('region', { name: 'Screen print' });
    await page.getByLabel('Upload Screen print image').setInputFiles(png('crest.png'));
    await expect(page.getByTestId('print-screen')).toBeVisible();
    const size = screen.getByRole('slider', { name: 'Print size' });
    // The hoodie front is 28 × 24,4 cm: a square print of 60 % (26,9 cm) is too tall, 50 % fits.
    await expect(size).toHaveAttribute('max', '0.5');
    await expect(screen.getByTestId('largest-screen')).toHaveText(
      'Largest size that fits the print area: 22,4 cm wide (50 %)',
    );
    await size.focus();
    await page.keyboard.press('End');
    await expect(size).toHaveAttribute('aria-valuetext', '50 %');
    await screenshot(page, 'print-fit-slider-en-1280', { fullPage: false });

    await page.getByRole('button', { name: 'Screen print on another side' }).click();
    await page.getByLabel('Upload Screen print – Back image').setInputFiles(png('back.png', [20, 90, 200]));
    await expect(page.getByTestId('print-screen-2')).toBeVisible();
    // Moved to the back, the slider's end is the back's: 32 × 29,3 cm, so 50 % (25,6 cm) fits, 60 % not.
    const back = page.getByRole('region', { name: 'Screen print – Back' });
    await expect(back.getByTestId('largest-screen-2')).toHaveText(
      'Largest size that fits the print area: 25,6 cm wide (50 %)',
    );
    await back.getByRole('slider', { name: 'Print size' }).focus();
    await page.keyboard.press('End');
    await screenshot(page, 'print-fit-front-back-en-1280');
    // Two panels of one method, a disabled side and the largest size: nothing for axe to find.
    const axe = await new AxeBuilder({ page }).include('main').analyze();
    expect(
      axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);

    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect.poll(async () => (await storedCart(page)).length).toBe(1);
    const [line] = await storedCart(page);
    expect(line?.customisation?.prints.map((p) => [p.method, p.side, p.scale])).toEqual([
      ['screen', 'front', 0.5],
      ['screen', 'back', 0.5],
    ]);
    // The design as the customiser made it is an order (POST /api/orders → 201).
    const answer = await page.evaluate(
      async ([design, customer]) => {
        const response = await fetch('/api/orders', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            idempotencyKey: `print-fit-${Date.now()}-abcdef`,
            customer,
            lines: [{ productId: 'hoodie', quantity: 50, sizes: { M: 50 }, customisation: design }],
          }),
        });
        return response.status;
      },
      [line?.customisation, testCustomer] as const,
    );
    expect(answer).toBe(201);
  });

  test('a design saved before the limit (200 %) comes back at the largest size that fits, and so goes to the cart', async ({
    page,
  }) => {
    await page.goto('/products/tshirt-bomull');
    await page.getByLabel('Upload DTG print image').setInputFiles(png('logo.png'));
    await expect(page.getByTestId('print-dtg')).toBeVisible();
    await page.evaluate(() => {
      const key = 'customiser-draft:tshirt-bomull';
      const draft = JSON.parse(window.sessionStorage.getItem(key) ?? '{}') as {
        prints: { scale: number }[];
      };
      for (const print of draft.prints) print.scale = 2;
      window.sessionStorage.setItem(key, JSON.stringify(draft));
    });
    await page.reload();
    await page.waitForSelector('html[data-ready]', { state: 'attached' });
    const size = page.getByRole('region', { name: 'DTG print' }).getByRole('slider', { name: 'Print size' });
    await expect(size).toHaveAttribute('aria-valuetext', '60 %');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect.poll(async () => (await storedCart(page))[0]?.customisation?.prints[0]?.scale).toBe(0.6);
  });
});
