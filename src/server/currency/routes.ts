import type { FastifyInstance } from 'fastify';
import type { CurrencyAnswer } from '@/shared/currencies';
import { detectCountry } from './country';
import type { RatesProvider } from './rates';

export function currencyRoutes(
  app: FastifyInstance,
  options: { rates: RatesProvider; countryHeader: string | undefined },
): void {
  app.get('/api/currency', async (request, reply) => {
    const { rates, fallback } = await options.rates.get();
    const answer: CurrencyAnswer = {
      rates,
      fallback,
      country: detectCountry(request.headers, options.countryHeader),
    };
    // Country depends on the visitor: never shared by caches.
    return reply
      .header('cache-control', 'private, max-age=300')
      .header('vary', 'accept-language')
      .send(answer);
  });
}
