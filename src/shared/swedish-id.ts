/**
 * Swedish personal identity numbers (personnummer, ÅÅÅÅMMDD-XXXX) and organisation numbers
 * (XXXXXX-XXXX): format and Luhn check digit. Pure functions, used by the checkout schema.
 */

/** Luhn (mod 10) check over a string of digits: true when the last digit is the right check digit. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export const personalNumberPattern = /^(\d{4})(\d{2})(\d{2})-?(\d{4})$/;
export const orgNumberPattern = /^(\d{6})-?(\d{4})$/;

/**
 * A personnummer as an invoice prints it: the birth date and XXXX for the last four digits
 * ("19811218-XXXX"). The Swedish VAT Act (mervärdesskattelagen 17 kap.) asks the buyer's name and
 * address on an invoice, not their personnummer, and the four digits are what identifies a person
 * to anyone holding the paper. Anything not shaped like one keeps only its first part.
 */
export function maskPersonalNumber(value: string): string {
  const match = personalNumberPattern.exec(value.trim());
  if (match) return `${match[1] ?? ''}${match[2] ?? ''}${match[3] ?? ''}-XXXX`;
  const trimmed = value.trim();
  return trimmed.length > 4 ? `${trimmed.slice(0, -4)}XXXX` : 'XXXX';
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export type IdCheck = 'ok' | 'format' | 'checksum';

/** ÅÅÅÅMMDD-XXXX (hyphen optional). Day may be +60 (samordningsnummer). Luhn over the last 10 digits. */
export function checkPersonalNumber(value: string): IdCheck {
  const match = personalNumberPattern.exec(value.trim());
  if (!match) return 'format';
  const [, year, month, day, rest] = match as unknown as [string, string, string, string, string];
  const y = Number(year);
  const m = Number(month);
  let d = Number(day);
  if (d > 60) d -= 60;
  // A real calendar day (19900231 is not one), leap years included.
  if (m < 1 || m > 12 || d < 1 || d > daysInMonth(y, m) || y < 1850) return 'format';
  return luhnValid(`${year.slice(2)}${month}${day}${rest}`) ? 'ok' : 'checksum';
}

/** XXXXXX-XXXX (hyphen optional). Luhn over all 10 digits. */
export function checkOrgNumber(value: string): IdCheck {
  const match = orgNumberPattern.exec(value.trim());
  if (!match) return 'format';
  const digits = `${match[1]}${match[2]}`;
  return luhnValid(digits) ? 'ok' : 'checksum';
}
