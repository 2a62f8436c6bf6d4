/**
 * The RF creditor reference (ISO 11649) of a payment reference: "RF", two check digits, the
 * reference. Foreign banks take it where a Swedish OCR number means nothing to them; the OCR stays
 * beside it. Check digits as in ISO 7064 MOD 97-10 (the IBAN's): the reference followed by "RF00",
 * letters as 10–35, modulo 97; the check is 98 minus that. A loop, no regular expression.
 */
export function rfReference(reference: string): string {
  const clean = reference.toUpperCase();
  if (clean.length === 0 || clean.length > 21)
    throw new Error(`An RF reference holds 1–21 characters: ${reference}`);
  let remainder = 0;
  for (const char of `${clean}RF00`) {
    const code = char.charCodeAt(0);
    const value = code >= 48 && code <= 57 ? code - 48 : code >= 65 && code <= 90 ? code - 55 : -1;
    if (value < 0) throw new Error(`An RF reference is letters and digits: ${reference}`);
    remainder = value >= 10 ? (remainder * 100 + value) % 97 : (remainder * 10 + value) % 97;
  }
  return `RF${String(98 - remainder).padStart(2, '0')}${clean}`;
}

/** Whether an RF reference's check digits hold (for tests and for reading one back). */
export function isValidRfReference(text: string): boolean {
  if (text.length < 5 || text.length > 25 || !text.startsWith('RF')) return false;
  try {
    return rfReference(text.slice(4)) === text;
  } catch {
    return false;
  }
}
