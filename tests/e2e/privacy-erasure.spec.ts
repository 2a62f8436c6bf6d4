import { readFileSync } from 'node:fs';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { sql } from 'drizzle-orm';
import type { PlacedOrderAnswer } from '@/shared/order-view';
import { testCustomer } from '../helpers/orders';
import { request, type TestServer } from '../helpers/server';
import { signInLink } from './account-links';
import { loginAsAdmin } from './admin-fixture';
import { expect, screenshot, test } from './fixtures';

/**
 * Erasure of a buyer's personal data in a real browser (issue 43, decision 0071): the buyer
 * downloads their data and asks for deletion, the owner carries it out in admin, and afterwards the
 * buyer's account and order pages show what bokföringslagen (7 kap. 2 §) keeps — the invoiced
 * order's invoicing details — and nothing else. Run for a Swedish buyer on a phone with an English
 * owner at a desk, and the other way round.
 */

const texts = {
  sv: {
    locale: 'sv-SE',
    download: 'Ladda ner mina uppgifter (JSON)',
    ask: 'Begär radering',
    confirm: 'Ja, radera mina uppgifter',
    question:
      'Vill du att vi raderar dina uppgifter? Det går inte att ångra: kontot och dina inloggningar försvinner, och du loggas ut.',
    cancel: 'Avbryt',
    requested: /^Du begärde radering \d{1,2} [a-zåäö]+ \d{4}\. Vi mejlar dig när den är gjord\.$/,
    customersTab: 'Kunder',
    adminHeading: 'Begäran om radering',
    carryOut: 'Radera uppgifterna',
    erased: 'Adressen raderad',
    outcome: '1 order anonymiserad, 1 behåller fakturauppgifterna (bokföringslagen)',
    signIn: 'Logga in',
  },
  en: {
    locale: 'en-SE',
    download: 'Download my data (JSON)',
    ask: 'Ask for deletion',
    confirm: 'Yes, delete my data',
    question:
      'Do you want us to delete your data? It cannot be undone: the account and your sign-ins go, and you are signed out.',
    cancel: 'Cancel',
    requested: /^You asked for deletion on \d{1,2} [A-Z][a-z]+ \d{4}\. We will email you when it is done\.$/,
    customersTab: 'Customers',
    adminHeading: 'Deletion requests',
    carryOut: 'Delete the data',
    erased: 'Address deleted',
    outcome: '1 order anonymised, 1 keeps its invoicing details (Bookkeeping Act)',
    signIn: 'Sign in',
  },
} as const;

let keys = 0;
async function placeOrder(server: TestServer, email: string): Promise<PlacedOrderAnswer> {
  const placed = await request<PlacedOrderAnswer>(server, '/api/orders', {
    method: 'POST',
    json: {
      idempotencyKey: `e2e-erasure-${Date.now()}-${++keys}-abcdef`,
      customer: {
        ...testCustomer,
        name: 'Rut Radera',
        email,
        phone: '070-999 88 77',
        address: 'Radergatan 7, 111 22 Stockholm',
      },
      lines: [{ productId: 'mossa', quantity: 25, options: { colour: 'navy' } }],
    },
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  return placed.body;
}

/** WCAG 2.1 A and AA, as the accessibility test checks every page. */
async function expectAccessible(page: Page): Promise<void> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(
    result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

/** The step at 390 and 1280 px (when screenshots are wanted), then back to the page's own width. */
async function shots(page: Page, name: string): Promise<void> {
  if (!process.env.SCREENSHOT_DIR) return;
  const own = page.viewportSize();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await screenshot(page, `${name}-${width}`);
  }
  if (own) await page.setViewportSize(own);
}

for (const [buyerLanguage, buyerWidth, ownerLanguage, ownerWidth] of [
  ['sv', 390, 'en', 1280],
  ['en', 1280, 'sv', 390],
] as const) {
  test(`a buyer (${buyerLanguage}, ${buyerWidth} px) downloads their data and asks for deletion; the owner (${ownerLanguage}, ${ownerWidth} px) carries it out; the invoiced order keeps its invoicing details`, async ({
    server,
    openPage,
  }) => {
    test.setTimeout(240_000);
    const t = texts[buyerLanguage];
    const o = texts[ownerLanguage];
    const email = `rut.radera.${buyerLanguage}@example.se`;
    const kept = await placeOrder(server, email);
    const old = await placeOrder(server, email);
    // The old order's invoice was issued in 2017: bokföringslagen kept it through 2024, no longer.
    await server.database.db.execute(
      sql`UPDATE documents SET issued_on = '2017-03-01' WHERE order_id =
        (SELECT id FROM orders WHERE order_number = ${old.orderNumber})`,
    );
    await server.database.db.execute(
      sql`INSERT INTO order_messages (order_id, author, text)
        SELECT id, 'buyer', 'Ring mig på 070-999 88 77' FROM orders WHERE order_number IN (${kept.orderNumber}, ${old.orderNumber})`,
    );

    // The buyer signs in and sees both orders and the privacy sections.
    const signedOut = /status of 401/;
    const buyer = await openPage({ width: buyerWidth, locale: t.locale, expectedErrors: signedOut });
    const page = buyer.page;
    await page.goto(await signInLink(server, email));
    await expect.poll(() => new URL(page.url()).pathname).toBe('/account');
    await expect(page.getByTestId('account-order')).toHaveCount(2);
    const erasure = page.getByTestId('account-erasure');
    await expect(erasure).toBeVisible();
    await expectAccessible(page);
    const tag = `erasure-${buyerLanguage}`;
    await shots(page, `${tag}-1-account`);

    // The download: every order of the address, as a dated JSON file.
    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: t.download }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^mina-uppgifter-\d{4}-\d{2}-\d{2}\.json$/);
    const data = readFileSync(await download.path(), 'utf8');
    for (const number of [kept.orderNumber, old.orderNumber]) expect(data).toContain(number);
    expect(data).toContain('Ring mig på 070-999 88 77');

    // Asking: a second, explicit confirmation; cancelling changes nothing.
    await erasure.getByRole('button', { name: t.ask }).click();
    await expect(erasure.getByRole('button', { name: t.confirm })).toBeVisible();
    await expect(erasure.getByTestId('erasure-question')).toHaveText(t.question);
    await expectAccessible(page);
    await shots(page, `${tag}-2-confirm`);
    await erasure.getByRole('button', { name: t.cancel }).click();
    await expect(erasure.getByRole('button', { name: t.confirm })).toHaveCount(0);
    await erasure.getByRole('button', { name: t.ask }).click();
    await erasure.getByRole('button', { name: t.confirm }).click();
    await expect(erasure.getByRole('status')).toHaveText(t.requested);
    await page.reload();
    await expect(page.getByTestId('account-erasure').getByRole('status')).toHaveText(t.requested);
    await expectAccessible(page);
    await shots(page, `${tag}-3-requested`);

    // The owner sees the request in admin (Customers) and carries it out, confirmed.
    const owner = await openPage({ width: ownerWidth, locale: o.locale });
    await loginAsAdmin(server, owner.context);
    await owner.page.goto('/admin');
    await owner.page.getByRole('tab', { name: o.customersTab }).click();
    const panel = owner.page.getByRole('region', { name: o.adminHeading });
    const row = panel.getByTestId('privacy-request').filter({ hasText: email });
    await expect(row).toHaveCount(1);
    await row.scrollIntoViewIfNeeded();
    await expectAccessible(owner.page);
    await shots(owner.page, `erasure-admin-${ownerLanguage}-1-open`);
    owner.page.once('dialog', (dialog) => {
      expect(dialog.message()).toContain(email);
      void dialog.accept();
    });
    // The row by its id: the address leaves it as soon as the server's outbox has sent the email.
    const requestRow = panel.locator(
      `[data-request-id="${(await row.getAttribute('data-request-id')) ?? ''}"]`,
    );
    await row.getByRole('button', { name: `${o.carryOut} ${email}` }).click();
    // Done, with what was kept and why; the address stays only until the buyer's email is sent.
    await expect(requestRow).toContainText(o.outcome);
    await expect(requestRow.getByRole('button')).toHaveCount(0);
    await server.app.emailOutbox.drain();
    await owner.page.reload();
    await owner.page.getByRole('tab', { name: o.customersTab }).click();
    // Newest first: this request's row (the file's earlier test left one of its own).
    await expect(panel.getByTestId('privacy-request').filter({ hasText: o.erased }).first()).toContainText(
      o.outcome,
    );
    await expect(panel).not.toContainText(email);
    await expectAccessible(owner.page);
    await shots(owner.page, `erasure-admin-${ownerLanguage}-2-done`);

    // The buyer's session went with the account: the page asks them to sign in.
    await page.reload();
    await expect(page.getByRole('heading', { name: t.signIn, exact: true })).toBeVisible();
    await shots(page, `${tag}-4-signed-out`);

    // Signing in again: only the order bokföringslagen keeps, with its invoicing details.
    await page.goto(await signInLink(server, email));
    await expect.poll(() => new URL(page.url()).pathname).toBe('/account');
    await expect(page.getByTestId('account-order')).toHaveCount(1);
    await expect(page.getByTestId('account-order')).toContainText(kept.orderNumber);
    await expect(page.getByText(old.orderNumber)).toHaveCount(0);
    await expect(page.getByTestId('account-erasure').getByRole('button', { name: t.ask })).toBeVisible();
    await expectAccessible(page);
    await shots(page, `${tag}-5-account-after`);

    await page.goto(`/orders/${kept.orderNumber}#${kept.accessToken}`);
    const main = page.locator('main');
    await expect(main).toContainText('Rut Radera');
    await expect(main).toContainText('Radergatan 7');
    await expect(main).not.toContainText('Ring mig');
    await expectAccessible(page);
    await shots(page, `${tag}-6-kept-order`);

    // The order past its seven years: none of the buyer's details on its page.
    await page.goto(`/orders/${old.orderNumber}#${old.accessToken}`);
    await expect(main).toContainText(old.orderNumber);
    for (const detail of ['Rut Radera', 'Radergatan', '070-999', email, 'Ring mig'])
      await expect(main).not.toContainText(detail);
    await expectAccessible(page);
    await shots(page, `${tag}-7-erased-order`);
  });
}
