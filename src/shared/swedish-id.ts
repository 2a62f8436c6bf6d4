/**
 * Swedish personal identity numbers (personnummer, ÅÅÅÅMMDD-XXXX) and organisation numbers
 * (XXXXXX-XXXX): format and Luhn check digit. Pure functions, used by the checkout schema.
 * People type them as they know them ("900101-0017", "556016 0680"): each is read in every usual
 * spelling and stored in one (`normalisePersonalNumber`, `normaliseOrgNumber`).
 */
import { type CalendarDate, stockholmDate } from './dates';

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
/** ÅÅMMDD-XXXX, ÅÅMMDD+XXXX (100 years or older) or ÅÅMMDDXXXX. */
const tenDigitPersonalNumber = /^(\d{2})(\d{2})(\d{2})([-+]?)(\d{4})$/;
/** An organisation number with the "16" prefix of twelve digits, or a sole trader's personnummer. */
const twelveDigitOrgNumber = /^(?:16|19|20)(\d{6})-?(\d{4})$/;

/** Spaces people put into numbers ("556016 0680", "19811218 9876") are not part of them. */
function withoutSpaces(value: string): string {
  let out = '';
  for (const character of value) if (character.trim() !== '') out += character;
  return out;
}

/**
 * A personnummer in its stored spelling ÅÅÅÅMMDD-XXXX, from any usual one, or null when it is not
 * shaped like one. Ten digits name no century: the birth year is the latest one not after `today`,
 * and a "+" means a hundred years earlier (folkbokföringslagen 1991:481, 18 §: the separator
 * becomes "+" the year a person turns 100).
 */
export function normalisePersonalNumber(
  value: string,
  today: CalendarDate = stockholmDate(new Date()),
): string | null {
  const compact = withoutSpaces(value);
  const full = personalNumberPattern.exec(compact);
  if (full) return `${full[1] ?? ''}${full[2] ?? ''}${full[3] ?? ''}-${full[4] ?? ''}`;
  const short = tenDigitPersonalNumber.exec(compact);
  if (!short) return null;
  const [, yy, month, day, separator, rest] = short as unknown as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  const todayYear = Number(today.slice(0, 4));
  let year = todayYear - (todayYear % 100) + Number(yy);
  // A samordningsnummer's day is the birth day + 60; the date compared is the birth date.
  const birthDay = String(Number(day) > 60 ? Number(day) - 60 : Number(day)).padStart(2, '0');
  if (`${year}-${month}-${birthDay}` > today) year -= 100;
  if (separator === '+') year -= 100;
  return `${year}${month}${day}-${rest}`;
}

/** An organisation number in its stored spelling XXXXXX-XXXX, from any usual one, or null. */
export function normaliseOrgNumber(value: string): string | null {
  const compact = withoutSpaces(value);
  const match = orgNumberPattern.exec(compact) ?? twelveDigitOrgNumber.exec(compact);
  return match ? `${match[1] ?? ''}-${match[2] ?? ''}` : null;
}

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

/**
 * ÅÅÅÅMMDD-XXXX in any usual spelling (`normalisePersonalNumber`). Day may be +60
 * (samordningsnummer). Luhn over the last 10 digits.
 */
export function checkPersonalNumber(value: string, today?: CalendarDate): IdCheck {
  const normalised = normalisePersonalNumber(value, today);
  const match = normalised === null ? null : personalNumberPattern.exec(normalised);
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

/** XXXXXX-XXXX in any usual spelling (`normaliseOrgNumber`). Luhn over all 10 digits. */
export function checkOrgNumber(value: string): IdCheck {
  const normalised = normaliseOrgNumber(value);
  const match = normalised === null ? null : orgNumberPattern.exec(normalised);
  if (!match) return 'format';
  const digits = `${match[1]}${match[2]}`;
  return luhnValid(digits) ? 'ok' : 'checksum';
}
