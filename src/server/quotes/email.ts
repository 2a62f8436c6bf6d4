import { eq } from 'drizzle-orm';
import type Mail from 'nodemailer/lib/mailer';
import { formatDate } from '@/shared/dates';
import { dateLocaleTag } from '@/shared/i18n/locale';
import { quoteMessages } from '@/shared/i18n/messages/quotes';
import type { Config } from '@/server/config';
import type { Database } from '@/server/db/client';
import type { EmailKind } from '@/server/db/outbox-schema';
import { quotes } from '@/server/db/quotes-schema';
import { buyerEmail, shopNotice } from '@/server/email';
import { quoteTotalText, renderQuoteVersionPdf } from './document';
import { newQuoteLink, storedQuotePdf, versionOf } from './service';

/**
 * A quote's email, built when the outbox sends it: to the buyer, the version `ref` with its link
 * (a token of its own) and its PDF (stored once rendered), or the reminder a few days before it
 * expires (the same link and PDF); to the shop, a declined quote's notice.
 */
export async function buildQuoteEmail(
  database: Database,
  config: Config,
  quoteId: number,
  kind: EmailKind,
  ref: number | null,
): Promise<Mail.Options> {
  const [quote] = await database.db.select().from(quotes).where(eq(quotes.id, quoteId));
  if (!quote) throw new Error(`quote ${quoteId} not found`);
  if (kind === 'shop_notice_quote_declined') {
    // The shop reads Swedish; the buyer's reason is their own text, sent only to the shop.
    const t = quoteMessages.sv;
    return shopNotice(
      config,
      { customerEmail: quote.customerEmail },
      t.shopDeclinedSubject({ number: quote.quoteNumber }),
      [
        t.shopDeclinedBody({
          number: quote.quoteNumber,
          name: quote.customerName,
          reason: quote.declineReason ?? t.noReason,
        }),
      ],
    );
  }
  if (kind !== 'quote' && kind !== 'quote_expiry_reminder')
    throw new Error(`a quote has no email of kind ${kind}`);
  const version = await versionOf(database.db, quote.id, ref ?? quote.currentVersion);
  const t = quoteMessages[quote.language];
  const pdf = await storedQuotePdf(database, version, () =>
    renderQuoteVersionPdf(quote, version, config.seller),
  );
  const url = await newQuoteLink(database.db, quote, config.publicBaseUrl);
  const total = quoteTotalText(quote, version, config.seller);
  const validUntil = formatDate(version.validUntil, dateLocaleTag[quote.language], 'long');
  if (kind === 'quote_expiry_reminder')
    return {
      ...buyerEmail(
        config,
        { customerName: quote.customer.name, customerEmail: quote.customerEmail },
        {
          language: quote.language,
          subject: t.reminderSubject({ number: quote.quoteNumber, validUntil }),
          body: [
            t.reminderBody({ number: quote.quoteNumber, total, validUntil }),
            '',
            t.emailAccept({ url }),
          ],
        },
      ),
      attachments: [{ filename: `${quote.quoteNumber}.pdf`, content: pdf, contentType: 'application/pdf' }],
    };
  return {
    ...buyerEmail(
      config,
      { customerName: quote.customer.name, customerEmail: quote.customerEmail },
      {
        language: quote.language,
        subject:
          version.version > 1
            ? t.emailSubjectChanged({ number: quote.quoteNumber, version: version.version })
            : t.emailSubject({ number: quote.quoteNumber }),
        body: [t.emailBody({ number: quote.quoteNumber, total, validUntil }), '', t.emailAccept({ url })],
      },
    ),
    attachments: [{ filename: `${quote.quoteNumber}.pdf`, content: pdf, contentType: 'application/pdf' }],
  };
}
