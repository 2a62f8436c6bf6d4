import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { installRouteContracts } from './contract';
import { installErrorHandlers } from './errors';
import { refusals, routesAnswering } from './route-scope';

class ShopRefusal extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fieldErrors: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** A server as the shop builds one: contracts, the app's error handler, one domain's scope. */
async function serverWithScope(): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  await installRouteContracts(app);
  installErrorHandlers(app);
  routesAnswering(app, [ShopRefusal], { limit: 3 }, [
    ({ api, limit }) =>
      api.post(
        '/things/:id',
        {
          schema: {
            params: z.object({ id: z.string().regex(/^\d+$/) }),
            body: z.object({ count: z.number() }),
            response: { 201: z.object({ id: z.string() }), ...refusals(400, 409) },
          },
        },
        async (request, reply) => {
          if (request.body.count > limit)
            throw new ShopRefusal(409, 'Too many', { count: `At most ${limit}` });
          if (request.body.count < 0) throw new Error('a bug, not a refusal');
          return reply.code(201).send({ id: request.params.id });
        },
      ),
  ]);
  // Outside the scope a domain's refusal is nobody's to answer: the app's handler makes it a 500.
  app.get('/outside', () => {
    throw new ShopRefusal(409, 'Too many');
  });
  await app.ready();
  return app;
}

describe('routesAnswering', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
  });

  it('answers a domain refusal thrown by a handler with its status, message and field messages', async () => {
    app = await serverWithScope();
    const answer = await app.inject({ method: 'POST', url: '/things/7', payload: { count: 4 } });
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toEqual({ error: 'Too many', fieldErrors: { count: 'At most 3' } });
  });

  it('leaves the schema’s refusals and other failures to the app’s handler, as before', async () => {
    app = await serverWithScope();
    const refused = await app.inject({ method: 'POST', url: '/things/x', payload: { count: 1 } });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json<{ fieldErrors: Record<string, string> }>().fieldErrors)).toEqual(['id']);
    const failed = await app.inject({ method: 'POST', url: '/things/7', payload: { count: -1 } });
    expect(failed.statusCode).toBe(500);
    expect(failed.json()).toEqual({ error: 'Something went wrong on our side. Please try again.' });
    const outside = await app.inject({ method: 'GET', url: '/outside' });
    expect(outside.statusCode).toBe(500);
  });

  it('answers the handler’s success through the declared schema, and declares the refusals', async () => {
    app = await serverWithScope();
    const created = await app.inject({ method: 'POST', url: '/things/7', payload: { count: 2 } });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ id: '7' });
    const document = app.swagger() as { paths: Record<string, { post: { responses: object } }> };
    expect(Object.keys(document.paths['/things/{id}']?.post.responses ?? {})).toEqual(['201', '400', '409']);
  });
});
