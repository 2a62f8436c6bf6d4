import type Mail from 'nodemailer/lib/mailer';
import { formatDateTime } from '@/shared/dates';
import { translate } from '@/shared/i18n/define';
import { proofMessages } from '@/shared/i18n/messages/proofs';
import type { Config } from '@/server/config';
import type { Db } from '@/server/db/client';
import type { InvoiceOrder } from '@/server/invoicing';
import { proofDecisionById } from '@/server/proofs';
import { shopNotice } from './shop-notice';

/** The shop works in Swedish: its notices are Swedish whatever the buyer's language. */
const t = translate(proofMessages, 'sv');

/**
 * The shop's notice that the buyer answered a proof (ref = the decision): approved, so the order
 * may go to production, or changes requested with the buyer's comment. To the shop's address,
 * Reply-To the buyer; the buyer's words appear only in the body.
 */
export async function buildProofDecisionNotice(
  db: Db,
  decisionId: number | null,
  order: InvoiceOrder & { id: number },
  config: Config,
): Promise<Mail.Options> {
  const row = await proofDecisionById(db, decisionId, order.id);
  if (!row) throw new Error(`proof decision ${String(decisionId)} not found`);
  const number = order.orderNumber;
  const version = row.version;
  const time = formatDateTime(row.decidedAt);
  const approved = row.decision === 'approved';
  return shopNotice(
    config,
    order,
    approved ? t.noticeApprovedSubject({ number, version }) : t.noticeChangesSubject({ number, version }),
    [
      approved
        ? t.noticeApprovedBody({ number, version, time })
        : t.noticeChangesBody({ number, version, time }),
      ...(row.comment ? ['', row.comment] : []),
      '',
      ...(approved ? [] : [t.noticeUploadNext]),
      t.noticeCustomer({ name: order.customerName, email: order.customerEmail }),
    ],
  );
}
