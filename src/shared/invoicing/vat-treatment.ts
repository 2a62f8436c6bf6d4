import { VAT_RATE_PERCENT, exactWithoutVat, withoutVat } from '@/shared/vat-rate';
import { milliFromOre, splitVat, sumMilli, toOre, type Milli } from '@/shared/money';
import { checkEuVatNumber, isEuCountry, isOtherEuCountry } from './vat-number';

/**
 * Which VAT rule an invoice follows, decided by the buyer's country, type and VAT number:
 * - `domestic`: buyers in Sweden, and individuals (or companies without a valid VAT number) in
 *   another EU country: 25 % Swedish VAT, included in the prices as shown.
 * - `reverse_charge`: a company in another EU country with a well-formed VAT number: no Swedish VAT,
 *   the buyer accounts for it (Mervärdesskattelagen 2023:200, 17 kap., and the EU VAT directive
 *   art. 196); the buyer pays the price excluding VAT.
 * - `export`: a buyer outside the EU (Norway, Switzerland, Iceland, United Kingdom): goods leave
 *   the EU, no Swedish VAT; the buyer pays the price excluding VAT.
 */
export const vatTreatments = ['domestic', 'reverse_charge', 'export'] as const;
export type VatTreatment = (typeof vatTreatments)[number];

export interface VatBuyer {
  country: string;
  customerType: 'personal' | 'company';
  /** The buyer's VAT number as typed ('' when none). */
  vatNumber: string;
}

export function vatTreatmentFor(buyer: VatBuyer): VatTreatment {
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
  return 'domestic';
}

/**
 * Whether the buyer pays prices including VAT: with Swedish VAT yes; under reverse charge and export
 * the prices without it. Every reader's view and document asks here, none compares the treatment.
 */
export function pricesIncludeVat(treatment: VatTreatment): boolean {
  return treatment === 'domestic';
}

/** The VAT rate an invoice charges under a treatment, in percent. */
export function vatPercent(treatment: VatTreatment): number {
  return pricesIncludeVat(treatment) ? VAT_RATE_PERCENT : 0;
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
export function invoiceAmounts(lineTotalsInclVat: readonly Milli[], treatment: VatTreatment): InvoiceAmounts {
  const gross = sumMilli(lineTotalsInclVat);
  const { exVat, vat } = splitVat(gross);
  const lineNets = allocateNet(lineTotalsInclVat, toOre(exVat));
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
}

/**
 * What the buyer pays for an order: the one computation behind every summary of the cart page, the
 * checkout form and the server's stored order and invoice, so they never disagree. Under reverse
 * charge and export that is the amount excluding VAT (see `vatTreatmentFor`).
 */
export function amountToPay(lineTotalsInclVat: readonly Milli[], buyer: VatBuyer): AmountToPay {
  const treatment = vatTreatmentFor(buyer);
  return { treatment, ...invoiceAmounts(lineTotalsInclVat, treatment) };
}

/**
 * What the buyer pays for a fee priced including Swedish VAT (the conversion fee's 100 kr): the
 * price as it is under Swedish VAT, the price without VAT (80 kr) under reverse charge and export,
 * as the invoice charging it computes it. Texts naming the fee name this amount.
 */
export function feeCharged(feeInclVat: Milli, treatment: VatTreatment): Milli {
  return invoiceAmounts([feeInclVat], treatment).total;
}
