import type Mail from 'nodemailer/lib/mailer';
import { accountPath, accountVerifyPath } from '@/shared/account';
import { translate } from '@/shared/i18n/define';
import { accountMessages } from '@/shared/i18n/messages/account';
import { trimTrailing } from '@/shared/trim-trailing';
import type { Config } from '@/server/config';
import type { Db } from '@/server/db/client';
import { buyerEmail } from '@/server/email';
import { issueSignInToken } from './service';

/** A Swedish organisation number as checkout stores it (normalised): digits and one hyphen, linear. */
const swedishOrgNumber = /^[0-9]{6}-[0-9]{4}$/;

/**
 * The sign-in link's email (or a company's invitation, which is a sign-in link too), built when the outbox sends it: in the language the link was asked
 * for, with a fresh token (issueSignInToken). It carries nothing the visitor typed but the address
 * it goes to: no name, no free text. A link used meanwhile (or deleted) sends nothing of use, so it
 * is refused and the outbox gives up on it after its retries.
 */
export async function buildAccountSignInEmail(db: Db, config: Config, linkId: number): Promise<Mail.Options> {
  const issued = await issueSignInToken(db, linkId);
  if (!issued) throw new Error(`account sign-in link ${linkId} is used or gone`);
  const language = issued.locale;
  const t = translate(accountMessages, language);
  const base = trimTrailing(config.publicBaseUrl, '/');
  const url = `${base}${accountVerifyPath}?token=${encodeURIComponent(issued.token)}`;
  if (issued.companyOrgNumber !== null) {
    // A company's invitation: the organisation number only in the Swedish form checkout validated
    // (anything else came from a form and stays out), never the inviter's name or address.
    const org = swedishOrgNumber.test(issued.companyOrgNumber) ? issued.companyOrgNumber : undefined;
    const body = [
      org ? t.inviteEmailBodyOrg({ orgNumber: org }) : t.inviteEmailBody,
      url,
      '',
      t.inviteEmailLater({ url: `${base}${accountPath}` }),
      '',
      t.emailIgnore,
    ];
    return buyerEmail(
      config,
      { customerEmail: issued.email },
      { language, subject: t.inviteEmailSubject, body },
    );
  }
  return buyerEmail(
    config,
    { customerEmail: issued.email },
    { language, subject: t.emailSubject, body: [t.emailBody, url, '', t.emailIgnore] },
  );
}
