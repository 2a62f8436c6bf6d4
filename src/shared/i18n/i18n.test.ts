import { describe, expect, it } from 'vitest';
import { defineMessages, plural, type Messages } from './define';
import { localeFromAcceptLanguage, negotiateLocale } from './locale';

// Every catalogue module; each export made by defineMessages is checked.
const modules = import.meta.glob<Record<string, unknown>>('./messages/*.ts', { eager: true });

function isCatalogue(value: unknown): value is Messages<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && 'sv' in value && 'en' in value;
}

const catalogues = Object.entries(modules).flatMap(([file, exports]) =>
  Object.entries(exports)
    .filter((entry): entry is [string, Messages<Record<string, unknown>>] => isCatalogue(entry[1]))
    .map(([name, catalogue]) => ({ name: `${file}#${name}`, catalogue })),
);

/** What is wrong with one catalogue: keys on one side only, empty texts, mismatched kinds. */
function problems(catalogue: Messages<Record<string, unknown>>): string[] {
  const found: string[] = [];
  const sv = catalogue.sv as Record<string, unknown>;
  const en = catalogue.en as Record<string, unknown>;
  for (const key of Object.keys(sv)) if (!(key in en)) found.push(`"${key}" missing in en`);
  for (const key of Object.keys(en)) if (!(key in sv)) found.push(`"${key}" missing in sv`);
  for (const [side, messages] of [['sv', sv] as const, ['en', en] as const]) {
    for (const [key, message] of Object.entries(messages)) {
      if (typeof message === 'string' && message.trim() === '') found.push(`"${key}" empty in ${side}`);
      if (typeof message !== typeof (side === 'sv' ? en[key] : sv[key]) && key in sv && key in en)
        found.push(`"${key}" is a ${typeof message} in ${side} only`);
    }
  }
  return found;
}

describe('message catalogues', () => {
  it('finds the catalogues', () => {
    expect(catalogues.length).toBeGreaterThan(3);
  });

  it.each(catalogues)('$name has every key in both languages', ({ catalogue }) => {
    expect(problems(catalogue)).toEqual([]);
  });

  it('reports a key missing in either language', () => {
    // Typecheck refuses these; a catalogue built around it (a cast) is still caught here.
    const missingInEnglish = { sv: { a: 'A', b: 'B' }, en: { a: 'A' } } as unknown as Messages<
      Record<string, unknown>
    >;
    const missingInSwedish = { sv: { a: 'A' }, en: { a: 'A', b: 'B' } } as unknown as Messages<
      Record<string, unknown>
    >;
    expect(problems(missingInEnglish)).toEqual(['"b" missing in en']);
    expect(problems(missingInSwedish)).toEqual(['"b" missing in sv']);
    expect(problems(defineMessages({ sv: { a: 'A' }, en: { a: 'A' } }))).toEqual([]);
  });
});

describe('plural', () => {
  it('picks the form by the language and writes the number in Swedish format', () => {
    expect(plural('sv', 1, { one: '# artikel', other: '# artiklar' })).toBe('1 artikel');
    expect(plural('sv', 1000, { one: '# artikel', other: '# artiklar' })).toBe('1\u00a0000 artiklar');
    expect(plural('en', 2, { one: '# item', other: '# items' })).toBe('2 items');
    expect(plural('en', 0, { one: '# item', other: '# items' })).toBe('0 items');
  });
});

describe('language of a visitor', () => {
  it.each([
    ['sv-SE,sv;q=0.9,en;q=0.8', 'sv'],
    ['sv', 'sv'],
    ['SV-fi', 'sv'],
    ['en-GB,en;q=0.9', 'en'],
    ['en-US,sv;q=0.9', 'en'],
    ['de-DE;q=0.5,sv;q=0.8', 'sv'],
    ['nb-NO', 'en'],
    ['*', 'en'],
    ['', 'en'],
    [undefined, 'en'],
  ])('Accept-Language %s → %s', (header, locale) => {
    expect(localeFromAcceptLanguage(header)).toBe(locale);
  });

  it('an explicit choice wins over the remembered one, which wins over the browser', () => {
    expect(negotiateLocale({ query: 'en', cookie: 'sv', acceptLanguage: 'sv' })).toBe('en');
    expect(negotiateLocale({ query: 'xx', cookie: 'sv', acceptLanguage: 'en' })).toBe('sv');
    expect(negotiateLocale({ query: null, cookie: 'fr', acceptLanguage: 'sv-SE' })).toBe('sv');
  });
});
