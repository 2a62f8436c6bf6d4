import { outboxEmailsNamed } from './outbox';
import { request, type TestServer } from './server';

/** The path of the newest sign-in link (or invitation) the outbox emailed to `email` (`/account/verify?token=…`). */
export async function emailedSignInPath(server: TestServer, email: string): Promise<string> {
  await server.app.emailOutbox.drain();
  const mail = outboxEmailsNamed(server, 'account-')
    .filter((sent) => sent.to === email)
    .at(-1);
  const token = /\/account\/verify\?token=([A-Za-z0-9_%-]+)/.exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error(`no sign-in email to ${email}`);
  return `/account/verify?token=${token}`;
}

/**
 * Asks for a sign-in link as a buyer does (from `clientIp`; the server must trust the proxy header)
 * and answers the path of the newest link the outbox wrote to that address.
 */
export async function signInLinkPath(
  server: TestServer,
  email: string,
  clientIp = '10.61.0.1',
): Promise<string> {
  const asked = await request(server, '/api/account/sign-in', {
    method: 'POST',
    json: { email },
    headers: { 'x-forwarded-for': clientIp },
  });
  if (asked.status !== 202) throw new Error(`sign-in for ${email} answered ${asked.status}`);
  return emailedSignInPath(server, email);
}

/** Signs `email` in by the emailed link: the session's Cookie header. */
export async function signInByLink(
  server: TestServer,
  email: string,
  clientIp = '10.61.0.1',
): Promise<string> {
  const link = await signInLinkPath(server, email, clientIp);
  const response = await fetch(`${server.url}${link}`, { redirect: 'manual' });
  const session = /account_session=([^;]+)/.exec(response.headers.get('set-cookie') ?? '')?.[1];
  if (!session) throw new Error('no session cookie');
  return `account_session=${session}`;
}
