import { stockholmDate } from '@/shared/dates';
import { VAT_RATE_PERCENT, exactWithoutVat, withoutVat } from '@/shared/vat-rate';
import { milliFromOre, splitVat, sumMilli, toOre, type Milli } from '@/shared/money';
import { checkEuVatNumber, isEuCountry, isOtherEuCountry } from './vat-number';
import { percentFromTenths, standardRateTenths } from './eu-vat-rates';

/**
 * Which VAT rule an invoice follows, decided by the buyer's country, type and VAT number:
 * - `domestic`: buyers in Sweden, and individuals (or companies without a valid VAT number) in
 *   another EU country: 25 % Swedish VAT, included in the prices as shown.
 * - `reverse_charge`: a company in another EU country with a well-formed VAT number: no Swedish VAT,
 *   the buyer accounts for it (Mervärdesskattelagen 2023:200, 17 kap., and the EU VAT directive
 *   art. 196); the buyer pays the price excluding VAT.
 * - `export`: a buyer outside the EU (Norway, Switzerland, Iceland, United Kingdom): goods leave
 *   the EU, no Swedish VAT; the buyer pays the price excluding VAT.
 * - `oss`: an EU distance sale of goods taxed in the buyer's country (the buyers of `domestic` in
 *   another EU country, once the shop is past the distance-sales threshold of 99 680 kr a year or
 *   has opted in: directive 2006/112/EC art. 33 a and 59 c, Mervärdesskattelagen 2023:200
 *   5 kap.): the price without Swedish VAT plus that country's standard rate (eu-vat-rates.ts),
 *   declared through the One Stop Shop (ML 22 kap., unionsordningen), not on the Swedish return.
 */
export const vatTreatments = ['domestic', 'reverse_charge', 'export', 'oss'] as const;
export type VatTreatment = (typeof vatTreatments)[number];

export interface VatBuyer {
  country: string;
  customerType: 'personal' | 'company';
  /** The buyer's VAT number as typed ('' when none). */
  vatNumber: string;
}

/**
 * The buyer's VAT rule. `distanceSalesInBuyerCountry` says the shop taxes EU distance sales where
 * they end (OSS: past the threshold, or opted in; the server knows, the cart is told).
 */
export function vatTreatmentFor(buyer: VatBuyer, distanceSalesInBuyerCountry = false): VatTreatment {
  if (buyer.country === 'SE') return 'domestic';
  if (!isEuCountry(buyer.country)) return 'export';
  if (
    buyer.customerType === 'company' &&
    isOtherEuCountry(buyer.country) &&
    buyer.vatNumber !== '' &&
    checkEuVatNumber(buyer.vatNumber, buyer.country) === 'ok'
  ) {
    return 'reverse_charge';
  }
  return distanceSalesInBuyerCountry && isOtherEuCountry(buyer.country) ? 'oss' : 'domestic';
}

/**
 * The rate an OSS document charges, in tenths of a percent: the buyer country's standard rate on
 * the document's day (a credit note: its invoice's day). null for every other treatment.
 */
export function ossRateTenths(treatment: VatTreatment, country: string, day: string): number | null {
  if (treatment !== 'oss') return null;
  const tenths = standardRateTenths(country, day);
  if (tenths === null) throw new Error(`no EU standard VAT rate for ${country} on ${day}`);
  return tenths;
}

/** Whether the document charges VAT at all (Swedish, or the buyer country's under OSS). */
export function chargesVat(treatment: VatTreatment): boolean {
  return treatment === 'domestic' || treatment === 'oss';
}

/**
 * Whether the buyer pays prices including VAT: with Swedish VAT yes; under reverse charge and export
 * the prices without it. Every reader's view and document asks here, none compares the treatment.
 */
export function pricesIncludeVat(treatment: VatTreatment): boolean {
  return treatment === 'domestic';
}

/**
 * The VAT rate an invoice charges under a treatment, in percent; under OSS the buyer country's
 * (`ossTenths`, from ossRateTenths).
 */
export function vatPercent(treatment: VatTreatment, ossTenths: number | null = null): number {
  if (treatment === 'oss') return percentFromTenths(requireOssRate(ossTenths));
  return pricesIncludeVat(treatment) ? VAT_RATE_PERCENT : 0;
}

function requireOssRate(ossTenths: number | null): number {
  if (ossTenths === null) throw new Error('an OSS amount needs the buyer country’s rate');
  return ossTenths;
}

export interface InvoiceAmounts {
  /** Each line's amount excluding VAT, in the order given; they add up to `net` exactly. */
  lineNets: Milli[];
  /** Sum excluding VAT. */
  net: Milli;
  vat: Milli;
  /** What the buyer pays. */
  total: Milli;
}

/**
 * The amounts of an invoice from its VAT-inclusive line totals (the prices the shop shows).
 * The ex-VAT sum is the VAT-inclusive sum without VAT rounded to öre (SPEC §9); under reverse charge and
 * export that ex-VAT sum is what the buyer pays. Line amounts excluding VAT are each line without VAT,
 * with rounding öre given to the lines with the largest remainders, so they add up to the sum
 * exactly (as an accountant and the Peppol rules expect).
 */
export function invoiceAmounts(
  lineTotalsInclVat: readonly Milli[],
  treatment: VatTreatment,
  ossTenths: number | null = null,
): InvoiceAmounts {
  const gross = sumMilli(lineTotalsInclVat);
  const { exVat, vat } = splitVat(gross);
  const lineNets = allocateNet(lineTotalsInclVat, toOre(exVat));
  if (treatment === 'oss') {
    // The price without Swedish VAT is the price; the buyer country's VAT is added to the sum of
    // the lines, rounded half up to öre (EN 16931 BR-S-09: the category's base × rate).
    const netOre = toOre(exVat);
    const tenths = requireOssRate(ossTenths);
    const vatOre = Math.floor((netOre * tenths * 2 + 1000) / 2000);
    return { lineNets, net: exVat, vat: milliFromOre(vatOre), total: milliFromOre(netOre + vatOre) };
  }
  return pricesIncludeVat(treatment)
    ? { lineNets, net: exVat, vat, total: gross }
    : { lineNets, net: exVat, vat: milliFromOre(0), total: exVat };
}

/** Splits `netOre` over the lines in proportion to each line without VAT, largest remainder first. */
function allocateNet(lineTotals: readonly Milli[], netOre: number): Milli[] {
  const exact = lineTotals.map((line) => exactWithoutVat(toOre(line)));
  const floors = exact.map(Math.floor);
  let missing = netOre - floors.reduce((a, b) => a + b, 0);
  const byRemainder = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  const result = [...floors];
  for (const { index } of byRemainder) {
    if (missing <= 0) break;
    result[index] = (result[index] ?? 0) + 1;
    missing--;
  }
  return result.map(milliFromOre);
}

/** A VAT-inclusive unit price without VAT, kept in 1/1000 kr, rounded half-up. */
export function unitPriceExVat(unitPriceInclVat: Milli): Milli {
  return withoutVat(unitPriceInclVat) as Milli;
}

export interface AmountToPay extends InvoiceAmounts {
  treatment: VatTreatment;
  /** Under OSS the buyer country's rate, tenths of a percent; null otherwise. */
  ossTenths: number | null;
}

/**
 * What the buyer pays for an order: the one computation behind every summary of the cart page, the
 * checkout form and the server's stored order and invoice, so they never disagree. Under reverse
 * charge and export that is the amount excluding VAT (see `vatTreatmentFor`).
 */
export function amountToPay(
  lineTotalsInclVat: readonly Milli[],
  buyer: VatBuyer,
  distanceSalesInBuyerCountry = false,
  day: string = stockholmDate(new Date()),
): AmountToPay {
  const treatment = vatTreatmentFor(buyer, distanceSalesInBuyerCountry);
  const ossTenths = ossRateTenths(treatment, buyer.country, day);
  return { treatment, ossTenths, ...invoiceAmounts(lineTotalsInclVat, treatment, ossTenths) };
}

/**
 * What the buyer pays for a fee priced including Swedish VAT (the conversion fee's 100 kr): the
 * price as it is under Swedish VAT, the price without VAT (80 kr) under reverse charge and export,
 * as the invoice charging it computes it. Texts naming the fee name this amount.
 */
export function feeCharged(
  feeInclVat: Milli,
  treatment: VatTreatment,
  ossTenths: number | null = null,
): Milli {
  return invoiceAmounts([feeInclVat], treatment, ossTenths).total;
}
