import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { currencyCodes, fallbackRates, type Rates } from '@/shared/currencies';
import { stockholmDate } from '@/shared/dates';
import {
  FIXED_RATE_SOURCE,
  rateDecimalFrom,
  type InvoiceCurrencyRate,
} from '@/shared/invoicing/invoice-currency';

const LIVE_TTL_MS = 60 * 60 * 1000;
/** After a failure, retry the service at most this often instead of slowing every visitor down. */
const FAILURE_TTL_MS = 5 * 60 * 1000;
const TIMEOUT_MS = 3000;

const ratesAnswer = z.object({
  rates: z.record(z.string(), z.unknown()),
});

export interface RatesResult {
  rates: Rates;
  fallback: boolean;
  /** When these rates were read (ms since the epoch). */
  readAt: number;
}

/**
 * Fetches live rates against SEK, caches them for an hour, and falls back to the spec's fixed
 * rates when the service is unset, slow (3 s), failing or answering nonsense. Concurrent callers
 * share one fetch.
 */
export class RatesProvider {
  private cached: { result: RatesResult; expiresAt: number } | undefined;
  private inFlight: Promise<RatesResult> | undefined;

  constructor(
    private readonly url: string | undefined,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * The EUR rate an order invoiced in EUR is converted at: the one the shop shows its prices at
   * right now, with where it came from (the service's host, or the fixed rates) and its day.
   */
  async invoiceRate(): Promise<InvoiceCurrencyRate> {
    const { rates, fallback, readAt } = await this.get();
    const rate = rateDecimalFrom(rates.EUR) ?? String(fallbackRates.EUR);
    const source = fallback || !this.url ? FIXED_RATE_SOURCE : new URL(this.url).host;
    return { code: 'EUR', rate, source, date: stockholmDate(new Date(readAt)) };
  }

  async get(): Promise<RatesResult> {
    if (this.cached && this.cached.expiresAt > this.now()) return this.cached.result;
    this.inFlight ??= this.fetchRates().finally(() => {
      this.inFlight = undefined;
    });
    return this.inFlight;
  }

  private async fetchRates(): Promise<RatesResult> {
    if (!this.url)
      return this.remember({ rates: { ...fallbackRates }, fallback: true, readAt: this.now() }, LIVE_TTL_MS);
    try {
      const response = await fetch(this.url, {
        signal: AbortSignal.timeout(TIMEOUT_MS),
        headers: { accept: 'application/json' },
      });
      if (!response.ok) throw new Error(`rates service answered ${response.status}`);
      const parsed = ratesAnswer.safeParse(await response.json());
      if (!parsed.success) throw new Error('rates service answered an unexpected shape');
      const rates = { ...fallbackRates };
      let live = 0;
      for (const code of currencyCodes) {
        const value = parsed.data.rates[code];
        if (typeof value === 'number' && Number.isFinite(value) && value > 0 && value < 1e6) {
          rates[code] = value;
          live += 1;
        }
      }
      rates.SEK = 1;
      // A rate list that knows none of our currencies (besides SEK) is as good as no answer.
      if (live <= (typeof parsed.data.rates.SEK === 'number' ? 1 : 0))
        throw new Error('rates service knows none of our currencies');
      return this.remember({ rates, fallback: false, readAt: this.now() }, LIVE_TTL_MS);
    } catch (error) {
      this.log.warn({ err: error, url: this.url }, 'exchange rates unavailable, using fixed rates');
      return this.remember(
        { rates: { ...fallbackRates }, fallback: true, readAt: this.now() },
        FAILURE_TTL_MS,
      );
    }
  }

  private remember(result: RatesResult, ttl: number): RatesResult {
    this.cached = { result, expiresAt: this.now() + ttl };
    return result;
  }
}
