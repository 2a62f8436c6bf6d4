import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminLogin } from '../helpers/admin';
import { request, startServer, type TestServer } from '../helpers/server';

/**
 * The API's contract as one OpenAPI 3.1 document (issue 39): staff read it at
 * /api/admin/openapi.json; it passes an OpenAPI validator and names every route the shop serves.
 */
let server: TestServer;
let cookie: string;
beforeAll(async () => {
  server = await startServer();
  cookie = await adminLogin(server);
});
afterAll(() => server.close());

interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, { requestBody?: unknown; responses?: Record<string, unknown> }>>;
}

async function openApiDocument(): Promise<OpenApiDocument> {
  const response = await request(server, '/api/admin/openapi.json', { headers: { cookie } });
  expect(response.status).toBe(200);
  return response.body as OpenApiDocument;
}

/** Fastify's path as OpenAPI writes it: `:number` → `{number}`. */
function openApiPath(url: string): string {
  return url.replace(/:(\w+)/g, '{$1}');
}

describe('the OpenAPI document', () => {
  it('is for staff only: without a session 401', async () => {
    expect((await request(server, '/api/admin/openapi.json')).status).toBe(401);
  });

  it('passes an OpenAPI 3.1 validator', async () => {
    const document = await openApiDocument();
    expect(document.openapi).toBe('3.1.0');
    const validator = new Validator();
    // The validator reads any JSON object; the document's own type names only what the tests read.
    const result = await validator.validate({ ...document });
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('lists every route the shop registers, with its method', async () => {
    const document = await openApiDocument();
    const missing = server.app.registeredRoutes
      .filter((route) => !route.hidden && route.method !== 'HEAD' && route.method !== 'OPTIONS')
      .filter((route) => document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()] === undefined)
      .map((route) => `${route.method} ${route.url}`);
    expect(missing).toEqual([]);
    expect(Object.keys(document.paths).length).toBeGreaterThan(50);
  });

  it('declares a route’s body and answers from its schemas (the partner application)', async () => {
    const document = await openApiDocument();
    const operation = document.paths['/api/partner-applications']?.post;
    const body = operation?.requestBody as
      { content: { 'application/json': { schema: { type: string; required: string[] } } } } | undefined;
    expect(body?.content['application/json'].schema.type).toBe('object');
    expect(body?.content['application/json'].schema.required).toContain('companyName');
    expect(Object.keys(operation?.responses ?? {}).sort()).toEqual(['201', '400', '429']);
  });
});

describe('a refusal by a declared schema', () => {
  it('keeps the { error, fieldErrors } shape, in the reader’s language', async () => {
    const english = await request(server, '/api/partner-applications', {
      method: 'POST',
      json: { companyName: 42 },
      headers: { 'accept-language': 'en' },
    });
    expect(english.status).toBe(400);
    // The shared schema's own words for a field it cannot read as text.
    expect(english.body).toMatchObject({
      error: 'Company name is required',
      fieldErrors: { companyName: 'Company name is required', email: 'Email is required' },
    });
    const swedish = await request(server, '/api/partner-applications?lang=sv', {
      method: 'POST',
      json: { companyName: 42 },
    });
    expect(swedish.status).toBe(400);
    expect(swedish.body).toMatchObject({
      error: 'Företagsnamn krävs',
      fieldErrors: { companyName: 'Företagsnamn krävs', email: 'E-postadress krävs' },
    });
  });
});
