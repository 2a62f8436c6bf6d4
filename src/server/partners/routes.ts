import type { FastifyInstance } from 'fastify';
import { partnerApplicationSchema } from '@/shared/partner-schema';
import type { AppContext } from '@/server/context';
import { sendValidationError } from '@/server/http/errors';
import { requestLocale } from '@/server/http/locale';
import { throttlePartnerApplication } from '@/server/http/request-limits';
import { storeApplication } from './store';

export function partnerRoutes(app: FastifyInstance, context: AppContext): void {
  const { database } = context;
  // Oversized fields get the schema's message (400); bodies over the app's limit (256 KB) get 413.
  app.post('/api/partner-applications', async (request, reply) => {
    const parsed = partnerApplicationSchema.safeParse(request.body);
    if (!parsed.success)
      return sendValidationError(
        reply,
        parsed.error,
        'Please correct the errors in the form',
        requestLocale(request),
      );
    if (await throttlePartnerApplication(request, reply, context)) return reply;
    const id = await storeApplication(database.db, parsed.data);
    return reply.code(201).send({ id: String(id) });
  });
}
