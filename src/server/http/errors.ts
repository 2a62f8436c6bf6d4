import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import type { ZodError } from 'zod';

/** Every API error has this shape: a message a person can read, and per-field messages for forms. */
export interface ApiErrorBody {
  error: string;
  fieldErrors?: Record<string, string>;
}

export function sendError(reply: FastifyReply, status: number, message: string): FastifyReply {
  return reply.code(status).send({ error: message } satisfies ApiErrorBody);
}

/** 400 with the first message per field, as the shared zod schema words them. */
export function sendValidationError(reply: FastifyReply, error: ZodError, message = 'Invalid request'): FastifyReply {
  const fieldErrors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.join('.') : '_';
    fieldErrors[key] ??= issue.message;
  }
  const first = Object.values(fieldErrors)[0];
  return reply.code(400).send({ error: first ?? message, fieldErrors } satisfies ApiErrorBody);
}

/** Client mistakes (bad JSON, too large, wrong content type) keep their 4xx; anything else is logged as 500. */
export function installErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
          ? 'Request body is too large'
          : error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
            ? 'Request body is not valid JSON'
            : error.message;
      return sendError(reply, status, message);
    }
    request.log.error({ err: error }, 'request failed');
    return sendError(reply, 500, 'Something went wrong on our side. Please try again.');
  });
}
