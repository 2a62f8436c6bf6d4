import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminCompaniesPath, type AccountView, type AdminCompany } from '@/shared/account';
import { accountMessages } from '@/shared/i18n/messages/account';
import type { PlacedOrderAnswer } from '@/shared/order-view';
import type { CreatedQuoteAnswer } from '@/shared/quotes';
import { queryRows } from '@/server/db/query-rows';
import { adminLogin } from '@tests/helpers/admin';
import { outboxEmailsNamed } from '@tests/helpers/outbox';
import { hoodiesAndBooklets, testCustomer } from '@tests/helpers/orders';
import { request } from '@tests/helpers/server';
import { useServer } from '@tests/helpers/use-server';

/** Company accounts (issue 43): the first buyer, invitations, removal, claiming a stranger's order or quote, staff links. */

const server = useServer({ env: { TRUST_PROXY: '1', CATALOGUE_CHECK_MS: '0' } });

let clients = 0;
const newClient = () => `10.44.${Math.floor(++clients / 250)}.${clients % 250}`;

interface Mail {
  name: string;
  to: string;
  subject: string;
  text: string;
}

/** The account emails the outbox wrote (.eml files), oldest first. */
async function accountMails(to: string): Promise<Mail[]> {
  await server.app.emailOutbox.drain();
  return outboxEmailsNamed(server, 'account-').filter((mail) => mail.to === to);
}

/** Opens the newest link emailed to `email`: the session's Cookie header. */
async function openNewestLink(email: string): Promise<string> {
  const token = /\/account\/verify\?token=([A-Za-z0-9_%-]+)/.exec(
    (await accountMails(email)).at(-1)?.text ?? '',
  )?.[1];
  if (!token) throw new Error(`no link emailed to ${email}`);
  const response = await fetch(`${server.url}/account/verify?token=${token}`, { redirect: 'manual' });
  const session = /account_session=([^;]+)/.exec(response.headers.get('set-cookie') ?? '')?.[1];
  if (!session) throw new Error('no session cookie');
  return `account_session=${session}`;
}

async function signedIn(email: string): Promise<string> {
  const asked = await request(server, '/api/account/sign-in', {
    method: 'POST',
    json: { email },
    headers: { 'x-forwarded-for': newClient() },
  });
  expect(asked.status).toBe(202);
  return openNewestLink(email);
}

const account = async (cookie: string) => {
  const answer = await request<AccountView>(server, '/api/account', { headers: { cookie } });
  expect(answer.status).toBe(200);
  return answer.body;
};

const invite = (cookie: string, email: string, headers: Record<string, string> = {}) =>
  request<{ error?: string }>(server, '/api/account/company/members', {
    method: 'POST',
    json: { email },
    headers: { cookie, 'x-forwarded-for': newClient(), ...headers },
  });

let keys = 0;
let orgs = 0;
/** A valid Swedish organisation number of its own for each test (checksum digit computed). */
function newOrgNumber(): string {
  const body = `5560${String(10 + ++orgs).padStart(5, '0')}`;
  const sum = [...body].reduce((total, char, index) => {
    const product = Number(char) * (index % 2 === 0 ? 2 : 1);
    return total + (product > 9 ? product - 9 : product);
  }, 0);
  return `${body.slice(0, 6)}-${body.slice(6)}${(10 - (sum % 10)) % 10}`;
}

async function placeCompanyOrder(
  email: string,
  orgNumber: string,
  quantity = 25,
): Promise<PlacedOrderAnswer> {
  const placed = await request<PlacedOrderAnswer>(server, '/api/orders', {
    method: 'POST',
    json: {
      idempotencyKey: `company-test-${++keys}-abcdefghijkl`,
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
      lines: [{ productId: 'mossa', quantity, options: { colour: 'navy' } }],
    },
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  return placed.body;
}

const orderNumbers = (view: AccountView) => view.orders.map((order) => order.orderNumber).sort();

describe('the company account', () => {
  it('is founded by its first verified buyer; a stranger with the same number signing in later sees nothing of it', async () => {
    const org = newOrgNumber();
    const first = await placeCompanyOrder('first.buyer@example.se', org);
    const second = await placeCompanyOrder('First.Buyer@example.se', org, 30);
    const buyer = await account(await signedIn('first.buyer@example.se'));
    expect(buyer.company).toEqual({
      orgNumber: org,
      name: 'Tryckta Tröjor AB',
      members: ['first.buyer@example.se'],
      invited: [],
    });
    expect(orderNumbers(buyer)).toEqual([first.orderNumber, second.orderNumber].sort());

    const strangers = await placeCompanyOrder('stranger@example.se', org);
    const strangerCookie = await signedIn('stranger@example.se');
    const stranger = await account(strangerCookie);
    expect(stranger.company).toBeUndefined();
    expect(orderNumbers(stranger)).toEqual([strangers.orderNumber]);
    // The members still see only their own company's orders, and the stranger cannot invite.
    expect(orderNumbers(await account(await signedIn('first.buyer@example.se')))).toEqual(
      [first.orderNumber, second.orderNumber].sort(),
    );
    const refused = await invite(strangerCookie, 'friend@example.se');
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe(accountMessages.en.notMember);
    // Nor can the stranger open the company's orders from the account.
    const opened = await fetch(`${server.url}/account/orders/${first.orderNumber}`, {
      headers: { cookie: strangerCookie },
      redirect: 'manual',
    });
    expect(opened.headers.get('location')).toBe('/account');
  });

  it('lets a member invite a colleague by email, who signs in by the link and sees the company’s orders', async () => {
    const org = newOrgNumber();
    const first = await placeCompanyOrder('boss@example.se', org);
    const second = await placeCompanyOrder('boss@example.se', org, 40);
    const boss = await signedIn('boss@example.se');
    await account(boss);

    const invited = await invite(boss, 'Colleague@Example.se', { 'accept-language': 'sv-SE' });
    expect(invited.status).toBe(202);
    expect((await account(boss)).company?.invited).toEqual(['colleague@example.se']);

    // The email: in the inviter's language, the organisation number, a sign-in link; never the
    // company's name as typed at checkout nor the inviter's address.
    const [mail] = await accountMails('colleague@example.se');
    expect(mail?.name).toMatch(/account_company_invite\.eml$/);
    expect(mail?.subject).toBe(accountMessages.sv.inviteEmailSubject);
    expect(mail?.text).toContain(org);
    expect(mail?.text).toMatch(/\/account\/verify\?token=/);
    expect(mail?.text).not.toContain('Tryckta');
    expect(mail?.text).not.toContain('boss@');

    const colleagueCookie = await openNewestLink('colleague@example.se');
    const colleague = await account(colleagueCookie);
    expect(colleague.company?.members).toEqual(['boss@example.se', 'colleague@example.se']);
    expect(colleague.company?.invited).toEqual([]);
    expect(orderNumbers(colleague)).toEqual([first.orderNumber, second.orderNumber].sort());
    expect(colleague.orders.every((order) => order.placedBy === 'boss@example.se')).toBe(true);
    // The colleague opens a company order's page from the account.
    const opened = await fetch(`${server.url}/account/orders/${first.orderNumber}`, {
      headers: { cookie: colleagueCookie },
      redirect: 'manual',
    });
    expect(opened.headers.get('location')).toMatch(new RegExp(`^/orders/${first.orderNumber}#`));
    // The colleague's own orders with the number are the company's too.
    const colleagues = await placeCompanyOrder('colleague@example.se', org);
    expect(orderNumbers(await account(boss))).toContain(colleagues.orderNumber);
  });

  it('throttles invitations per member and counts them against the invitee’s sign-in links', async () => {
    const org = newOrgNumber();
    await placeCompanyOrder('busy.inviter@example.se', org);
    const cookie = await signedIn('busy.inviter@example.se');
    for (let i = 0; i < 5; i++) expect((await invite(cookie, 'popular@example.se')).status).toBe(202);
    const sixth = await invite(cookie, 'popular@example.se');
    expect(sixth.status).toBe(429);
    expect(sixth.body.error).toMatch(/several links to this address/);
    // Refused means no invitation made and none mailed.
    const [made] = await queryRows<{ n: number }>(
      server.database.db,
      sql`SELECT count(*)::int AS n FROM account_sign_in_links WHERE email = 'popular@example.se'`,
    );
    expect(made?.n).toBe(5);
  });

  it('lets a member remove a colleague, but never the last member; others are refused', async () => {
    const org = newOrgNumber();
    const order = await placeCompanyOrder('owner.one@example.se', org);
    const owner = await signedIn('owner.one@example.se');
    await account(owner);
    expect((await invite(owner, 'leaver@example.se')).status).toBe(202);
    const leaver = await openNewestLink('leaver@example.se');
    expect(orderNumbers(await account(leaver))).toEqual([order.orderNumber]);

    const outsider = await signedIn('outsider@example.se');
    const remove = (cookie: string, email: string) =>
      request<{ error?: string }>(server, `/api/account/company/members/${encodeURIComponent(email)}`, {
        method: 'DELETE',
        headers: { cookie },
      });
    expect((await remove(outsider, 'leaver@example.se')).status).toBe(403);
    expect((await remove(owner, 'nobody@example.se')).status).toBe(404);
    expect((await remove(owner, 'leaver@example.se')).status).toBe(204);
    const left = await account(leaver);
    expect(left.company).toBeUndefined();
    expect(left.orders).toEqual([]);
    const last = await remove(owner, 'owner.one@example.se');
    expect(last.status).toBe(409);
    expect(last.body.error).toBe(accountMessages.en.lastMember);
  });
});

describe('claiming an order for the company', () => {
  it('shows a stranger’s order with the company’s number to members only once a member claims it with its token', async () => {
    const org = newOrgNumber();
    const own = await placeCompanyOrder('claimer@example.se', org);
    const member = await signedIn('claimer@example.se');
    await account(member);
    const strangers = await placeCompanyOrder('someone.else@example.se', org);
    const otherCompany = await placeCompanyOrder('someone.else2@example.se', newOrgNumber());
    const claimPath = (number: string) => `/api/account/company/orders/${number}/claim`;
    const statePath = (number: string) => `/api/account/company/orders/${number}`;
    const withToken = (token: string) => ({ cookie: member, 'x-order-token': token });

    expect(orderNumbers(await account(member))).toEqual([own.orderNumber]);
    // Without the order's token (or with a wrong one) there is nothing to claim.
    expect(
      (
        await request(server, claimPath(strangers.orderNumber), {
          method: 'POST',
          headers: { cookie: member },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await request(server, claimPath(strangers.orderNumber), {
          method: 'POST',
          headers: withToken(own.accessToken),
        })
      ).status,
    ).toBe(404);
    // Another company's order cannot be claimed.
    const elsewhere = await request<{ state: string }>(server, statePath(otherCompany.orderNumber), {
      headers: withToken(otherCompany.accessToken),
    });
    expect(elsewhere.body).toEqual({ state: 'none' });
    expect(
      (
        await request(server, claimPath(otherCompany.orderNumber), {
          method: 'POST',
          headers: withToken(otherCompany.accessToken),
        })
      ).status,
    ).toBe(403);
    // A signed-out reader is told none (the order page asks whoever opens it), and may not claim.
    const signedOut = await request<{ state: string }>(server, statePath(strangers.orderNumber), {
      headers: { 'x-order-token': strangers.accessToken },
    });
    expect(signedOut.body).toEqual({ state: 'none' });
    expect(
      (
        await request(server, claimPath(strangers.orderNumber), {
          method: 'POST',
          headers: { 'x-order-token': strangers.accessToken },
        })
      ).status,
    ).toBe(401);

    expect(
      (
        await request<{ state: string }>(server, statePath(strangers.orderNumber), {
          headers: withToken(strangers.accessToken),
        })
      ).body,
    ).toEqual({ state: 'claimable' });
    const claimed = await request<{ state: string }>(server, claimPath(strangers.orderNumber), {
      method: 'POST',
      headers: withToken(strangers.accessToken),
    });
    expect(claimed.status).toBe(200);
    expect(claimed.body).toEqual({ state: 'company' });
    expect(orderNumbers(await account(member))).toEqual([own.orderNumber, strangers.orderNumber].sort());
    // The stranger is still no member: their account holds their own order only.
    const stranger = await account(await signedIn('someone.else@example.se'));
    expect(stranger.company).toBeUndefined();
    expect(orderNumbers(stranger)).toEqual([strangers.orderNumber]);
  });
});

describe('claiming a quote for the company', () => {
  /** A quote requested on the site by `email` as the company with `orgNumber`. */
  async function requestCompanyQuote(email: string, orgNumber: string): Promise<CreatedQuoteAnswer> {
    const asked = await request<CreatedQuoteAnswer>(server, '/api/quotes', {
      method: 'POST',
      json: {
        customer: {
          ...testCustomer,
          customerType: 'company',
          companyName: 'Tryckta Tröjor AB',
          orgNumber,
          email,
        },
        lines: hoodiesAndBooklets,
      },
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    return asked.body;
  }
  const quoteNumbers = (view: AccountView) => view.quotes.map((quote) => quote.quoteNumber).sort();
  const claimPath = (number: string) => `/api/account/company/quotes/${number}/claim`;
  const statePath = (number: string) => `/api/account/company/quotes/${number}`;
  const claim = (number: string, headers: Record<string, string>) =>
    request<{ state?: string; error?: string }>(server, claimPath(number), {
      method: 'POST',
      headers: { 'accept-language': 'sv', ...headers },
    });

  it('shows a stranger’s quote with the company’s number to every member once a member claims it with its token', async () => {
    const org = newOrgNumber();
    await placeCompanyOrder('quote.claimer@example.se', org);
    const member = await signedIn('quote.claimer@example.se');
    expect((await account(member)).company?.orgNumber).toBe(org);
    expect((await invite(member, 'quote.colleague@example.se')).status).toBe(202);
    const colleague = await openNewestLink('quote.colleague@example.se');
    const own = await requestCompanyQuote('quote.claimer@example.se', org);
    const strangers = await requestCompanyQuote('quote.stranger@example.se', org);
    const otherCompany = await requestCompanyQuote('quote.elsewhere@example.se', newOrgNumber());
    const withToken = (cookie: string, token: string) => ({ cookie, 'x-order-token': token });

    // Before the claim the members see the company's own quote only.
    expect(quoteNumbers(await account(member))).toEqual([own.quoteNumber]);
    expect(quoteNumbers(await account(colleague))).toEqual([own.quoteNumber]);
    // Without the quote's token, or with another quote's, there is nothing to claim.
    const untokened = await claim(strangers.quoteNumber, { cookie: member });
    expect(untokened.status).toBe(404);
    expect(untokened.body.error).toBe(accountMessages.sv.quoteNotFound);
    expect((await claim(strangers.quoteNumber, withToken(member, own.accessToken))).status).toBe(404);
    // Another company's quote: none, and refused in the reader's language.
    const elsewhere = await request<{ state: string }>(server, statePath(otherCompany.quoteNumber), {
      headers: withToken(member, otherCompany.accessToken),
    });
    expect(elsewhere.body).toEqual({ state: 'none' });
    const refused = await claim(otherCompany.quoteNumber, withToken(member, otherCompany.accessToken));
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe(accountMessages.sv.quoteClaimRefused);
    // Someone signed in who is no company's member holds the link: none, and 403.
    const outsider = await signedIn('quote.outsider@example.se');
    expect(
      (
        await request<{ state: string }>(server, statePath(strangers.quoteNumber), {
          headers: withToken(outsider, strangers.accessToken),
        })
      ).body,
    ).toEqual({ state: 'none' });
    expect((await claim(strangers.quoteNumber, withToken(outsider, strangers.accessToken))).status).toBe(403);
    // Signed out: the page is told none, and a claim is 401.
    expect(
      (
        await request<{ state: string }>(server, statePath(strangers.quoteNumber), {
          headers: { 'x-order-token': strangers.accessToken },
        })
      ).body,
    ).toEqual({ state: 'none' });
    expect((await claim(strangers.quoteNumber, { 'x-order-token': strangers.accessToken })).status).toBe(401);
    expect(quoteNumbers(await account(member))).toEqual([own.quoteNumber]);

    expect(
      (
        await request<{ state: string }>(server, statePath(strangers.quoteNumber), {
          headers: withToken(member, strangers.accessToken),
        })
      ).body,
    ).toEqual({ state: 'claimable' });
    const claimed = await claim(strangers.quoteNumber, withToken(member, strangers.accessToken));
    expect(claimed.status).toBe(200);
    expect(claimed.body).toEqual({ state: 'company' });
    // Claiming again changes nothing and answers the same; the colleague's claim too.
    expect((await claim(strangers.quoteNumber, withToken(member, strangers.accessToken))).body).toEqual({
      state: 'company',
    });
    expect((await claim(strangers.quoteNumber, withToken(colleague, strangers.accessToken))).body).toEqual({
      state: 'company',
    });
    const [claims] = await queryRows<{ n: string; claimed_by: string }>(
      server.database.db,
      sql`SELECT count(*)::text AS n, min(claimed_by) AS claimed_by FROM account_company_claims
           WHERE quote_id = (SELECT id FROM quotes WHERE quote_number = ${strangers.quoteNumber})`,
    );
    expect(claims).toEqual({ n: '1', claimed_by: 'quote.claimer@example.se' });

    // Every member now lists it, with who asked for it, and opens its page from the account.
    const both = [own.quoteNumber, strangers.quoteNumber].sort();
    expect(quoteNumbers(await account(member))).toEqual(both);
    const colleagueView = await account(colleague);
    expect(quoteNumbers(colleagueView)).toEqual(both);
    expect(colleagueView.quotes.find((quote) => quote.quoteNumber === strangers.quoteNumber)?.placedBy).toBe(
      'quote.stranger@example.se',
    );
    const opened = await fetch(`${server.url}/account/quotes/${strangers.quoteNumber}`, {
      headers: { cookie: colleague },
      redirect: 'manual',
    });
    expect(opened.status).toBe(303);
    expect(opened.headers.get('location')).toMatch(new RegExp(`^/quotes/${strangers.quoteNumber}\\?token=`));
    // The stranger stays outside: their account holds their own quote only.
    const stranger = await account(await signedIn('quote.stranger@example.se'));
    expect(stranger.company).toBeUndefined();
    expect(quoteNumbers(stranger)).toEqual([strangers.quoteNumber]);
  });
});

describe('staff link and unlink people', () => {
  it('links a person to a company (made if new), who sees it once signed in, and unlinks them', async () => {
    const staff = await adminLogin(server);
    const org = newOrgNumber();
    const order = await placeCompanyOrder('linked.founder@example.se', org);
    const linked = await request(server, `${adminCompaniesPath}/${org}/people`, {
      method: 'POST',
      json: { email: 'Linked.Person@example.se' },
      headers: { cookie: staff },
    });
    expect(linked.status).toBe(204);
    const listed = await request<{ companies: AdminCompany[] }>(server, adminCompaniesPath, {
      headers: { cookie: staff },
    });
    expect(listed.body.companies.find((company) => company.orgNumber === org)?.people).toEqual([
      { email: 'linked.person@example.se', addedBy: 'staff', verified: false },
    ]);
    // The staff-made company has a member: the buyer who placed its order does not found it again.
    expect((await account(await signedIn('linked.founder@example.se'))).company).toBeUndefined();
    const person = await account(await signedIn('linked.person@example.se'));
    expect(person.company?.members).toEqual(['linked.person@example.se']);
    // Orders by unverified or outside addresses are not the company's until claimed.
    expect(person.orders.map((o) => o.orderNumber)).not.toContain(order.orderNumber);

    const unlink = (email: string) =>
      request(server, `${adminCompaniesPath}/${org}/people/${encodeURIComponent(email)}`, {
        method: 'DELETE',
        headers: { cookie: staff },
      });
    expect((await unlink('linked.person@example.se')).status).toBe(204);
    expect((await unlink('linked.person@example.se')).status).toBe(404);
    expect((await account(await signedIn('linked.person@example.se'))).company).toBeUndefined();
    // Both are staff actions in the audit log, naming the company and the person.
    const audited = await request<{ events: { action: string; target: string; staff: string | null }[] }>(
      server,
      '/api/admin/audit?action=company_people',
      { headers: { cookie: staff } },
    );
    expect(audited.status).toBe(200);
    const targets = audited.body.events.map((event) => event.target);
    expect(targets).toContain(`company ${org} link linked.person@example.se`);
    expect(targets).toContain(`company ${org} unlink linked.person@example.se`);
    expect(audited.body.events.every((event) => event.staff !== null)).toBe(true);
    // Not for a buyer's session, nor anyone signed out.
    expect((await request(server, adminCompaniesPath)).status).toBe(401);
  });
});
