import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { limitMessages } from '@/shared/i18n/messages/limits';
import { formatCount } from '@/shared/money-format';
import { sql } from 'drizzle-orm';
import { queryRows } from '@/server/db/query-rows';
import { request } from '../helpers/server';
import { useServer } from '../helpers/use-server';
import { checkoutBody, testCustomer } from '../helpers/orders';

/**
 * The throttles and caps of orders and partner applications with their real defaults (not the
 * test helper's generous ones). One proxy hop is trusted, so each test can be its own client.
 */
const server = useServer({
  env: {
    TRUST_PROXY: '1',
    ORDERS_PER_CLIENT_PER_HOUR: '20',
    ORDERS_PER_EMAIL_PER_HOUR: '10',
    PARTNER_APPLICATIONS_PER_CLIENT_PER_HOUR: '5',
  },
});

let n = 0;
const key = () => `limits-test-${Date.now()}-${++n}-abcdef`;
const from = (address: string, lang = 'en') => ({ 'x-forwarded-for': address, 'accept-language': lang });

async function count(table: 'orders' | 'partner_applications'): Promise<number> {
  const [row] = await queryRows<{ n: string }>(
    server.database.db,
    sql`SELECT count(*)::text AS n FROM ${sql.identifier(table)}`,
  );
  return Number(row?.n);
}
const orderCount = () => count('orders');

interface Answer {
  orderNumber?: string;
  error?: string;
}

function order(email: string, address: string, lang = 'en') {
  return request<Answer>(server, '/api/orders', {
    method: 'POST',
    headers: from(address, lang),
    json: { ...checkoutBody(key(), 1), customer: { ...testCustomer, email } },
  });
}

describe('order throttles', () => {
  it('20 orders an hour per client: the 21st gets 429 with Retry-After and a message inviting contact', async () => {
    for (let i = 0; i < 20; i++) {
      // Different recipients, so only the client's limit counts.
      expect((await order(`buyer${i}@client.example`, '203.0.113.7')).status).toBe(201);
    }
    const stored = await orderCount();
    const refused = await order('another@client.example', '203.0.113.7', 'sv-SE');
    expect(refused.status).toBe(429);
    // Refused means nothing stored and nothing emailed (it once answered 429 and placed the order).
    expect(await orderCount()).toBe(stored);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.body.error).toBe(
      limitMessages.sv.ordersPerClient({ minutes: 60, email: server.config.seller.email }),
    );
    // Another client is not affected.
    expect((await order('someone@else.example', '203.0.113.8')).status).toBe(201);
  });

  it('orders refused for what they say (an unknown product) use up none of the allowance', async () => {
    const address = '203.0.113.40';
    for (let i = 0; i < 25; i++) {
      const refused = await request<Answer>(server, '/api/orders', {
        method: 'POST',
        headers: from(address),
        json: {
          ...checkoutBody(key(), 1),
          customer: { ...testCustomer, email: `typo${i}@client.example` },
          lines: [{ productId: 'no-such-product', quantity: 50, options: {} }],
        },
      });
      expect(refused.status).toBe(400);
    }
    for (let i = 0; i < 20; i++) {
      expect((await order(`fixed${i}@client.example`, address)).status).toBe(201);
    }
    expect((await order('one-more@client.example', address)).status).toBe(429);
  });

  it('25 orders at once from one client: exactly 20 are stored with 20 numbers, 5 refused', async () => {
    const address = '203.0.113.41';
    const stored = await orderCount();
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, i) => order(`burst${i}@client.example`, address)),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([...Array<number>(20).fill(201), ...Array<number>(5).fill(429)]);
    expect(await orderCount()).toBe(stored + 20);
    const numbers = answers.flatMap((answer) => (answer.body.orderNumber ? [answer.body.orderNumber] : []));
    expect(new Set(numbers).size).toBe(20);
  });

  it('10 orders an hour to one email address from anywhere: the 11th gets 429 (case does not matter)', async () => {
    for (let i = 0; i < 10; i++) {
      const email = i % 2 === 0 ? 'stranger@victim.example' : 'Stranger@Victim.Example';
      expect((await order(email, `198.51.100.${i + 1}`)).status).toBe(201);
    }
    const stored = await orderCount();
    const refused = await order('stranger@victim.example', '198.51.100.99');
    expect(refused.status).toBe(429);
    expect(await orderCount()).toBe(stored);
    await server.app.emailOutbox.drain();
    const mails = readdirSync(join(server.dataDir, 'outbox')).filter((name) =>
      name.includes('buyer_confirmation'),
    );
    const toStranger = mails.filter((name) =>
      /^To: stranger@victim\.example$/im.test(readFileSync(join(server.dataDir, 'outbox', name), 'utf8')),
    );
    expect(toStranger).toHaveLength(10);
    expect(refused.headers.get('retry-after')).toBeTruthy();
    expect(refused.body.error).toBe(
      limitMessages.en.ordersPerRecipient({ minutes: 60, email: server.config.seller.email }),
    );
  });

  it('an order above 5 000 000 kr is refused with an invitation to contact the shop; nothing stored', async () => {
    const answer = await request<Answer>(server, '/api/orders', {
      method: 'POST',
      headers: from('192.0.2.50'),
      json: {
        idempotencyKey: key(),
        customer: testCustomer,
        lines: Array.from({ length: 5 }, () => ({
          productId: 'kuponghäfte',
          quantity: 1_000_000,
          options: { bookletSize: 'a6', pages: '10', coupons: '1' },
        })),
      },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe(
      limitMessages.en.orderTotal({ max: formatCount(5_000_000), email: server.config.seller.email }),
    );
  });
});

describe('partner application throttle', () => {
  const application = {
    companyName: 'Exempel AB',
    orgNumber: '556677-8899',
    contactPerson: 'Anna Andersson',
    email: 'anna@example.se',
    phone: '070-123 45 67',
    address: 'Storgatan 1',
    city: 'Stockholm',
    postalCode: '111 22',
    businessDescription: 'Vi säljer profilkläder till föreningar och företag.',
    terms: true,
  };

  it('5 an hour per client; the 6th gets 429 with Retry-After; invalid ones do not count', async () => {
    const send = (body: unknown) =>
      request<Answer>(server, '/api/partner-applications', {
        method: 'POST',
        headers: from('192.0.2.77'),
        json: body,
      });
    expect((await send({ ...application, city: '' })).status).toBe(400);
    for (let i = 0; i < 5; i++) expect((await send(application)).status).toBe(201);
    const stored = await count('partner_applications');
    const refused = await send(application);
    expect(refused.status).toBe(429);
    expect(await count('partner_applications')).toBe(stored);
    expect(refused.headers.get('retry-after')).toBeTruthy();
    expect(refused.body.error).toBe(
      limitMessages.en.partnerApplications({ minutes: 60, email: server.config.seller.email }),
    );
  });
});

describe('order emails', () => {
  it('the To header carries the address only; a spammy name is not repeated in the greeting', async () => {
    // A link in the name is refused at checkout (stranger-text.ts); a long spammy name is taken but
    // never greeted.
    const linked = await request<Answer>(server, '/api/orders', {
      method: 'POST',
      headers: from('192.0.2.99'),
      json: {
        ...checkoutBody(key(), 2),
        customer: { ...testCustomer, name: 'WIN A PRIZE: visit https://evil.example/claim' },
      },
    });
    expect(linked.status).toBe(400);
    const placed = await request<Answer>(server, '/api/orders', {
      method: 'POST',
      headers: from('192.0.2.99'),
      json: {
        ...checkoutBody(key(), 2),
        customer: {
          ...testCustomer,
          name: 'WIN A PRIZE: call 0900-123 45 67 and claim it today',
          email: 'victim@example.org',
        },
      },
    });
    expect(placed.status).toBe(201);
    await server.app.emailOutbox.drain();
    const mail = readFileSync(
      join(server.dataDir, 'outbox', `${placed.body.orderNumber ?? ''}-buyer_confirmation.eml`),
      'utf8',
    );
    expect(mail).toMatch(/^To: victim@example\.org$/m);
    expect(mail).not.toContain('WIN A PRIZE');
    expect(mail).toMatch(/^Hej!$/m);
  });
});
