import { locales, type Locale, type sourceLocale } from './locale';

/** A message: plain text, or a function of its parameters (interpolation, plurals). */
export type Message = string | ((params: never) => string);

/**
 * Every other language of a catalogue must have exactly the source language's keys (Swedish, the
 * shop's first), each of the same shape (a string, or a function taking the same parameters). A key
 * missing in any language, or an extra one, fails typecheck; `i18n.test.ts` checks the same at run
 * time.
 */
export type Translation<T> = { readonly [K in keyof T]: T[K] extends string ? string : T[K] };

export type Messages<T> = Readonly<Record<Locale, Translation<T>>>;

/** A catalogue as written: its messages keyed by locale, the source language's shape for the rest. */
export type CatalogueSource<T> = { readonly [L in typeof sourceLocale]: T } & {
  readonly [L in Exclude<Locale, typeof sourceLocale>]: Translation<NoInfer<T>>;
};

/**
 * One feature's messages in every language, keyed by locale (`{ sv: {…}, en: {…} }`): a language
 * added to `locales` is one more key in each catalogue, with no call site to change. Catalogues are
 * small modules next to each other in `src/shared/i18n/messages/`, so a page's chunk carries only
 * the messages it shows.
 */
export function defineMessages<const T extends Record<string, Message>>(
  catalogue: CatalogueSource<T>,
): Messages<T> {
  // The source language's T is Translation<T> with its strings narrowed; TypeScript cannot see that
  // through the mapped type.
  return catalogue as Messages<T>;
}

/**
 * A lookup table of names (what a message fills in, not a message itself) written one row a key with
 * its words in every language, in `locales` order (Swedish, English): the two read side by side, and
 * a key missing a language fails typecheck. Gives the same shape as a catalogue: names by locale.
 */
export function namesByLocale<K extends string>(
  table: Readonly<Record<K, readonly [sv: string, en: string]>>,
): Readonly<Record<Locale, Readonly<Record<K, string>>>> {
  const rows = Object.entries(table) as [K, readonly string[]][];
  const column = (index: number) =>
    Object.fromEntries(rows.map(([key, words]) => [key, words[index]])) as Record<K, string>;
  return Object.fromEntries(locales.map((locale, index) => [locale, column(index)])) as Record<
    Locale,
    Record<K, string>
  >;
}

/** A catalogue's messages in one language: the server's way in (the browser uses `useT`). */
export function translate<T>(messages: Messages<T>, locale: Locale): Translation<T> {
  return messages[locale];
}

const countFormat = new Intl.NumberFormat('sv-SE', { maximumFractionDigits: 0 });
const pluralRules: Record<Locale, Intl.PluralRules> = {
  sv: new Intl.PluralRules('sv-SE'),
  en: new Intl.PluralRules('en-GB'),
};

/**
 * The plural form for `n` by the language's rules (Intl.PluralRules); `#` in the form becomes `n`
 * in Swedish number format ("1 000"), as every number on the site.
 */
export function plural(
  locale: Locale,
  n: number,
  forms: Partial<Record<Intl.LDMLPluralRule, string>> & { other: string },
): string {
  const form = forms[pluralRules[locale].select(n)] ?? forms.other;
  return form.replaceAll('#', countFormat.format(n));
}
