import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import type { ZodError } from 'zod';
import type { Locale } from '@/shared/i18n/locale';
import { localiseValidation } from '@/shared/i18n/messages/validation';
import { contractViolationBody, isContractViolation } from './contract';

/** Every API error has this shape: a message a person can read, and per-field messages for forms. */
export interface ApiErrorBody {
  error: string;
  fieldErrors?: Record<string, string>;
}

/**
 * A refusal a route answers as it is: its status, a message in the reader's language and per-field
 * messages for the form. Each domain names its own (`class QuoteError extends ApiRefusal {}`).
 */
export class ApiRefusal<Status extends number = number> extends Error {
  constructor(
    readonly status: Status,
    message: string,
    readonly fieldErrors: Record<string, string> = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export function sendError(reply: FastifyReply, status: number, message: string): FastifyReply {
  return reply.code(status).send({ error: message } satisfies ApiErrorBody);
}

/** 400 with the first message per field, as the shared zod schema words them. */
export function sendValidationError(
  reply: FastifyReply,
  error: ZodError,
  message = 'Invalid request',
  /** Answers the schema's messages in this language (the validation catalogue); default as written. */
  locale?: Locale,
): FastifyReply {
  const fieldErrors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.join('.') : '_';
    fieldErrors[key] ??= locale ? localiseValidation(locale, issue.message) : issue.message;
  }
  const first = Object.values(fieldErrors)[0];
  return reply.code(400).send({ error: first ?? message, fieldErrors } satisfies ApiErrorBody);
}

/** Client mistakes (bad JSON, too large, wrong content type) keep their 4xx; anything else is logged as 500. */
export function installErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // Refused by the route's declared schema: today's `{ error, fieldErrors }` in the reader's language.
    if (isContractViolation(error))
      return reply.code(400).send(contractViolationBody(request, error.validation));
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
    // The logger's err serializer (logErrorSerializer) makes it loggable: passing its result here
    // again logged every failure as "non-Error thrown".
    request.log.error({ err: error }, 'request failed');
    return sendError(reply, 500, 'Something went wrong on our side. Please try again.');
  });
}

interface LoggedError {
  type: string;
  message: string;
  code?: string;
  stack?: string;
  cause?: LoggedError;
}

/**
 * What a failure's log line may hold: type, code, message and stack, never customer data. A failed
 * query's message lists its parameters (names, addresses, personnummer) after "params:", and
 * database errors carry the offending values in `detail`/`where`/`params`: those are left out.
 */
export function loggableError(error: unknown, depth = 0): LoggedError {
  const withheld = (text: string) => text.replace(/\nparams: [\s\S]*$/, '\nparams: (withheld)');
  if (!(error instanceof Error)) {
    // A message logged as `err` (a string), or an error from another realm (a worker thread).
    if (typeof error === 'string') return { type: 'string', message: withheld(error) };
    const message = (error as { message?: unknown } | null)?.message;
    if (typeof message === 'string') return { type: typeof error, message: withheld(message) };
    return { type: typeof error, message: 'non-Error thrown' };
  }
  const code = (error as { code?: unknown }).code;
  const logged: LoggedError = {
    type: error.constructor.name,
    message: withheld(error.message),
    stack: error.stack === undefined ? undefined : withheld(error.stack),
  };
  if (typeof code === 'string') logged.code = code;
  if (error.cause !== undefined && depth < 3) logged.cause = loggableError(error.cause, depth + 1);
  return logged;
}

/** The logger's `err` serializer: every logged error as loggableError makes it (pino wants a stack). */
export function logErrorSerializer(error: Error): Record<string, unknown> & {
  type: string;
  message: string;
  stack: string;
} {
  const logged = loggableError(error);
  return { ...logged, stack: logged.stack ?? '' };
}
