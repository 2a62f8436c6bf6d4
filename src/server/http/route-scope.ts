import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema } from './contract';

/** A scope whose routes declare their contract with zod schemas (params, query, body, responses). */
export type ContractApi = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** A domain's refusal the caller can act on: its status, a message in the reader's language, field messages. */
export interface DomainRefusal extends Error {
  readonly status: number;
  readonly fieldErrors: Readonly<Record<string, string>>;
}

/** A domain's refusal class (QuoteError, OrderError, GroupOrderError …). */
export type RefusalKind = abstract new (...args: never[]) => DomainRefusal;

/**
 * Answers the refusals of these kinds thrown by any handler of the scope as `{ error, fieldErrors }`
 * with the refusal's status: once per plugin, not a try/catch in every handler. Anything else goes
 * on to the parent's handler as before (a schema's refusal in the reader's language, a logged 500).
 */
export function answerRefusals(scope: FastifyInstance, kinds: readonly RefusalKind[]): void {
  scope.setErrorHandler((error, _request, reply) => {
    const refusal: unknown = error;
    if (!kinds.some((kind) => refusal instanceof kind)) throw error;
    const { status, message, fieldErrors } = refusal as DomainRefusal;
    return reply.code(status).send({ error: message, fieldErrors });
  });
}

/**
 * Registers a domain's routes in a scope of their own (Fastify encapsulates its error handler), in
 * which the domain's refusals are answered by answerRefusals. Each registrar gets the domain's
 * dependencies and the scope's typed `api`.
 */
export function routesAnswering<Deps extends object>(
  app: FastifyInstance,
  kinds: readonly RefusalKind[],
  deps: Deps,
  registrars: ReadonlyArray<(deps: Deps & { api: ContractApi }) => void>,
): void {
  void app.register((scope, _options, done) => {
    answerRefusals(scope, kinds);
    const api = scope.withTypeProvider<ZodTypeProvider>();
    for (const register of registrars) register({ ...deps, api });
    done();
  });
}

type ApiErrorAnswers<Status extends number> = { [S in Status]: typeof apiErrorSchema };

/**
 * The `{ error, fieldErrors }` answers a route may give beside its success, declared at the route:
 * `response: { 200: quoteSchema, ...refusals(404, 409) }`.
 */
export function refusals<const Status extends number>(...statuses: Status[]): ApiErrorAnswers<Status> {
  const answers: Partial<ApiErrorAnswers<Status>> = {};
  for (const status of statuses) answers[status] = apiErrorSchema;
  return answers as ApiErrorAnswers<Status>;
}
