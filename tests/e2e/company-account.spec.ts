import type { Page } from '@playwright/test';
import type { PlacedOrderAnswer } from '@/shared/order-view';
import { adminLogin } from '../helpers/admin';
import { pdfText } from '../helpers/ledger';
import { makePng } from '../helpers/png';
import { uploadImage, uploadPrintFile } from '../helpers/print-files';
import { request, type TestServer } from '../helpers/server';
import { emailedLink } from './account-links';
import { acceptTerms, expect, lastPlacedOrder, screenshot, test } from './fixtures';

/**
 * Company accounts (issue 43, the Done-when): a company's buyer signs in by the emailed link, sees
 * two earlier orders, orders one again with 30 more in L (the job ticket shows the same print
 * file), invites a colleague who then sees the orders; a stranger who ordered with the same
 * organisation number sees nothing of the company's, until a member claims the stranger's order.
 */

let keys = 0;
async function placeOrder(
  server: TestServer,
  email: string,
  orgNumber: string,
  lines: unknown[],
): Promise<PlacedOrderAnswer> {
  const placed = await request<PlacedOrderAnswer>(server, '/api/orders', {
    method: 'POST',
    json: {
      idempotencyKey: `e2e-company-${Date.now()}-${++keys}-abcdef`,
      customer: {
        customerType: 'company',
        name: 'Bo Berg',
        companyName: 'Tryckta Tröjor AB',
        orgNumber,
        email,
        phone: '070-123 45 67',
        country: 'SE',
        address: 'Storgatan 1, 111 22 Stockholm',
      },
      lines,
    },
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  return placed.body;
}

const texts = {
  sv: {
    locale: 'sv-SE',
    account: 'Mitt konto',
    menu: 'Öppna menyn',
    email: 'E-postadress',
    submit: 'Mejla mig en länk',
    company: 'Företaget',
    invite: 'Bjud in en kollega (e-postadress)',
    inviteButton: 'Bjud in',
    reorder: 'Beställ igen',
    checkout: /Slutför köpet/,
    claim: 'Lägg till i mitt företags konto',
    orgNumber: '556016-0680',
  },
  en: {
    locale: 'en-SE',
    account: 'My account',
    menu: 'Open menu',
    email: 'Email address',
    submit: 'Email me a link',
    company: 'Your company',
    invite: 'Invite a colleague (email address)',
    inviteButton: 'Invite',
    reorder: 'Order again',
    checkout: /Complete Order/,
    claim: 'Claim for my company',
    orgNumber: '556036-0793',
  },
} as const;

/** Nothing wider than the screen. */
async function fitsWidth(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

for (const [language, width] of [
  ['sv', 390],
  ['en', 1280],
] as const) {
  test(`a company's buyer reorders, invites a colleague who sees the orders; a stranger with the same number sees nothing (${language}, ${width} px)`, async ({
    server,
    openPage,
  }) => {
    const t = texts[language];
    const org = t.orgNumber;
    const buyer = `buyer.${language}@example.se`;
    const colleague = `colleague.${language}@example.se`;
    const strangerEmail = `stranger.${language}@example.se`;
    const image = (await uploadImage(server)).id;
    const printFile = await uploadPrintFile(server, makePng(512), 'logo-tryck.png');
    const tshirts = await placeOrder(server, buyer, org, [
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
    const beanies = await placeOrder(server, buyer, org, [
      { productId: 'mossa', quantity: 25, options: { colour: 'navy' } },
    ]);
    const strangers = await placeOrder(server, strangerEmail, org, [
      { productId: 'mossa', quantity: 30, options: { colour: 'navy' } },
    ]);

    // The buyer asks for a link on the account page and opens it from the email.
    const signedOut = /status of 401/;
    const { page, errors } = await openPage({ width, locale: t.locale, expectedErrors: signedOut });
    await page.goto('/');
    if (width < 640) await page.locator('header').getByRole('button', { name: t.menu }).click();
    await page.getByRole('link', { name: t.account }).first().click();
    await page.getByLabel(t.email).fill(buyer);
    await page.getByRole('button', { name: t.submit }).click();
    await expect(page.getByTestId('sign-in-sent')).toBeVisible();
    await page.goto(await emailedLink(server, buyer));
    await expect.poll(() => new URL(page.url()).pathname).toBe('/account');
    const orders = page.getByTestId('account-order');
    await expect(orders).toHaveCount(2);
    await expect(orders.first()).toContainText(beanies.orderNumber);
    await expect(orders.nth(1)).toContainText(tshirts.orderNumber);
    // The company: founded by this first verified buyer; the stranger's order is not among its orders.
    const company = page.getByTestId('account-company');
    await expect(company.getByRole('heading', { name: t.company })).toBeVisible();
    await expect(company).toContainText(org);
    await expect(company).toContainText('Tryckta Tröjor AB');
    await expect(page.getByText(strangers.orderNumber)).toHaveCount(0);
    await fitsWidth(page, width);
    await screenshot(page, `company-account-${language}-${width}`);

    // Invite a colleague by email.
    await company.getByLabel(t.invite).fill(colleague);
    await company.getByRole('button', { name: t.inviteButton, exact: true }).click();
    await expect(company.getByRole('status')).toContainText(colleague);
    await expect(company.getByTestId('company-member')).toHaveCount(2);
    await fitsWidth(page, width);
    await screenshot(page, `company-invited-${language}-${width}`);

    // Order the t-shirts again with 30 more in L, then check out (the form is filled in as last time).
    await orders
      .nth(1)
      .getByRole('button', { name: new RegExp(t.reorder) })
      .click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/cart');
    const line = page.getByTestId('cart-line');
    await expect(line).toHaveCount(1);
    await expect(line).toContainText('logo-tryck.png');
    await line.getByRole('spinbutton').fill('70');
    await line.getByTestId('size-split').locator('input[data-size="L"]').fill('50');
    await expect(line).not.toHaveAttribute('data-needs-sizes');
    await acceptTerms(page);
    await page.getByRole('button', { name: t.checkout }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/confirmation');
    const newOrderNumber = (await lastPlacedOrder(page)).orderNumber;

    // The new order's job ticket shows the same print file as the first order's.
    const staff = await adminLogin(server);
    const ticketText = async (number: string) => {
      const ticket = await fetch(`${server.url}/api/admin/orders/${number}/job-ticket.pdf`, {
        headers: { cookie: staff, 'accept-language': 'sv' },
      });
      expect(ticket.status).toBe(200);
      return pdfText(new Uint8Array(await ticket.arrayBuffer()));
    };
    const newTicket = await ticketText(newOrderNumber);
    expect(newTicket).toContain('logo-tryck.png');
    expect(newTicket).toContain('70');
    expect(await ticketText(tshirts.orderNumber)).toContain('logo-tryck.png');

    // The colleague opens the invitation's link in a browser of their own: the company's orders.
    const other = await openPage({ width, locale: t.locale });
    await other.page.goto(await emailedLink(server, colleague));
    await expect.poll(() => new URL(other.page.url()).pathname).toBe('/account');
    const colleagueOrders = other.page.getByTestId('account-order');
    await expect(colleagueOrders).toHaveCount(3);
    for (const number of [tshirts.orderNumber, beanies.orderNumber])
      await expect(other.page.getByTestId('account-order').filter({ hasText: number })).toHaveCount(1);
    await expect(other.page.getByText(strangers.orderNumber)).toHaveCount(0);
    await expect(other.page.getByTestId('company-member')).toHaveCount(2);
    await expect(colleagueOrders.first().getByTestId('placed-by')).toContainText(buyer);
    await fitsWidth(other.page, width);
    await screenshot(other.page, `company-colleague-${language}-${width}`);

    // The stranger who ordered with the same number signs in: their own order, nothing of the company's.
    const outsider = await openPage({ width, locale: t.locale });
    await request(server, '/api/account/sign-in', { method: 'POST', json: { email: strangerEmail } });
    await outsider.page.goto(await emailedLink(server, strangerEmail));
    await expect.poll(() => new URL(outsider.page.url()).pathname).toBe('/account');
    await expect(outsider.page.getByTestId('account-order')).toHaveCount(1);
    await expect(outsider.page.getByTestId('account-order')).toContainText(strangers.orderNumber);
    for (const number of [tshirts.orderNumber, beanies.orderNumber, newOrderNumber])
      await expect(outsider.page.getByText(number)).toHaveCount(0);
    await expect(outsider.page.getByTestId('account-company')).toHaveCount(0);
    await screenshot(outsider.page, `company-stranger-${language}-${width}`);

    // The buyer claims the stranger's order from its page (its link proves it); then the colleague sees it.
    await page.goto(`/orders/${strangers.orderNumber}#${strangers.accessToken}`);
    const claim = page.getByTestId('claim-for-company');
    await expect(claim).toBeVisible();
    await fitsWidth(page, width);
    await screenshot(page, `company-claim-${language}-${width}`, { fullPage: false });
    await claim.getByRole('button', { name: t.claim }).click();
    await expect(page.getByTestId('company-claimed')).toBeVisible();
    await other.page.reload();
    await expect(
      other.page.getByTestId('account-order').filter({ hasText: strangers.orderNumber }),
    ).toHaveCount(1);

    expect(errors.filter((error) => !signedOut.test(error))).toEqual([]);
    expect(other.errors).toEqual([]);
    expect(outsider.errors).toEqual([]);
  });
}

test('staff link a person to a company account and unlink them in admin (Customers tab)', async ({
  server,
  adminPage,
}) => {
  await adminPage.setViewportSize({ width: 1280, height: 900 });
  await adminPage.goto('/admin');
  await adminPage.getByRole('tab', { name: 'Customers' }).click();
  const panel = adminPage.getByTestId('company-accounts');
  await panel.getByLabel('Organisation number').fill('556677-8899');
  await panel.getByLabel('Email address').fill('Linked.By.Staff@example.se');
  await panel.getByRole('button', { name: 'Link' }).click();
  await expect(panel.getByRole('status')).toContainText('Linked.By.Staff@example.se');
  const remove = panel.getByRole('button', { name: 'Remove linked.by.staff@example.se from 556677-8899' });
  await expect(remove).toBeVisible();
  await expect(panel).toContainText('linked by staff, not signed in yet');
  await screenshot(adminPage, 'company-admin-1280');
  await remove.click();
  await expect(remove).toHaveCount(0);
  const listed = await request<{ companies: { orgNumber: string; people: unknown[] }[] }>(
    server,
    '/api/admin/companies',
    { headers: { cookie: await adminLogin(server) } },
  );
  expect(listed.body.companies.find((company) => company.orgNumber === '556677-8899')?.people).toEqual([]);
});
