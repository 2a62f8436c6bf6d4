import type Mail from 'nodemailer/lib/mailer';
import { trackingUrl } from '@/shared/carriers';
import { translate } from '@/shared/i18n/define';
import { orderEmailMessages } from '@/shared/i18n/messages/order-emails';
import type { Config } from '@/server/config';
import type { Db } from '@/server/db/client';
import type { EmailKind } from '@/server/db/outbox-schema';
import { invoiceLanguage, type InvoiceOrder } from '@/server/invoicing';
import { statusEventDetails } from '@/server/orders';
import { proofVersionById } from '@/server/proofs';
import { orderEmail } from './buyer-email';

/**
 * The buyer's email about a change after checkout: proof ready, in production,
 * shipped (carrier and tracking link), cancelled. In the order's language (Swedish for orders to
 * Sweden), always with a link to the order page.
 */
export async function buildStatusMessage(
  db: Db,
  row: { kind: EmailKind; ref: number | null },
  order: InvoiceOrder,
  config: Config,
  orderPageUrl: string,
): Promise<Mail.Options> {
  const language = invoiceLanguage(order.countryCode);
  const t = translate(orderEmailMessages, language);
  const number = order.orderNumber;
  let subject: string;
  let body: string[];
  switch (row.kind) {
    case 'proof_ready': {
      const proof = await proofVersionById(db, row.ref);
      if (!proof) throw new Error(`proof ${String(row.ref)} not found`);
      subject = t.proofSubject({ number, version: proof.version });
      body = [
        t.proofBody({ number, version: proof.version }),
        ...(proof.note ? ['', t.proofNote({ note: proof.note })] : []),
      ];
      break;
    }
    case 'in_production':
      subject = t.productionSubject({ number });
      body = [t.productionBody({ number })];
      break;
    case 'shipped': {
      const details = await statusEventDetails(db, row.ref);
      const tracking = details.trackingNumber ?? '';
      const url = details.carrier ? trackingUrl(details.carrier, tracking) : null;
      subject = t.shippedSubject({ number });
      body = [
        t.shippedBody({ number, carrier: details.carrierName ?? '', tracking }),
        ...(url ? [t.trackHere({ url })] : []),
      ];
      break;
    }
    case 'cancelled':
      subject = t.cancelledSubject({ number });
      body = [t.cancelledBody({ number })];
      break;
    default:
      throw new Error(`no status email for ${row.kind}`);
  }
  return orderEmail(order, config, orderPageUrl, subject, body);
}
