import { describe, expect, it } from 'vitest';
import { bgmaxBytes, camt054Xml, testShopAccounts } from '@tests/helpers/bank-files';
import { refusalOf } from '@tests/helpers/bank-file-refusal';
import { displayAccount, isShopAccount } from './accounts';
import type { BankPayment, ReportedAccount } from './bank-file';
import { readBankFile } from './read-bank-file';

const account = (kind: ReportedAccount['kind'], id: string): ReportedAccount => ({ kind, id, line: 1 });

describe('the shop’s accounts (SELLER_BANKGIRO 123-4566, SELLER_IBAN, SELLER_IBAN_EUR, SELLER_BANK_ACCOUNT)', () => {
  it('knows its own in the forms banks write them', () => {
    expect(isShopAccount(testShopAccounts, account('bankgiro', '0001234566'))).toBe(true);
    expect(isShopAccount(testShopAccounts, account('iban', 'SE0350000000050501234567'))).toBe(true);
    expect(isShopAccount(testShopAccounts, account('iban', 'se45 5000 0000 0583 9825 7466'))).toBe(true);
    expect(isShopAccount(testShopAccounts, account('other', '123-4566'))).toBe(true);
    expect(isShopAccount(testShopAccounts, account('other', '5050-1234567'))).toBe(true);
    expect(isShopAccount(testShopAccounts, account('other', 'SE03 5000 0000 0505 0123 4567'))).toBe(true);
  });

  it('refuses every other, and an IBAN only as an IBAN', () => {
    for (const other of [
      account('bankgiro', '0005555555'),
      account('bankgiro', '0012345660'),
      account('iban', 'DE89370400440532013000'),
      account('iban', '1234566'),
      account('other', 'CH2801234000123456789'),
      account('other', '99912346'),
      account('other', ''),
    ])
      expect(isShopAccount(testShopAccounts, other), other.id).toBe(false);
  });

  it('names a bankgiro as people write it', () => {
    expect(displayAccount(account('bankgiro', '0005555555'))).toBe('555-5555');
    expect(displayAccount(account('bankgiro', '0099912346'))).toBe('9991-2346');
    expect(displayAccount(account('iban', 'DE89370400440532013000'))).toBe('DE89370400440532013000');
  });
});

describe('readBankFile checks the account before any payment to it is handed over', () => {
  it('BgMax: a deposit for another bankgiro throws at its record 05', async () => {
    const payments: BankPayment[] = [];
    const file = bgmaxBytes({
      deposits: [
        { paymentDay: '2026-11-23', payments: [{ amount: '10.00' }] },
        { paymentDay: '2026-11-23', payeeBankgiro: '5555555', payments: [{ amount: '20.00' }] },
      ],
    });
    const problem = await refusalOf(
      (source) => readBankFile(source, { payment: (p) => void payments.push(p) }, testShopAccounts),
      [file],
    );
    expect(problem).toEqual({ code: 'foreign_account', line: 5, kind: 'bankgiro', account: '555-5555' });
    expect(payments.map((p) => p.amount)).toEqual([10_000]);
  });

  it('camt.054: an account before its entries, and none at all, are refused', async () => {
    const payments: BankPayment[] = [];
    const entries = [{ amount: '10.00', bookedOn: '2026-11-23' }];
    const foreign = camt054Xml({ notifications: [{ account: { iban: 'DE89370400440532013000' }, entries }] });
    expect(
      await refusalOf(
        (source) => readBankFile(source, { payment: (p) => void payments.push(p) }, testShopAccounts),
        [Buffer.from(foreign)],
      ),
    ).toMatchObject({ code: 'foreign_account', kind: 'account', account: 'DE89370400440532013000' });
    const none = camt054Xml({ notifications: [{ account: null, entries }] });
    expect(
      await refusalOf(
        (source) => readBankFile(source, { payment: (p) => void payments.push(p) }, testShopAccounts),
        [Buffer.from(none)],
      ),
    ).toMatchObject({ code: 'xml_missing', element: 'Ntfctn/Acct/Id' });
    expect(payments).toEqual([]);
  });
});
