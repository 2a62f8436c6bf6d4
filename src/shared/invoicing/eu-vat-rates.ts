import type { OtherEuCountry } from './vat-number';

/**
 * The standard VAT rate of every other EU member state, dated: what an EU distance sale of goods
 * is taxed at once the shop passes the distance-sales threshold or opts in (One Stop Shop, OSS;
 * EU VAT directive 2006/112/EC art. 33 a and 59 c, Mervärdesskattelagen 2023:200 5 kap. 6–9 §§ on
 * where a distance sale of goods is supplied). Only the standard rate: the shop sells printed
 * textiles and accessories, which no member state taxes at a reduced rate.
 *
 * Source: European Commission, Taxes in Europe Database (TEDB), standard VAT rates per member
 * state with the dates they took effect, as published on 13 August 2026
 * (https://ec.europa.eu/taxation_customs/tedb/). A change of rate is a new dated entry here,
 * never an edited one: a document is taxed at the rate of its day of issue, and a credit note at
 * the rate of the invoice it corrects. Greece's VAT prefix is EL, its country code GR.
 *
 * Rates are in tenths of a percent (Finland's 25,5 % is 255) so the arithmetic stays in integers.
 */
export interface DatedRate {
  /** The first day the rate applies, YYYY-MM-DD. */
  from: string;
  /** Tenths of a percent. */
  tenths: number;
}

export const euStandardVatRates: Readonly<Record<OtherEuCountry, readonly DatedRate[]>> = {
  AT: [{ from: '1984-01-01', tenths: 200 }],
  BE: [{ from: '1996-01-01', tenths: 210 }],
  BG: [{ from: '1999-01-01', tenths: 200 }],
  CY: [{ from: '2014-01-13', tenths: 190 }],
  CZ: [{ from: '2013-01-01', tenths: 210 }],
  DE: [{ from: '2021-01-01', tenths: 190 }],
  DK: [{ from: '1992-01-01', tenths: 250 }],
  EE: [
    { from: '2024-01-01', tenths: 220 },
    { from: '2025-07-01', tenths: 240 },
  ],
  ES: [{ from: '2012-09-01', tenths: 210 }],
  FI: [
    { from: '2013-01-01', tenths: 240 },
    { from: '2024-09-01', tenths: 255 },
  ],
  FR: [{ from: '2014-01-01', tenths: 200 }],
  GR: [{ from: '2016-06-01', tenths: 240 }],
  HR: [{ from: '2012-03-01', tenths: 250 }],
  HU: [{ from: '2012-01-01', tenths: 270 }],
  IE: [{ from: '2021-03-01', tenths: 230 }],
  IT: [{ from: '2013-10-01', tenths: 220 }],
  LT: [{ from: '2009-09-01', tenths: 210 }],
  LU: [
    { from: '2023-01-01', tenths: 160 },
    { from: '2024-01-01', tenths: 170 },
  ],
  LV: [{ from: '2012-07-01', tenths: 210 }],
  MT: [{ from: '2004-01-01', tenths: 180 }],
  NL: [{ from: '2012-10-01', tenths: 210 }],
  PL: [{ from: '2011-01-01', tenths: 230 }],
  PT: [{ from: '2011-01-01', tenths: 230 }],
  RO: [
    { from: '2017-01-01', tenths: 190 },
    { from: '2025-08-01', tenths: 210 },
  ],
  SI: [{ from: '2013-07-01', tenths: 220 }],
  SK: [
    { from: '2011-01-01', tenths: 200 },
    { from: '2025-01-01', tenths: 230 },
  ],
};

/** The standard rate of `country` on `day` (YYYY-MM-DD), in tenths of a percent; null outside the table. */
export function standardRateTenths(country: string, day: string): number | null {
  const rates = (euStandardVatRates as Readonly<Record<string, readonly DatedRate[] | undefined>>)[country];
  if (!rates) return null;
  let found: number | null = null;
  for (const rate of rates) if (rate.from <= day) found = rate.tenths;
  return found;
}

/** Tenths of a percent as the percent a document prints ("19", "25.5"). */
export function percentFromTenths(tenths: number): number {
  return tenths / 10;
}

/** A rate for the reader: "19", "25,5" in Swedish, "25.5" in English. */
export function rateText(tenths: number, locale: 'sv' | 'en'): string {
  const whole = Math.floor(tenths / 10);
  const tenth = tenths % 10;
  return tenth === 0 ? String(whole) : `${whole}${locale === 'sv' ? ',' : '.'}${tenth}`;
}
