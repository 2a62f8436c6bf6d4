import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readEml } from './eml';
import { request, type TestServer } from './server';

/**
 * Signs `email` in as a buyer does (issue 43): asks for a link from `client` (x-forwarded-for, so
 * each caller stays under the per-client limit with TRUST_PROXY set), reads the newest emailed link
 * from the outbox and opens it. Answers the session's Cookie header.
 */
export async function signInByEmailedLink(
  server: TestServer,
  email: string,
  client: string,
): Promise<string> {
  const asked = await request(server, '/api/account/sign-in', {
    method: 'POST',
    json: { email },
    headers: { 'x-forwarded-for': client },
  });
  if (asked.status !== 202) throw new Error(`sign-in asked: ${asked.status}`);
  await server.app.emailOutbox.drain();
  const dir = join(server.dataDir, 'outbox');
  const newest = readdirSync(dir)
    .filter((name) => name.startsWith('account-'))
    .sort()
    .map((file) => readFileSync(join(dir, file), 'utf8'))
    .filter((raw) => /^To: (.*)$/m.exec(raw)?.[1] === email)
    .at(-1);
  const token = /\/account\/verify\?token=([A-Za-z0-9_%-]+)/.exec(newest ? readEml(newest).text : '')?.[1];
  if (!token) throw new Error(`no sign-in email to ${email}`);
  const opened = await fetch(`${server.url}/account/verify?token=${token}`, { redirect: 'manual' });
  const session = /account_session=([^;]+)/.exec(opened.headers.get('set-cookie') ?? '')?.[1];
  if (!session) throw new Error('no session cookie');
  return `account_session=${session}`;
}
