import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { translate } from '@/shared/i18n/define';
import { proofMessages } from '@/shared/i18n/messages/proofs';
import { formatCount } from '@/shared/money-format';
import { typedFileName } from '@/shared/uploads';
import {
  adminProofFilesPath,
  isInlineProof,
  MAX_PROOF_BYTES,
  MAX_PROOF_COMMENT_LENGTH,
  MAX_PROOF_NOTE_LENGTH,
  newProofSchema,
  proofDecisionSchema,
  type ProofFileAnswer,
  type ProofSchemaMessages,
} from '@/shared/proofs';
import type { AppContext } from '@/server/context';
import { sendError, sendValidationError } from '@/server/http/errors';
import { requestLocale } from '@/server/http/locale';
import { findBuyerOrder, findOrderByNumber, orderNumberPattern } from '@/server/orders';
import { recordAudit, staffOf } from '@/server/staff';
import { enableUploads, receiveUpload, sendUpload, uploadStorageFor, type Sniffed } from '@/server/uploads';
import { detectProof } from './detect';
import { addProof, decideProof, findProofFile, listProofs } from './service';

type ProofTexts = (typeof proofMessages)['sv'];

function schemaMessages(t: ProofTexts): ProofSchemaMessages {
  return {
    fileRequired: t.fileRequired,
    noteInvalid: t.noteInvalid,
    noteTooLong: t.noteTooLong({ max: formatCount(MAX_PROOF_NOTE_LENGTH) }),
    decisionInvalid: t.decisionInvalid,
    commentRequired: t.commentRequired,
    commentTooLong: t.commentTooLong({ max: formatCount(MAX_PROOF_COMMENT_LENGTH) }),
  };
}

// Only shapes that can exist reach SQL: an order number, a version of at most nine digits.
const orderParams = z.object({ number: z.string().regex(orderNumberPattern) });
const versionParams = orderParams.extend({
  version: z
    .string()
    .regex(/^[1-9]\d{0,8}$/)
    .transform(Number),
});

/**
 * The admin's proof routes, registered inside the admin scope (the session is checked there):
 * POST /api/admin/proof-files (multipart, one file: PDF, PNG, JPEG or WebP by content, ≤ 25 MB),
 * POST /api/admin/orders/:number/proofs ({ fileId, note? }: the next version, the buyer's email
 * queued with it) and GET /api/admin/orders/:number/proofs/:version (images inline, PDF as an
 * attachment; always nosniff and a sandboxing CSP).
 */
export function proofAdminRoutes(context: AppContext, options: { onQueued?: () => void } = {}) {
  const storage = uploadStorageFor(context);
  const { database } = context;
  return async function proofAdmin(admin: FastifyInstance): Promise<void> {
    // Multipart parsing for this plugin's routes only.
    await enableUploads(admin);

    admin.post(adminProofFilesPath, async (request, reply) => {
      const t = translate(proofMessages, requestLocale(request));
      const sniff = (head: Uint8Array): Sniffed => {
        const contentType = detectProof(head);
        return contentType
          ? { accept: true, contentType }
          : { accept: false, status: 415, message: t.notProof };
      };
      const upload = await receiveUpload(request, reply, context, {
        purpose: 'proof',
        sniff,
        maxBytes: MAX_PROOF_BYTES,
        messages: { noFile: t.noFile, empty: t.emptyFile, tooLarge: t.tooLarge },
        // The shop's own upload: no per-client allowance; a proof claims it within minutes.
        anonymous: false,
      });
      if (!upload) return reply;
      const contentType = detectedType(upload.contentType);
      const answer: ProofFileAnswer = {
        id: upload.id,
        name: typedFileName(upload.fileName, contentType, 'proof'),
        bytes: upload.size,
        contentType,
      };
      return reply.code(201).send(answer);
    });

    admin.post('/api/admin/orders/:number/proofs', { bodyLimit: 16 * 1024 }, async (request, reply) => {
      const locale = requestLocale(request);
      const t = translate(proofMessages, locale);
      const params = orderParams.safeParse(request.params);
      if (!params.success) return sendError(reply, 404, t.orderNotFound);
      const body = newProofSchema(schemaMessages(t)).safeParse(request.body);
      if (!body.success) return sendValidationError(reply, body.error, undefined, locale);
      const person = staffOf(request);
      const result = await addProof(
        database,
        params.data.number,
        body.data.fileId,
        body.data.note || null,
        (tx, proof) =>
          recordAudit(tx, {
            staffId: person.id,
            action: 'proof',
            target: params.data.number,
            orderId: proof.orderId,
            after: { version: proof.version, note: body.data.note || null },
          }),
      );
      if (!result.ok) {
        if (result.reason === 'not-found') return sendError(reply, 404, t.orderNotFound);
        if (result.reason === 'closed') return sendError(reply, 409, t.adminClosed);
        return reply.code(400).send({ error: t.fileUnknown, fieldErrors: { fileId: t.fileUnknown } });
      }
      options.onQueued?.();
      const order = await findOrderByNumber(database, params.data.number);
      const proofs = order ? await listProofs(database.db, order.id) : [];
      return reply.code(201).send(proofs.find((proof) => proof.version === result.version));
    });

    admin.get('/api/admin/orders/:number/proofs/:version', async (request, reply) => {
      const t = translate(proofMessages, requestLocale(request));
      const params = versionParams.safeParse(request.params);
      const order = params.success ? await findOrderByNumber(database, params.data.number) : undefined;
      const file =
        order && params.success && (await findProofFile(database.db, order.id, params.data.version));
      const stored = file && (await storage.open(file.id));
      if (!file || !stored) return sendError(reply, 404, t.proofNotFound);
      return sendUpload(request, reply, file, stored, { inline: isInlineProof(file.contentType) });
    });
  };
}

const detectedType = (type: string): ProofFileAnswer['contentType'] =>
  type === 'image/png' || type === 'image/jpeg' || type === 'image/webp' ? type : 'application/pdf';

/**
 * The buyer's proof routes, each behind the order's token in the x-order-token header (never in
 * a URL): GET /api/orders/:number/proofs/:version (the file: images inline, PDF as an attachment)
 * and POST /api/orders/:number/proofs/:version/decision ({ decision, comment? }).
 */
export function proofRoutes(context: AppContext, options: { onDecided?: () => void } = {}) {
  const storage = uploadStorageFor(context);
  const { database } = context;
  return function proofs(app: FastifyInstance, _options: unknown, done: () => void): void {
    app.get('/api/orders/:number/proofs/:version', async (request, reply) => {
      const t = translate(proofMessages, requestLocale(request));
      const params = versionParams.safeParse(request.params);
      const order = params.success
        ? await findBuyerOrder(database, request, params.data.number, 'header')
        : undefined;
      const file =
        order && params.success && (await findProofFile(database.db, order.id, params.data.version));
      const stored = file && (await storage.open(file.id));
      if (!file || !stored) return sendError(reply, 404, t.proofNotFound);
      return sendUpload(request, reply, file, stored, { inline: isInlineProof(file.contentType) });
    });

    app.post(
      '/api/orders/:number/proofs/:version/decision',
      { bodyLimit: 16 * 1024 },
      async (request, reply) => {
        const locale = requestLocale(request);
        const t = translate(proofMessages, locale);
        const params = versionParams.safeParse(request.params);
        const order = params.success
          ? await findBuyerOrder(database, request, params.data.number, 'header')
          : undefined;
        // Without the token nothing is said about the order, not even whether the body is valid.
        if (!order || !params.success) return sendError(reply, 404, t.orderNotFound);
        const body = proofDecisionSchema(schemaMessages(t)).safeParse(request.body);
        if (!body.success) return sendValidationError(reply, body.error, undefined, locale);
        const { version } = params.data;
        const result = await decideProof(
          database,
          order.id,
          version,
          body.data.decision,
          body.data.comment || null,
        );
        if (!result.ok) {
          if (result.reason === 'not-found') return sendError(reply, 404, t.proofNotFound);
          if (result.reason === 'closed') return sendError(reply, 409, t.orderClosed);
          if (result.reason === 'outdated')
            return sendError(reply, 409, t.outdated({ version, latest: result.latest }));
          return sendError(reply, 409, t.alreadyDecided({ version }));
        }
        options.onDecided?.();
        return reply
          .header('cache-control', 'no-store')
          .send({ proofs: await listProofs(database.db, order.id) });
      },
    );
    done();
  };
}
