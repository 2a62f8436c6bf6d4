/**
 * The shop's commercial terms: every price, page, email, invoice and export takes them from here.
 * Strings built from them stay in the language modules; only the facts live here.
 */
import { milliFromDecimal, type Milli } from './money';
import { VAT_RATE_PERCENT } from './vat-rate';

/** Swedish VAT included in every catalogue price (SPEC: "All prices include 25 % VAT"). */
export { VAT_RATE_PERCENT };

/** Invoices are due this many calendar days after the order date (Stockholm time). */
export const PAYMENT_DAYS = 30;

/** Converting a raster (non-vector) print file costs this much per file, VAT included. */
export const CONVERSION_FEE_KR = 100;
export const CONVERSION_FEE: Milli = milliFromDecimal(String(CONVERSION_FEE_KR));

/** The unit a quantity is counted in, per language: "50 st" in Swedish, "50 pcs" in English. */
export const quantityUnit = { sv: 'st', en: 'pcs' } as const;
export type TextLanguage = keyof typeof quantityUnit;

/** "Minimum order is 20 pcs": the one wording of the minimum, for the browser and the server. */
export function minimumOrderMessage(minQuantity: number): string {
  return `Minimum order is ${minQuantity} ${quantityUnit.en}`;
}

/** The price footnote of product pages. */
export const priceTermsNote = `Prices include ${VAT_RATE_PERCENT} % VAT · Pay by invoice, ${PAYMENT_DAYS} days net`;

/** Admin PIN length, checked by the setting (ADMIN_PIN), the login route and the login form. */
export const ADMIN_PIN_MIN_LENGTH = 4;
export const ADMIN_PIN_MAX_LENGTH = 20;
