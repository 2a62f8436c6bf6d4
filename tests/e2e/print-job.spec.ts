import { acceptTerms, expect, screenshot, test } from './fixtures';
import type { Page } from '@playwright/test';

async function fillCompany(page: Page) {
  await page.getByLabel('Company', { exact: true }).check();
  await page.getByLabel('Company name').fill('Exempel AB');
  await page.getByLabel('Organization number').fill('556016-0680');
  await page.getByLabel('Contact Person').fill('Anna Andersson');
  await page.getByLabel('Email').fill('anna@example.se');
  await page.getByLabel('Phone').fill('070-123 45 67');
  await page.getByLabel('Delivery address').fill('Storgatan 1\n111 22 Stockholm');
}

/** The size inputs of the n-th cart line (or the customiser's only editor). */
function sizeInput(page: Page, code: string, scope = page.getByTestId('size-split').first()) {
  return scope.locator(`input[data-size="${code}"]`);
}

test.describe('sizes in a real browser', () => {
  for (const width of [390, 1280]) {
    test(`a tier-page garment needs its sizes in the cart before Complete Order; the split reaches the confirmation (${width} px)`, async ({
      openPage,
    }) => {
      const { page, errors } = await openPage({ width, locale: 'en-SE' });
      await page.goto('/products/tshirt-polyester');
      await page.getByRole('button', { name: 'Add 20 pcs to cart' }).click();
      await expect(page.getByTestId('cart-badge')).toHaveText('20');
      await page.goto('/cart');

      const line = page.getByTestId('cart-line');
      await expect(line).toHaveAttribute('data-needs-sizes', 'true');
      await expect(line.getByText('Choose sizes', { exact: true })).toBeVisible();
      await expect(line.getByTestId('split-status')).toHaveText('0 of 20 pcs have a size – 20 left');
      await expect(page.getByTestId('sizes-needed')).toHaveText(
        'Choose sizes for every garment before ordering: Polyester T-shirt',
      );

      // Complete Order is refused with a clear message while the split is missing.
      await fillCompany(page);
      await acceptTerms(page);
      await page.getByRole('button', { name: /Complete Order/ }).click();
      await expect(
        page.getByText('Choose sizes for every garment before ordering', { exact: true }),
      ).toBeVisible();
      expect(new URL(page.url()).pathname).toBe('/cart');

      // Fill the split: the line is complete.
      const editor = line.getByTestId('size-split');
      await sizeInput(page, 'S', editor).fill('5');
      await sizeInput(page, 'M', editor).fill('10');
      await sizeInput(page, 'XL', editor).fill('5');
      await expect(line).not.toHaveAttribute('data-needs-sizes');
      await expect(line.getByTestId('split-status')).toHaveText('All 20 pcs have a size');
      await expect(page.getByTestId('sizes-needed')).toHaveCount(0);
      await screenshot(page, `cart-split-${width}`);

      // Raising the quantity keeps the split as it is and flags the line again.
      await page.getByRole('spinbutton', { name: 'Quantity of Polyester T-shirt' }).fill('40');
      await expect(line).toHaveAttribute('data-needs-sizes', 'true');
      await expect(line.getByTestId('split-status')).toHaveText('20 of 40 pcs have a size – 20 left');
      await screenshot(page, `cart-split-missing-${width}`);
      await sizeInput(page, 'M', editor).fill('30');
      await expect(line).not.toHaveAttribute('data-needs-sizes');

      await acceptTerms(page);
      await page.getByRole('button', { name: /Complete Order/ }).click();
      await expect.poll(() => new URL(page.url()).pathname).toBe('/confirmation');
      await expect(page.getByTestId('line-sizes')).toHaveText('Sizes: 5 S, 30 M, 5 XL');
      expect(errors).toEqual([]);
    });
  }

  test('the customiser takes the split with the design; a split that does not match the quantity is refused', async ({
    openPage,
  }) => {
    const { page, errors } = await openPage({ locale: 'en-SE' });
    await page.goto('/products/hoodie');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hoodie');
    await page.getByLabel('Quantity (pcs)').fill('120');
    await sizeInput(page, 'S').fill('20');
    await sizeInput(page, 'M').fill('50');
    await sizeInput(page, 'L').fill('40');
    await expect(page.getByTestId('split-status')).toHaveText('110 of 120 pcs have a size – 10 left');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.getByText('The sizes add up to 110 pcs, but the line has 120 pcs')).toBeVisible();
    await sizeInput(page, 'L').fill('50');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.getByText('Added 120 pcs to cart')).toBeVisible();
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '[]') as unknown[]);
    expect(stored).toMatchObject([{ productId: 'hoodie', quantity: 120, sizes: { S: 20, M: 50, L: 50 } }]);
    await page.goto('/cart');
    await expect(page.getByTestId('cart-line')).not.toHaveAttribute('data-needs-sizes');
    await expect(sizeInput(page, 'M')).toHaveValue('50');
    expect(errors).toEqual([]);
  });
});
