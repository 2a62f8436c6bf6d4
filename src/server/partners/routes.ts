import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { partnerApplicationSchema } from '@/shared/partner-schema';
import type { AppContext } from '@/server/context';
import { throttlePartnerApplication } from '@/server/http/request-limits';
import { storeApplication } from './store';
import { refusals } from '@/server/http/route-scope';

export function partnerRoutes(app: FastifyInstance, context: AppContext): void {
  const { database } = context;
  // Oversized fields get the schema's message (400) before the allowance is touched; bodies over
  // the app's limit (256 KB) get 413.
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/partner-applications',
    {
      schema: {
        summary: 'Apply to become a partner (SPEC §3)',
        body: partnerApplicationSchema,
        response: {
          201: z.object({ id: z.string().describe('The stored application’s id') }),
          ...refusals(400, 429),
        },
      },
    },
    async (request, reply) => {
      if (await throttlePartnerApplication(request, reply, context)) return reply;
      const id = await storeApplication(database.db, request.body);
      return reply.code(201).send({ id: String(id) });
    },
  );
}
