/**
 * A wrong order token, timed for an existing and a missing order number (what the test
 * src/server/orders/wrong-token-statements.test.ts proves by the statements run): the median of
 * 300 paired, interleaved requests' differences, so load on the machine falls on both alike.
 * Before the fix the existing order's answer was about 1,7 ms slower; it should now be near 0.
 * Run: node --import tsx bench/wrong-token-timing.ts
 */
import { createPgliteTemplate, pgliteTemplateVariable } from '@tests/helpers/database-template';
import { insertTestOrder } from '@tests/helpers/orders';
import { request, startServer } from '@tests/helpers/server';

const template = await createPgliteTemplate();
process.env[pgliteTemplateVariable] = template.file;
const server = await startServer();
try {
  const { orderNumber } = await insertTestOrder(server.database);
  const missing = `INV-${Number(orderNumber.slice(4)) + 7}`;
  const headers = { 'x-order-token': 'x'.repeat(43) };
  const time = async (number: string) => {
    const started = performance.now();
    const answer = await request(server, `/api/orders/${number}/activity`, { headers });
    if (answer.status !== 404) throw new Error(`expected 404, got ${answer.status}`);
    return performance.now() - started;
  };
  // Warm up (JIT, the query plans) before measuring.
  for (let i = 0; i < 30; i++) await Promise.all([time(orderNumber), time(missing)]);
  const differences: number[] = [];
  for (let i = 0; i < 300; i++) {
    const existingFirst = i % 2 === 0;
    const first = await time(existingFirst ? orderNumber : missing);
    const second = await time(existingFirst ? missing : orderNumber);
    differences.push(existingFirst ? first - second : second - first);
  }
  differences.sort((a, b) => a - b);
  const median = differences[Math.floor(differences.length / 2)] ?? Number.NaN;
  process.stdout.write(
    `wrong token, median of 300 paired differences (existing − missing): ${median.toFixed(3)} ms\n`,
  );
} finally {
  await server.close();
  template.remove();
}
