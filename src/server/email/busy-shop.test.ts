import { readdirSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { checkoutBody } from '@tests/helpers/orders';
import { request } from '@tests/helpers/server';
import { useServer } from '@tests/helpers/use-server';

/**
 * The outbox gives way to requests (http/foreground.ts): before each email it waits for a gap in
 * them, at most EMAIL_YIELD_MS. A shop that is never quiet is made here by one request that never
 * ends (an upload whose body stops half-way): a request counts from its start until its answer, so
 * the outbox sees no gap for as long as the test runs, without visitors loading the machine. The
 * waiting itself is tested with a fake clock in foreground.unit.test.ts.
 */
const server = useServer({ env: { EMAIL_YIELD_MS: '100' } });

const sentFiles = () => {
  try {
    return readdirSync(join(server.dataDir, 'outbox')).filter((name) => name.endsWith('.eml'));
  } catch {
    return [];
  }
};

/** An upload that sends its headers and the start of its body, then nothing: in flight until closed. */
async function requestThatNeverEnds(): Promise<{ socket: Socket; closed: () => boolean }> {
  const socket = connect(Number(new URL(server.url).port), '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  let closed = false;
  socket.once('close', () => (closed = true));
  socket.on('error', () => undefined);
  const arrived = new Promise<void>((resolve) => server.app.server.once('request', () => resolve()));
  socket.write(
    'POST /api/uploads HTTP/1.1\r\nHost: shop\r\n' +
      'Content-Type: multipart/form-data; boundary=held\r\nContent-Length: 100000\r\n\r\n--held\r\n',
  );
  await arrived;
  return { socket, closed: () => closed };
}

let n = 0;
async function placeOrder(): Promise<string> {
  const placed = await request<{ orderNumber: string }>(server, '/api/orders', {
    method: 'POST',
    json: checkoutBody(`busy-shop-${Date.now()}-${++n}-abcdefgh`, n),
  });
  expect(placed.status).toBe(201);
  return placed.body.orderNumber;
}

describe('the email outbox in a shop that is never quiet', () => {
  it('sends both emails of every order while a request stays in flight the whole time', async () => {
    const held = await requestThatNeverEnds();
    try {
      const numbers = [await placeOrder(), await placeOrder(), await placeOrder()];
      const expected = numbers.flatMap((number) => [
        `${number}-buyer_confirmation.eml`,
        `${number}-shop_notice.eml`,
      ]);
      // Until they are all sent: a starved outbox never sends them and the test's timeout ends it.
      while (!expected.every((name) => sentFiles().includes(name))) await sleep(20);
      expect(sentFiles()).toEqual(expect.arrayContaining(expected));
      // They went while the shop was still busy, not in a quiet moment after the server dropped it.
      expect(held.closed()).toBe(false);
    } finally {
      held.socket.destroy();
    }
  });
});
