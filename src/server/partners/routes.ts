import type { FastifyInstance } from 'fastify';
import { partnerApplicationSchema } from '../../shared/partner-schema';
import type { AppContext } from '../app';
import { sendValidationError } from '../http/errors';
import { storeApplication } from './store';

export function partnerRoutes(app: FastifyInstance, { database }: AppContext): void {
  // Ten short fields fit easily in 16 KB; anything bigger is refused before it is parsed.
  app.post('/api/partner-applications', { bodyLimit: 16 * 1024 }, async (request, reply) => {
    const parsed = partnerApplicationSchema.safeParse(request.body);
    if (!parsed.success) return sendValidationError(reply, parsed.error, 'Please correct the errors in the form');
    const id = await storeApplication(database.db, parsed.data);
    return reply.code(201).send({ id: String(id) });
  });
}
