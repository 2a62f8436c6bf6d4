import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OrderActivity } from '@/shared/order-page';
import type { PlacedOrderAnswer } from '@/shared/order-view';
import { checkoutBody } from '@tests/helpers/orders';
import { request } from '@tests/helpers/server';
import { useServer } from '@tests/helpers/use-server';

const logLines: string[] = [];
const server = useServer({
  env: { LOG_LEVEL: 'debug' },
  logStream: { write: (line: string) => void logLines.push(line) },
});

/** The order page link from the newest buyer email in DATA_DIR/outbox. */
function linkFromOutbox(orderNumber: string): URL {
  const dir = join(server.dataDir, 'outbox');
  const file = readdirSync(dir).find((name) => name.startsWith(`${orderNumber}-buyer_confirmation`));
  if (!file) throw new Error(`no buyer email for ${orderNumber} in ${readdirSync(dir).join(', ')}`);
  // Quoted-printable may wrap long lines with "=\n".
  const text = readFileSync(join(dir, file), 'utf8')
    .replace(/=\r?\n/g, '')
    .replace(/=3D/g, '=');
  const match = /(http:\/\/\S+\/orders\/INV-\d+#[A-Za-z0-9_%-]+)/.exec(text);
  if (!match?.[1]) throw new Error(`no order page link in ${file}`);
  return new URL(match[1]);
}

describe('the buyer order page API', () => {
  let placed: PlacedOrderAnswer;
  beforeAll(async () => {
    const answer = await request<PlacedOrderAnswer>(server, '/api/orders', {
      method: 'POST',
      json: checkoutBody('order-page-test-key-0001'),
    });
    expect(answer.status).toBe(201);
    placed = answer.body;
    await server.app.emailOutbox.drain();
  });

  it('answers the order and its timeline only with the token in the header', async () => {
    const path = `/api/orders/${placed.orderNumber}/activity`;
    const ok = await request<OrderActivity>(server, path, {
      headers: { 'x-order-token': placed.accessToken },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.events.map((e) => e.status)).toEqual(['pending']);
    expect(ok.headers.get('cache-control')).toBe('no-store');

    const wrongToken = `${placed.accessToken.startsWith('x') ? 'y' : 'x'}${placed.accessToken.slice(1)}`;
    for (const headers of [{} as Record<string, string>, { 'x-order-token': wrongToken }]) {
      expect((await request(server, path, { headers })).status, JSON.stringify(headers)).toBe(404);
      expect((await request(server, `/api/orders/${placed.orderNumber}`, { headers })).status).toBe(404);
    }
    // The timeline never reads the token from the URL (it would be logged and sent as Referer).
    const inQuery = await request(server, `${path}?token=${encodeURIComponent(placed.accessToken)}`);
    expect(inQuery.status).toBe(404);
    // Another order's number with this token: nothing.
    expect(
      (
        await request(server, '/api/orders/INV-1/activity', {
          headers: { 'x-order-token': placed.accessToken },
        })
      ).status,
    ).toBe(404);
  });

  it('the confirmation email links the order page with its own token in the fragment', async () => {
    const link = linkFromOutbox(placed.orderNumber);
    expect(link.pathname).toBe(`/orders/${placed.orderNumber}`);
    expect(link.search).toBe('');
    const token = decodeURIComponent(link.hash.slice(1));
    expect(token).not.toBe(placed.accessToken);
    const view = await request<{ orderNumber: string }>(server, `/api/orders/${placed.orderNumber}`, {
      headers: { 'x-order-token': token },
    });
    expect(view).toMatchObject({ status: 200, body: { orderNumber: placed.orderNumber } });
  });

  it('no access token ever appears in the server log output', async () => {
    const emailed = decodeURIComponent(linkFromOutbox(placed.orderNumber).hash.slice(1));
    // Downloads opened in a new tab carry the token in the query: the log shows it redacted.
    const invoice = await request(
      server,
      `/api/orders/${placed.orderNumber}/invoice?token=${encodeURIComponent(placed.accessToken)}`,
    );
    expect(invoice.status).toBe(200);
    await request(server, `/api/orders/${placed.orderNumber}/invoice.pdf?lang=sv&token=${emailed}`);
    await request(server, `/api/nowhere?a=1&token=${emailed}`);
    await request(server, `/api/orders/${placed.orderNumber}`, { headers: { 'x-order-token': emailed } });
    const log = logLines.join('');
    expect(log).toContain('token=[redacted]');
    expect(log).toContain(`/api/orders/${placed.orderNumber}/invoice`);
    for (const token of [placed.accessToken, emailed, encodeURIComponent(placed.accessToken)]) {
      expect(log).not.toContain(token);
    }
  });
});
