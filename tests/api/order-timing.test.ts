import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { insertTestOrder } from '../helpers/orders';
import { request } from '../helpers/server';
import { useServer } from '../helpers/use-server';

/**
 * A wrong token must not tell whether an order number exists (the numbers are sequential, so an
 * existing one dates an order). Before the fix a wrong token for an existing order cost one more
 * database query: about 1.7 ms slower at the median of 300. Timing is the only way to see this,
 * so the comparison is the median of paired, interleaved requests, with a margin far below that gap.
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
    // Paired: each round times both numbers back to back (alternating which goes first), and the
    // test looks at the median of the per-round differences, so load on the machine during a
    // round falls on both alike and cancels, where two separate medians would drift apart.
    const differences: number[] = [];
    for (let i = 0; i < 300; i++) {
      const first = i % 2 === 0 ? orderNumber : missing;
      const second = first === orderNumber ? missing : orderNumber;
      const a = await time(first);
      const b = await time(second);
      expect(a.answer.status).toBe(404);
      expect(b.answer.status).toBe(404);
      differences.push(first === orderNumber ? a.ms - b.ms : b.ms - a.ms);
    }
    const gap = median(differences);
    console.info(`wrong token, median of paired differences (existing − missing): ${gap.toFixed(3)} ms`);
    expect(Math.abs(gap)).toBeLessThan(0.5);
    const [a, b] = await Promise.all([time(orderNumber), time(missing)]);
    expect(a.answer.body).toEqual(b.answer.body);
  });
});
