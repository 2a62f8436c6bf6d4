import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { stockholmDate } from '@/shared/dates';
import type { AppContext } from '@/server/context';
import { requestLocale } from '@/server/http/locale';
import { recordAudit, staffOf } from '@/server/staff';
import { journalCsvView } from './admin-view';
import { csvResponse, journalSchema, rangeQuery, sieResponse } from './contract';
import { invoiceJournal } from './journal';
import { sieFile } from './sie-export';
import { refusals } from '@/server/http/route-scope';

/**
 * The accountant's exports of a period (at most a year), each download audited:
 * - GET /api/admin/journal?from&to and /api/admin/journal.csv?from&to (the invoice journal)
 * - GET /api/admin/sie?from&to (SIE 4, IBM437)
 */
export function registerLedgerExports(admin: FastifyInstance, context: AppContext): void {
  const { db } = context.database;
  const app = admin.withTypeProvider<ZodTypeProvider>();
  const exported = (request: Parameters<typeof staffOf>[0], what: string, from: string, to: string) =>
    recordAudit(db, {
      staffId: staffOf(request).id,
      action: 'export',
      target: `${what} ${from}–${to}`,
      after: { from, to },
    });

  app.get(
    '/api/admin/journal',
    {
      schema: {
        summary: 'The invoice journal: every invoice and credit note of the period in number order',
        querystring: rangeQuery,
        response: { 200: journalSchema, ...refusals(400) },
      },
    },
    async (request) => ({ entries: await invoiceJournal(db, request.query.from, request.query.to) }),
  );

  app.get(
    '/api/admin/journal.csv',
    {
      schema: {
        summary: 'The invoice journal as CSV, headed in the reader’s language',
        querystring: rangeQuery,
        response: { 200: csvResponse('The invoice journal (UTF-8)'), ...refusals(400) },
      },
    },
    async (request, reply) => {
      const { from, to } = request.query;
      await exported(request, 'journal', from, to);
      const csv = journalCsvView(await invoiceJournal(db, from, to), requestLocale(request));
      // A text written as it is (the schema documents it; the serializer never sees it).
      const raw: FastifyReply = reply;
      return raw
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="fakturajournal-${from}-${to}.csv"`)
        .send(csv);
    },
  );

  app.get(
    '/api/admin/sie',
    {
      schema: {
        summary: 'The SIE 4 export of the period’s verifications, for the accountant’s bookkeeping program',
        querystring: rangeQuery,
        response: { 200: sieResponse, ...refusals(400) },
      },
    },
    async (request, reply) => {
      const { from, to } = request.query;
      await exported(request, 'sie', from, to);
      const file = sieFile(db, {
        companyName: context.config.seller.name,
        orgNumber: context.config.seller.orgNumber,
        generated: stockholmDate(new Date()),
        from,
        to,
      });
      const raw: FastifyReply = reply;
      return raw
        .header('content-type', 'text/plain; charset=IBM437')
        .header('content-disposition', `attachment; filename="bokforing-${from}-${to}.se"`)
        .send(Readable.from(file));
    },
  );
}
