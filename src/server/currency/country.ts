import type { IncomingHttpHeaders } from 'node:http';

const COUNTRY = /^[A-Za-z]{2}$/;

/**
 * The visitor's country: from a trusted proxy header when configured (e.g. cf-ipcountry), else the
 * region of the first Accept-Language tag that has one ("sv-SE" → SE). Null when unknown.
 */
export function detectCountry(
  headers: IncomingHttpHeaders,
  countryHeader: string | undefined,
): string | null {
  if (countryHeader) {
    const raw = headers[countryHeader];
    const value = (Array.isArray(raw) ? raw[0] : raw)?.trim();
    if (value && COUNTRY.test(value)) return value.toUpperCase();
  }
  const accept = headers['accept-language'];
  if (!accept) return null;
  const tags = accept
    .split(',')
    .slice(0, 20)
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.find((p) => p.trim().startsWith('q='));
      const weight = q ? Number(q.trim().slice(2)) : 1;
      return { tag, weight: Number.isFinite(weight) ? weight : 0 };
    })
    .sort((a, b) => b.weight - a.weight);
  for (const { tag } of tags) {
    const region = tag
      .split('-')
      .slice(1)
      .find((subtag) => COUNTRY.test(subtag));
    if (region) return region.toUpperCase();
  }
  return null;
}
