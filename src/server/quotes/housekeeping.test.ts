import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays, stockholmDate, type CalendarDate } from '@/shared/dates';
import type { AdminQuoteRow, CreatedQuoteAnswer, QuoteView } from '@/shared/quotes';
import { runHousekeeping } from '@/server/housekeeping';
import { queryRows } from '@/server/db/query-rows';
import { emlPdfAttachments, pdfText } from '@tests/helpers/ledger';
import { readEml } from '@tests/helpers/eml';
import { hoodiesAndBooklets, testCustomer } from '@tests/helpers/orders';
import { request } from '@tests/helpers/server';
import { useAdminServer } from '@tests/helpers/use-server';
import { runQuoteHousekeeping } from './housekeeping';

const server = useAdminServer();
const norwegianPerson = {
  ...testCustomer,
  personalNumber: '',
  country: 'NO',
  address: 'Storgata 1\n0155 Oslo',
};

/** Stockholm's date `days` from the moment the test runs (dates only, never a wall-clock time). */
const dayFromToday = (days: number): CalendarDate => addDays(stockholmDate(new Date()), days);

async function askQuote(customer: Record<string, unknown>, lang: 'sv' | 'en') {
  const answer = await request<CreatedQuoteAnswer>(server, '/api/quotes', {
    method: 'POST',
    headers: { 'accept-language': lang },
    json: { customer, lines: hoodiesAndBooklets },
  });
  expect(answer.status).toBe(201);
  return answer.body;
}

/** Moves a quote's current version in time: its last valid day and the day it was given. */
async function setDays(quoteNumber: string, validUntil: CalendarDate, givenOn: CalendarDate) {
  await server.database.db.execute(
    sql`UPDATE quote_versions v SET valid_until = ${validUntil}::date,
        created_at = (${givenOn}::date + time '12:00') AT TIME ZONE 'Europe/Stockholm'
      FROM quotes q WHERE q.id = v.quote_id AND v.version = q.current_version AND q.quote_number = ${quoteNumber}`,
  );
}

const housekeeping = () => runQuoteHousekeeping({ config: server.config, database: server.database });

function reminderEmails(quoteNumber: string) {
  const dir = join(server.dataDir, 'outbox');
  return readdirSync(dir)
    .filter((name) => name.endsWith('-quote_expiry_reminder.eml'))
    .map((name) => readFileSync(join(dir, name), 'utf8'))
    .filter((raw) => readEml(raw).subject.includes(quoteNumber));
}

const view = (quote: CreatedQuoteAnswer, lang = 'sv') =>
  request<QuoteView>(
    server,
    `/api/quotes/${quote.quoteNumber}?token=${encodeURIComponent(quote.accessToken)}`,
    {
      headers: { 'accept-language': lang },
    },
  );

describe('housekeeping reminds the buyer before a quote expires', () => {
  it('once, QUOTE_REMINDER_DAYS (3) before the last day, in the quote’s language, with the link and the PDF', async () => {
    const swedish = await askQuote(testCustomer, 'sv');
    const english = await askQuote(norwegianPerson, 'en');
    // Given 27 days ago, valid two more days: inside the three-day window.
    for (const quote of [swedish, english])
      await setDays(quote.quoteNumber, dayFromToday(2), dayFromToday(-27));
    // Through the round every instance runs (src/server/housekeeping.ts).
    const round = await runHousekeeping({ config: server.config, database: server.database });
    expect(round.quoteReminders).toBeGreaterThanOrEqual(2);
    // A second round, and a second instance's at the same moment, send nothing more.
    expect((await Promise.all([housekeeping(), housekeeping()])).map((r) => r.reminded)).toEqual([0, 0]);
    await server.app.emailOutbox.drain();

    const [sv, ...moreSv] = reminderEmails(swedish.quoteNumber);
    expect(moreSv).toHaveLength(0);
    const svMail = readEml(sv ?? '');
    expect(svMail.subject).toMatch(
      new RegExp(`^Påminnelse: offert ${swedish.quoteNumber} gäller till och med \\d{1,2} [a-zé]+ \\d{4}$`),
    );
    const svText = svMail.text.replace(/[\u00a0\u202f]/g, ' ');
    expect(svText).toContain(`Offert ${swedish.quoteNumber} på 12 618,75 kr gäller till och med`);
    expect(svText).toContain('Offerten finns bifogad som PDF.');
    const link = /\/quotes\/Q-[\d-]+\?token=([A-Za-z0-9_%-]+)/.exec(svText);
    expect(link).not.toBeNull();
    const byLink = await view({ ...swedish, accessToken: decodeURIComponent(link?.[1] ?? '') });
    expect(byLink.status).toBe(200);
    expect(byLink.body.status).toBe('sent');
    const [pdf] = emlPdfAttachments(sv ?? '');
    expect(pdf?.name).toBe(`${swedish.quoteNumber}.pdf`);
    expect(await pdfText(pdf?.bytes ?? new Uint8Array())).toContain('12 618,75 kr');

    const [en] = reminderEmails(english.quoteNumber);
    const enMail = readEml(en ?? '');
    expect(enMail.subject).toMatch(new RegExp(`^Reminder: quote ${english.quoteNumber} is valid until `));
    expect(enMail.text).toContain('please accept it by that day');
    expect(enMail.text).not.toMatch(/offert|giltig/i);
  });

  it('not before the window, not for a version given inside it, not for an accepted or declined quote, not when off', async () => {
    const early = await askQuote(testCustomer, 'sv');
    await setDays(early.quoteNumber, dayFromToday(4), dayFromToday(-26));
    const fresh = await askQuote(testCustomer, 'sv');
    await setDays(fresh.quoteNumber, dayFromToday(2), dayFromToday(-1));
    const declined = await askQuote(testCustomer, 'sv');
    await request(server, `/api/quotes/${declined.quoteNumber}/decline?token=${declined.accessToken}`, {
      method: 'POST',
      json: {},
    });
    await setDays(declined.quoteNumber, dayFromToday(1), dayFromToday(-29));
    const off = await askQuote(testCustomer, 'sv');
    await setDays(off.quoteNumber, dayFromToday(1), dayFromToday(-29));

    const config = { ...server.config, quotes: { ...server.config.quotes, reminderDaysBefore: 0 } };
    expect((await runQuoteHousekeeping({ config, database: server.database })).reminded).toBe(0);
    await housekeeping();
    await server.app.emailOutbox.drain();
    for (const quote of [early, fresh, declined]) expect(reminderEmails(quote.quoteNumber)).toHaveLength(0);
    // Turned on again, the quote in its window gets its reminder.
    expect(reminderEmails(off.quoteNumber)).toHaveLength(1);
  });
});

describe('housekeeping marks a quote expired after its last day (Stockholm)', () => {
  it('the buyer’s page and the admin list say expired, acceptance is refused, and staff’s new version opens it again', async () => {
    const quote = await askQuote(testCustomer, 'sv');
    await setDays(quote.quoteNumber, dayFromToday(0), dayFromToday(-30));
    // Its last day is today: still open.
    await housekeeping();
    expect((await view(quote)).body.status).toBe('sent');

    await setDays(quote.quoteNumber, dayFromToday(-1), dayFromToday(-31));
    expect((await housekeeping()).expired).toBeGreaterThanOrEqual(1);
    const [marked] = await queryRows<{ expired: boolean }>(
      server.database.db,
      sql`SELECT expired_at IS NOT NULL AS expired FROM quotes WHERE quote_number = ${quote.quoteNumber}`,
    );
    expect(marked?.expired).toBe(true);
    const page = await view(quote);
    expect(page.body.status).toBe('expired');
    expect(page.body.statusLabel).toBe('Utgången');
    expect((await view(quote, 'en')).body.statusLabel).toBe('Expired');
    const accepted = await request<{ error: string }>(
      server,
      `/api/quotes/${quote.quoteNumber}/accept?token=${encodeURIComponent(quote.accessToken)}`,
      {
        method: 'POST',
        headers: { 'accept-language': 'sv' },
        json: { idempotencyKey: `expired-${quote.quoteNumber}-key`, acceptedBy: 'Sara', termsAccepted: true },
      },
    );
    expect(accepted.status).toBe(409);
    expect(accepted.body.error).toBe('Offerten har gått ut och kan inte accepteras. Begär en ny offert.');

    const list = await request<{ quotes: AdminQuoteRow[] }>(server, '/api/admin/quotes?status=expired', {
      headers: { cookie: server.cookie },
    });
    expect(list.body.quotes.map((row) => row.quoteNumber)).toContain(quote.quoteNumber);
    const open = await request<{ quotes: AdminQuoteRow[] }>(server, '/api/admin/quotes?status=sent', {
      headers: { cookie: server.cookie },
    });
    expect(open.body.quotes.map((row) => row.quoteNumber)).not.toContain(quote.quoteNumber);

    // Staff give it again (a new version with a new validity): open until housekeeping finds it past that.
    const detail = await request<{ draft: Record<string, unknown> }>(
      server,
      `/api/admin/quotes/${quote.quoteNumber}`,
      { headers: { cookie: server.cookie } },
    );
    const revised = await request(server, `/api/admin/quotes/${quote.quoteNumber}`, {
      method: 'PATCH',
      headers: { cookie: server.cookie },
      json: detail.body.draft,
    });
    expect(revised.status, JSON.stringify(revised.body)).toBe(200);
    const reopened = await view(quote);
    expect(reopened.body.status).toBe('sent');
    expect(reopened.body.version).toBe(2);
    expect((await housekeeping()).expired).toBe(0);
  });
});
