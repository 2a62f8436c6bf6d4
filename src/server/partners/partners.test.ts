import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AdminPartnerPage } from '@/shared/admin';
import { validationMessages } from '@/shared/i18n/messages/validation';
import { invalidCharacterMessage } from '@/shared/text';
import { request } from '@tests/helpers/server';
import { useServer } from '@tests/helpers/use-server';

const server = useServer();

const valid = {
  companyName: 'Exempel AB',
  orgNumber: '556677-8899',
  contactPerson: 'Anna Andersson',
  email: 'anna@example.se',
  phone: '070-123 45 67',
  address: 'Storgatan 1',
  city: 'Stockholm',
  postalCode: '111 22',
  businessDescription: 'We run events and need branded merchandise.',
  terms: true,
};

async function storedCount(): Promise<number> {
  const result = await server.database.db.execute(sql`SELECT count(*)::int AS n FROM partner_applications`);
  return (result as { rows: { n: number }[] }).rows[0]?.n ?? -1;
}

describe('POST /api/partner-applications', () => {
  it('stores a valid application, trimmed, and the admin sees it', async () => {
    const before = await storedCount();
    const { status, body } = await request<{ id: string }>(server, '/api/partner-applications', {
      method: 'POST',
      json: {
        ...valid,
        companyName: '  Exempel AB  ',
        city: ' Lund ',
        businessDescription: ' <script>alert(1)</script> events and more ',
      },
    });
    expect(status).toBe(201);
    expect(body.id).toMatch(/^\d+$/);
    expect(await storedCount()).toBe(before + 1);

    const login = await request(server, '/api/admin-login', { method: 'POST', json: { pin: '4711' } });
    const cookie = /admin_session=[^;]+/.exec(login.headers.get('set-cookie') ?? '')?.[0] ?? '';
    const list = await request<AdminPartnerPage>(server, '/api/admin/partner-applications', {
      headers: { cookie },
    });
    expect(list.status).toBe(200);
    expect(list.body.applications[0]).toMatchObject({
      id: body.id,
      companyName: 'Exempel AB',
      city: 'Lund',
      businessDescription: '<script>alert(1)</script> events and more',
    });
  });

  it.each([
    ['companyName', 'A', 'Company name must be at least 2 characters'],
    ['companyName', 'A'.repeat(101), 'Company name cannot exceed 100 characters'],
    ['companyName', '   A   ', 'Company name must be at least 2 characters'],
    ['orgNumber', '5566-778899', 'Organization number must be in format XXXXXX-XXXX'],
    ['orgNumber', '556677-889', 'Organization number must be in format XXXXXX-XXXX'],
    // The check digit, as at checkout (556677-8899 is right, 556677-8898 is not).
    ['orgNumber', '556677-8898', 'Organization number is not valid (check digit)'],
    ['contactPerson', 'A', 'Contact person must be at least 2 characters'],
    ['contactPerson', 'A'.repeat(101), 'Name cannot exceed 100 characters'],
    ['email', 'not-an-email', 'Invalid email address'],
    ['email', `${'a'.repeat(250)}@example.se`, 'Email cannot exceed 255 characters'],
    ['phone', '123456', 'Phone number must be at least 7 characters'],
    ['phone', '1'.repeat(21), 'Phone number cannot exceed 20 characters'],
    ['address', 'Gata', 'Address must be at least 5 characters'],
    ['address', 'A'.repeat(201), 'Address cannot exceed 200 characters'],
    ['city', 'L', 'City must be at least 2 characters'],
    ['city', 'L'.repeat(101), 'City cannot exceed 100 characters'],
    ['postalCode', '1112', 'Postal code must be in format XXX XX'],
    ['postalCode', '111-22', 'Postal code must be in format XXX XX'],
    ['businessDescription', 'Too short text', 'Description must be at least 20 characters'],
    ['businessDescription', 'D'.repeat(1001), 'Description cannot exceed 1000 characters'],
    ['terms', false, 'You must accept the terms'],
    ['terms', 'yes', 'You must accept the terms'],
  ])('%s = %j → 400 "%s", nothing stored', async (field, value, message) => {
    const before = await storedCount();
    const { status, body } = await request<{ error: string; fieldErrors: Record<string, string> }>(
      server,
      '/api/partner-applications',
      {
        method: 'POST',
        json: { ...valid, [field]: value },
      },
    );
    expect(status).toBe(400);
    expect(body.fieldErrors).toEqual({ [field]: message });
    expect(body.error).toBe(message);
    expect(await storedCount()).toBe(before);
  });

  // Characters PostgreSQL cannot store (NUL, lone surrogates) used to give a 500 whose log line held
  // the application; control characters (C1 NEXT LINE, line separators) do not belong in a field.
  it.each(
    Object.keys(valid)
      .filter((field) => field !== 'terms')
      .flatMap((field) =>
        ['\u0000', '\ud800', '\udc00x', '\u0085', '\u2028', '\u001b[31m']
          // A multi-line description may hold U+2028 (a line separator is text there).
          .filter((bad) => field !== 'businessDescription' || bad !== '\u2028')
          .map((bad) => [field, bad] as const),
      ),
  )('%s with %j → 400 naming the character, nothing stored', async (field, bad) => {
    const before = await storedCount();
    const value = `${String(valid[field as keyof typeof valid])}${bad}1`;
    const { status, body } = await request<{ error: string; fieldErrors: Record<string, string> }>(
      server,
      '/api/partner-applications',
      { method: 'POST', json: { ...valid, [field]: value } },
    );
    expect(status).toBe(400);
    expect(body.fieldErrors[field]).toBe(invalidCharacterMessage);
    expect(await storedCount()).toBe(before);
  });

  it('answers the character message in Swedish for a Swedish visitor', async () => {
    const { status, body } = await request<{ error: string }>(server, '/api/partner-applications?lang=sv', {
      method: 'POST',
      json: { ...valid, city: 'Lund\u0000' },
    });
    expect(status).toBe(400);
    expect(body.error).toBe(validationMessages.sv.invalidCharacter);
  });

  it('accepts the boundaries: postal code without space, 20-character description', async () => {
    const { status } = await request(server, '/api/partner-applications', {
      method: 'POST',
      json: {
        ...valid,
        postalCode: '11122',
        businessDescription: 'D'.repeat(20),
        phone: '1234567',
        city: 'Ås',
      },
    });
    expect(status).toBe(201);
  });

  it('a Swedish number without the hyphen is accepted and listed with it; a company abroad writes its own', async () => {
    const post = (json: Record<string, unknown>) =>
      request<{ id: string; error?: string; fieldErrors?: Record<string, string> }>(
        server,
        '/api/partner-applications',
        { method: 'POST', json: { ...valid, ...json } },
      );
    const swedish = await post({ orgNumber: '5560360793' });
    expect(swedish.status).toBe(201);
    const german = await post({ country: 'DE', orgNumber: 'HRB 12345', postalCode: '10115', city: 'Berlin' });
    expect(german.status).toBe(201);
    const british = await post({ country: 'GB', orgNumber: '01234567', postalCode: 'SW1A 1AA' });
    expect(british.status).toBe(201);

    // A postcode abroad is still a postcode; a Swedish company still gives a Swedish one.
    const nonsense = await post({ country: 'DE', postalCode: '#?!' });
    expect(nonsense.status).toBe(400);
    expect(nonsense.body.fieldErrors).toEqual({ postalCode: 'Postal code is not valid' });
    const swedishAbroad = await post({ postalCode: 'SW1A 1AA' });
    expect(swedishAbroad.body.fieldErrors).toEqual({ postalCode: 'Postal code must be in format XXX XX' });
    expect((await post({ country: 'XX' })).status).toBe(400);

    const login = await request(server, '/api/admin-login', { method: 'POST', json: { pin: '4711' } });
    const cookie = /admin_session=[^;]+/.exec(login.headers.get('set-cookie') ?? '')?.[0] ?? '';
    const list = await request<AdminPartnerPage>(server, '/api/admin/partner-applications', {
      headers: { cookie },
    });
    const byId = (id: string) => list.body.applications.find((a) => a.id === id);
    expect(byId(swedish.body.id)).toMatchObject({ orgNumber: '556036-0793', country: 'SE' });
    expect(byId(german.body.id)).toMatchObject({
      orgNumber: 'HRB 12345',
      postalCode: '10115',
      country: 'DE',
    });
    expect(byId(british.body.id)).toMatchObject({ postalCode: 'SW1A 1AA', country: 'GB' });
  });

  it('malformed, empty, wrongly typed and huge bodies → 4xx with a message, nothing stored', async () => {
    const before = await storedCount();
    const cases: { body: string; status: number; error: RegExp }[] = [
      { body: '{"companyName":', status: 400, error: /^Request body is not valid JSON$/ },
      { body: 'null', status: 400, error: /.+/ },
      { body: '[]', status: 400, error: /.+/ },
      {
        body: JSON.stringify({ ...valid, companyName: 42 }),
        status: 400,
        error: /^Company name is required$/,
      },
      {
        body: JSON.stringify({ ...valid, businessDescription: 'x'.repeat(20_000) }),
        status: 400,
        error: /^Description cannot exceed 1000 characters$/,
      },
      {
        body: JSON.stringify({ ...valid, city: 'x'.repeat(300_000) }),
        status: 413,
        error: /^Request body is too large$/,
      },
    ];
    for (const c of cases) {
      const response = await request<{ error: string }>(server, '/api/partner-applications', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: c.body,
      });
      expect(response.status, c.body.slice(0, 40)).toBe(c.status);
      expect(response.body.error).toMatch(c.error);
    }
    const missing = await request<{ fieldErrors: Record<string, string> }>(
      server,
      '/api/partner-applications',
      { method: 'POST', json: {} },
    );
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.fieldErrors).sort()).toEqual(Object.keys(valid).sort());
    expect(await storedCount()).toBe(before);
  });
});
