import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import {
  currencies,
  currencyForCountry,
  fallbackRates,
  isCurrencyCode,
  type Currency,
  type CurrencyAnswer,
  type CurrencyCode,
  type Rates,
} from '@/shared/currencies';
import { milliToKr, type Milli } from '@/shared/money';
import { orderPagePattern } from '@/shared/order-page';
import { apiFetch } from '@/client/lib/api';
import { formatAmount, formatUnitAmount } from '@/shared/money-format';
import { applyBrowserState, startedFromServerHtml } from '@/client/lib/hydration';
import { readStored, writeStored } from '@/client/lib/storage';

export const CURRENCY_STORAGE_KEY = 'currency';
export const VISITED_STORAGE_KEY = 'visited';

interface CurrencyValue {
  currency: Currency;
  rate: number;
  rates: Rates;
  /** Country the server detected for this visitor, for preselection. */
  country: string | null;
  setCurrency: (code: CurrencyCode) => void;
  /** An amount in kronor shown in the chosen currency: amount × rate, 2 decimals, symbol. */
  formatPrice: (amount: Milli) => string;
  /** A per-unit price: like formatPrice, with a third decimal where it has one (114,375 kr). */
  formatUnitPrice: (amount: Milli) => string;
  openDialog: () => void;
  /** The currency dialog is asked for (first visit, or the header's currency button); the layout shows it. */
  dialogOpen: boolean;
  closeDialog: () => void;
}

const CurrencyContext = createContext<CurrencyValue | null>(null);

function savedCurrency(): CurrencyCode {
  const saved = readStored(CURRENCY_STORAGE_KEY);
  return isCurrencyCode(saved) ? saved : 'SEK';
}

function isFirstVisit(): boolean {
  return readStored(VISITED_STORAGE_KEY) === null;
}

/** The staff's pages (/admin, /admin-login): no prices there, so no question about a buyer's currency. */
function isStaffPath(pathname: string): boolean {
  return pathname === '/admin' || pathname.startsWith('/admin/') || pathname.startsWith('/admin-');
}

/**
 * A page of one order or quote, reached from an email's link (a proof to approve, an invoice): its
 * amounts are in the document's currency, so the shop's first-visit question would only cover it.
 */
function isDocumentPath(pathname: string): boolean {
  return pathname === '/confirmation' || orderPagePattern.test(pathname) || pathname.startsWith('/quotes/');
}

function currencyByCode(code: CurrencyCode): Currency {
  return currencies.find((c) => c.code === code) ?? (currencies[0] as Currency);
}

export function CurrencyProvider({ children }: { children: ReactNode }) {
  const [answer, setAnswer] = useState<CurrencyAnswer | null>(null);
  // Server HTML shows SEK and no dialog: the stored choice is read after hydration adopted it.
  const [code, setCode] = useState<CurrencyCode>(() =>
    startedFromServerHtml() || typeof window === 'undefined' ? 'SEK' : savedCurrency(),
  );
  const [firstVisit, setFirstVisit] = useState(() =>
    startedFromServerHtml() || typeof window === 'undefined' ? undefined : isFirstVisit(),
  );
  const [dialogOpen, setDialogOpen] = useState(firstVisit === true);
  const [pathname] = useLocation();
  // A first visit to the staff login or to an order's page is not a shopping one: the dialog waits
  // for the first shop page.
  const awayFromShop = isStaffPath(pathname) || isDocumentPath(pathname);
  const showDialog = dialogOpen && !awayFromShop;

  useEffect(() => {
    if (firstVisit !== undefined) return;
    const first = isFirstVisit();
    const saved = savedCurrency();
    // Browser storage is read once after hydration: the server's HTML could not know it.
    applyBrowserState(() => {
      setCode(saved);
      setFirstVisit(first);
      setDialogOpen(first);
    });
  }, [firstVisit]);

  useEffect(() => {
    if (firstVisit === undefined) return;
    let cancelled = false;
    apiFetch<CurrencyAnswer>('/api/currency')
      .then((data) => {
        if (cancelled) return;
        applyBrowserState(() => {
          setAnswer(data);
          // First visit: preselect the detected country's currency (SPEC §4); choosing one saves it.
          if (firstVisit) setCode(currencyForCountry(data.country));
        });
      })
      .catch((error: unknown) => {
        // Rates are optional: fixed rates keep prices visible.
        console.warn('Could not load exchange rates', error);
      });
    return () => {
      cancelled = true;
    };
  }, [firstVisit]);

  // Record the first visit once the dialog has shown, so it opens only once.
  useEffect(() => {
    if (firstVisit && !awayFromShop) writeStored(VISITED_STORAGE_KEY, new Date().toISOString());
  }, [firstVisit, awayFromShop]);

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
      // A krona price keeps its exact third decimal (114,375 kr); a converted one is an estimate,
      // shown as its currency is written: two decimals (7,74 €, not 7,744 €).
      formatUnitPrice: (amount) =>
        `${(currency.code === 'SEK' ? formatUnitAmount : formatAmount)(milliToKr(amount) * rate)} ${currency.symbol}`,
      openDialog: () => setDialogOpen(true),
      dialogOpen: showDialog,
      closeDialog: () => setDialogOpen(false),
    }),
    [currency, rate, rates, answer, setCurrency, showDialog],
  );

  return <CurrencyContext.Provider value={value}>{children}</CurrencyContext.Provider>;
}

export function useCurrency(): CurrencyValue {
  const value = useContext(CurrencyContext);
  if (!value) throw new Error('useCurrency must be used within a CurrencyProvider');
  return value;
}
