/**
 * The shop's own accounts, and the check that a bank file reports money on one of them (issue 38:
 * a BgMax file for bankgiro 555-5555 and a camt.054 for a German IBAN were both booked as the
 * shop's money). A file that names any other account is refused whole.
 */
import type { SellerSettings } from '@/shared/invoicing/seller-settings';
import { BankFileError, type ReportedAccount } from './bank-file';

export interface ShopAccounts {
  /** Bankgiro numbers, digits only without leading zeros ("1234566"). */
  bankgiros: readonly string[];
  /** IBANs, upper case without spaces. */
  ibans: readonly string[];
  /** Domestic account numbers (clearing number and account), digits only. */
  domestic: readonly string[];
}

const digitsOf = (value: string): string => value.replace(/\D/g, '');
const withoutLeadingZeros = (digits: string): string => digits.replace(/^0+/, '');
const compact = (value: string): string => value.replace(/[\s-]/g, '').toUpperCase();

/** The seller's accounts as configured (SELLER_BANKGIRO, SELLER_IBAN, SELLER_IBAN_EUR, SELLER_BANK_ACCOUNT). */
export function shopAccountsOf(
  seller: Pick<SellerSettings, 'bankgiro' | 'iban' | 'ibanEur' | 'bankAccount'>,
): ShopAccounts {
  return {
    bankgiros: [withoutLeadingZeros(digitsOf(seller.bankgiro))],
    ibans: [seller.iban, seller.ibanEur].map(compact).filter((iban) => iban !== ''),
    domestic: [digitsOf(seller.bankAccount)].filter((account) => account !== ''),
  };
}

/** Whether the file's account is one of the shop's. */
export function isShopAccount(accounts: ShopAccounts, reported: ReportedAccount): boolean {
  const id = compact(reported.id);
  switch (reported.kind) {
    case 'bankgiro':
      return accounts.bankgiros.includes(withoutLeadingZeros(digitsOf(id)));
    case 'iban':
      return accounts.ibans.includes(id);
    case 'other': {
      // Othr/Id: Swedish banks give a bankgiro number (SchmeNm BGNR) or a domestic account
      // number here; others put an IBAN in it.
      if (accounts.ibans.includes(id)) return true;
      if (!/^\d+$/.test(id)) return false;
      return accounts.bankgiros.includes(withoutLeadingZeros(id)) || accounts.domestic.includes(id);
    }
  }
}

/** "555-5555" for a bankgiro of 7 digits, "5555-5555" of 8; any other id as the file gave it. */
export function displayAccount(reported: ReportedAccount): string {
  const id = reported.id.trim().slice(0, 40);
  if (reported.kind !== 'bankgiro') return id;
  const digits = withoutLeadingZeros(digitsOf(id));
  if (digits.length === 7 || digits.length === 8) return `${digits.slice(0, -4)}-${digits.slice(-4)}`;
  return digits;
}

/** Throws the refusal that names the account when it is not the shop's. */
export function requireShopAccount(accounts: ShopAccounts, reported: ReportedAccount): void {
  if (isShopAccount(accounts, reported)) return;
  throw new BankFileError({
    code: 'foreign_account',
    line: reported.line,
    kind: reported.kind === 'bankgiro' ? 'bankgiro' : 'account',
    account: displayAccount(reported),
  });
}
