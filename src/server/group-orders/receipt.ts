import { randomBytes } from 'node:crypto';
import type Mail from 'nodemailer/lib/mailer';
import { eq } from 'drizzle-orm';
import { formatDate } from '@/shared/dates';
import { translate } from '@/shared/i18n/define';
import { dateLocaleTag } from '@/shared/i18n/locale';
import { groupOrderMessages } from '@/shared/i18n/messages/group-orders';
import { formatCount } from '@/shared/money-format';
import { trimTrailing } from '@/shared/trim-trailing';
import type { Config } from '@/server/config';
import type { Db } from '@/server/db/client';
import { groupEntryReceipts, groupOrderEntries, groupOrders } from '@/server/db/group-orders-schema';
import { buyerEmail } from '@/server/email';
import { tokenHash } from './service';

/**
 * A member's receipt of their own entry (decision 0051), built when the outbox sends it: a fresh
 * token for the entry's link is made now and only its hash kept (a retried send replaces it). The
 * email holds the shop's own words, the size, the quantity and the last day; never the member's
 * name, the name to print or the group's title, which strangers typed. A receipt whose entry was
 * removed is gone with it (the outbox row too, by the foreign key).
 */
export async function buildGroupReceiptEmail(
  db: Db,
  config: Config,
  receiptId: number,
): Promise<Mail.Options> {
  const token = randomBytes(32).toString('base64url');
  const [row] = await db
    .update(groupEntryReceipts)
    .set({ tokenHash: tokenHash(token) })
    .where(eq(groupEntryReceipts.id, receiptId))
    .returning({
      email: groupEntryReceipts.email,
      locale: groupEntryReceipts.locale,
      entryId: groupEntryReceipts.entryId,
    });
  if (!row) throw new Error(`group receipt ${receiptId} is gone`);
  const [entry] = await db
    .select({
      groupId: groupOrderEntries.groupId,
      size: groupOrderEntries.size,
      quantity: groupOrderEntries.quantity,
      closesOn: groupOrders.closesOn,
    })
    .from(groupOrderEntries)
    .innerJoin(groupOrders, eq(groupOrders.id, groupOrderEntries.groupId))
    .where(eq(groupOrderEntries.id, row.entryId));
  if (!entry) throw new Error(`group receipt ${receiptId}: its entry is gone`);
  const t = translate(groupOrderMessages, row.locale);
  const url = `${trimTrailing(config.publicBaseUrl, '/')}/group/${entry.groupId}?entry=${row.entryId}&token=${encodeURIComponent(token)}`;
  const body = [
    t.receiptBody({
      size: entry.size,
      quantity: formatCount(entry.quantity),
      lastDay: formatDate(entry.closesOn, dateLocaleTag[row.locale], 'long'),
    }),
    '',
    t.receiptLink({ url }),
    '',
    t.receiptNotYou,
  ];
  return buyerEmail(
    config,
    { customerEmail: row.email },
    { language: row.locale, subject: t.receiptSubject, body },
  );
}
