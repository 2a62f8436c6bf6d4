import { describe, expect, it } from 'vitest';
import { request } from '@tests/helpers/server';
import { useServer } from '@tests/helpers/use-server';

const server = useServer();

describe('GET /api/products', () => {
  it('lists all 17 products with exact decimal prices', async () => {
    const { status, body } = await request<
      { id: string; tiers: { quantity: number; pricePerUnit: string }[] }[]
    >(server, '/api/products');
    expect(status).toBe(200);
    expect(body).toHaveLength(17);
    const hoodie = body.find((p) => p.id === 'hoodie');
    expect(hoodie?.tiers[1]).toEqual({ quantity: 50, pricePerUnit: '114.375' });
  });

  it('answers one product by id, including ids with å/ä/ö', async () => {
    const { status, body } = await request<{ name: string; minQuantity: number }>(
      server,
      `/api/products/${encodeURIComponent('kuponghäfte')}`,
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({ name: 'Coupon Booklet', minQuantity: 100 });
  });

  it('unknown product → 404 JSON', async () => {
    const { status, body } = await request(server, '/api/products/nope');
    expect(status).toBe(404);
    expect(body).toEqual({ error: 'Product not found' });
  });

  it('unknown API path → 404 JSON, not the HTML shell', async () => {
    const { status, body } = await request(server, '/api/nothing-here');
    expect(status).toBe(404);
    expect(body).toEqual({ error: 'Not found' });
  });

  it('sends the security headers', async () => {
    const { headers } = await request(server, '/api/products');
    expect(headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  it('malformed JSON and oversized bodies get a 4xx with a message, never a 500', async () => {
    const bad = await request(server, '/api/not-found', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"path":',
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ error: 'Request body is not valid JSON' });
    const huge = await request(server, '/api/not-found', {
      method: 'POST',
      json: { path: 'x'.repeat(10_000) },
    });
    expect(huge.status).toBe(413);
    expect(huge.body).toEqual({ error: 'Request body is too large' });
  });
});
