import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Locale } from '@/shared/i18n/locale';
import { sendValidationError } from './errors';
import { requestLocale } from './locale';

/**
 * A response that is a file, not JSON (PDF, CSV, XML, an image, an upload's bytes): declared for
 * the OpenAPI document by its content types. The bytes are sent as they are; no serializer sees them.
 */
export function fileResponse(description: string, ...contentTypes: readonly string[]) {
  return {
    description,
    content: Object.fromEntries(
      contentTypes.map((type) => [type, { schema: z.string().describe(description) }]),
    ),
  };
}

/**
 * A preValidation hook that refuses a body with the route's own schema worded in the reader's
 * language (`schemaFor(locale)`), exactly as the handler refused it before contracts: the same
 * messages (with their numbers formatted for the reader) and fieldErrors keys. The declared body
 * schema (the same schema in English) then checks and types what passed, for the handler and the
 * OpenAPI document. `before` runs first and may answer on its own (a 404 without the order's
 * token says nothing about the body).
 */
export function refuseBodyInReaderLanguage(
  schemaFor: (locale: Locale) => z.ZodType,
  options: {
    message?: string;
    before?: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply | undefined>;
  } = {},
) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> => {
    // Whether `before` answered is read from the reply: an async function's sent reply (a thenable
    // that resolves to undefined) awaits as undefined.
    if (options.before) await options.before(request, reply);
    if (reply.sent) return reply;
    const locale = requestLocale(request);
    const parsed = schemaFor(locale).safeParse(request.body ?? undefined);
    if (!parsed.success) return sendValidationError(reply, parsed.error, options.message, locale);
    return undefined;
  };
}
