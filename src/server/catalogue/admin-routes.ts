import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

const typedOf = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>();
type FastifyZodInstance = ReturnType<typeof typedOf>;
import { z } from 'zod';
import { sql } from 'drizzle-orm';
import { apiErrorSchema } from '@/server/http/contract';
import { productBody, productHistory, productParams, productRecordSchema } from './contract';
import { storedFromInput, validateProductInput } from '@/shared/catalogue-schema';
import type { ProductRecord } from '@/shared/catalogue-record';
import { catalogueAdminMessages } from '@/shared/i18n/messages/catalogue-admin';
import type { Locale } from '@/shared/i18n/locale';
import type { CatalogueContext } from '@/server/context';
import { queryRows } from '@/server/db/query-rows';
import { sendError } from '@/server/http/errors';
import { requestLocale } from '@/server/http/locale';
import { listAudit, recordAudit, staffOf } from '@/server/staff';
import { attachUploads } from '@/server/uploads';
import { uploadedPictureId } from '@/shared/product-images';
import type { Db } from '@/server/db/client';
import { PRODUCT_PICTURE_PURPOSE } from './picture-routes';
import { refusals } from '@/server/http/route-scope';

/**
 * Claims the uploaded pictures a product names (its `image` and its mockup picture, each
 * `picture:<id>`), in the saving transaction; the field of one that was never uploaded as a product
 * picture (the save is refused naming it), else undefined.
 */
async function claimPictures(
  tx: Db,
  stored: { image?: string | undefined; mockupPicture?: { image: string } | undefined },
): Promise<'image' | 'mockupPicture.image' | undefined> {
  for (const [field, image] of [
    ['image', stored.image],
    ['mockupPicture.image', stored.mockupPicture?.image],
  ] as const) {
    const id = uploadedPictureId(image);
    if (id === undefined) continue;
    const missing = await attachUploads(tx, [id], { purpose: PRODUCT_PICTURE_PURPOSE });
    if (missing.length > 0) return field;
  }
  return undefined;
}

const pictureRefused = (reply: FastifyReply, locale: Locale, field: string) => {
  const message = catalogueAdminMessages[locale].pictureUnknown;
  return reply.code(400).send({ error: message, fieldErrors: { [field]: message } });
};

/** A product's record is a few kilobytes; this leaves room for long descriptions. */
const bodyLimit = 64 * 1024;

function refuse(
  reply: FastifyReply,
  status: number,
  locale: Locale,
  key: 'notFound' | 'idTaken' | 'staleVersion',
) {
  const message = catalogueAdminMessages[locale][key];
  return key === 'idTaken'
    ? reply.code(status).send({ error: message, fieldErrors: { id: message } })
    : sendError(reply, status, message);
}

/**
 * The owner's catalogue (owner only, route-roles.ts): GET /api/admin/products lists every product,
 * hidden ones too, in the shape of GET /api/products/:id; PUT /api/admin/products/:id saves one (200
 * with the saved product, 400 naming each invalid field, 409 when someone saved it since the
 * version sent); POST /api/admin/products adds one; GET …/:id/history is its audit trail. Every
 * save is audited with the record before and after, in the transaction that makes it.
 */
export function catalogueAdminRoutes(
  admin: FastifyInstance,
  { database, catalogue }: CatalogueContext,
): void {
  const { db } = database;
  const typed = typedOf(admin);

  async function fresh(): Promise<{ current: Awaited<ReturnType<typeof catalogue.current>> }> {
    catalogue.invalidate();
    return { current: await catalogue.current() };
  }

  registerProductReads(typed, db, fresh);

  const saveResponses = {
    400: apiErrorSchema,
    404: apiErrorSchema,
    409: apiErrorSchema,
  };

  typed.put(
    '/api/admin/products/:id',
    {
      bodyLimit,
      schema: {
        summary: 'Save a product (send `version` to be refused with 409 when someone saved since)',
        params: productParams,
        body: productBody,
        response: { 200: productRecordSchema, ...saveResponses },
      },
    },
    async (request, reply) => {
      const locale = requestLocale(request);
      const id = request.params.id;
      // An unknown product is a 404 before its fields are checked (the transaction checks again).
      if (!(await fresh()).current.record(id)) return refuse(reply, 404, locale, 'notFound');
      const body: unknown = request.body;
      // The id is the address's: a body may leave it out.
      const withId =
        typeof body === 'object' && body !== null && !Array.isArray(body) ? { id, ...body } : body;
      const checked = validateProductInput(locale, withId, { id });
      if (!checked.ok)
        return reply.code(400).send({ error: checked.error, fieldErrors: checked.fieldErrors });
      const input = checked.value;
      const stored = storedFromInput(input);
      const result = await db.transaction(async (tx) => {
        const [before] = await queryRows<{
          record: unknown;
          visible: boolean;
          sort_order: number;
          version: number;
        }>(
          tx,
          sql`SELECT record, visible, sort_order, version FROM catalogue_products WHERE id = ${id} FOR UPDATE`,
        );
        if (!before) return 'not-found' as const;
        if (input.version !== undefined && input.version !== Number(before.version)) return 'stale' as const;
        const unclaimed = await claimPictures(tx, stored);
        if (unclaimed) return { refused: unclaimed };
        const sortOrder = input.sortOrder ?? Number(before.sort_order);
        await tx.execute(
          sql`UPDATE catalogue_products SET record = ${JSON.stringify(stored)}::jsonb, visible = ${input.visible},
              sort_order = ${sortOrder}, version = version + 1, updated_at = now()
            WHERE id = ${id}`,
        );
        await recordAudit(tx, {
          staffId: staffOf(request).id,
          action: 'catalogue',
          target: id,
          before: {
            ...asObject(before.record),
            visible: before.visible,
            sortOrder: Number(before.sort_order),
          },
          after: { ...stored, visible: input.visible, sortOrder },
        });
        return 'saved' as const;
      });
      if (result === 'not-found') return refuse(reply, 404, locale, 'notFound');
      if (result === 'stale') return refuse(reply, 409, locale, 'staleVersion');
      if (typeof result === 'object') return pictureRefused(reply, locale, result.refused);
      const { current } = await fresh();
      const saved: ProductRecord | undefined = current.record(id);
      if (!saved) return refuse(reply, 404, locale, 'notFound');
      return reply.send(saved);
    },
  );

  typed.post(
    '/api/admin/products',
    {
      bodyLimit,
      schema: {
        summary: 'Add a product',
        body: productBody,
        response: { 201: productRecordSchema, ...refusals(400, 404, 409) },
      },
    },
    async (request, reply) => {
      const locale = requestLocale(request);
      const checked = validateProductInput(locale, request.body);
      if (!checked.ok)
        return reply.code(400).send({ error: checked.error, fieldErrors: checked.fieldErrors });
      const input = checked.value;
      const stored = storedFromInput(input);
      const added = await db.transaction(async (tx) => {
        const [last] = await queryRows<{ next: number }>(
          tx,
          sql`SELECT coalesce(max(sort_order), 0) + 10 AS next FROM catalogue_products`,
        );
        const sortOrder = input.sortOrder ?? Number(last?.next ?? 10);
        const unclaimed = await claimPictures(tx, stored);
        if (unclaimed) return { refused: unclaimed };
        const rows = await queryRows<{ id: string }>(
          tx,
          sql`INSERT INTO catalogue_products (id, record, visible, sort_order)
            VALUES (${stored.id}, ${JSON.stringify(stored)}::jsonb, ${input.visible}, ${sortOrder})
            ON CONFLICT (id) DO NOTHING RETURNING id`,
        );
        if (rows.length === 0) return 'taken' as const;
        await recordAudit(tx, {
          staffId: staffOf(request).id,
          action: 'catalogue',
          target: stored.id,
          before: null,
          after: { ...stored, visible: input.visible, sortOrder },
        });
        return 'added' as const;
      });
      if (typeof added === 'object') return pictureRefused(reply, locale, added.refused);
      if (added === 'taken') return refuse(reply, 409, locale, 'idTaken');
      const { current } = await fresh();
      const record = current.record(stored.id);
      if (!record) return refuse(reply, 404, locale, 'notFound');
      return reply.code(201).send(record);
    },
  );
}

/** The owner's reading routes: every product, one product, one product's change history. */
function registerProductReads(
  typed: FastifyZodInstance,
  db: Db,
  fresh: () => Promise<{ current: Awaited<ReturnType<CatalogueContext['catalogue']['current']>> }>,
): void {
  typed.get(
    '/api/admin/products',
    {
      schema: { summary: 'Every product, hidden ones too', response: { 200: z.array(productRecordSchema) } },
    },
    async (_request, reply) => {
      const { current } = await fresh();
      return reply.header('cache-control', 'no-store').send([...current.records]);
    },
  );

  typed.get(
    '/api/admin/products/:id',
    {
      schema: {
        summary: 'One product as the owner edits it',
        params: productParams,
        response: { 200: productRecordSchema, ...refusals(404) },
      },
    },
    async (request, reply) => {
      const { current } = await fresh();
      const record = current.record(request.params.id);
      if (!record) return refuse(reply, 404, requestLocale(request), 'notFound');
      return reply.header('cache-control', 'no-store').send(record);
    },
  );

  typed.get(
    '/api/admin/products/:id/history',
    {
      schema: {
        summary: 'A product’s change history',
        params: productParams,
        response: { 200: productHistory },
      },
    },
    async (request) => {
      const { events } = await listAudit(db, { action: 'catalogue', target: request.params.id }, 200);
      return { events };
    },
  );
}

function asObject(value: unknown): Record<string, unknown> {
  if (typeof value === 'string') return JSON.parse(value) as Record<string, unknown>;
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}
