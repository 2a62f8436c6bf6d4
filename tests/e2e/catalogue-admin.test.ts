import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testCustomer } from '../helpers/orders';
import { createPostgresDatabase, request, testDatabaseUrl, type TestServer } from '../helpers/server';
import { loginAsAdmin } from './admin-fixture';
import { openPage, plain, screenshot, startShop, type Shop } from './browser';

/** Plain HTTP as a search engine reads a page (no JavaScript), in Swedish. */
async function html(server: TestServer, path: string): Promise<string> {
  const response = await fetch(`${server.url}${path}`, { headers: { 'accept-language': 'sv' } });
  return plain(await response.text());
}

/**
 * The owner edits the catalogue in the admin of `ownerShop`; the earlier order, the buyer's cart and
 * the visitor are on `visitorShop` (the same shop, or a second instance on the same PostgreSQL).
 */
async function ownerChangesTheCatalogue(ownerShop: Shop, visitorShop: Shop): Promise<void> {
  // An order placed before the change keeps its price on its invoice.
  const earlier = await request<{ orderNumber: string; accessToken: string; total: string }>(
    visitorShop.server,
    '/api/orders',
    {
      method: 'POST',
      json: {
        idempotencyKey: 'catalogue-e2e-earlier-1',
        customer: testCustomer,
        lines: [{ productId: 'hoodie', quantity: 20, sizes: { M: 20 }, options: { colour: 'navy' } }],
      },
    },
  );
  expect(earlier.status).toBe(201);
  expect(earlier.body.total).toBe('2640.00');

  // A buyer's cart holds 20 hoodies and 25 beanies from before the change.
  const buyer = await openPage(visitorShop, { locale: 'sv-SE', skipCurrencyDialog: true });
  await buyer.context.addInitScript(() => {
    if (window.localStorage.getItem('cart')) return;
    window.localStorage.setItem(
      'cart',
      JSON.stringify([
        { productId: 'hoodie', quantity: 20, sizes: { M: 20 }, options: { colour: 'navy' } },
        { productId: 'mossa', quantity: 25, options: { colour: 'navy' } },
      ]),
    );
  });
  await buyer.page.goto('/cart');
  await expect
    .poll(async () => plain(await buyer.page.getByTestId('cart-total').textContent()))
    .toBe('7 015,00 kr');

  const { page, context } = await openPage(ownerShop, { locale: 'sv-SE', skipCurrencyDialog: true });
  await loginAsAdmin(ownerShop.server, context);
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Produkter' }).click();

  // The hoodie's 20-tier: 132 → 139,875 kr.
  await page.getByRole('button', { name: 'Redigera Hoodie' }).click();
  await expect.poll(() => page.getByLabel('Styckpris (kr, inkl. moms) 1').inputValue()).toBe('132');
  await page.getByLabel('Styckpris (kr, inkl. moms) 1').fill('139,875');
  await page.getByRole('button', { name: 'Spara' }).click();
  await page.getByText('Produkten är sparad.').waitFor();
  await expect
    .poll(async () => plain(await page.locator('tr[data-product="hoodie"]').textContent()))
    .toContain('139,875 kr');

  // A tote bag with three tiers and two colours.
  await page.getByRole('button', { name: 'Lägg till produkt' }).click();
  await page.getByLabel('Produkt-id (adress)').fill('tygkasse');
  await page.getByLabel('Namn (svenska)').fill('Tygkasse');
  await page.getByLabel('Namn (engelska)').fill('Tote Bag');
  await page.getByLabel('Beskrivning (svenska)').fill('Tygkasse i ekologisk bomull med ditt tryck.');
  await page.getByLabel('Beskrivning (engelska)').fill('Organic cotton tote bag with your print.');
  await page
    .getByRole('form', { name: 'Lägg till produkt' })
    .getByLabel('Kategori', { exact: true })
    .selectOption({ label: 'Accessoarer' });
  const tiers: [string, string][] = [
    ['50', '45'],
    ['100', '39,50'],
    ['250', '32,125'],
  ];
  for (const [index, [quantity, price]] of tiers.entries()) {
    await page.getByLabel(`Antal ${index + 1}`, { exact: true }).fill(quantity);
    await page.getByLabel(`Styckpris (kr, inkl. moms) ${index + 1}`).fill(price);
  }
  // A falling price first, to see the form name the field.
  await page.getByLabel('Styckpris (kr, inkl. moms) 3').fill('50');
  await page.getByRole('button', { name: 'Spara' }).click();
  await page.getByText('Styckpriset stiger med antalet. Bekräfta om det är avsiktligt.').waitFor();
  await page.getByLabel('Styckpris (kr, inkl. moms) 3').fill('32,125');
  await page.getByLabel('Svart').check();
  await page.getByLabel('Vit', { exact: true }).check();
  await screenshot(page, 'catalogue-admin-add-1280');
  await page.getByRole('button', { name: 'Spara' }).click();
  await page.getByText('Produkten är tillagd.').waitFor();
  await page.locator('tr[data-product="tygkasse"]').waitFor();

  // The beanie: hidden.
  await page.getByRole('button', { name: 'Redigera Mössa' }).click();
  await page.getByLabel('Visas i butiken').uncheck();
  await page.getByRole('button', { name: 'Spara' }).click();
  // The hoodie's "saved" toast may still be showing on a fast machine: the newest is this one's.
  await page.getByText('Produkten är sparad.').last().waitFor();
  await expect
    .poll(async () => plain(await page.locator('tr[data-product="mossa"]').textContent()))
    .toContain('Dold');
  await page.getByRole('button', { name: 'Redigera Hoodie' }).click();
  // Its history: who, when, and the tiers before and after, in Swedish format.
  const history = page.getByRole('region', { name: 'Ändringshistorik' });
  const tierChange = history.getByRole('row').filter({ hasText: 'Prisnivåer' });
  await tierChange.waitFor();
  const change = plain(await tierChange.textContent());
  expect(change).toContain('Ägare');
  expect(change).toContain('20 st: 132,00 kr');
  expect(change).toContain('20 st: 139,875 kr');
  expect(change).toMatch(/\d{4}-\d{2}-\d{2}/);
  await screenshot(page, 'catalogue-admin-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'catalogue-admin-390');

  // A visitor sees all three, in the pages the server renders and in the browser: on a second
  // instance within its CATALOGUE_CHECK_MS, without a restart.
  const server = visitorShop.server;
  await expect.poll(() => html(server, '/products/hoodie')).toContain('139,875 kr');
  await expect.poll(async () => (await fetch(`${server.url}/products/mossa`)).status).toBe(404);
  const productsPage = await html(server, '/products');
  expect(productsPage).toContain('Tygkasse');
  expect(productsPage).not.toContain('Mössa');
  expect(await html(server, '/products/tygkasse')).toContain('Tygkasse i ekologisk bomull med ditt tryck.');
  const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
  expect(sitemap).toContain('/products/tygkasse');
  expect(sitemap).not.toContain('/products/mossa');

  const visitor = await openPage(visitorShop, { locale: 'sv-SE', skipCurrencyDialog: true });
  await visitor.page.goto('/products?category=accessoarer');
  await visitor.page.locator('main').getByText('Tygkasse', { exact: true }).first().waitFor();
  expect(await visitor.page.locator('main').getByText('Mössa', { exact: true }).count()).toBe(0);
  await visitor.page.goto('/products/tygkasse');
  await visitor.page.getByRole('heading', { level: 1, name: 'Tygkasse' }).waitFor();
  // The header search finds the tote bag and no longer the beanie.
  await visitor.page.getByRole('button', { name: 'Sök produkter' }).click();
  const search = visitor.page.getByRole('dialog');
  await search.getByRole('searchbox').fill('tygkasse');
  await search.getByRole('link', { name: /Tygkasse/ }).waitFor();
  await search.getByRole('searchbox').fill('mössa');
  await expect.poll(() => search.getByRole('link', { name: /Mössa/ }).count()).toBe(0);

  // The buyer's cart: the hoodie at its new price, the beanie no longer orderable.
  await buyer.page.goto('/cart');
  await buyer.page.getByText('Mössa kan inte längre beställas. Raden ingår inte i beställningen.').waitFor();
  // 20 × 139,875 kr = 2 797,50 kr
  await expect
    .poll(async () => plain(await buyer.page.getByTestId('cart-total').textContent()))
    .toBe('2 797,50 kr');
  await screenshot(buyer.page, 'catalogue-cart-1280');

  // The earlier order's invoice is unchanged.
  const invoice = await (
    await fetch(
      `${visitorShop.server.url}/api/orders/${earlier.body.orderNumber}/invoice?token=${encodeURIComponent(earlier.body.accessToken)}`,
    )
  ).text();
  expect(plain(invoice)).toContain('2 640,00');
  expect(plain(invoice)).not.toContain('2 797,50');
}

// Without PostgreSQL, the same story on one instance (its embedded database); with it, the test below.
describe.skipIf(Boolean(testDatabaseUrl))(
  'the catalogue in the owner’s hands, in Swedish, one instance',
  () => {
    let shop: Shop;
    beforeAll(async () => {
      shop = await startShop();
    });
    afterAll(() => shop.close());

    it(
      'the owner raises the hoodie’s 20-tier price, adds a tote bag, hides the beanie; the shop shows all three',
      () => ownerChangesTheCatalogue(shop, shop),
      150_000,
    );
  },
);

describe.skipIf(!testDatabaseUrl)(
  'the catalogue in the owner’s hands, in Swedish, two instances sharing one PostgreSQL',
  () => {
    let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
    let first: Shop;
    let second: Shop;
    beforeAll(async () => {
      database = await createPostgresDatabase();
      const options = { databaseUrl: database.url, env: { CATALOGUE_CHECK_MS: '300' } };
      first = await startShop(options);
      second = await startShop(options);
    });
    afterAll(async () => {
      await Promise.all([first.close(), second.close()]);
      await database.drop();
    });

    it(
      'the owner’s three changes on the first instance reach a visitor of the second without a restart; the earlier invoice stays',
      () => ownerChangesTheCatalogue(first, second),
      150_000,
    );
  },
);
