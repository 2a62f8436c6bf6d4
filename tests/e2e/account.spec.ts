import { sql } from 'drizzle-orm';
import type { PlacedOrderAnswer } from '@/shared/order-view';
import { accountMessages } from '@/shared/i18n/messages/account';
import { queryRows } from '@/server/db/query-rows';
import { testCustomer } from '../helpers/orders';
import { makePng } from '../helpers/png';
import { uploadImage, uploadPrintFile } from '../helpers/print-files';
import { request, type TestServer } from '../helpers/server';
import { emailedLink } from './account-links';
import { acceptTerms, expect, screenshot, test } from './fixtures';

/** Buyer accounts (issue 43): sign in by the emailed link, see the orders, reorder in two clicks, check out. */

let keys = 0;
async function placeOrder(server: TestServer, email: string, lines: unknown[]): Promise<PlacedOrderAnswer> {
  const placed = await request<PlacedOrderAnswer>(server, '/api/orders', {
    method: 'POST',
    json: {
      idempotencyKey: `e2e-account-${Date.now()}-${++keys}-abcdef`,
      customer: { ...testCustomer, email },
      lines,
    },
  });
  expect(placed.status).toBe(201);
  return placed.body;
}

const texts = {
  sv: {
    locale: 'sv-SE',
    account: 'Mitt konto',
    menu: 'Öppna menyn',
    email: 'E-postadress',
    submit: 'Mejla mig en länk',
    orders: 'Mina beställningar',
    reorder: 'Beställ igen',
    checkout: /Slutför köpet/,
  },
  en: {
    locale: 'en-SE',
    account: 'My account',
    menu: 'Open menu',
    email: 'Email address',
    submit: 'Email me a link',
    orders: 'My orders',
    reorder: 'Order again',
    checkout: /Complete Order/,
  },
} as const;

for (const [language, width] of [
  ['sv', 390],
  ['en', 1280],
] as const) {
  test(`a buyer signs in by the emailed link, sees both orders and orders one again with 30 more in L (${language}, ${width} px)`, async ({
    server,
    openPage,
  }) => {
    const t = texts[language];
    const email = `returning.${language}@example.se`;
    const image = (await uploadImage(server)).id;
    const printFile = await uploadPrintFile(server, makePng(512), 'logo-tryck.png');
    const tshirts = await placeOrder(server, email, [
      {
        productId: 'tshirt-bomull',
        quantity: 40,
        sizes: { M: 20, L: 20 },
        customisation: {
          color: 'black',
          prints: [{ method: 'dtg', uploadId: image, side: 'front', x: 50, y: 40, scale: 0.3 }],
          additionalInfo: '',
        },
        printFile: printFile.id,
      },
    ]);
    const beanies = await placeOrder(server, email, [
      { productId: 'mossa', quantity: 25, options: { colour: 'navy' } },
    ]);

    // Signed out, the browser holds no session: the page shows the sign-in form without asking the
    // API for an account it cannot have (no request, no 401 in the console).
    const { page, errors } = await openPage({ width, locale: t.locale });
    const accountRequests: string[] = [];
    page.on('request', (sent) => {
      if (new URL(sent.url()).pathname === '/api/account') accountRequests.push(sent.url());
    });
    await page.goto('/');
    // On a phone the header's link is in the menu.
    if (width < 640) await page.locator('header').getByRole('button', { name: t.menu }).click();
    await page.getByRole('link', { name: t.account }).first().click();
    await expect(page.getByRole('heading', { name: t.account, level: 1 })).toBeVisible();
    await page.getByLabel(t.email).fill(email);
    await page.getByRole('button', { name: t.submit }).click();
    await expect(page.getByTestId('sign-in-sent')).toBeVisible();
    expect(accountRequests).toEqual([]);
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await screenshot(page, `account-sent-${language}-${width}`);

    // The link from the email signs this browser in and opens the account.
    await page.goto(await emailedLink(server, email));
    await expect.poll(() => new URL(page.url()).pathname).toBe('/account');
    await expect(page.getByRole('heading', { name: t.orders })).toBeVisible();
    expect(accountRequests).toHaveLength(1);
    const orders = page.getByTestId('account-order');
    await expect(orders).toHaveCount(2);
    await expect(orders.first()).toContainText(beanies.orderNumber);
    await expect(orders.nth(1)).toContainText(tshirts.orderNumber);
    await screenshot(page, `account-orders-${language}-${width}`);

    // Click one: the t-shirts back in the cart, with the design, the print file and the form filled in.
    await orders
      .nth(1)
      .getByRole('button', { name: new RegExp(t.reorder) })
      .click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/cart');
    const line = page.getByTestId('cart-line');
    await expect(line).toHaveCount(1);
    await expect(line).toContainText('logo-tryck.png');
    // 30 more, all in L.
    await line.getByRole('spinbutton').fill('70');
    await line.getByTestId('size-split').locator('input[data-size="L"]').fill('50');
    await expect(line).not.toHaveAttribute('data-needs-sizes');
    await expect(page.getByTestId('conversion-fee')).toHaveCount(0);
    await screenshot(page, `account-reorder-cart-${language}-${width}`);

    // Click two: the order (the form is filled in as last time).
    await acceptTerms(page);
    await page.getByRole('button', { name: t.checkout }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/confirmation');
    await screenshot(page, `account-reorder-confirmation-${language}-${width}`);

    // The new order's print is the same print file, uploaded once.
    const files = await queryRows<{ order_number: string; upload_id: string }>(
      server.database.db,
      sql`SELECT o.order_number, f.upload_id FROM order_print_files f JOIN orders o ON o.id = f.order_id
          WHERE o.customer_email = ${email} ORDER BY o.id`,
    );
    expect(files.map((f) => f.upload_id)).toEqual([printFile.id, printFile.id]);
    const [newest] = await queryRows<{
      items: { quantity: number; sizes: Record<string, number>; fee?: string }[];
    }>(
      server.database.db,
      sql`SELECT items FROM orders WHERE customer_email = ${email} ORDER BY id DESC LIMIT 1`,
    );
    expect(newest?.items.map((item) => [item.quantity, item.sizes, item.fee])).toEqual([
      [70, { M: 20, L: 50 }, undefined],
    ]);
    expect(errors).toEqual([]);
  });
}

test('a stranger’s /account arrives from the server with its sign-in form, and a signed-in browser’s as the shell', async ({
  server,
  openPage,
}) => {
  const stranger = await fetch(`${server.url}/account?link=expired`, {
    headers: { 'accept-language': 'sv-SE' },
  });
  const html = await stranger.text();
  expect(html).toContain('<div id="root" data-ssr="1">');
  expect(html).toContain(texts.sv.submit);
  expect(html).toContain(accountMessages.sv.linkExpired);
  // With a session cookie (whether or not it still holds), the browser fetches and shows the account.
  const withSession = await fetch(`${server.url}/account`, {
    headers: { 'accept-language': 'sv-SE', cookie: `account_session=${'a'.repeat(43)}` },
  });
  const shell = await withSession.text();
  expect(shell).toContain('<div id="root"></div>');
  expect(shell).not.toContain(texts.sv.submit);

  // The server's form hydrates without a mismatch (a console error fails the test) and works.
  const { page, errors } = await openPage({ width: 390, locale: texts.sv.locale });
  await page.goto('/account?link=expired');
  await expect(page.getByRole('alert')).toContainText(accountMessages.sv.linkExpired);
  await page.getByLabel(texts.sv.email).fill('ny.kund@example.se');
  await page.getByRole('button', { name: texts.sv.submit }).click();
  await expect(page.getByTestId('sign-in-sent')).toBeVisible();
  expect(errors).toEqual([]);
});
