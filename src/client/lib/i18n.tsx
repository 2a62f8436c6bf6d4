import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import type { Messages, Translation } from '@/shared/i18n/define';
import { isLocale, localeCookieName, type Locale } from '@/shared/i18n/locale';

interface LocaleValue {
  locale: Locale;
  /** Switches the whole page at once (no reload) and remembers the choice for the server too. */
  setLocale: (locale: Locale) => void;
}

const LocaleContext = createContext<LocaleValue | null>(null);

const oneYear = 60 * 60 * 24 * 365;

/** The language the server rendered the page in: it is written on `<html lang>`. */
export function documentLocale(): Locale {
  const lang = typeof document === 'undefined' ? undefined : document.documentElement.lang;
  return isLocale(lang) ? lang : 'sv';
}

export function LocaleProvider({ initial, children }: { initial: Locale; children: ReactNode }) {
  const [locale, setLocaleState] = useState<Locale>(initial);
  const setLocale = useCallback((next: Locale) => {
    setLocaleState(next);
    document.documentElement.lang = next;
    document.cookie = `${localeCookieName}=${next}; path=/; max-age=${oneYear}; samesite=lax`;
    // A `?lang=` in the address would override the cookie on the next load: drop it.
    const url = new URL(window.location.href);
    if (url.searchParams.has('lang')) {
      url.searchParams.delete('lang');
      window.history.replaceState(window.history.state, '', url);
    }
  }, []);
  const value = useMemo(() => ({ locale, setLocale }), [locale, setLocale]);
  return <LocaleContext.Provider value={value}>{children}</LocaleContext.Provider>;
}

export function useLocale(): LocaleValue {
  const value = useContext(LocaleContext);
  if (!value) throw new Error('useLocale must be used within a LocaleProvider');
  return value;
}

/** A catalogue's messages in the current language: `const t = useT(homeMessages); t.heading`. */
export function useT<T>(messages: Messages<T>): Translation<T> {
  return messages[useLocale().locale];
}
