import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { translate } from '@/shared/i18n/define';
import type { Locale } from '@/shared/i18n/locale';
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
  proofContentTypes,
  proofDecisionSchema,
  type ProofFileAnswer,
  type ProofSchemaMessages,
} from '@/shared/proofs';
import type { AppContext } from '@/server/context';
import type { Database } from '@/server/db/client';
import { apiErrorSchema } from '@/server/http/contract';
import { sendError } from '@/server/http/errors';
import { requestLocale } from '@/server/http/locale';
import { fileResponse, refuseBodyInReaderLanguage } from '@/server/http/route-parts';
import { findBuyerOrder, findOrderByNumber, orderNumberPattern, type OrderRow } from '@/server/orders';
import { recordAudit, staffOf } from '@/server/staff';
import {
  enableUploads,
  receiveUpload,
  sendUpload,
  uploadRefusalResponses,
  uploadStorageFor,
  type Sniffed,
} from '@/server/uploads';
import { orderProofSchema, proofFileAnswerSchema } from './contract';
import { detectProof } from './detect';
import { addProof, decideProof, findProofFile, listProofs } from './service';
import { refusals } from '@/server/http/route-scope';

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

/** The schemas' words in the reader's language (the refusal hooks), and in English (the declared contract). */
const messagesIn = (locale: Locale) => schemaMessages(translate(proofMessages, locale));

/**
 * The paths as declared: any text. Their shape is checked in the handler, so an odd number or
 * version answers 404 like an unknown one (nothing is said about what exists).
 */
const declaredOrderParams = z.object({ number: z.string().max(100) });
const declaredVersionParams = declaredOrderParams.extend({
  version: z.string().max(20).describe('The proof version, 1, 2, …'),
});

/** A proof's file: images inline, PDF as an attachment; nosniff and a sandboxing CSP. */
const proofFileResponses = {
  200: fileResponse('The proof', ...proofContentTypes),
  404: apiErrorSchema,
};

/** The order a request's path and token open, found before its body is read (see the decision route). */
const openedOrders = new WeakMap<FastifyRequest, OrderRow>();

/**
 * The admin's proof routes, registered inside the admin scope (the session is checked there):
 * POST /api/admin/proof-files (multipart, one file: PDF, PNG, JPEG or WebP by content, ≤ 25 MB),
 * POST /api/admin/orders/:number/proofs ({ fileId, note? }: the next version, the buyer's email
 * queued with it) and GET /api/admin/orders/:number/proofs/:version (images inline, PDF as an
 * attachment; always nosniff and a sandboxing CSP).
 */
export function proofAdminRoutes(context: AppContext, options: { onQueued?: () => void } = {}) {
  return async function proofAdmin(admin: FastifyInstance): Promise<void> {
    // Multipart parsing for this plugin's routes only.
    await enableUploads(admin);
    proofFileRoute(admin, context);
    newProofRoute(admin, context.database, options.onQueued);
    adminProofRoute(admin, context);
  };
}

/** POST /api/admin/proof-files: the proof's file, streamed to storage like every upload. */
function proofFileRoute(admin: FastifyInstance, context: AppContext): void {
  admin.withTypeProvider<ZodTypeProvider>().post(
    adminProofFilesPath,
    {
      schema: {
        summary: 'Upload a proof’s file (multipart, one file: PDF, PNG, JPEG or WebP, ≤ 25 MB), streamed',
        consumes: ['multipart/form-data'],
        response: { 201: proofFileAnswerSchema, ...uploadRefusalResponses },
      },
    },
    async (request, reply) => {
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
    },
  );
}

/** POST /api/admin/orders/:number/proofs `{ fileId, note? }`: the next version; the buyer's email is queued. */
function newProofRoute(admin: FastifyInstance, database: Database, onQueued?: () => void): void {
  admin.withTypeProvider<ZodTypeProvider>().post(
    '/api/admin/orders/:number/proofs',
    {
      bodyLimit: 16 * 1024,
      // An odd order number is a 404 before the body is read; the body's refusals in the reader's language.
      preValidation: refuseBodyInReaderLanguage((locale) => newProofSchema(messagesIn(locale)), {
        before: async (request, reply) =>
          orderParams.safeParse(request.params).success
            ? undefined
            : sendError(reply, 404, translate(proofMessages, requestLocale(request)).orderNotFound),
      }),
      schema: {
        summary: 'Send the buyer the order’s next proof version (a file uploaded to proof-files)',
        params: declaredOrderParams,
        body: newProofSchema(messagesIn('en')),
        response: { 201: orderProofSchema, ...refusals(400, 404, 409) },
      },
    },
    async (request, reply) => {
      const t = translate(proofMessages, requestLocale(request));
      const { number } = request.params;
      const { fileId } = request.body;
      const note = request.body.note || null;
      const person = staffOf(request);
      const result = await addProof(database, number, fileId, note, (tx, proof) =>
        recordAudit(tx, {
          staffId: person.id,
          action: 'proof',
          target: number,
          orderId: proof.orderId,
          after: { version: proof.version, note },
        }),
      );
      if (!result.ok) {
        if (result.reason === 'not-found') return sendError(reply, 404, t.orderNotFound);
        if (result.reason === 'closed') return sendError(reply, 409, t.adminClosed);
        return reply.code(400).send({ error: t.fileUnknown, fieldErrors: { fileId: t.fileUnknown } });
      }
      onQueued?.();
      const order = await findOrderByNumber(database, number);
      const proofs = order ? await listProofs(database.db, order.id) : [];
      const added = proofs.find((proof) => proof.version === result.version);
      if (!added) throw new Error('added proof not listed');
      return reply.code(201).send(added);
    },
  );
}

/** GET /api/admin/orders/:number/proofs/:version: the proof's file for staff. */
function adminProofRoute(admin: FastifyInstance, context: AppContext): void {
  const storage = uploadStorageFor(context);
  const { database } = context;
  admin.withTypeProvider<ZodTypeProvider>().get(
    '/api/admin/orders/:number/proofs/:version',
    {
      schema: {
        summary: 'A proof version’s file (images inline, PDF as an attachment)',
        params: declaredVersionParams,
        response: proofFileResponses,
      },
    },
    async (request, reply) => {
      const t = translate(proofMessages, requestLocale(request));
      const params = versionParams.safeParse(request.params);
      const order = params.success ? await findOrderByNumber(database, params.data.number) : undefined;
      const file =
        order && params.success && (await findProofFile(database.db, order.id, params.data.version));
      const stored = file && (await storage.open(file.id));
      if (!file || !stored) return sendError(reply, 404, t.proofNotFound);
      return sendUpload(request, reply, file, stored, { inline: isInlineProof(file.contentType) });
    },
  );
}

const detectedType = (type: string): ProofFileAnswer['contentType'] =>
  type === 'image/png' || type === 'image/jpeg' || type === 'image/webp' ? type : 'application/pdf';

/**
 * The buyer's proof routes, each behind the order's token in the x-order-token header (never in
 * a URL): GET /api/orders/:number/proofs/:version (the file: images inline, PDF as an attachment)
 * and POST /api/orders/:number/proofs/:version/decision ({ decision, comment? }).
 */
export function proofRoutes(context: AppContext, options: { onDecided?: () => void } = {}) {
  return function proofs(app: FastifyInstance, _options: unknown, done: () => void): void {
    buyerProofRoute(app, context);
    decisionRoute(app, context.database, options.onDecided);
    done();
  };
}

/** GET /api/orders/:number/proofs/:version, the token in x-order-token only. */
function buyerProofRoute(app: FastifyInstance, context: AppContext): void {
  const storage = uploadStorageFor(context);
  const { database } = context;
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/orders/:number/proofs/:version',
    {
      schema: {
        summary: 'A proof version’s file for the buyer (token in x-order-token only, never in a URL)',
        params: declaredVersionParams,
        response: proofFileResponses,
      },
    },
    async (request, reply) => {
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
    },
  );
}

/**
 * The order a decision is for, found before its body is read: without the token nothing is said
 * about the order, not even whether the body is valid (404).
 */
async function openOrder(database: Database, request: FastifyRequest, reply: FastifyReply) {
  const params = versionParams.safeParse(request.params);
  const order = params.success
    ? await findBuyerOrder(database, request, params.data.number, 'header')
    : undefined;
  if (!order) return sendError(reply, 404, translate(proofMessages, requestLocale(request)).orderNotFound);
  openedOrders.set(request, order);
  return undefined;
}

/** POST /api/orders/:number/proofs/:version/decision `{ decision, comment? }`. */
function decisionRoute(app: FastifyInstance, database: Database, onDecided?: () => void): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/orders/:number/proofs/:version/decision',
    {
      bodyLimit: 16 * 1024,
      preValidation: refuseBodyInReaderLanguage((locale) => proofDecisionSchema(messagesIn(locale)), {
        before: (request, reply) => openOrder(database, request, reply),
      }),
      schema: {
        summary: 'The buyer approves a proof version or asks for changes (token in x-order-token only)',
        params: declaredVersionParams,
        body: proofDecisionSchema(messagesIn('en')),
        response: { 200: z.object({ proofs: z.array(orderProofSchema) }), ...refusals(400, 404, 409) },
      },
    },
    async (request, reply) => {
      const t = translate(proofMessages, requestLocale(request));
      const order = openedOrders.get(request);
      const version = Number(request.params.version);
      if (!order) return sendError(reply, 404, t.orderNotFound);
      const { decision, comment } = request.body;
      const result = await decideProof(database, order.id, version, decision, comment || null);
      if (!result.ok) {
        if (result.reason === 'not-found') return sendError(reply, 404, t.proofNotFound);
        if (result.reason === 'closed') return sendError(reply, 409, t.orderClosed);
        if (result.reason === 'outdated')
          return sendError(reply, 409, t.outdated({ version, latest: result.latest }));
        return sendError(reply, 409, t.alreadyDecided({ version }));
      }
      onDecided?.();
      return reply
        .header('cache-control', 'no-store')
        .send({ proofs: await listProofs(database.db, order.id) });
    },
  );
}
