import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { orderEmailMessages } from '@/shared/i18n/messages/order-emails';
import { orderLookupMessages } from '@/shared/i18n/messages/order-lookup';
import { validationMessages } from '@/shared/i18n/messages/validation';
import type { OrderView, PlacedOrderAnswer } from '@/shared/order-view';
import { queryRows } from '@/server/db/query-rows';
import { readEml } from '@tests/helpers/eml';
import { checkoutBody, testCustomer } from '@tests/helpers/orders';
import { request } from '@tests/helpers/server';
import { useServer } from '@tests/helpers/use-server';

/** Order lookup by email: POST /api/order-links, its emails, and its limits. */

const server = useServer();

let keys = 0;
async function placeOrder(email: string, customer: Record<string, unknown> = {}): Promise<PlacedOrderAnswer> {
  const placed = await request<PlacedOrderAnswer>(server, '/api/orders', {
    method: 'POST',
    json: {
      ...checkoutBody(`lookup-test-${Date.now()}-${++keys}-abcdef`, keys),
      customer: { ...testCustomer, ...customer, email },
    },
  });
  expect(placed.status).toBe(201);
  return placed.body;
}

const lookup = (email: unknown, headers: Record<string, string> = {}) =>
  request<unknown>(server, '/api/order-links', { method: 'POST', json: { email }, headers });

interface Mail {
  file: string;
  to: string;
  subject: string;
  text: string;
}

/** The lookup emails in the outbox folder (.eml files), oldest first. */
function lookupMails(dataDir = server.dataDir): Mail[] {
  const dir = join(dataDir, 'outbox');
  return readdirSync(dir)
    .filter((name) => name.startsWith('order-links-'))
    .sort()
    .map((file) => {
      const raw = readFileSync(join(dir, file), 'utf8');
      return { file, to: /^To: (.*)$/m.exec(raw)?.[1] ?? '', ...readEml(raw) };
    });
}

/** Order page links in an email's text: number and token. */
function linksIn(text: string): { number: string; token: string }[] {
  return [...text.matchAll(/http:\/\/\S+\/orders\/(INV-\d+)#([A-Za-z0-9_%-]+)/g)].map((m) => ({
    number: m[1] ?? '',
    token: decodeURIComponent(m[2] ?? ''),
  }));
}

describe('order lookup by email', () => {
  it('answers the same for an address with orders and one without, and emails only the address with orders', async () => {
    const first = await placeOrder('lookup.known@example.se');
    const second = await placeOrder('Lookup.Known@Example.se');
    await server.app.emailOutbox.drain();
    const mailsBefore = lookupMails().length;

    const known = await lookup('LOOKUP.known@example.se');
    const unknown = await lookup('lookup.nobody@example.se');
    for (const answer of [known, unknown]) {
      expect(answer.status).toBe(202);
      expect(answer.body).toEqual({ accepted: true });
      expect(answer.headers.get('cache-control')).toBe('no-store');
    }
    expect([...known.headers.keys()].filter((h) => h !== 'date' && h !== 'content-length')).toEqual(
      [...unknown.headers.keys()].filter((h) => h !== 'date' && h !== 'content-length'),
    );
    expect(known.headers.get('content-length')).toBe(unknown.headers.get('content-length'));

    await server.app.emailOutbox.drain();
    const mails = lookupMails().slice(mailsBefore);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    if (!mail) throw new Error('no lookup email');
    // To the address stored with the newest order (its local part as stored; the mailer writes the
    // domain in lower case), never what the visitor typed.
    expect(mail.to).toBe('Lookup.Known@example.se');
    expect(mail.subject).toBe(orderEmailMessages.sv.lookupSubject);
    expect(mail.text).not.toContain('nobody');
    // Both orders, newest first, each with a fresh link that opens it (and only it).
    const links = linksIn(mail.text);
    expect(links.map((l) => l.number)).toEqual([second.orderNumber, first.orderNumber]);
    for (const link of links) {
      expect(link.token).not.toBe(first.accessToken);
      expect(link.token).not.toBe(second.accessToken);
      const view = await request<OrderView>(server, `/api/orders/${link.number}`, {
        headers: { 'x-order-token': link.token },
      });
      expect(view.status).toBe(200);
      expect(view.body.orderNumber).toBe(link.number);
      const other = link.number === first.orderNumber ? second.orderNumber : first.orderNumber;
      expect(
        (await request(server, `/api/orders/${other}`, { headers: { 'x-order-token': link.token } })).status,
      ).toBe(404);
    }
    expect(mail.text).toMatch(/INV-\d+, lagd \d{4}-\d{2}-\d{2}, [\d\s]+,\d{2} kr \(Mottagen\)/);
  });

  it('does the same work for both: one statement, which queues the email only for a known address', async () => {
    // The email is rendered and sent later by the outbox, never in the request: the answer's time
    // cannot tell the two apart by more than that one row (the statement is in lookup.ts).
    await placeOrder('lookup.work@example.se');
    const queued = async () =>
      Number(
        (
          await server.database.withConnection((exec) =>
            exec(`SELECT count(*) AS n FROM email_outbox WHERE kind = 'order_links'`),
          )
        )[0]?.n,
      );
    const before = await queued();
    const known = await lookup('lookup.work@example.se');
    const afterKnown = await queued();
    const unknown = await lookup('lookup.work.0@nowhere.example');
    const afterUnknown = await queued();
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(known.body).toEqual(unknown.body);
    expect(afterKnown - before).toBe(1);
    expect(afterUnknown).toBe(afterKnown);
  });

  it('writes in the language asked in, or Swedish when the orders are to Sweden', async () => {
    await placeOrder('lookup.norway@example.se', { country: 'NO', personalNumber: '01019012345' });
    await server.app.emailOutbox.drain();
    const before = lookupMails().length;
    expect((await lookup('lookup.norway@example.se', { 'accept-language': 'en-GB' })).status).toBe(202);
    await server.app.emailOutbox.drain();
    expect((await lookup('lookup.norway@example.se', { 'accept-language': 'sv-SE' })).status).toBe(202);
    await server.app.emailOutbox.drain();
    const [english, swedish] = lookupMails().slice(before);
    expect(english?.subject).toBe(orderEmailMessages.en.lookupSubject);
    expect(english?.text).toContain(orderLookupMessages.en.emailKeepPrivate);
    expect(english?.text).toMatch(/placed \d{1,2} \w+ \d{4}/);
    expect(swedish?.subject).toBe(orderEmailMessages.sv.lookupSubject);
  });

  it('refuses a malformed address with 400 in the visitor language and stores nothing', async () => {
    const [before] = await queryRows<{ n: string }>(
      server.database.db,
      sql`SELECT count(*)::text AS n FROM order_lookups`,
    );
    for (const email of ['', 'not-an-address', 'a@b', 'anna@example.se\u0000', 42, null, 'x'.repeat(300)]) {
      const refused = await lookup(email, { 'accept-language': 'sv-SE' });
      expect(refused.status, JSON.stringify(email)).toBe(400);
    }
    const swedish = await lookup('not-an-address', { 'accept-language': 'sv-SE' });
    expect((swedish.body as { error: string }).error).toBe(validationMessages.sv.emailInvalid);
    const [after] = await queryRows<{ n: string }>(
      server.database.db,
      sql`SELECT count(*)::text AS n FROM order_lookups`,
    );
    expect(after?.n).toBe(before?.n);
  });
});

describe('order lookup limits', () => {
  const limited = useServer({
    env: {
      TRUST_PROXY: '1',
      ORDER_LOOKUPS_PER_CLIENT_PER_HOUR: '10',
      ORDER_LOOKUPS_PER_EMAIL_PER_HOUR: '3',
    },
  });
  beforeAll(async () => {
    const placed = await request(limited, '/api/orders', {
      method: 'POST',
      json: {
        ...checkoutBody('lookup-limits-key-000001'),
        customer: { ...testCustomer, email: 'limit@example.se' },
      },
    });
    expect(placed.status).toBe(201);
  });

  const ask = (email: string, client: string, lang = 'en-GB') =>
    request<{ error?: string }>(limited, '/api/order-links', {
      method: 'POST',
      json: { email },
      headers: { 'x-forwarded-for': client, 'accept-language': lang },
    });

  it('3 an hour per address from anywhere, known or not: the 4th gets 429 with Retry-After', async () => {
    for (const email of ['limit@example.se', 'limit-unknown@example.se']) {
      for (let i = 0; i < 3; i++) expect((await ask(email, `198.51.100.${i + 1}`)).status).toBe(202);
      const refused = await ask(email.toUpperCase(), '198.51.100.9', 'sv-SE');
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3500);
      expect(refused.body.error).toBe(orderLookupMessages.sv.perAddress({ minutes: 60 }));
    }
    // Only the known address got mail: three emails, all to it.
    await limited.app.emailOutbox.drain();
    const mails = lookupMails(limited.dataDir);
    expect(mails.map((m) => m.to)).toEqual(['limit@example.se', 'limit@example.se', 'limit@example.se']);
  });

  it('10 an hour per client: the 11th gets 429 in English with the shop contact', async () => {
    for (let i = 0; i < 10; i++)
      expect((await ask(`someone${i}@example.org`, '203.0.113.50')).status).toBe(202);
    const refused = await ask('someone.else@example.org', '203.0.113.50');
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe(
      orderLookupMessages.en.perClient({ minutes: 60, email: limited.config.seller.email }),
    );
    expect((await ask('someone.else@example.org', '203.0.113.51')).status).toBe(202);
  });
});
