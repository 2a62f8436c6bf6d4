import { emailedSignInPath } from '../helpers/account-session';
import { request, type TestServer } from '../helpers/server';

/** The path of the newest sign-in link (or invitation) emailed to `email` (the outbox's .eml files). */
export const emailedLink = emailedSignInPath;

/** Asks for a sign-in link for `email` (as the form does) and answers the link's path. */
export async function signInLink(server: TestServer, email: string): Promise<string> {
  const asked = await request(server, '/api/account/sign-in', { method: 'POST', json: { email } });
  if (asked.status !== 202) throw new Error(`sign-in for ${email} answered ${asked.status}`);
  return emailedLink(server, email);
}
