import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import {
  currencies,
  currencyForCountry,
  fallbackRates,
  isCurrencyCode,
  type Currency,
  type CurrencyAnswer,
  type CurrencyCode,
  type Rates,
} from '../../../shared/currencies';
import { milliToKr, type Milli } from '../../../shared/money';
import { apiFetch } from '../../lib/api';
import { formatAmount } from '../../lib/format';
import { readStored, writeStored } from '../../lib/storage';

export const CURRENCY_STORAGE_KEY = 'currency';
export const VISITED_STORAGE_KEY = 'visited';

const CurrencyDialog = lazy(() => import('./currency-dialog').then((m) => ({ default: m.CurrencyDialog })));

interface CurrencyValue {
  currency: Currency;
  rate: number;
  rates: Rates;
  /** Country the server detected for this visitor, for preselection. */
  country: string | null;
  setCurrency: (code: CurrencyCode) => void;
  /** An amount in kronor shown in the chosen currency: amount × rate, 2 decimals, symbol. */
  formatPrice: (amount: Milli) => string;
  openDialog: () => void;
}

const CurrencyContext = createContext<CurrencyValue | null>(null);

function currencyByCode(code: CurrencyCode): Currency {
  return currencies.find((c) => c.code === code) ?? (currencies[0] as Currency);
}

export function CurrencyProvider({ children }: { children: ReactNode }) {
  const [answer, setAnswer] = useState<CurrencyAnswer | null>(null);
  const [code, setCode] = useState<CurrencyCode>(() => {
    const saved = readStored(CURRENCY_STORAGE_KEY);
    return isCurrencyCode(saved) ? saved : 'SEK';
  });
  const [firstVisit] = useState(() => readStored(VISITED_STORAGE_KEY) === null);
  const [dialogOpen, setDialogOpen] = useState(firstVisit);

  useEffect(() => {
    let cancelled = false;
    apiFetch<CurrencyAnswer>('/api/currency')
      .then((data) => {
        if (cancelled) return;
        setAnswer(data);
        // First visit: preselect the detected country's currency (SPEC §4); choosing one saves it.
        if (firstVisit) setCode(currencyForCountry(data.country));
      })
      .catch((error: unknown) => {
        // Rates are optional: fixed rates keep prices visible.
        console.warn('Could not load exchange rates', error);
      });
    return () => {
      cancelled = true;
    };
  }, [firstVisit]);

  // Record the first visit so the dialog opens only once.
  useEffect(() => {
    if (firstVisit) writeStored(VISITED_STORAGE_KEY, new Date().toISOString());
  }, [firstVisit]);

  const rates = answer?.rates ?? fallbackRates;
  const rate = rates[code] ?? 1;
  const currency = currencyByCode(code);

  const setCurrency = useCallback((next: CurrencyCode) => {
    setCode(next);
    writeStored(CURRENCY_STORAGE_KEY, next);
  }, []);

  const value = useMemo<CurrencyValue>(
    () => ({
      currency,
      rate,
      rates,
      country: answer?.country ?? null,
      setCurrency,
      formatPrice: (amount) => `${formatAmount(milliToKr(amount) * rate)} ${currency.symbol}`,
      openDialog: () => setDialogOpen(true),
    }),
    [currency, rate, rates, answer, setCurrency],
  );

  return (
    <CurrencyContext.Provider value={value}>
      {children}
      {dialogOpen && (
        <Suspense fallback={null}>
          <CurrencyDialog
            current={code}
            onClose={() => setDialogOpen(false)}
          />
        </Suspense>
      )}
    </CurrencyContext.Provider>
  );
}

export function useCurrency(): CurrencyValue {
  const value = useContext(CurrencyContext);
  if (!value) throw new Error('useCurrency must be used within a CurrencyProvider');
  return value;
}
