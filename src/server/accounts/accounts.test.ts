import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AccountView, ReorderAnswer } from '@/shared/account';
import { accountMessages } from '@/shared/i18n/messages/account';
import type { OrderView, PlacedOrderAnswer } from '@/shared/order-view';
import { queryRows } from '@/server/db/query-rows';
import { outboxEmailsNamed } from '@tests/helpers/outbox';
import { frontPrintedLine, testCustomer } from '@tests/helpers/orders';
import { uploadImage, uploadPrintFile } from '@tests/helpers/print-files';
import { makePng } from '@tests/helpers/png';
import { request } from '@tests/helpers/server';
import { useServer } from '@tests/helpers/use-server';

/** Buyer accounts (issue 43): sign-in by an emailed link, the session, the account and reorder. */

// TRUST_PROXY lets each test be its own client (x-forwarded-for), so the per-client limit is its own test's.
const server = useServer({ env: { TRUST_PROXY: '1', CATALOGUE_CHECK_MS: '0' } });

let clients = 0;
const newClient = () => `10.43.${Math.floor(++clients / 250)}.${clients % 250}`;

const signIn = (email: unknown, headers: Record<string, string> = {}) =>
  request<unknown>(server, '/api/account/sign-in', { method: 'POST', json: { email }, headers });

interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** The sign-in emails the outbox wrote (.eml files), oldest first. */
const signInMails = (): Mail[] => outboxEmailsNamed(server, 'account-');

/** How many sign-in links were made for `email` (any case), each with its queued email. */
async function linksTo(email: string): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    server.database.db,
    sql`SELECT count(*)::int AS n FROM account_sign_in_links WHERE lower(email) = ${email.toLowerCase()}`,
  );
  return rows[0]?.n ?? 0;
}

/** The token of the newest sign-in email to `email`. */
async function emailedToken(email: string): Promise<string> {
  await server.app.emailOutbox.drain();
  const mail = signInMails()
    .filter((m) => m.to === email)
    .at(-1);
  const token = /\/account\/verify\?token=([A-Za-z0-9_%-]+)/.exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error(`no sign-in email to ${email}`);
  return decodeURIComponent(token);
}

/** Opens the emailed link as a browser does: the verify GET, its redirect and cookie. */
async function openLink(
  token: string,
): Promise<{ location: string | null; cookie: string | undefined; setCookie: string }> {
  const response = await fetch(`${server.url}/account/verify?token=${encodeURIComponent(token)}`, {
    redirect: 'manual',
  });
  const setCookie = response.headers.get('set-cookie') ?? '';
  const session = /account_session=([^;]+)/.exec(setCookie)?.[1];
  return {
    location: response.headers.get('location'),
    cookie: session ? `account_session=${session}` : undefined,
    setCookie,
  };
}

/** Signs `email` in through the emailed link: the session's Cookie header. */
async function signedIn(email: string): Promise<string> {
  expect((await signIn(email, { 'x-forwarded-for': newClient() })).status).toBe(202);
  const { cookie } = await openLink(await emailedToken(email));
  if (!cookie) throw new Error('no session cookie');
  return cookie;
}

let keys = 0;
async function placeOrder(
  email: string,
  lines: unknown[],
  printFiles?: string[],
): Promise<PlacedOrderAnswer> {
  const placed = await request<PlacedOrderAnswer>(server, '/api/orders', {
    method: 'POST',
    json: {
      idempotencyKey: `account-test-${++keys}-abcdefghijkl`,
      customer: { ...testCustomer, email },
      lines,
      ...(printFiles ? { printFiles } : {}),
    },
  });
  expect(placed.status).toBe(201);
  return placed.body;
}

const beanies = [{ productId: 'mossa', quantity: 25, options: { colour: 'navy' } }];

describe('signing in by an emailed link', () => {
  it('answers alike for an address with orders and one without, and never tells which', async () => {
    await placeOrder('known.buyer@example.se', beanies);
    const client = newClient();
    const known = await signIn('Known.Buyer@example.se', { 'x-forwarded-for': client });
    const unknown = await signIn('nobody.here@example.se', { 'x-forwarded-for': client });
    for (const answer of [known, unknown]) {
      expect(answer.status).toBe(202);
      expect(answer.body).toEqual({ accepted: true });
      expect(answer.headers.get('cache-control')).toBe('no-store');
    }
    const headerNames = (h: Headers) => [...h.keys()].filter((k) => k !== 'date' && k !== 'content-length');
    expect(headerNames(known.headers)).toEqual(headerNames(unknown.headers));
    // Both get the same email: whether the address has orders shows only once signed in.
    await server.app.emailOutbox.drain();
    const knownMail = signInMails().find((m) => m.to === 'Known.Buyer@example.se');
    const unknownMail = signInMails().find((m) => m.to === 'nobody.here@example.se');
    expect(knownMail?.subject).toBe(unknownMail?.subject);
    const withoutLink = (text = '') => text.replace(/token=\S+/, '');
    expect(withoutLink(knownMail?.text)).toBe(withoutLink(unknownMail?.text));
  });

  it('refuses a malformed address in the reader’s language and sends nothing', async () => {
    const answer = await signIn('not an address', { 'x-forwarded-for': newClient(), cookie: 'lang=sv' });
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toContain('e-post');
  });

  it('emails the link in the reader’s language, with nothing the visitor typed but the address', async () => {
    await signIn('svensk.kund@example.se', { 'x-forwarded-for': newClient(), 'accept-language': 'sv-SE' });
    await signIn('english.buyer@example.com', { 'x-forwarded-for': newClient(), 'accept-language': 'en-GB' });
    await server.app.emailOutbox.drain();
    const sv = signInMails().find((m) => m.to === 'svensk.kund@example.se');
    const en = signInMails().find((m) => m.to === 'english.buyer@example.com');
    expect(sv?.subject).toBe(accountMessages.sv.emailSubject);
    expect(sv?.text).toContain(accountMessages.sv.emailBody);
    expect(en?.subject).toBe(accountMessages.en.emailSubject);
    expect(en?.text).toContain(accountMessages.en.emailIgnore);
    expect(sv?.text).not.toContain('svensk.kund');
  });

  it('signs in once: the link sets a 30-day httpOnly cookie and redirects to /account; used again, it does nothing', async () => {
    const email = 'once.only@example.se';
    await signIn(email, { 'x-forwarded-for': newClient() });
    const token = await emailedToken(email);
    const first = await openLink(token);
    expect(first.location).toBe('/account');
    expect(first.setCookie).toMatch(/HttpOnly/i);
    expect(first.setCookie).toMatch(/SameSite=Lax/i);
    expect(first.setCookie).toMatch(/Max-Age=2592000/);
    expect(first.setCookie).toMatch(/Path=\//);
    const again = await openLink(token);
    expect(again.location).toBe('/account?link=expired');
    expect(again.cookie).toBeUndefined();
    // The first session works.
    const account = await request<AccountView>(server, '/api/account', {
      headers: { cookie: first.cookie ?? '' },
    });
    expect(account.status).toBe(200);
    expect(account.body.email).toBe(email);
  });

  it('stores only the link’s and the session’s hashes', async () => {
    const email = 'hashed.only@example.se';
    await signIn(email, { 'x-forwarded-for': newClient() });
    const token = await emailedToken(email);
    const [link] = await queryRows<{ token_hash: string }>(
      server.database.db,
      sql`SELECT token_hash FROM account_sign_in_links WHERE email = ${email}`,
    );
    expect(link?.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    const { cookie } = await openLink(token);
    const session = cookie?.split('=')[1] ?? '';
    const stored = await queryRows<{ token_hash: string }>(
      server.database.db,
      sql`SELECT token_hash FROM account_sessions WHERE email = ${email}`,
    );
    expect(stored.map((s) => s.token_hash)).toEqual([createHash('sha256').update(session).digest('hex')]);
  });

  it('refuses an expired link (older than 15 minutes) and an unknown one', async () => {
    const email = 'too.late@example.se';
    await signIn(email, { 'x-forwarded-for': newClient() });
    const token = await emailedToken(email);
    // The link's 15 minutes are over (moved back rather than waited for).
    await server.database.db.execute(
      sql`UPDATE account_sign_in_links SET expires_at = now() - interval '1 second' WHERE email = ${email}`,
    );
    const late = await openLink(token);
    expect(late.location).toBe('/account?link=expired');
    expect(late.cookie).toBeUndefined();
    expect((await openLink('x'.repeat(43))).location).toBe('/account?link=expired');
    expect((await openLink('')).location).toBe('/account?link=expired');
  });

  it('throttles links per address and per client, alike for known and unknown addresses', async () => {
    const client = newClient();
    for (let i = 0; i < 5; i++)
      expect((await signIn('many.links@example.se', { 'x-forwarded-for': client })).status).toBe(202);
    const refused = await signIn('Many.Links@example.se', {
      'x-forwarded-for': newClient(),
      cookie: 'lang=sv',
    });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((refused.body as { error: string }).error).toContain('den här adressen');
    // Refused means no link made and none mailed: still the five the address was allowed.
    expect(await linksTo('many.links@example.se')).toBe(5);
    // Another address from the same client is still served.
    expect((await signIn('other.address@example.se', { 'x-forwarded-for': client })).status).toBe(202);

    const busy = newClient();
    for (let i = 0; i < 20; i++)
      expect((await signIn(`client.${i}@example.se`, { 'x-forwarded-for': busy })).status).toBe(202);
    const tooMany = await signIn('client.last@example.se', { 'x-forwarded-for': busy });
    expect(tooMany.status).toBe(429);
    expect((tooMany.body as { error: string }).error).toContain('many links');
    expect(await linksTo('client.last@example.se')).toBe(0);
  });

  it('refuses state-changing requests from another origin and bodies a cross-site form can send', async () => {
    const otherOrigin = await signIn('csrf@example.se', {
      'x-forwarded-for': newClient(),
      origin: 'https://evil.example',
      'sec-fetch-site': 'cross-site',
    });
    expect(otherOrigin.status).toBe(403);
    const form = await request(server, '/api/account/sign-in', {
      method: 'POST',
      headers: { 'content-type': 'text/plain', 'x-forwarded-for': newClient() },
      body: JSON.stringify({ email: 'csrf@example.se' }),
    });
    expect(form.status).toBe(415);
    const cookie = await signedIn('csrf.victim@example.se');
    const signOut = await request(server, '/api/account/sign-out', {
      method: 'POST',
      headers: { cookie, origin: 'https://evil.example' },
      json: { everywhere: true },
    });
    expect(signOut.status).toBe(403);
    expect((await request(server, '/api/account', { headers: { cookie } })).status).toBe(200);
  });
});

describe('the session', () => {
  it('comes with a readable hint that it is there, which sign-out and an ended session clear', async () => {
    const email = 'hinted@example.se';
    expect((await signIn(email, { 'x-forwarded-for': newClient() })).status).toBe(202);
    const opened = await fetch(
      `${server.url}/account/verify?token=${encodeURIComponent(await emailedToken(email))}`,
      {
        redirect: 'manual',
      },
    );
    const cookies = opened.headers.getSetCookie();
    const hint = cookies.find((cookie) => cookie.startsWith('account_signed_in='));
    expect(hint).toMatch(/^account_signed_in=1;/);
    expect(hint).not.toMatch(/HttpOnly/i);
    expect(hint).toMatch(/Max-Age=2592000/);
    expect(hint).not.toContain(
      cookies.find((cookie) => cookie.startsWith('account_session='))?.split(';')[0],
    );
    const session = cookies.find((cookie) => cookie.startsWith('account_session='))?.split(';')[0] ?? '';

    const out = await request(server, '/api/account/sign-out', {
      method: 'POST',
      headers: { cookie: `${session}; account_signed_in=1` },
      json: {},
    });
    expect(
      out.headers
        .getSetCookie()
        .filter((cookie) => /Max-Age=0|Expires=Thu, 01 Jan 1970/.test(cookie))
        .map((cookie) => cookie.split('=')[0]),
    ).toEqual(['account_session', 'account_signed_in']);

    // The session ended (here: signed out above) while a browser still holds both cookies.
    const ended = await request(server, '/api/account', {
      headers: { cookie: `${session}; account_signed_in=1` },
    });
    expect(ended.status).toBe(401);
    expect(
      ended.headers
        .getSetCookie()
        .map((cookie) => cookie.split('=')[0])
        .sort(),
    ).toEqual(['account_session', 'account_signed_in']);
    const stranger = await request(server, '/api/account');
    expect(stranger.headers.getSetCookie()).toEqual([]);
  });

  it('401 without a session or with a made-up one', async () => {
    expect((await request(server, '/api/account')).status).toBe(401);
    const forged = await request(server, '/api/account', {
      headers: { cookie: `account_session=${'a'.repeat(43)}` },
    });
    expect(forged.status).toBe(401);
  });

  it('signs out this browser, or every browser of the address', async () => {
    const email = 'two.browsers@example.se';
    const phone = await signedIn(email);
    const laptop = await signedIn(email);
    const tablet = await signedIn(email);
    const out = await request(server, '/api/account/sign-out', {
      method: 'POST',
      headers: { cookie: phone },
      json: {},
    });
    expect(out.status).toBe(204);
    expect((await request(server, '/api/account', { headers: { cookie: phone } })).status).toBe(401);
    expect((await request(server, '/api/account', { headers: { cookie: laptop } })).status).toBe(200);
    await request(server, '/api/account/sign-out', {
      method: 'POST',
      headers: { cookie: laptop },
      json: { everywhere: true },
    });
    expect((await request(server, '/api/account', { headers: { cookie: laptop } })).status).toBe(401);
    expect((await request(server, '/api/account', { headers: { cookie: tablet } })).status).toBe(401);
  });
});

describe('what the account holds', () => {
  it('lists the orders placed with the verified address (any case), newest first, each opening its page', async () => {
    const first = await placeOrder('Holder@Example.se', beanies);
    const second = await placeOrder('holder@example.se', beanies);
    const strangers = await placeOrder('someone.else@example.se', beanies);
    const cookie = await signedIn('HOLDER@example.se');
    const account = await request<AccountView>(server, '/api/account', {
      headers: { cookie: `${cookie}; lang=sv` },
    });
    expect(account.status).toBe(200);
    expect(account.body.email).toBe('holder@example.se');
    expect(account.body.company).toBeUndefined();
    expect(account.body.orders.map((o) => o.orderNumber)).toEqual([second.orderNumber, first.orderNumber]);
    expect(account.body.orders.map((o) => o.orderNumber)).not.toContain(strangers.orderNumber);
    expect(account.body.orders[0]).toMatchObject({
      total: second.total,
      status: 'pending',
      statusLabel: 'Mottagen',
      orderPage: `/account/orders/${second.orderNumber}`,
    });
    expect(account.body.orders[0]?.placedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(account.body.quotes).toEqual([]);

    // The order page opens with a fresh link of its own.
    const open = await fetch(`${server.url}/account/orders/${second.orderNumber}`, {
      headers: { cookie },
      redirect: 'manual',
    });
    expect(open.status).toBe(303);
    const location = open.headers.get('location') ?? '';
    const token = decodeURIComponent(location.slice(location.indexOf('#') + 1));
    expect(location.startsWith(`/orders/${second.orderNumber}#`)).toBe(true);
    const view = await request<OrderView>(server, `/api/orders/${second.orderNumber}`, {
      headers: { 'x-order-token': token },
    });
    expect(view.status).toBe(200);
    // Another buyer's order, or no session: back to the account, no link made.
    for (const headers of [{ cookie }, {}] as Record<string, string>[]) {
      const refused = await fetch(`${server.url}/account/orders/${strangers.orderNumber}`, {
        headers,
        redirect: 'manual',
      });
      expect(refused.headers.get('location')).toBe('/account');
    }
  });
});

describe('reorder', () => {
  it('puts the lines back with the same uploads and print file; the new order is priced today and pays no second conversion fee', async () => {
    const email = 'again@example.se';
    const image = (await uploadImage(server)).id;
    const printFile = await uploadPrintFile(server, makePng(512), 'logo-print.png');
    const tshirts = {
      ...frontPrintedLine({ productId: 'tshirt-bomull', quantity: 40, sizes: { M: 20, L: 20 } }, image, 0.3),
      printFile: printFile.id,
    };
    const earlier = await placeOrder(email, [tshirts]);
    const cookie = await signedIn(email);
    const answer = await request<ReorderAnswer>(
      server,
      `/api/account/orders/${earlier.orderNumber}/reorder`,
      {
        method: 'POST',
        headers: { cookie },
      },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.lines).toEqual([
      {
        productId: 'tshirt-bomull',
        quantity: 40,
        sizes: { M: 20, L: 20 },
        options: expect.anything() as unknown,
        customisation: tshirts.customisation,
        printFile: printFile.id,
      },
    ]);
    expect(answer.body.notes).toEqual([]);
    expect(answer.body.customer).toMatchObject({
      name: testCustomer.name,
      email,
      address: testCustomer.address,
    });
    expect(answer.body.printFiles).toMatchObject([
      { id: printFile.id, kind: 'raster', name: 'logo-print.png' },
    ]);

    // 30 more in L, then checkout with the lines as they came.
    const [line] = answer.body.lines;
    const again = await placeOrder(email, [{ ...line, quantity: 70, sizes: { M: 20, L: 50 } }]);
    const view = await request<OrderView>(server, `/api/orders/${again.orderNumber}`, {
      headers: { 'x-order-token': again.accessToken },
    });
    expect(view.body.printFiles.map((f) => f.id)).toEqual([printFile.id]);
    // No conversion fee line: the file was converted for the earlier order.
    expect(view.body.lines.map((l) => l.productId)).toEqual(['tshirt-bomull']);
    expect(view.body.lines[0]?.customisation?.prints[0]?.uploadId).toBe(image);
    const first = await request<OrderView>(server, `/api/orders/${earlier.orderNumber}`, {
      headers: { 'x-order-token': earlier.accessToken },
    });
    expect(first.body.lines.some((l) => l.fee === 'conversion')).toBe(true);

    // Another buyer cannot claim the file by its id.
    const stranger = await request<{ fieldErrors?: Record<string, string> }>(server, '/api/orders', {
      method: 'POST',
      json: {
        idempotencyKey: 'account-test-stranger-abcdefgh',
        customer: { ...testCustomer, email: 'thief@example.se' },
        lines: [{ ...line }],
      },
    });
    expect(stranger.status).toBe(400);
  });

  it('answers 404 for another buyer’s order or an unknown one, 401 without a session', async () => {
    const theirs = await placeOrder('owner.of.it@example.se', beanies);
    const cookie = await signedIn('not.the.owner@example.se');
    for (const number of [theirs.orderNumber, 'INV-999999999', 'nonsense']) {
      const refused = await request(server, `/api/account/orders/${number}/reorder`, {
        method: 'POST',
        headers: { cookie },
      });
      expect(refused.status).toBe(404);
    }
    const noSession = await request(server, `/api/account/orders/${theirs.orderNumber}/reorder`, {
      method: 'POST',
    });
    expect(noSession.status).toBe(401);
  });

  it('leaves out a product no longer sold and says where today’s price differs', async () => {
    const email = 'changed.catalogue@example.se';
    const placed = await placeOrder(email, [
      ...beanies,
      { productId: 'hoodie', quantity: 20, sizes: { M: 20 }, options: { colour: 'navy' } },
    ]);
    // The hoodie line was paid at another price, and the beanie is off sale since.
    await server.database.db.execute(sql`UPDATE orders SET items = jsonb_set(items, '{1,unitPrice}', '"1"')
      WHERE order_number = ${placed.orderNumber}`);
    await server.database.db.execute(
      sql`UPDATE catalogue_products SET visible = false, version = version + 1 WHERE id = 'mossa'`,
    );
    try {
      const cookie = await signedIn(email);
      const answer = await request<ReorderAnswer>(
        server,
        `/api/account/orders/${placed.orderNumber}/reorder`,
        {
          method: 'POST',
          headers: { cookie: `${cookie}; lang=sv` },
        },
      );
      expect(answer.body.lines.map((l) => l.productId)).toEqual(['hoodie']);
      expect(answer.body.notes).toHaveLength(2);
      expect(answer.body.notes[0]).toContain('säljs inte längre');
      expect(answer.body.notes[1]).toContain('Priset');
    } finally {
      await server.database.db.execute(
        sql`UPDATE catalogue_products SET visible = true, version = version + 1 WHERE id = 'mossa'`,
      );
    }
  });
});
