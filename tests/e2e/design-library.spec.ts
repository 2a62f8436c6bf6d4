import { adminLogin } from '../helpers/admin';
import { signInByLink } from '../helpers/account-session';
import { testCustomer } from '../helpers/orders';
import { makePng } from '../helpers/png';
import { uploadImage } from '../helpers/print-files';
import { request } from '../helpers/server';
import { acceptTerms, expect, lastPlacedOrder, screenshot, test } from './fixtures';

/**
 * The account's design library (issue 43): a buyer who ordered t-shirts with a logo finds the logo
 * under "Mina motiv / My designs", puts it on hoodies without uploading it again and checks out;
 * the new order prints the same upload.
 */

const texts = {
  sv: {
    locale: 'sv-SE',
    designs: 'Mina motiv',
    useInNew: 'Använd i ny design',
    chooseProduct: 'Välj produkt',
    open: 'Öppna',
    addToCart: 'Lägg i varukorgen',
    personal: 'Privatperson',
    personalNumber: 'Personnummer',
    name: 'Namn',
    email: 'E-post',
    phone: 'Telefon',
    address: 'Leveransadress',
    checkout: /Slutför köpet/,
  },
  en: {
    locale: 'en-SE',
    designs: 'My designs',
    useInNew: 'Use in a new design',
    chooseProduct: 'Choose a product',
    open: 'Open',
    addToCart: 'Add to cart',
    personal: 'Individual',
    personalNumber: 'Personal ID number',
    name: 'Name',
    email: 'Email',
    phone: 'Phone',
    address: 'Delivery address',
    checkout: /Complete Order/,
  },
} as const;

for (const [language, width] of [
  ['sv', 390],
  ['en', 1280],
] as const) {
  test(`a buyer puts last order's logo on hoodies from the design library and checks out with the same upload (${language}, ${width} px)`, async ({
    server,
    openPage,
  }) => {
    const t = texts[language];
    const email = `designs.${language}@example.se`;
    const logo = (await uploadImage(server, makePng(120), 'klubbmarke.png')).id;
    const tshirts = await request<{ orderNumber: string }>(server, '/api/orders', {
      method: 'POST',
      json: {
        idempotencyKey: `e2e-design-library-${language}-abcdefghijkl`,
        customer: { ...testCustomer, email },
        lines: [
          {
            productId: 'tshirt-bomull',
            quantity: 40,
            sizes: { M: 20, L: 20 },
            customisation: {
              color: 'white',
              prints: [{ method: 'dtg', uploadId: logo, side: 'front', x: 50, y: 40, scale: 0.3 }],
              additionalInfo: '',
            },
          },
        ],
      },
    });
    expect(tshirts.status).toBe(201);

    const { page, context, errors } = await openPage({ width, locale: t.locale });
    // Signed in by the emailed link (the account's own tests walk that in the browser).
    const cookie = await signInByLink(server, email, `10.78.0.${width}`);
    const [name = '', value = ''] = cookie.split('=');
    await context.addCookies([{ name, value, url: server.url, httpOnly: true, sameSite: 'Lax' }]);

    await page.goto('/account');
    const library = page.getByTestId('design-library');
    await expect(library.getByRole('heading', { name: t.designs })).toBeVisible();
    const design = library.getByTestId('library-design');
    await expect(design).toHaveCount(1);
    await expect(design).toContainText('klubbmarke.png');
    await expect(design).toContainText(tshirts.body.orderNumber);
    // The thumbnail is the server's small WebP of the buyer's own file.
    await expect
      .poll(() => design.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await library.scrollIntoViewIfNeeded();
    await screenshot(page, `design-library-${language}-${width}`);

    await design.getByRole('button', { name: new RegExp(t.useInNew) }).click();
    await design.getByLabel(t.chooseProduct).selectOption('hoodie');
    await screenshot(page, `design-library-choose-${language}-${width}`);
    await design.getByRole('button', { name: t.open }).click();

    // The hoodie's customiser with the logo in place: nothing uploaded again.
    await expect.poll(() => new URL(page.url()).pathname).toBe('/products/hoodie');
    const print = page.getByTestId('print-dtg');
    await expect(print.locator('img')).toHaveAttribute('src', `/api/uploads/${logo}`);
    await screenshot(page, `design-library-customiser-${language}-${width}`);
    await page.getByRole('button', { name: t.addToCart }).click();
    await expect(page.getByTestId('cart-badge')).not.toHaveText('0');

    await page.goto('/cart');
    const line = page.getByTestId('cart-line');
    await expect(line).toHaveCount(1);
    const quantity = await line.getByRole('spinbutton').inputValue();
    await line.getByTestId('size-split').locator('input[data-size="L"]').fill(quantity);
    await expect(line).not.toHaveAttribute('data-needs-sizes');
    await page.getByLabel(t.personal).check();
    await page.getByLabel(t.personalNumber).fill('19811218-9876');
    await page.getByLabel(t.name, { exact: true }).fill('Anna Andersson');
    await page.getByLabel(t.email, { exact: true }).fill(email);
    await page.getByLabel(t.phone).fill('070-123 45 67');
    await page.getByLabel(t.address, { exact: true }).fill('Storgatan 1\n111 22 Stockholm');
    await acceptTerms(page);
    await page.getByRole('button', { name: t.checkout }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/confirmation');

    // The new order, as staff see it: hoodies printed with the same upload as the t-shirts.
    const { orderNumber } = await lastPlacedOrder(page);
    const staff = await adminLogin(server);
    const order = await request<{
      items: { productId: string; customisation?: { prints: { uploadId: string }[] } }[];
    }>(server, `/api/admin/orders/${orderNumber}`, { headers: { cookie: staff } });
    expect(order.status).toBe(200);
    expect(
      order.body.items.map((l) => [l.productId, l.customisation?.prints.map((p) => p.uploadId)]),
    ).toEqual([['hoodie', [logo]]]);
    expect(errors).toEqual([]);
  });
}
