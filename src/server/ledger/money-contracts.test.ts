import { describe, expect, it } from 'vitest';
import { stockholmDate } from '@/shared/dates';
import { placeOrder } from '@tests/helpers/place-order';
import { request } from '@tests/helpers/server';
import { useAdminServer } from '@tests/helpers/use-server';

/**
 * The money routes' contracts (issue 39): what the OpenAPI document says of them, and what their
 * schemas refuse, in the reader's language and the shop's one error shape.
 */
const server = useAdminServer();

interface Operation {
  requestBody?: {
    content: Record<string, { schema: { type?: string; properties?: Record<string, unknown> } }>;
  };
  responses: Record<string, { content?: Record<string, unknown> }>;
  parameters?: { name: string; in: string }[];
}

async function operation(path: string, method: string): Promise<Operation> {
  const answer = await request<{ paths: Record<string, Record<string, Operation>> }>(
    server,
    '/api/admin/openapi.json',
    { headers: { cookie: server.cookie } },
  );
  expect(answer.status).toBe(200);
  const found = answer.body.paths[path]?.[method];
  if (!found) throw new Error(`${method} ${path} is not in the document`);
  return found;
}

describe('the money routes in the OpenAPI document', () => {
  it('names each body, parameter and answer: payments, documents, the bank file upload, reminders', async () => {
    const payments = await operation('/api/admin/orders/{number}/payments', 'post');
    expect(Object.keys(payments.responses).sort()).toEqual(['201', '400', '404', '409']);
    const paymentBody = payments.requestBody?.content['application/json']?.schema;
    expect(Object.keys(paymentBody?.properties ?? {})).toEqual(
      expect.arrayContaining(['amount', 'paidOn', 'invoice', 'currency', 'bookedSek']),
    );

    const document = await operation('/api/orders/{number}/documents/{file}', 'get');
    expect(Object.keys(document.responses['200']?.content ?? {}).sort()).toEqual([
      'application/pdf',
      'application/xml',
      'text/html',
    ]);
    expect(document.parameters?.map((parameter) => parameter.name)).toEqual(
      expect.arrayContaining(['number', 'file', 'token', 'inline']),
    );

    // Read as a stream by its handler, the bank file is declared for the reader all the same.
    const upload = await operation('/api/admin/bank-files', 'post');
    const form = upload.requestBody?.content['multipart/form-data']?.schema;
    expect(form?.properties).toHaveProperty('file');
    expect(Object.keys(upload.responses).sort()).toEqual(['201', '400', '413', '422']);

    const sie = await operation('/api/admin/sie', 'get');
    expect(Object.keys(sie.responses['200']?.content ?? {})).toEqual(['text/plain']);
    const lift = await operation('/api/admin/orders/{number}/dispute', 'delete');
    expect(lift.parameters?.map((parameter) => parameter.name)).toEqual(
      expect.arrayContaining(['number', 'invoice']),
    );
  });
});

describe('a money route refusing by its schema', () => {
  it('answers { error, fieldErrors } in the reader’s language, before looking the order up', async () => {
    const swedish = await request<{ error: string; fieldErrors: Record<string, string> }>(
      server,
      '/api/admin/orders/INV-0/payments',
      { method: 'POST', headers: { cookie: `${server.cookie}; lang=sv` }, json: { amount: '10' } },
    );
    expect(swedish.status).toBe(400);
    expect(swedish.body.fieldErrors).toEqual({ paidOn: 'Ange betalningsdagen som ÅÅÅÅ-MM-DD' });

    const bookedWithoutEuro = await request<{ error: string; fieldErrors: Record<string, string> }>(
      server,
      '/api/admin/orders/INV-0/payments',
      {
        method: 'POST',
        headers: { cookie: `${server.cookie}; lang=en` },
        json: { amount: '10', paidOn: stockholmDate(new Date()), bookedSek: '110' },
      },
    );
    expect(bookedWithoutEuro).toMatchObject({
      status: 400,
      body: {
        error: 'An amount booked in SEK is given only for a payment in EUR',
        fieldErrors: { bookedSek: 'An amount booked in SEK is given only for a payment in EUR' },
      },
    });

    const range = await request<{ error: string; fieldErrors: Record<string, string> }>(
      server,
      '/api/admin/journal?from=2026-12-31&to=2026-01-01',
      { headers: { cookie: `${server.cookie}; lang=en` } },
    );
    expect(range.status).toBe(400);
    expect(Object.keys(range.body.fieldErrors)).toEqual(['to']);

    const notAnId = await request<{ error: string }>(server, '/api/admin/bank-payments/abc/assign', {
      method: 'POST',
      headers: { cookie: `${server.cookie}; lang=sv` },
      json: { invoice: 'INV-1' },
    });
    expect(notAnId).toMatchObject({ status: 400, body: { error: 'Betalningen finns inte.' } });

    const badDay = await request<{ error: string }>(server, '/api/admin/receivables?on=2026-02-30', {
      headers: { cookie: `${server.cookie}; lang=en` },
    });
    expect(badDay).toMatchObject({ status: 400, body: { error: 'Give the day as YYYY-MM-DD.' } });
  });

  it('a dispute with a field the route does not know is refused, and a reminder body may be left out', async () => {
    const order = await placeOrder(server);
    const stray = await request<{ error: string; fieldErrors: Record<string, string> }>(
      server,
      `/api/admin/orders/${order.orderNumber}/dispute`,
      { method: 'POST', headers: { cookie: server.cookie }, json: { note: 'Fel färg', amount: '1' } },
    );
    expect(stray.status).toBe(400);
    // No body at all: the order's own invoice, not yet due, so nothing to remind of (409, not 400).
    const reminder = await request<{ error: string }>(
      server,
      `/api/admin/orders/${order.orderNumber}/reminders`,
      {
        method: 'POST',
        headers: { cookie: `${server.cookie}; lang=en` },
      },
    );
    expect(reminder.status).toBe(409);
  });
});
