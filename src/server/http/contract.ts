import swagger from '@fastify/swagger';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodFastifySchemaValidationError,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Locale } from '@/shared/i18n/locale';
import { localiseIssue, localiseValidation } from '@/shared/i18n/messages/validation';
import { textField } from '@/shared/text';
import { requestLocale } from './locale';

/**
 * Routes declare their contract at the route: zod schemas for params, querystring, body and each
 * response status (`app.withTypeProvider<ZodTypeProvider>()`), so the handler receives typed,
 * checked input, the response is written through its schema (nothing undeclared leaks out), and
 * the OpenAPI document is made from the same schemas. Installed before any route is registered:
 * the document collects routes as they are added.
 */
export async function installRouteContracts(app: FastifyInstance): Promise<void> {
  const registered: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', registered);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const schema = route.schema ?? {};
    for (const method of methods)
      registered.push({
        method,
        url: route.url,
        hidden: schema.hide === true,
        declared: schema.response !== undefined && (!route.url.includes(':') || schema.params !== undefined),
      });
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Bulk print shop API',
        description:
          'The shop’s HTTP API. Errors are `{ error, fieldErrors? }` with messages in the language of `?lang=`, the language cookie or Accept-Language. `/api/admin/*` needs a staff session cookie.',
        version: '1',
      },
    },
    transform: jsonSchemaTransform,
    // Schemas named with .meta({ id }) (ApiError) become components the operations refer to.
    transformObject: jsonSchemaTransformObject,
  });
}

export interface RegisteredRoute {
  method: string;
  url: string;
  /** Left out of the OpenAPI document on purpose (the document itself). */
  hidden: boolean;
  /** Declares its responses, and its params where the path has any (see routeContractProblems). */
  declared: boolean;
}

/**
 * What `npm run check` refuses (scripts/check-route-contracts.ts): a route that declares no
 * contract (responses; params where its path has any). HEAD routes are Fastify's copies of GET
 * routes; hidden routes are no operation (the SPA's pages, the document itself).
 */
export function routeContractProblems(routes: readonly RegisteredRoute[]): string[] {
  return routes
    .filter((route) => !route.hidden && route.method !== 'HEAD' && !route.declared)
    .map(
      (route) =>
        `${route.method} ${route.url} declares no contract: give it schema.response (and schema.params for its path)`,
    );
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route as registered, in every scope: the OpenAPI test compares the document with it. */
    registeredRoutes: RegisteredRoute[];
  }
}

/** The body of every 4xx answer, declared on routes' responses (`{ 400: apiErrorSchema }`). */
export const apiErrorSchema = z
  .object({
    error: z.string().describe('A message a person can read, in the reader’s language'),
    fieldErrors: z
      .record(z.string(), z.string())
      .optional()
      .describe('The first message per field, keyed by the field’s path (`lines.0.quantity`)'),
  })
  .meta({ id: 'ApiError' });

/** A body that may be left out reads as `{}`, so a missing field is named as such. */
export const orEmpty = <Schema extends z.ZodType>(schema: Schema) =>
  z.preprocess((body) => body ?? {}, schema) as unknown as Schema;

/** What a person writes on several lines (a reason, a note): at least one character, at most `max`. */
export function writtenText(max: number, messages: { required: string; tooLong: string }) {
  return textField({
    multiline: true,
    required: messages.required,
    min: [1, messages.required],
    max: [max, messages.tooLong],
  });
}

/** The fields of a shared type that its schema's shape leaves out (z.object strips them): `never` when none. */
export type Unnamed<Type, Shape> = Exclude<keyof Type, keyof Shape>;

/**
 * Compiles only when every entry of `_Checks` is `never`: each shared type's fields are all named by
 * its schema (a field left out would be stripped from the answer); the error names the field.
 */
export function everyFieldNamed<_Checks extends readonly never[]>(): void {
  // A check for the compiler alone: nothing happens at run time.
}

/** A message catalogue's plain texts by locale (function messages cannot be a schema's words). */
type CatalogueTexts = Readonly<Record<Locale, Readonly<Record<string, unknown>>>>;

/** The same message in every language, found by its English text: catalogues a route's schema words its refusals in. */
const translationsByEnglish = new Map<string, Readonly<Record<Locale, string>>>();

/**
 * Lets a route's schema word its refusals with a feature's own catalogue (written with the English
 * texts, `messages.en`): a refusal then answers the same key in the reader's language. The shared
 * validation catalogue needs no registering.
 */
export function schemaMessages(...catalogues: CatalogueTexts[]): void {
  for (const catalogue of catalogues)
    for (const [key, english] of Object.entries(catalogue.en)) {
      const swedish = catalogue.sv[key];
      if (typeof english === 'string' && typeof swedish === 'string')
        translationsByEnglish.set(english, { en: english, sv: swedish });
    }
}

/** Whether a failed request was refused by a route's declared schema (params, query or body). */
export const isContractViolation = hasZodFastifySchemaValidationErrors;

/**
 * A refusal by the route's schema in the shape every form reads: the first message per field in
 * the reader's language, keyed as the shared schemas' paths are (`lines.0.quantity`), and the first
 * of them as the error.
 */
export function contractViolationBody(
  request: FastifyRequest,
  issues: readonly ZodFastifySchemaValidationError[],
): { error: string; fieldErrors: Record<string, string> } {
  const locale = requestLocale(request);
  const fieldErrors: Record<string, string> = {};
  for (const issue of issues) {
    const path = issue.instancePath.split('/').filter((part) => part !== '');
    const message = issue.message ?? '';
    const translated = translationsByEnglish.get(message)?.[locale];
    fieldErrors[path.length > 0 ? path.join('.') : '_'] ??=
      translated ??
      localiseIssue(locale, {
        message,
        code: issue.keyword,
        // zod words a missing value as its type check ("… received undefined").
        missing: issue.keyword === 'invalid_type' && message.endsWith('received undefined'),
      });
  }
  const first = Object.values(fieldErrors)[0];
  return { error: first ?? localiseValidation(locale, 'Invalid request'), fieldErrors };
}

/**
 * The OpenAPI 3.1 document of every route, for staff (mounted in the admin scope, so it needs a
 * session): what an integrator or a new developer reads instead of the handlers.
 */
export function openApiRoute(admin: FastifyInstance, app: FastifyInstance): void {
  admin.get(
    '/api/admin/openapi.json',
    { schema: { hide: true } },
    // The document of the whole app (`app`), not of the admin scope it is served from.
    (_request, reply) => reply.header('cache-control', 'no-store').send(app.swagger()),
  );
}
