import { acceptTerms, expect, screenshot, test } from './fixtures';
import { eq } from 'drizzle-orm';
import { orders } from '@/server/db/orders-schema';
import { addDays, formatDate } from '@/shared/dates';
import { estimatedDelivery, stockholmToday } from '@/shared/delivery';
import { insertTestOrder } from '../helpers/orders';
import { loginAsAdmin } from './admin-fixture';

const english = (date: string) => formatDate(date, 'en-GB', 'full');

test.describe('delivery dates in a real browser', () => {
  for (const width of [390, 1280]) {
    test(`product page and cart show the estimate; a too-early needed-by date warns before ordering (${width} px)`, async ({
      openPage,
    }) => {
      const { page, errors } = await openPage({ width });
      const today = stockholmToday();
      const booklet = 'kuponghäfte';
      await page.goto(`/products/${encodeURIComponent(booklet)}`);
      const productDelivery = page.getByTestId('product-delivery');
      await expect(productDelivery.getByRole('heading', { name: 'Estimated delivery' })).toBeVisible();
      await expect(page.getByTestId('delivery-sweden')).toHaveText(
        english(estimatedDelivery([booklet], 'SE', today)),
      );
      await expect(page.getByTestId('delivery-nordics')).toHaveText(
        english(estimatedDelivery([booklet], 'FI', today)),
      );
      await expect(page.getByTestId('delivery-europe')).toHaveText(
        english(estimatedDelivery([booklet], 'FR', today)),
      );
      await expect(productDelivery).toContainText(
        'Counted from proof approval: these dates apply if you approve the proof today.',
      );
      await productDelivery.scrollIntoViewIfNeeded();
      await screenshot(page, `delivery-product-${width}`);

      await page.getByRole('button', { name: 'Add 100 pcs to cart' }).click();
      await expect(page.getByTestId('cart-badge')).toHaveText('100');
      await page.goto('/cart');

      // Sweden first (the form's default country), then the chosen country's group.
      const estimateSweden = estimatedDelivery([booklet], 'SE', today);
      const date = page.getByTestId('cart-delivery-date');
      await expect(date).toHaveText(english(estimateSweden));
      await expect(page.getByTestId('cart-delivery')).toContainText('Estimated delivery (Sweden)');
      await page.getByLabel('Country').selectOption('NO');
      await expect(date).toHaveText(english(estimatedDelivery([booklet], 'NO', today)));
      await page.getByLabel('Country').selectOption('SE');

      // A date before the estimate: the buyer is told before ordering.
      const neededBy = page.getByLabel('Needed by (optional)');
      const tooEarly = addDays(estimateSweden, -1);
      await neededBy.fill(tooEarly);
      const warning = page.getByTestId('needed-by-at-risk');
      await expect(warning).toBeVisible();
      await expect(warning).toHaveText(
        `We probably cannot deliver by ${english(tooEarly)}: the estimated delivery is ${english(estimateSweden)}. You can still order, but please contact us first.`,
      );
      await warning.scrollIntoViewIfNeeded();
      await screenshot(page, `delivery-cart-at-risk-${width}`);

      await neededBy.fill(estimateSweden);
      await expect(page.getByTestId('needed-by-in-time')).toBeVisible();
      await expect(warning).toHaveCount(0);
      expect(errors).toEqual([]);
    });
  }

  test('in Swedish, and an order placed with a too-early date keeps it: confirmation and database', async ({
    server,
    openPage,
  }) => {
    const { page, errors } = await openPage({ locale: 'sv-SE' });
    const today = stockholmToday();
    await page.goto('/products/hoodie');
    const estimate = estimatedDelivery(['hoodie'], 'SE', today);
    await expect(page.getByTestId('delivery-sweden')).toHaveText(formatDate(estimate, 'sv-SE', 'full'));
    await expect(page.getByTestId('product-delivery')).toContainText('Beräknad leverans');
    await screenshot(page, 'delivery-product-sv-1280');

    // Straight to an order of booklets (the cart is the browser's storage).
    await page.goto(`/products/${encodeURIComponent('kuponghäfte')}`);
    await page.getByRole('button', { name: 'Lägg 100 st i varukorgen' }).click();
    await expect(page.getByTestId('cart-badge')).toHaveText('100');
    await page.goto('/cart');
    const bookletEstimate = estimatedDelivery(['kuponghäfte'], 'SE', today);
    const tooEarly = addDays(bookletEstimate, -2);
    // A past date is refused before sending, in the page's language.
    await page.getByLabel('Behövs senast (valfritt)').fill(addDays(today, -1));
    await expect(page.getByTestId('needed-by-error')).toHaveText('Datumet har redan varit');
    await page.getByLabel('Behövs senast (valfritt)').fill(tooEarly);
    await expect(page.getByTestId('needed-by-at-risk')).toBeVisible();

    await page.getByLabel('Personnummer').fill('19811218-9876');
    await page.getByLabel('Namn').fill('Anna Andersson');
    await page.getByLabel('E-post').fill('anna@example.se');
    await page.getByLabel('Telefon').fill('070-123 45 67');
    await page.getByLabel('Leveransadress').fill('Storgatan 1\n111 22 Stockholm');
    await acceptTerms(page);
    await page.getByRole('button', { name: /Slutför köpet/ }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/confirmation');
    await expect(page.getByTestId('order-delivery-date')).toHaveText(
      formatDate(bookletEstimate, 'sv-SE', 'full'),
    );
    await expect(page.getByTestId('order-needed-by')).toHaveText(formatDate(tooEarly, 'sv-SE', 'full'));
    await expect(page.getByTestId('order-delivery-at-risk')).toBeVisible();
    await page.getByTestId('order-delivery-at-risk').scrollIntoViewIfNeeded();
    await screenshot(page, 'delivery-confirmation-1280');
    const number = (await page.getByTestId('invoice-number').textContent()) ?? '';
    const [row] = await server.database.db
      .select({ neededBy: orders.neededBy })
      .from(orders)
      .where(eq(orders.orderNumber, number));
    expect(row?.neededBy).toBe(tooEarly);
    expect(errors).toEqual([]);
  });

  for (const width of [390, 1280]) {
    test(`admin: the list flags an order whose needed-by date is at risk, the detail shows both dates (${width} px)`, async ({
      server,
      openPage,
    }) => {
      const estimate = estimatedDelivery(['hoodie'], 'SE', stockholmToday());
      const atRisk = await insertTestOrder(server.database, { neededBy: addDays(estimate, -1) });
      const inTime = await insertTestOrder(server.database, { neededBy: estimate });
      const { page, context, errors } = await openPage({ width });
      await loginAsAdmin(server, context);
      await page.goto('/admin');
      // The list renders a card per order on phones and a table row on wider screens.
      const entry = (number: string) =>
        page.locator(width < 768 ? 'li' : 'tr', { has: page.getByRole('button', { name: number }) });
      await expect(entry(atRisk.orderNumber).getByTestId('delivery-at-risk')).toBeVisible();
      await expect(entry(inTime.orderNumber).getByTestId('delivery-at-risk')).toHaveCount(0);
      await screenshot(page, `delivery-admin-list-${width}`);

      await entry(atRisk.orderNumber).getByRole('button', { name: atRisk.orderNumber }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByTestId('detail-delivery-estimate')).toHaveText(formatDate(estimate, 'en-GB'));
      // The admin in English writes dates the English way too.
      await expect(dialog.getByTestId('detail-needed-by')).toHaveText(
        formatDate(addDays(estimate, -1), 'en-GB'),
      );
      await expect(dialog.getByTestId('delivery-at-risk')).toBeVisible();
      await screenshot(page, `delivery-admin-detail-${width}`);
      expect(errors).toEqual([]);
    });
  }
});
