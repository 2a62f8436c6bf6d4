import { formatAmount, formatKr } from '@/shared/money-format';
import { milliToDecimalString, milliToKr, sumMilli, type Milli } from '@/shared/money';
import { convertAddingUp, convertAmount, rateDecimalFrom } from '@/shared/invoicing/invoice-currency';
import { invoiceAmounts, pricesIncludeVat, type VatTreatment } from '@/shared/invoicing/vat-treatment';

/**
 * The cart's amounts as the buyer pays them (issue 42). Under reverse charge and export the buyer
 * pays the prices without VAT, so the lines and the conversion fee are shown without VAT, each as
 * the invoice computes it (`invoiceAmounts`: line nets that add up to the net exactly), and in
 * another currency converted so they add up to the amount to pay converted once. With Swedish VAT
 * the lines stay the prices as the product pages show them. Under OSS the lines are the nets too,
 * and the total adds the buyer country's VAT, as the invoice does.
 */
export interface CartAmountsShown {
  /** Each cart line's amount without VAT, formatted, in the cart's order. */
  lines: string[];
  /** The conversion fees together, without VAT, formatted. */
  fees: string;
  /** What the buyer pays: the lines and the fees. */
  total: string;
}

/** A currency amount (exact decimal string, may be negative) written the shop's way with its symbol. */
function formatIn(decimal: string, symbol: string): string {
  return `${formatAmount(Number(decimal))} ${symbol}`;
}

/**
 * An amount in kronor in the shop's currency, converted exactly (the rate as a decimal) rather than
 * by floating point, so the amount to pay reads the same here as on the invoice in EUR.
 */
export function exactPrice(currency: { code: string; symbol: string }, rate: number) {
  const exactRate = currency.code === 'SEK' ? undefined : rateDecimalFrom(rate);
  return (amount: Milli): string => {
    if (currency.code === 'SEK') return formatKr(amount);
    if (exactRate === undefined) return formatIn(String(milliToKr(amount) * rate), currency.symbol);
    return formatIn(convertAmount(milliToDecimalString(amount), exactRate), currency.symbol);
  };
}

export function cartAmountsWithoutVat(
  lineTotalsInclVat: readonly Milli[],
  fees: readonly Milli[],
  treatment: VatTreatment,
  currency: { code: string; symbol: string },
  rate: number,
  /** Under OSS the buyer country's rate in tenths of a percent (the VAT is added to the nets). */
  ossTenths: number | null = null,
): CartAmountsShown | undefined {
  if (pricesIncludeVat(treatment)) return undefined;
  const { lineNets, total } = invoiceAmounts([...lineTotalsInclVat, ...fees], treatment, ossTenths);
  const exactRate = currency.code === 'SEK' ? undefined : rateDecimalFrom(rate);
  if (exactRate === undefined) {
    const format = exactPrice(currency, rate);
    return {
      lines: lineNets.slice(0, lineTotalsInclVat.length).map(format),
      fees: format(sumMilli(lineNets.slice(lineTotalsInclVat.length))),
      total: format(total),
    };
  }
  const converted = convertAddingUp(lineNets.map(milliToDecimalString), exactRate);
  // Cents as integers: the parts are exact two-decimal strings.
  const feeCents = converted.parts
    .slice(lineTotalsInclVat.length)
    .reduce((sum, part) => sum + Math.round(Number(part) * 100), 0);
  return {
    lines: converted.parts.slice(0, lineTotalsInclVat.length).map((part) => formatIn(part, currency.symbol)),
    fees: formatIn((feeCents / 100).toFixed(2), currency.symbol),
    total: formatIn(converted.total, currency.symbol),
  };
}
