import { luhnValid } from '@/shared/swedish-id';

/**
 * OCR payment references with a length digit and a check digit (Bankgirot's "OCR-referens med
 * längdsiffra och checksiffra"): the digits of the base, then the total length modulo 10, then a
 * Luhn (mod 10) check digit over everything before it. A bank that matches payments on OCR then
 * refuses a mistyped or truncated reference at the payer's end.
 */

/** Bankgirot allows OCR references of 2–25 digits. */
export const OCR_MAX_LENGTH = 25;

function luhnCheckDigit(digits: string): string {
  for (let candidate = 0; candidate <= 9; candidate++) {
    if (luhnValid(`${digits}${candidate}`)) return String(candidate);
  }
  throw new Error('unreachable: one Luhn digit always fits');
}

/** The OCR reference for a numeric base (e.g. the digits of an invoice number). */
export function ocrReference(baseDigits: string): string {
  if (!/^\d+$/.test(baseDigits)) throw new Error('An OCR reference is made from digits only');
  const length = baseDigits.length + 2;
  if (length > OCR_MAX_LENGTH) throw new Error(`An OCR reference has at most ${OCR_MAX_LENGTH} digits`);
  const withLength = `${baseDigits}${length % 10}`;
  return `${withLength}${luhnCheckDigit(withLength)}`;
}

/** True when a reference has digits only, a length digit that matches and a valid Luhn digit. */
export function isValidOcrReference(reference: string): boolean {
  if (!/^\d{2,25}$/.test(reference)) return false;
  const lengthDigit = Number(reference[reference.length - 2]);
  return lengthDigit === reference.length % 10 && luhnValid(reference);
}

/** The OCR reference of an invoice number of the shop's series ("INV-1732350000000" → 15 digits). */
export function ocrForInvoiceNumber(invoiceNumber: string): string {
  const digits = invoiceNumber.replace(/^INV-/, '');
  return ocrReference(digits);
}
