/** The shop's two languages. Swedish first (SPEC §1); English for everyone else. */
export const locales = ['sv', 'en'] as const;
export type Locale = (typeof locales)[number];

export const defaultLocale: Locale = 'sv';

/** The language every catalogue is written in first; the others translate its keys. */
export const sourceLocale = 'sv' satisfies Locale;

/** Cookie that remembers the visitor's choice, read by the server to render the page in it. */
export const localeCookieName = 'lang';
/** `?lang=en` picks a language for one URL: the hreflang alternates and shared links use it. */
export const localeQueryParam = 'lang';

/** BCP 47 tags for Intl formatting of dates in each language. Numbers and money stay sv-SE in both. */
export const dateLocaleTag: Record<Locale, string> = { sv: 'sv-SE', en: 'en-GB' };

/** Open Graph's og:locale for each language. */
export const openGraphLocale: Record<Locale, string> = { sv: 'sv_SE', en: 'en_GB' };

/** Each language's name in itself: the switch shows the other one. */
export const localeNames: Record<Locale, string> = { sv: 'Svenska', en: 'English' };

export function isLocale(value: unknown): value is Locale {
  return (locales as readonly unknown[]).includes(value);
}

/** The languages the switch offers from `locale`: every other one, in the shop's order. */
export function otherLocales(locale: Locale): Locale[] {
  return locales.filter((candidate) => candidate !== locale);
}

/**
 * The visitor's primary language from Accept-Language: the highest-weighted entry (the first on a
 * tie). Swedish when its primary subtag is `sv`, English for anything else, including no header.
 */
export function localeFromAcceptLanguage(header: string | undefined | null): Locale {
  if (!header) return 'en';
  let best: { tag: string; q: number } | undefined;
  for (const part of header.split(',')) {
    const [rawTag, ...params] = part.trim().split(';');
    const tag = rawTag?.trim().toLowerCase();
    if (!tag || tag === '*') continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0) continue;
    if (!best || q > best.q) best = { tag, q };
  }
  const primary = best?.tag.split('-')[0];
  return isLocale(primary) ? primary : 'en';
}

/** A request's language: an explicit `?lang=`, else the remembered cookie, else Accept-Language. */
export function negotiateLocale(input: {
  query?: string | null;
  cookie?: string | null;
  acceptLanguage?: string | null;
}): Locale {
  if (isLocale(input.query)) return input.query;
  if (isLocale(input.cookie)) return input.cookie;
  return localeFromAcceptLanguage(input.acceptLanguage);
}
