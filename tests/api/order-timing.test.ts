import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { insertTestOrder } from '../helpers/orders';
import { request } from '../helpers/server';
import { useServer } from '../helpers/use-server';

/**
 * A wrong token must not tell whether an order number exists (the numbers are sequential, so an
 * existing one dates an order). Before the fix a wrong token for an existing order cost one more
 * database query: about 1.7 ms slower at the median of 300. Timing is the only way to see this,
 * so the comparison is of medians of interleaved requests, with a margin far below that gap.
 */
const server = useServer();

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

describe('order routes answer a wrong token alike for existing and missing orders', () => {
  it('same status, same body, and the same time at the median', { timeout: 120_000 }, async () => {
    const { orderNumber } = await insertTestOrder(server.database);
    const missing = `INV-${Number(orderNumber.slice(4)) + 7}`;
    const wrong = { 'x-order-token': 'x'.repeat(43) };
    const time = async (number: string) => {
      const started = performance.now();
      const answer = await request(server, `/api/orders/${number}/activity`, { headers: wrong });
      return { ms: performance.now() - started, answer };
    };
    // Warm up (JIT, the query plans) before measuring.
    for (let i = 0; i < 30; i++) await Promise.all([time(orderNumber), time(missing)]);
    const existingTimes: number[] = [];
    const missingTimes: number[] = [];
    for (let i = 0; i < 300; i++) {
      // Interleaved, alternating which goes first, so load on the machine falls on both alike.
      const pair = i % 2 === 0 ? [orderNumber, missing] : [missing, orderNumber];
      for (const number of pair) {
        const { ms, answer } = await time(number);
        expect(answer.status).toBe(404);
        (number === orderNumber ? existingTimes : missingTimes).push(ms);
      }
    }
    const gap = median(existingTimes) - median(missingTimes);
    console.info(
      `wrong token, median: existing ${median(existingTimes).toFixed(2)} ms, missing ${median(missingTimes).toFixed(2)} ms`,
    );
    expect(Math.abs(gap)).toBeLessThan(0.5);
    const [a, b] = await Promise.all([time(orderNumber), time(missing)]);
    expect(a.answer.body).toEqual(b.answer.body);
  });
});
