import type { FastifyInstance } from 'fastify';
import { partnerApplicationSchema } from '../../shared/partner-schema';
import type { AppContext } from '../app';
import { sendValidationError } from '../http/errors';
import { storeApplication } from './store';

export function partnerRoutes(app: FastifyInstance, { database }: AppContext): void {
  // Oversized fields get the schema's message (400); bodies over the app's limit (256 KB) get 413.
  app.post('/api/partner-applications', async (request, reply) => {
    const parsed = partnerApplicationSchema.safeParse(request.body);
    if (!parsed.success) return sendValidationError(reply, parsed.error, 'Please correct the errors in the form');
    const id = await storeApplication(database.db, parsed.data);
    return reply.code(201).send({ id: String(id) });
  });
}
