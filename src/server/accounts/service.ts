import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { cookieValue } from '@/shared/cookie-value';
import type { Locale } from '@/shared/i18n/locale';
import { ACCOUNT_SESSION_DAYS, SIGN_IN_LINK_MINUTES, accountCookieNames } from '@/shared/account';
import type { Database, Db } from '@/server/db/client';
import { accountSignInLinks } from '@/server/db/accounts-schema';
import { queryRows } from '@/server/db/query-rows';
import { enqueueAccountSignInEmail } from '@/server/email';

/** The account's session cookie: httpOnly, SameSite=Lax (the emailed link is a top-level visit), Secure behind HTTPS. */
export const ACCOUNT_COOKIE = accountCookieNames.session;
export const ACCOUNT_HINT_COOKIE = accountCookieNames.hint;

const SESSION_SECONDS = ACCOUNT_SESSION_DAYS * 24 * 60 * 60;

/** sha256 (hex) of a link's or a session's token: what the database keeps of it. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

const newToken = () => randomBytes(32).toString('base64url');

/** A token as a browser may send it: anything longer or odder is no token of ours (and never hashed). */
const plausibleToken = (token: unknown): token is string =>
  typeof token === 'string' && token.length >= 20 && token.length <= 100;

export function accountCookieOptions(secure: boolean) {
  return { httpOnly: true, sameSite: 'lax', secure, path: '/', maxAge: SESSION_SECONDS } as const;
}

/** The readable companion of the session cookie (accountCookieNames.hint): as long-lived, no secret in it. */
export function accountHintCookieOptions(secure: boolean) {
  return { ...accountCookieOptions(secure), httpOnly: false } as const;
}

/** Whether a raw Cookie header carries the cookie. */
const cookieHeaderHas = (header: string | undefined, name: string) => cookieValue(header, name) !== null;

/** Whether a raw Cookie header carries an account session (valid or not: only a fetch can tell). */
export const hasAccountSessionCookie = (cookieHeader: string | undefined) =>
  cookieHeaderHas(cookieHeader, ACCOUNT_COOKIE);

/**
 * The Set-Cookie a page's answer carries when the readable hint disagrees with the session cookie
 * (a session from before the hint existed, or a hint whose session the browser dropped), else
 * undefined. Pages are served outside the account's cookie parser, so this reads the raw header.
 */
export function accountHintRepair(cookieHeader: string | undefined, secure: boolean): string | undefined {
  const session = cookieHeaderHas(cookieHeader, ACCOUNT_COOKIE);
  const hint = cookieHeaderHas(cookieHeader, ACCOUNT_HINT_COOKIE);
  if (session === hint) return undefined;
  const attributes = `Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
  return session
    ? `${ACCOUNT_HINT_COOKIE}=1; Max-Age=${SESSION_SECONDS}; ${attributes}`
    : `${ACCOUNT_HINT_COOKIE}=; Max-Age=0; ${attributes}`;
}

/**
 * Records a request for a sign-in link and queues its email in one transaction, for every
 * well-formed address alike (known or not: the answer and the work are the same). The token is
 * made when the outbox builds the email (issueSignInToken), so nothing usable is stored here.
 */
export async function requestSignInLink(database: Database, email: string, locale: Locale): Promise<void> {
  await database.db.transaction((tx) => queueSignInLink(tx, email, locale));
}

/**
 * Records a sign-in link in the caller's transaction and queues its email: a plain sign-in, or
 * with `companyOrgNumber` a company's invitation (the same link, worded as an invitation).
 */
export async function queueSignInLink(
  tx: Db,
  email: string,
  locale: Locale,
  companyOrgNumber?: string,
): Promise<void> {
  const [link] = await tx
    .insert(accountSignInLinks)
    .values({ email: email.trim(), locale, companyOrgNumber: companyOrgNumber ?? null })
    .returning({ id: accountSignInLinks.id });
  if (!link) throw new Error('no sign-in link row returned');
  await enqueueAccountSignInEmail(
    tx,
    link.id,
    companyOrgNumber === undefined ? 'account_sign_in' : 'account_company_invite',
  );
  // Housekeeping: forget links nobody can use any more (a day is well past their 15 minutes; an
  // email still unsent after a day goes with its link, ON DELETE CASCADE).
  await tx.execute(sql`DELETE FROM account_sign_in_links WHERE created_at < now() - interval '1 day'`);
}

/**
 * Makes the emailed link's token when the outbox builds the email: its hash is stored with an
 * expiry SIGN_IN_LINK_MINUTES from now, replacing the token of an earlier attempt to send (that
 * one never arrived, or arrived and stops working). Undefined once the link was used.
 */
export async function issueSignInToken(
  db: Db,
  linkId: number,
): Promise<{ email: string; locale: Locale; companyOrgNumber: string | null; token: string } | undefined> {
  const token = newToken();
  const [row] = await queryRows<{ email: string; locale: Locale; company_org_number: string | null }>(
    db,
    sql`UPDATE account_sign_in_links
        SET token_hash = ${tokenHash(token)},
            expires_at = now() + make_interval(mins => ${SIGN_IN_LINK_MINUTES})
        WHERE id = ${linkId} AND used_at IS NULL
        RETURNING email, locale, company_org_number`,
  );
  return row
    ? { email: row.email, locale: row.locale, companyOrgNumber: row.company_org_number, token }
    : undefined;
}

/**
 * Signs in with an emailed token: in one statement the link is marked used (only when unused and
 * not expired, so two clicks racing get one session) and a session for its address is stored.
 * Answers the session's cookie token, or undefined for a used, expired or unknown link.
 */
export async function redeemSignInToken(db: Db, token: unknown): Promise<string | undefined> {
  if (!plausibleToken(token)) return undefined;
  const session = newToken();
  const [row] = await queryRows<{ email: string }>(
    db,
    sql`WITH used AS (
          UPDATE account_sign_in_links SET used_at = now()
          WHERE token_hash = ${tokenHash(token)} AND used_at IS NULL AND expires_at > now()
          RETURNING lower(email) AS email
        )
        INSERT INTO account_sessions (token_hash, email, expires_at)
        SELECT ${tokenHash(session)}, email, now() + make_interval(secs => ${SESSION_SECONDS}) FROM used
        RETURNING email`,
  );
  if (!row) return undefined;
  // Housekeeping: forget sessions past their 30 days.
  await db.execute(sql`DELETE FROM account_sessions WHERE expires_at < now()`);
  return session;
}

/** The verified address of a live session, or undefined (no cookie, signed out, expired). */
export async function sessionEmail(db: Db, token: unknown): Promise<string | undefined> {
  if (!plausibleToken(token)) return undefined;
  const [row] = await queryRows<{ email: string }>(
    db,
    sql`SELECT email FROM account_sessions WHERE token_hash = ${tokenHash(token)} AND expires_at > now()`,
  );
  return row?.email;
}

/** Ends this session, or with `everywhere` every session of its address (every browser signed in). */
export async function endSession(db: Db, token: unknown, everywhere: boolean): Promise<void> {
  if (!plausibleToken(token)) return;
  const hash = tokenHash(token);
  await db.execute(
    everywhere
      ? sql`DELETE FROM account_sessions WHERE email = (SELECT email FROM account_sessions WHERE token_hash = ${hash})`
      : sql`DELETE FROM account_sessions WHERE token_hash = ${hash}`,
  );
}
