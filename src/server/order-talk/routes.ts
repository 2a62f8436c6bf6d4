import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminApiMessages } from '@/shared/i18n/messages/admin-ui';
import { orderTalkMessages } from '@/shared/i18n/messages/order-talk';
import {
  BUYER_MESSAGES_PER_HOUR,
  MAX_MESSAGE_LENGTH,
  MAX_NOTE_LENGTH,
  SHOP_MESSAGES_PER_HOUR,
  type OrderNote,
} from '@/shared/order-talk';
import { containsLink } from '@/shared/stranger-text';
import { roleMay } from '@/shared/staff';
import { textField } from '@/shared/text';
import type { AppContext } from '@/server/context';
import { schemaMessages } from '@/server/http/contract';
import { sendError } from '@/server/http/errors';
import { requestLocale } from '@/server/http/locale';
import { clientKey } from '@/server/http/throttle';
import { refuseOverHourlyLimits } from '@/server/http/hourly-limits';
import { findBuyerOrder, findOrderByNumber, orderMessageSchema, orderNumberPattern } from '@/server/orders';
import { staffOf } from '@/server/staff';
import { sendUpload, uploadStorageFor, type UploadInfo, type UploadStorage } from '@/server/uploads';
import { addMessage, addNote, messageFileOf, notesOf, threadOf } from './service';
import { refusals } from '@/server/http/route-scope';

// The refusals below answer in the reader's language.
schemaMessages(orderTalkMessages);

const en = orderTalkMessages.en;

const noteBody = z.object({
  text: textField({
    multiline: true,
    required: en.textRequired,
    min: [1, en.textRequired],
    max: [MAX_NOTE_LENGTH, en.noteTooLong],
  }),
  forProduction: z.boolean().optional(),
});

const messageText = textField({
  multiline: true,
  required: en.textRequired,
  min: [1, en.textRequired],
  max: [MAX_MESSAGE_LENGTH, en.messageTooLong],
});

/**
 * The buyer's message: a stranger's text shown on the shop's own page (anyone may order for any
 * address, and the thread's email links there), so it holds no link (stranger-text.ts).
 */
const buyerMessageBody = z.object({
  text: messageText.refine((text) => !containsLink(text), en.noLinks),
  /** A file sent with the message: the id POST /api/print-files answered (the one upload path). */
  file: z.string(en.fileUnknown).max(64, en.fileUnknown).optional(),
});
const shopMessageBody = z.object({ text: messageText });

const noteSchema = z.object({
  id: z.string(),
  text: z.string(),
  forProduction: z.boolean(),
  writtenBy: z.string(),
  writtenAt: z.string(),
}) satisfies z.ZodType<OrderNote>;

const notesAnswer = z.object({ notes: z.array(noteSchema) });
const messagesAnswer = z.object({ messages: z.array(orderMessageSchema) });
const orderParams = z.object({ number: z.string().max(100) });
const messageId = z.string().regex(/^[1-9]\d{0,17}$/);

/** A message's file: the stored bytes (sniffed type, nosniff, a sandboxing CSP, an attachment). */
const fileResponse = {
  description: 'The file as stored, as an attachment',
  content: { 'application/octet-stream': { schema: z.string().describe('The file’s bytes') } },
};

/** Sends a message's file as an attachment (never inline: it is a stranger's file), or 404. */
async function sendMessageFile(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: UploadStorage,
  file: UploadInfo | undefined,
  missing: string,
): Promise<FastifyReply> {
  const stored = file && (await storage.open(file.id));
  if (!file || !stored) return sendError(reply, 404, missing);
  return sendUpload(request, reply, file, stored, { inline: false });
}

/**
 * POST /api/orders/:number/messages `{ text, file? }` with the order's token (`?token=` from the email's
 * link, or the x-order-token header the order page sends): the buyer writes to the shop. 201 with
 * the thread; 404 without the right token (as every buyer route); 429 past the allowance. `file`
 * is the id POST /api/print-files answered (its limits and sniffing); an unknown or already claimed
 * one is refused (400 on `file`). GET /api/orders/:number/messages/:id/file opens it again.
 */
export function orderTalkRoutes(
  app: FastifyInstance,
  context: AppContext,
  options: { onQueued?: () => void } = {},
) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/orders/:number/messages',
    {
      bodyLimit: 16_384,
      schema: {
        summary: 'The buyer writes to the shop in the order’s thread (token in ?token= or x-order-token)',
        params: orderParams,
        querystring: z.object({ token: z.string().max(200).optional() }),
        body: buyerMessageBody,
        response: { 201: messagesAnswer, ...refusals(400, 404, 429) },
      },
    },
    async (request, reply) => {
      const order = await findBuyerOrder(context.database, request, request.params.number, 'header-or-link');
      if (!order) return sendError(reply, 404, 'Order not found');
      const tooMany = () => orderTalkMessages[requestLocale(request)].tooMany;
      const refused = await refuseOverHourlyLimits(context.database.db, reply, [
        { bucket: `order-messages:order:${order.id}`, max: BUYER_MESSAGES_PER_HOUR, refusal: tooMany },
        {
          bucket: `order-messages:client:${clientKey(request)}`,
          max: BUYER_MESSAGES_PER_HOUR * 3,
          refusal: tooMany,
        },
      ]);
      if (refused) return reply;
      const { text, file } = request.body;
      const added = await addMessage(context.database.db, order.id, {
        author: 'buyer',
        text,
        ...(file === undefined ? {} : { file }),
      });
      if (added === 'file-unknown') {
        const message = orderTalkMessages[requestLocale(request)].fileUnknown;
        return reply.code(400).send({ error: message, fieldErrors: { file: message } });
      }
      options.onQueued?.();
      return reply
        .code(201)
        .header('cache-control', 'no-store')
        .send({ messages: await threadOf(context.database.db, order.id, 'buyer') });
    },
  );

  const storage = uploadStorageFor(context);
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/orders/:number/messages/:id/file',
    {
      schema: {
        summary: 'The file the buyer sent with a message (token in ?token= or x-order-token)',
        params: orderParams.extend({ id: messageId }),
        querystring: z.object({ token: z.string().max(200).optional() }),
        response: { 200: fileResponse, ...refusals(404) },
      },
    },
    async (request, reply) => {
      const missing = orderTalkMessages[requestLocale(request)].fileNotFound;
      const order = await findBuyerOrder(context.database, request, request.params.number, 'header-or-link');
      if (!order) return sendError(reply, 404, missing);
      const file = await messageFileOf(context.database.db, order.id, request.params.id, 'buyer');
      return sendMessageFile(request, reply, storage, file, missing);
    },
  );
}

/**
 * The admin's side, mounted behind the session check (roles in route-roles.ts):
 * - POST /api/admin/orders/:number/notes `{ text, forProduction? }` → 201 with the notes the role may read
 * - POST /api/admin/orders/:number/messages `{ text }` → 201 with the thread; the buyer is emailed a link
 * - GET /api/admin/orders/:number/messages/:id/file → the buyer's file with that message (an attachment)
 */
export function orderTalkAdminRoutes(
  admin: FastifyInstance,
  context: AppContext,
  options: { onQueued?: () => void } = {},
): void {
  const api = admin.withTypeProvider<ZodTypeProvider>();
  const { db } = context.database;
  const adminParams = z.object({ number: z.string().regex(orderNumberPattern) });
  const notFound = (request: FastifyRequest, reply: FastifyReply) =>
    sendError(reply, 404, adminApiMessages[requestLocale(request)].orderNotFound);

  api.post(
    '/api/admin/orders/:number/notes',
    {
      bodyLimit: 16_384,
      schema: {
        summary: 'An internal note on the order (never shown to the buyer; forProduction: on the job ticket)',
        params: adminParams,
        body: noteBody,
        response: { 201: notesAnswer, ...refusals(400, 404) },
      },
    },
    async (request, reply) => {
      const order = await findOrderByNumber(context.database, request.params.number);
      if (!order) return notFound(request, reply);
      const person = staffOf(request);
      await addNote(
        db,
        order.id,
        { text: request.body.text, forProduction: request.body.forProduction ?? false },
        person.id,
      );
      const reader = roleMay(person.role, 'money') ? 'money' : 'job';
      return reply
        .code(201)
        .header('cache-control', 'no-store')
        .send({ notes: await notesOf(db, order.id, reader) });
    },
  );

  api.post(
    '/api/admin/orders/:number/messages',
    {
      bodyLimit: 16_384,
      schema: {
        summary:
          'The shop answers the buyer in the order’s thread (the buyer is emailed a link, not the text)',
        params: adminParams,
        body: shopMessageBody,
        response: { 201: messagesAnswer, ...refusals(400, 404, 429) },
      },
    },
    async (request, reply) => {
      const order = await findOrderByNumber(context.database, request.params.number);
      if (!order) return notFound(request, reply);
      const person = staffOf(request);
      const refused = await refuseOverHourlyLimits(db, reply, [
        {
          bucket: `order-messages:shop:${order.id}`,
          max: SHOP_MESSAGES_PER_HOUR,
          refusal: () => orderTalkMessages[requestLocale(request)].tooMany,
        },
      ]);
      if (refused) return reply;
      await addMessage(db, order.id, { author: 'shop', text: request.body.text, staffId: person.id });
      options.onQueued?.();
      const reader = roleMay(person.role, 'money') ? 'money' : 'job';
      return reply
        .code(201)
        .header('cache-control', 'no-store')
        .send({ messages: await threadOf(db, order.id, reader) });
    },
  );

  const storage = uploadStorageFor(context);
  api.get(
    '/api/admin/orders/:number/messages/:id/file',
    {
      schema: {
        summary: 'The file the buyer sent with a message (an attachment; production: not one naming money)',
        params: adminParams.extend({ id: messageId }),
        response: { 200: fileResponse, ...refusals(404) },
      },
    },
    async (request, reply) => {
      const missing = orderTalkMessages[requestLocale(request)].fileNotFound;
      const order = await findOrderByNumber(context.database, request.params.number);
      if (!order) return notFound(request, reply);
      const reader = roleMay(staffOf(request).role, 'money') ? 'money' : 'job';
      const file = await messageFileOf(db, order.id, request.params.id, reader);
      return sendMessageFile(request, reply, storage, file, missing);
    },
  );
}
