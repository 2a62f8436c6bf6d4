/** One way in for both formats: the first bytes say which reader the file needs. */
import { requireShopAccount, type ShopAccounts } from './accounts';
import {
  BankFileError,
  peek,
  type BankFileHandler,
  type BankFileSummary,
  type ByteSource,
} from './bank-file';
import { readBgMax } from './bgmax';
import { readCamt054 } from './camt054';

const UTF8_BOM = [0xef, 0xbb, 0xbf];

/**
 * Reads a BgMax or camt.054 file, whichever it is; anything else is refused as unknown, and so is
 * a file that reports on any account but the shop's (`accounts`), before any payment to it.
 */
export async function readBankFile(
  source: ByteSource,
  handler: BankFileHandler,
  accounts: ShopAccounts,
): Promise<BankFileSummary> {
  const checked: BankFileHandler = {
    account(account) {
      requireShopAccount(accounts, account);
      handler.account?.(account);
    },
    payment: (payment) => handler.payment(payment),
    ...(handler.depositBooked
      ? { depositBooked: (group, bookedOn) => handler.depositBooked?.(group, bookedOn) }
      : {}),
  };
  const { head, source: whole } = await peek(source, 64);
  let start = head.length >= 3 && UTF8_BOM.every((byte, i) => head[i] === byte) ? 3 : 0;
  while (start < head.length && [0x20, 0x09, 0x0a, 0x0d].includes(head[start] ?? 0)) start += 1;
  if (start >= head.length) throw new BankFileError({ code: 'empty' });
  const opening = new TextDecoder('latin1').decode(head.subarray(start, start + 7));
  if (opening === '01BGMAX') return readBgMax(whole, checked);
  if (opening.startsWith('<')) return readCamt054(whole, checked);
  throw new BankFileError({ code: 'unknown_format' });
}
