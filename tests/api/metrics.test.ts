import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkoutBody } from '../helpers/orders';
import { request } from '../helpers/server';
import { useServer } from '../helpers/use-server';

const token = 'metrics-token-for-tests-0123456789';

/** One sample's value from Prometheus text format, by metric name and exact label text. */
function sample(text: string, name: string, labels = ''): number | undefined {
  const prefix = labels ? `${name}{${labels}} ` : `${name} `;
  const line = text.split('\n').find((candidate) => candidate.startsWith(prefix));
  return line === undefined ? undefined : Number(line.slice(prefix.length));
}

describe('GET /metrics with METRICS_TOKEN set', () => {
  const server = useServer({ env: { METRICS_TOKEN: token } });

  it('is 404 without the token or with a wrong one', async () => {
    expect((await request(server, '/metrics')).status).toBe(404);
    const wrong = await request(server, '/metrics', { headers: { authorization: `Bearer ${token}x` } });
    expect(wrong.status).toBe(404);
    expect(JSON.stringify(wrong.body)).not.toContain('shop_');
  });

  it('counts requests per route pattern, orders placed, the outbox backlog and pool use', async () => {
    await request(server, '/api/products/hoodie');
    await request(server, '/api/products/mossa');
    const placed = await request(server, '/api/orders', { method: 'POST', json: checkoutBody(randomUUID()) });
    expect(placed.status).toBe(201);

    const answer = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${token}` } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('text/plain');
    const text = await answer.text();
    // The route pattern, never the raw URL (bounded label values, no order tokens).
    expect(
      sample(text, 'shop_http_requests_total', 'route="/api/products/:id",method="GET",status="200"'),
    ).toBe(2);
    expect(text).not.toContain('/api/products/hoodie');
    expect(
      sample(text, 'shop_http_request_duration_seconds_count', 'route="/api/products/:id",method="GET"'),
    ).toBe(2);
    expect(sample(text, 'shop_orders_placed_total')).toBe(1);
    // The buyer's confirmation and the shop's notice wait until the outbox drains.
    expect(sample(text, 'shop_email_outbox_pending')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'shop_email_outbox_oldest_age_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'shop_emails_failed')).toBe(0);
    expect(sample(text, 'shop_upload_bytes', 'attached="true"')).toBe(0);
    expect(sample(text, 'shop_db_pool_connections', 'state="max"')).toBe(1);
    expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);

    await server.app.emailOutbox.drain();
    const after = await (
      await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${token}` } })
    ).text();
    expect(sample(after, 'shop_email_outbox_pending')).toBe(0);
    expect(sample(after, 'shop_email_outbox_oldest_age_seconds')).toBe(0);
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  const server = useServer();
  it('does not exist, whatever the request says', async () => {
    expect((await request(server, '/metrics')).status).toBe(404);
    expect((await request(server, '/metrics', { headers: { authorization: 'Bearer ' } })).status).toBe(404);
  });
});
