import type { CreatedQuoteAnswer } from '@/shared/quotes';
import type { PlacedOrderAnswer } from '@/shared/order-view';
import { hoodiesAndBooklets, testCustomer } from '../helpers/orders';
import { request, type TestServer } from '../helpers/server';
import { signInLink } from './account-links';
import { expect, screenshot, test } from './fixtures';

/**
 * Claiming a stranger's quote for the company (issue 43, decision 0078), Swedish at 390 px: a
 * member opens the quote's link a stranger (no colleague) was sent for the company's organisation
 * number, claims it on the quote page and finds it on the account page.
 */

const org = '556016-0680';
const company = (email: string) => ({
  ...testCustomer,
  customerType: 'company',
  companyName: 'Tryckta Tröjor AB',
  orgNumber: org,
  email,
});

async function founder(server: TestServer, email: string): Promise<void> {
  const placed = await request<PlacedOrderAnswer>(server, '/api/orders', {
    method: 'POST',
    json: {
      idempotencyKey: `e2e-quote-claim-${Date.now()}-abcdef`,
      customer: company(email),
      lines: [{ productId: 'mossa', quantity: 25, options: { colour: 'navy' } }],
    },
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
}

test('a member claims a stranger’s quote from its page and finds it in the account (sv, 390 px)', async ({
  server,
  openPage,
}) => {
  const member = 'inkop@tryckta.se';
  await founder(server, member);
  const asked = await request<CreatedQuoteAnswer>(server, '/api/quotes', {
    method: 'POST',
    json: { customer: company('okand.kollega@example.se'), lines: hoodiesAndBooklets },
  });
  expect(asked.status, JSON.stringify(asked.body)).toBe(201);
  const quote = asked.body;

  const { page } = await openPage({ width: 390, locale: 'sv-SE' });
  await page.goto(await signInLink(server, member));
  await expect.poll(() => new URL(page.url()).pathname).toBe('/account');
  await expect(page.getByTestId('account-company')).toContainText(org);
  await expect(page.getByText(quote.quoteNumber)).toHaveCount(0);

  // The stranger's link (as their email has it) opened by the member: the quote and the claim.
  await page.goto(`/quotes/${quote.quoteNumber}?token=${encodeURIComponent(quote.accessToken)}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(quote.quoteNumber);
  const claim = page.getByTestId('claim-for-company');
  await expect(claim).toContainText(
    'Offerten är begärd med ditt företags organisationsnummer men syns inte för företagets medlemmar.',
  );
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshot(page, 'quote-claim-sv-390', { fullPage: false });
  await claim.getByRole('button', { name: 'Lägg till i mitt företags konto' }).click();
  await expect(page.getByTestId('company-claimed')).toHaveText(
    'Offerten hör till företagets konto: alla medlemmar ser den i Mitt konto.',
  );
  await screenshot(page, 'quote-claimed-sv-390', { fullPage: false });

  // The account lists it, with who asked for it, and opens its page again.
  await page.goto('/account');
  const listed = page.getByTestId('account-quote').filter({ hasText: quote.quoteNumber });
  await expect(listed).toHaveCount(1);
  await expect(listed.getByTestId('placed-by')).toHaveText('Begärd av okand.kollega@example.se');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshot(page, 'quote-claim-account-sv-390');
  await listed.getByRole('link', { name: `Visa offerten ${quote.quoteNumber}` }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(quote.quoteNumber);
  // Claimed: the quote page offers nothing more to claim.
  await expect(page.getByTestId('claim-for-company')).toHaveCount(0);
});
