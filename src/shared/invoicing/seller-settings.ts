import { checkOrgNumber, luhnValid, orgNumberPattern } from '@/shared/swedish-id';

/**
 * The seller's details an invoice must carry (Mervärdesskattelagen 2023:200, 17 kap.) and the
 * checks that stop the shop from starting with details a Swedish accountant would reject.
 */
export interface SellerSettings {
  name: string;
  orgNumber: string;
  vatNumber: string;
  address: string;
  /** Registered office (säte), e.g. "Stockholm". */
  registeredOffice: string;
  /** Approved for F-tax ("Godkänd för F-skatt"). */
  fTax: boolean;
  email: string;
  phone: string;
  bankAccount: string;
  bankgiro: string;
  iban: string;
  /** The euro account: buyers invoiced in EUR pay here (no conversion, no foreign transfer fee). */
  ibanEur: string;
  bic: string;
}

export const F_TAX_TEXT = 'Godkänd för F-skatt';

/** The Swedish VAT number of an organisation number: SE + its 10 digits + 01. */
export function swedishVatNumber(orgNumber: string): string {
  return `SE${orgNumber.replace(/\D/g, '')}01`;
}

/** IBAN: country, two check digits, up to 30 letters/digits; mod 97 of the rearranged number is 1. */
export function isValidIban(value: string): boolean {
  const iban = value.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const numeric = `${iban.slice(4)}${iban.slice(0, 4)}`.replace(/[A-Z]/g, (c) =>
    String(c.charCodeAt(0) - 55),
  );
  let remainder = 0;
  for (const digit of numeric) remainder = (remainder * 10 + Number(digit)) % 97;
  return remainder === 1;
}

/** BIC/SWIFT: bank (4 letters), country (2 letters), location (2), optional branch (3). */
export function isValidBic(value: string): boolean {
  return /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(value.trim());
}

/** Bankgiro numbers: 7 or 8 digits written NNN-NNNN or NNNN-NNNN, the last a Luhn check digit. */
export function isValidBankgiro(value: string): boolean {
  const match = /^(\d{3,4})-(\d{4})$/.exec(value.trim());
  return match !== null && luhnValid(`${match[1]}${match[2]}`);
}

/** Every problem with the seller settings, named by the setting to fix; empty when they pass. */
export function sellerSettingsProblems(seller: SellerSettings): string[] {
  const problems: string[] = [];
  const org = checkOrgNumber(seller.orgNumber);
  if (org === 'format' || !orgNumberPattern.test(seller.orgNumber)) {
    problems.push('SELLER_ORG_NUMBER: must be an organisation number XXXXXX-XXXX');
  } else if (org === 'checksum') {
    problems.push('SELLER_ORG_NUMBER: the check digit does not match (Luhn)');
  } else if (seller.vatNumber !== swedishVatNumber(seller.orgNumber)) {
    problems.push(
      `SELLER_VAT_NUMBER: must be SE + the organisation number's digits + 01 (${swedishVatNumber(seller.orgNumber)})`,
    );
  }
  if (!isValidBankgiro(seller.bankgiro)) {
    problems.push('SELLER_BANKGIRO: must be NNN-NNNN or NNNN-NNNN with a valid check digit');
  }
  if (!isValidIban(seller.iban)) {
    problems.push('SELLER_IBAN: not a valid IBAN (check digits)');
  }
  if (!isValidIban(seller.ibanEur)) {
    problems.push('SELLER_IBAN_EUR: not a valid IBAN (check digits)');
  }
  if (!isValidBic(seller.bic)) {
    problems.push('SELLER_BIC: must be 8 or 11 letters/digits (BIC/SWIFT)');
  }
  if (seller.registeredOffice.trim() === '') problems.push('SELLER_REGISTERED_OFFICE: required (säte)');
  return problems;
}

/** An IBAN in groups of four, as printed for people: "SE03 5000 0000 0505 0123 4567". */
export function formatIban(iban: string): string {
  return iban.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');
}
