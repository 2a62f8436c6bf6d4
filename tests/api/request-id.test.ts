import { describe, expect, it } from 'vitest';
import { request, startServer } from '../helpers/server';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('request ids (X-Request-Id)', () => {
  it('every answer carries a random id, and a client cannot choose it without a trusted proxy', async () => {
    const server = await startServer();
    try {
      const first = await request(server, '/api/products');
      const second = await request(server, '/healthz', { headers: { 'x-request-id': 'chosen-by-client' } });
      const firstId = first.headers.get('x-request-id') ?? '';
      const secondId = second.headers.get('x-request-id') ?? '';
      expect(firstId).toMatch(uuid);
      expect(secondId).toMatch(uuid);
      expect(secondId).not.toBe(firstId);
    } finally {
      await server.close();
    }
  });

  it("behind a trusted proxy (TRUST_PROXY) the proxy's id is used, returned and on the request's log lines", async () => {
    const logs: string[] = [];
    const server = await startServer({
      env: { TRUST_PROXY: '1', LOG_LEVEL: 'info' },
      logStream: { write: (line) => logs.push(line) },
    });
    try {
      const answer = await request(server, '/api/products/hoodie', {
        headers: { 'x-request-id': 'lb-7f3a.42' },
      });
      expect(answer.headers.get('x-request-id')).toBe('lb-7f3a.42');
      const lines = logs.map((line) => JSON.parse(line) as { reqId?: string; msg: string });
      expect(lines.filter((line) => line.reqId === 'lb-7f3a.42').map((line) => line.msg)).toEqual([
        'incoming request',
        'request completed',
      ]);
      // An id unfit for a log line (spaces, too long) is replaced by a random one.
      for (const unfit of ['two words', 'x'.repeat(200)]) {
        const replaced = await request(server, '/healthz', { headers: { 'x-request-id': unfit } });
        expect(replaced.headers.get('x-request-id')).toMatch(uuid);
      }
    } finally {
      await server.close();
    }
  });
});
