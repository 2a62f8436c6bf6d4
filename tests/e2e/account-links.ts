import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readEml } from '../helpers/eml';
import { request, type TestServer } from '../helpers/server';

/** The path of the newest sign-in link (or invitation) emailed to `email` (the outbox's .eml files). */
export async function emailedLink(server: TestServer, email: string): Promise<string> {
  await server.app.emailOutbox.drain();
  const dir = join(server.dataDir, 'outbox');
  const mails = readdirSync(dir)
    .filter((name) => name.startsWith('account-'))
    .sort()
    .map((file) => {
      const raw = readFileSync(join(dir, file), 'utf8');
      return { to: /^To: (.*)$/m.exec(raw)?.[1] ?? '', ...readEml(raw) };
    })
    .filter((mail) => mail.to === email);
  const link = /http:\/\/\S+(\/account\/verify\?token=[A-Za-z0-9_%-]+)/.exec(mails.at(-1)?.text ?? '')?.[1];
  if (!link) throw new Error(`no sign-in link emailed to ${email}`);
  return link;
}

/** Asks for a sign-in link for `email` (as the form does) and answers the link's path. */
export async function signInLink(server: TestServer, email: string): Promise<string> {
  const asked = await request(server, '/api/account/sign-in', { method: 'POST', json: { email } });
  if (asked.status !== 202) throw new Error(`sign-in for ${email} answered ${asked.status}`);
  return emailedLink(server, email);
}
