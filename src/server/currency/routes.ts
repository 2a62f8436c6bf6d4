import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currencyCodes, type CurrencyAnswer } from '@/shared/currencies';
import { detectCountry } from './country';
import type { RatesProvider } from './rates';

const currencyAnswerSchema = z.object({
  rates: z
    .record(z.enum(currencyCodes), z.number())
    .describe('How much of each currency one krona buys (SEK is 1)'),
  fallback: z.boolean().describe('The fixed fallback rates, not the live service’s'),
  country: z.string().nullable().describe('The visitor’s country as far as it can be told (ISO 3166-1)'),
});

export function currencyRoutes(
  app: FastifyInstance,
  options: { rates: RatesProvider; countryHeader: string | undefined },
): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/currency',
    {
      schema: {
        summary: 'Exchange rates for showing prices in other currencies, and the visitor’s country',
        response: { 200: currencyAnswerSchema },
      },
    },
    async (request, reply) => {
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
    },
  );
}
