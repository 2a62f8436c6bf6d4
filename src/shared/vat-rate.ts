/**
 * The Swedish standard VAT rate, 25 % (Mervärdesskattelagen 2023:200, 9 kap. 1 §), and the one
 * place its arithmetic lives: every price the shop shows includes it.
 */
export const VAT_RATE_PERCENT = 25;

/** The part of 100 + rate an amount including VAT is; the amount without VAT is amount × 100 / this. */
const GROSS_PERCENT = 100 + VAT_RATE_PERCENT;

/** The exact share without VAT of a VAT-inclusive amount (a fraction; round it where it is stored). */
export function exactWithoutVat(amountInclVat: number): number {
  return (amountInclVat * 100) / GROSS_PERCENT;
}

/**
 * A VAT-inclusive amount in whole units (öre, or thousandths of a krona) without VAT, rounded half
 * up, in integers: floor((200·a + G) / 2G) for G = 100 + rate, which is a × 100 / G to the nearest
 * unit with halves up.
 */
export function withoutVat(amountInclVat: number): number {
  return Math.floor((amountInclVat * 200 + GROSS_PERCENT) / (2 * GROSS_PERCENT));
}
