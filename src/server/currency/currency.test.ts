import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fallbackRates } from '@/shared/currencies';
import { request, startServer, type TestServer } from '@tests/helpers/server';

/** A local HTTP server playing the exchange-rate service; its behaviour is switched per test. */
let mode: 'good' | 'slow' | 'garbage' | 'error' | 'empty' = 'good';
let hits = 0;
let ratesService: Server;
let ratesUrl: string;

beforeAll(async () => {
  ratesService = createServer((_req, res) => {
    hits += 1;
    if (mode === 'good') {
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({
          base: 'SEK',
          rates: { EUR: 0.087, USD: 0.094, GBP: 0.074, NOK: 1.01, DKK: 0.65, JPY: 14 },
        }),
      );
    } else if (mode === 'slow') {
      setTimeout(() => res.end(JSON.stringify({ rates: { EUR: 0.5 } })), 5000).unref();
    } else if (mode === 'garbage') {
      res.end('<html>not json</html>');
    } else if (mode === 'empty') {
      res.end(JSON.stringify({ rates: { XYZ: 3 } }));
    } else {
      res.statusCode = 500;
      res.end('{"error":"down"}');
    }
  });
  await new Promise<void>((resolve) => ratesService.listen(0, '127.0.0.1', resolve));
  ratesUrl = `http://127.0.0.1:${(ratesService.address() as AddressInfo).port}/latest/SEK`;
});
afterAll(() => new Promise((resolve) => ratesService.close(resolve)));

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function currencyAnswer(headers: Record<string, string> = {}) {
  return request<{ rates: Record<string, number>; fallback: boolean; country: string | null }>(
    server ?? (await Promise.reject(new Error('no server'))),
    '/api/currency',
    { headers },
  );
}

describe('GET /api/currency', () => {
  it('answers live rates and caches them (one fetch for many visitors)', async () => {
    mode = 'good';
    server = await startServer({ env: { RATES_URL: ratesUrl } });
    const before = hits;
    const answers = await Promise.all([currencyAnswer(), currencyAnswer(), currencyAnswer()]);
    for (const { status, body } of answers) {
      expect(status).toBe(200);
      expect(body.fallback).toBe(false);
      expect(body.rates).toEqual({ SEK: 1, EUR: 0.087, USD: 0.094, GBP: 0.074, NOK: 1.01, DKK: 0.65 });
    }
    expect(hits - before).toBe(1);
  });

  it.each(['garbage', 'error', 'empty'] as const)(
    'falls back to the fixed rates when the service answers %s',
    async (m) => {
      mode = m;
      server = await startServer({ env: { RATES_URL: ratesUrl } });
      const { body } = await currencyAnswer();
      expect(body).toMatchObject({ rates: fallbackRates, fallback: true });
    },
  );

  it('gives up on a slow service after 3 s and falls back', async () => {
    mode = 'slow';
    server = await startServer({ env: { RATES_URL: ratesUrl } });
    const started = Date.now();
    const { body } = await currencyAnswer();
    expect(body).toMatchObject({ rates: fallbackRates, fallback: true });
    expect(Date.now() - started).toBeLessThan(4900);
  });

  it('falls back when the service is unreachable', async () => {
    server = await startServer({ env: { RATES_URL: 'http://127.0.0.1:9/latest' } });
    const { body } = await currencyAnswer();
    expect(body).toMatchObject({ rates: fallbackRates, fallback: true });
  });

  // The detection's cases are in country.unit.test.ts; this checks the route and COUNTRY_HEADER use it.
  it('answers the country from Accept-Language, or from the configured proxy header', async () => {
    server = await startServer();
    expect((await currencyAnswer({ 'accept-language': 'nb-NO,nb;q=0.9,en;q=0.8' })).body.country).toBe('NO');
    await server.close();
    server = await startServer({ env: { COUNTRY_HEADER: 'CF-IPCountry' } });
    expect((await currencyAnswer({ 'cf-ipcountry': 'dk', 'accept-language': 'sv-SE' })).body.country).toBe(
      'DK',
    );
  });
});
