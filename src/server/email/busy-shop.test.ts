import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkoutBody } from '@tests/helpers/orders';
import { request } from '@tests/helpers/server';
import { useServer } from '@tests/helpers/use-server';

/**
 * The outbox gives way to requests (http/foreground.ts): before each email it waits for a gap in
 * them, at most EMAIL_YIELD_MS. These tests keep the shop busy and check that the emails still go.
 */
const server = useServer({ env: { EMAIL_YIELD_MS: '100' } });

const sentFiles = () => {
  try {
    return readdirSync(join(server.dataDir, 'outbox')).filter((name) => name.endsWith('.eml'));
  } catch {
    return [];
  }
};

let n = 0;
async function placeOrder(): Promise<string> {
  const placed = await request<{ orderNumber: string }>(server, '/api/orders', {
    method: 'POST',
    json: checkoutBody(`busy-shop-${Date.now()}-${++n}-abcdefgh`, n),
  });
  expect(placed.status).toBe(201);
  return placed.body.orderNumber;
}

describe('the email outbox in a busy shop', () => {
  it('while visitors never stop asking for pages, both emails of every order still go out', async () => {
    let busy = true;
    let answered = 0;
    // Four visitors asking one after the other without a pause: never a 5 ms gap between requests.
    const visitors = Array.from({ length: 4 }, async () => {
      while (busy) {
        const answer = await request(server, '/api/products');
        expect(answer.status).toBe(200);
        answered += 1;
      }
    });
    try {
      const numbers = [await placeOrder(), await placeOrder(), await placeOrder()];
      const expected = numbers.flatMap((number) => [
        `${number}-buyer_confirmation.eml`,
        `${number}-shop_notice.eml`,
      ]);
      // Bounded by count, not time: each email waits at most 100 ms for a gap.
      for (let round = 0; round < 3000 && !expected.every((name) => sentFiles().includes(name)); round++) {
        await request(server, '/api/products');
      }
      // Sent while the visitors were still asking: not left for a quiet moment that never came.
      expect(sentFiles()).toEqual(expect.arrayContaining(expected));
      expect(answered).toBeGreaterThan(0);
    } finally {
      busy = false;
      await Promise.all(visitors);
    }
  });
});
