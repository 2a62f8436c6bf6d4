import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Locale } from '@/shared/i18n/locale';
import { quoteMessages } from '@/shared/i18n/messages/quotes';
import { roleMay } from '@/shared/staff';
import type { InvoiceCurrencyRate } from '@/shared/invoicing/invoice-currency';
import type { AdminQuoteDetail, CreatedQuoteAnswer } from '@/shared/quotes';
import { orderTokenHeader } from '@/shared/order-view';
import type { SellerDetails } from '@/server/config';
import type { CatalogueContext } from '@/server/context';
import type { Database } from '@/server/db/client';
import { sendError } from '@/server/http/errors';
import { requestLocale } from '@/server/http/locale';
import { type ContractApi, refusals, routesAnswering } from '@/server/http/route-scope';
import { orderThrottle, orderTotalMessage } from '@/server/http/request-limits';
import { takeAllowancesInTurn } from '@/server/http/throttle';
import { sendPdf } from '@/server/invoicing';
import { OrderError, placedOrderAnswer, placeQuotedOrder } from '@/server/orders';
import { recordAudit, staffOf } from '@/server/staff';
import {
  acceptBody,
  acceptedQuoteSchema,
  adminQuoteSchema,
  buyerQuery,
  cartQuoteBody,
  createdQuoteSchema,
  declineBody,
  declinedQuoteSchema,
  listQuery,
  pdfQuery,
  pdfResponse,
  quoteListSchema,
  quoteNumberParams,
  quoteViewSchema,
  revisedQuoteSchema,
  sentQuoteSchema,
  staffQuoteBody,
} from './contract';
import { quoteDraft, quoteJobView, quoteView, renderQuoteVersionPdf } from './document';
import { priceCartQuote, priceStaffQuote, type QuotePricingOptions } from './pricing';
import {
  acceptKeyHash,
  claimAcceptance,
  createQuote,
  currentVersion,
  declineQuote,
  findQuoteByNumber,
  findQuoteForToken,
  listQuotes,
  QuoteError,
  type QuoteRow,
  recordAcceptedOrder,
  reviseQuote,
  sendQuote,
  storedQuotePdf,
  validUntilFor,
  versionOf,
} from './service';

interface QuoteRouteOptions {
  onQueued?: () => void;
  invoiceRate?: () => Promise<InvoiceCurrencyRate>;
  /** Whether an EU distance sale of this many öre without VAT is taxed in the buyer's country (OSS). */
  distanceSalesInBuyerCountry?: (netOre: number) => Promise<boolean>;
}

/** The buyer's token: the page sends it as a header; the PDF and emailed links carry it as ?token=. */
function quoteToken(request: FastifyRequest): string | undefined {
  const header = request.headers[orderTokenHeader];
  if (typeof header === 'string' && header !== '') return header;
  const query: unknown = request.query;
  const token = typeof query === 'object' && query !== null && 'token' in query ? query.token : undefined;
  return typeof token === 'string' && token !== '' ? token : undefined;
}

/** What the quote routes' handlers throw for the caller to act on: answered once, by their scope. */
const quoteRefusals = [QuoteError, OrderError];

function pricingOptions(
  request: FastifyRequest,
  context: CatalogueContext,
  options: QuoteRouteOptions,
  locale: Locale,
): Promise<QuotePricingOptions> {
  return context.catalogue.current().then((catalogue) => ({
    locale,
    findProduct: catalogue.find,
    ...(context.config.vies ? { vies: context.config.vies } : {}),
    ...(options.invoiceRate ? { invoiceRate: options.invoiceRate } : {}),
    ...(options.distanceSalesInBuyerCountry
      ? { distanceSalesInBuyerCountry: options.distanceSalesInBuyerCountry }
      : {}),
    maxTotal: { kr: context.config.limits.orderMaxTotalSek, message: orderTotalMessage(request, context) },
    validUntil: validUntilFor(new Date(), context.config.quotes.validDays),
  }));
}

/** A version's PDF as it was sent (stored once made); undefined for a version the quote does not have. */
async function versionPdf(database: Database, quote: QuoteRow, asked: number, seller: SellerDetails) {
  if (asked < 1 || asked > quote.currentVersion) return undefined;
  const version = await versionOf(database.db, quote.id, asked);
  return storedQuotePdf(database, version, () => renderQuoteVersionPdf(quote, version, seller));
}

/** What creating a quote answers: its number, the buyer's token, its total and how long it holds. */
function createdAnswer(
  created: Awaited<ReturnType<typeof createQuote>>,
  validUntil: CreatedQuoteAnswer['validUntil'],
): CreatedQuoteAnswer {
  return {
    quoteNumber: created.quoteNumber,
    accessToken: created.accessToken,
    total: created.totalAmount,
    validUntil,
  };
}

/** What each group of quote routes is registered with. */
interface QuoteRouteDeps {
  api: ContractApi;
  context: CatalogueContext;
  database: Database;
  options: QuoteRouteOptions;
}

const notFound = (request: FastifyRequest, reply: FastifyReply) =>
  sendError(reply, 404, quoteMessages[requestLocale(request)].notFound);

/** A group of quote routes, in a scope that answers the quote's and the order's refusals. */
function quoteRouteGroup(registrars: ReadonlyArray<(deps: QuoteRouteDeps) => void>) {
  return (app: FastifyInstance, context: CatalogueContext, options: QuoteRouteOptions = {}): void =>
    routesAnswering(app, quoteRefusals, { context, database: context.database, options }, registrars);
}

/** The buyer's routes: a quote from the cart, its page's data and PDF, accepting and declining. */
export const quoteRoutes = quoteRouteGroup([
  registerCartQuote,
  registerBuyerQuoteView,
  registerAccept,
  registerDecline,
]);

/** POST /api/quotes: a quote from the cart. */
function registerCartQuote({ api, database, context, options }: QuoteRouteDeps): void {
  api.post(
    '/api/quotes',
    {
      schema: {
        summary:
          'Ask for a quote from the cart (customer and lines as POST /api/orders); no order, no invoice',
        body: cartQuoteBody,
        response: { 201: createdQuoteSchema, ...refusals(400, 409, 429) },
      },
    },
    async (request, reply) => {
      const locale = requestLocale(request);
      const body = request.body;
      // A quote takes the order allowances' shape in buckets of its own: a flood of quotes neither
      // floods the outbox and VIES nor uses up the buyer's orders.
      const throttle = orderThrottle(request, context, body.customer.email);
      const allowances = throttle.allowances.map((a) => ({ ...a, bucket: `quotes:${a.bucket}` }));
      const refusal = throttle.refusal(await takeAllowancesInTurn(database.db, allowances));
      if (refusal) {
        return reply
          .code(429)
          .header('retry-after', String(refusal.retryAfterSeconds))
          .send({ error: refusal.message, fieldErrors: {} });
      }
      const priced = await priceCartQuote(body, await pricingOptions(request, context, options, locale));
      const created = await createQuote(database, {
        source: 'cart',
        language: locale,
        customer: body.customer,
        priced,
        status: 'sent',
        createdBy: null,
      });
      options.onQueued?.();
      return reply
        .code(201)
        .header('cache-control', 'no-store')
        .send(createdAnswer(created, priced.validUntil));
    },
  );
}

/** GET /api/quotes/:number and its PDF: the quote as the buyer's page shows it. */
function registerBuyerQuoteView({ api, database, context }: QuoteRouteDeps): void {
  api.get(
    '/api/quotes/:number',
    {
      schema: {
        summary: 'The quote as its page shows it (token in x-order-token or ?token=)',
        params: quoteNumberParams,
        querystring: buyerQuery,
        response: { 200: quoteViewSchema, ...refusals(404) },
      },
    },
    async (request, reply) => {
      const token = quoteToken(request);
      const quote = await findQuoteForToken(database, request.params.number, token);
      if (!quote || !token) return notFound(request, reply);
      const version = await currentVersion(database.db, quote);
      return reply
        .header('cache-control', 'no-store')
        .send(quoteView(requestLocale(request), quote, version, context.config.seller, token));
    },
  );

  // The PDF of the latest version, or of an earlier one (?version=): each is kept as it was sent.
  api.get(
    '/api/quotes/:number/quote.pdf',
    {
      schema: {
        summary: 'The quote’s PDF (latest version, or ?version=); token as for the quote',
        params: quoteNumberParams,
        querystring: pdfQuery,
        response: { 200: pdfResponse, ...refusals(404) },
      },
    },
    async (request, reply) => {
      const quote = await findQuoteForToken(database, request.params.number, quoteToken(request));
      if (!quote) return notFound(request, reply);
      const asked = request.query.version ?? quote.currentVersion;
      const pdf = await versionPdf(database, quote, asked, context.config.seller);
      if (!pdf) return notFound(request, reply);
      const name = asked === quote.currentVersion ? quote.quoteNumber : `${quote.quoteNumber}-v${asked}`;
      return sendPdf(reply, pdf, `${name}.pdf`, request.query.inline === '1');
    },
  );
}

/** POST /api/quotes/:number/accept: places the quote's order at its prices. */
function registerAccept({ api, database, context, options }: QuoteRouteDeps): void {
  api.post(
    '/api/quotes/:number/accept',
    {
      schema: {
        summary: 'Accept the quote: places its order at the quote’s prices (the same key: the same order)',
        params: quoteNumberParams,
        querystring: buyerQuery,
        body: acceptBody,
        response: { 200: acceptedQuoteSchema, 201: acceptedQuoteSchema, ...refusals(400, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const locale = requestLocale(request);
      const quote = await findQuoteForToken(database, request.params.number, quoteToken(request));
      if (!quote) return notFound(request, reply);
      const { idempotencyKey, acceptedBy, purchaseOrder } = request.body;
      const version = await claimAcceptance(
        database,
        quote,
        acceptKeyHash(idempotencyKey),
        acceptedBy,
        locale,
      );
      const customer = quote.customer;
      const placed = await placeQuotedOrder(
        database,
        {
          idempotencyKey,
          customer:
            customer.customerType === 'company' && purchaseOrder
              ? { ...customer, purchaseOrderNumber: purchaseOrder }
              : customer,
          lines: version.lines,
          vatTreatment: version.vatTreatment,
          invoiceCurrency: version.invoiceCurrency ? 'EUR' : 'SEK',
          neededBy: version.neededBy,
          quoteReference: `${quote.quoteNumber}/${version.version}`,
        },
        {
          seller: context.config.seller,
          locale,
          ...(options.onQueued ? { onCreated: options.onQueued } : {}),
          ...(options.invoiceRate ? { invoiceRate: options.invoiceRate } : {}),
        },
      );
      await recordAcceptedOrder(database, quote.id, placed.orderNumber);
      return reply
        .code(placed.created ? 201 : 200)
        .header('cache-control', 'no-store')
        .send(placedOrderAnswer(placed));
    },
  );
}

/** POST /api/quotes/:number/decline: the buyer declines, with an optional reason. */
function registerDecline({ api, database, options }: QuoteRouteDeps): void {
  api.post(
    '/api/quotes/:number/decline',
    {
      schema: {
        summary: 'Decline the quote, with an optional reason; the shop gets an email',
        params: quoteNumberParams,
        querystring: buyerQuery,
        body: declineBody,
        response: { 200: declinedQuoteSchema, ...refusals(400, 404, 409) },
      },
    },
    async (request, reply) => {
      const locale = requestLocale(request);
      const quote = await findQuoteForToken(database, request.params.number, quoteToken(request));
      if (!quote) return notFound(request, reply);
      await declineQuote(database, quote, request.body?.reason ?? '', locale);
      options.onQueued?.();
      return reply.code(200).send({ status: 'declined' as const });
    },
  );
}

/** Staff's quotes in admin: list, one, create, change (a new version once sent), send. */
export const quoteAdminRoutes = quoteRouteGroup([
  registerAdminQuoteViews,
  registerAdminCreate,
  registerAdminRevise,
  registerAdminSend,
]);

/** GET /api/admin/quotes, one quote and a version's PDF. */
function registerAdminQuoteViews({ api, database, context }: QuoteRouteDeps): void {
  api.get(
    '/api/admin/quotes',
    {
      schema: {
        summary: 'Quotes with status, customer, total (money roles), valid until, version',
        querystring: listQuery,
        response: { 200: quoteListSchema, ...refusals(400) },
      },
    },
    async (request, reply) => {
      const rows = await listQuotes(database, request.query);
      const money = roleMay(staffOf(request).role, 'money');
      return reply.header('cache-control', 'no-store').send({
        view: money ? 'money' : 'job',
        // Production's rows leave the total out (issue 38).
        quotes: money ? rows : rows.map(({ total: _total, ...row }) => row),
      });
    },
  );

  api.get(
    '/api/admin/quotes/:number',
    {
      schema: {
        summary: 'One quote: the money view (owner, bookkeeping) or the job view (production)',
        params: quoteNumberParams,
        response: { 200: adminQuoteSchema, ...refusals(404) },
      },
    },
    async (request, reply) => {
      const locale = requestLocale(request);
      const quote = await findQuoteByNumber(database, request.params.number);
      if (!quote) return notFound(request, reply);
      const version = await currentVersion(database.db, quote);
      reply.header('cache-control', 'no-store');
      if (!roleMay(staffOf(request).role, 'money')) return reply.send(quoteJobView(locale, quote, version));
      const detail: AdminQuoteDetail = {
        ...quoteView(locale, quote, version, context.config.seller, ''),
        view: 'money',
        // Staff open the PDF through the admin's own route, never with a buyer's token.
        pdf: `/api/admin/quotes/${encodeURIComponent(quote.quoteNumber)}/quote.pdf`,
        source: quote.source,
        versions: quote.currentVersion,
        acceptedBy: quote.acceptedBy,
        declineReason: quote.declineReason,
        draft: quoteDraft(quote, version),
      };
      return reply.send(detail);
    },
  );

  api.get(
    '/api/admin/quotes/:number/quote.pdf',
    {
      schema: {
        summary: 'A version’s PDF (money roles: it carries the amounts)',
        params: quoteNumberParams,
        querystring: pdfQuery.omit({ token: true, inline: true }),
        response: { 200: pdfResponse, ...refusals(404) },
      },
    },
    async (request, reply) => {
      const quote = await findQuoteByNumber(database, request.params.number);
      if (!quote) return notFound(request, reply);
      const asked = request.query.version ?? quote.currentVersion;
      const pdf = await versionPdf(database, quote, asked, context.config.seller);
      if (!pdf) return notFound(request, reply);
      return sendPdf(reply, pdf, `${quote.quoteNumber}-v${asked}.pdf`, true);
    },
  );
}

/** POST /api/admin/quotes: staff create a quote (sent, or kept as a draft). */
function registerAdminCreate({ api, database, context, options }: QuoteRouteDeps): void {
  api.post(
    '/api/admin/quotes',
    {
      schema: {
        summary:
          'Create a quote: catalogue lines (optionally a negotiated unit price with a reason), free lines',
        body: staffQuoteBody,
        response: { 201: createdQuoteSchema, ...refusals(400, 409) },
      },
    },
    async (request, reply) => {
      const locale = requestLocale(request);
      const body = request.body;
      const staff = staffOf(request);
      const { priced, customer, negotiated } = await priceStaffQuote(
        body,
        await pricingOptions(request, context, options, locale),
      );
      const send = body.send !== false;
      const created = await createQuote(database, {
        source: 'staff',
        // The buyer's language: Swedish for buyers in Sweden, as the shop writes to them.
        language: customer.country === 'SE' ? 'sv' : 'en',
        customer,
        priced,
        status: send ? 'sent' : 'draft',
        createdBy: staff.id,
        audit: (tx, stored) =>
          recordAudit(tx, {
            staffId: staff.id,
            action: 'quote',
            target: stored.quoteNumber,
            after: { version: 1, sent: send, negotiated, freeLines: body.freeLines.length },
          }),
      });
      if (send) options.onQueued?.();
      return reply
        .code(201)
        .header('cache-control', 'no-store')
        .send(createdAnswer(created, priced.validUntil));
    },
  );
}

/** PATCH /api/admin/quotes/:number: a draft rewritten, a sent quote's new version. */
function registerAdminRevise({ api, database, context, options }: QuoteRouteDeps): void {
  api.patch(
    '/api/admin/quotes/:number',
    {
      schema: {
        summary: 'Change a quote: a draft is rewritten, a sent quote gets a new version, emailed again',
        params: quoteNumberParams,
        body: staffQuoteBody,
        response: { 200: revisedQuoteSchema, ...refusals(400, 404, 409) },
      },
    },
    async (request, reply) => {
      const locale = requestLocale(request);
      const quote = await findQuoteByNumber(database, request.params.number);
      if (!quote) return notFound(request, reply);
      const body = request.body;
      const staff = staffOf(request);
      const { priced, customer, negotiated } = await priceStaffQuote(
        body,
        await pricingOptions(request, context, options, locale),
      );
      const before = await currentVersion(database.db, quote);
      const { version } = await reviseQuote(
        database,
        quote,
        {
          customer,
          priced,
          audit: (tx, version) =>
            recordAudit(tx, {
              staffId: staff.id,
              action: 'quote',
              target: quote.quoteNumber,
              before: { version: before.version, total: before.totalAmount },
              after: { version, negotiated, freeLines: body.freeLines.length },
            }),
        },
        locale,
      );
      options.onQueued?.();
      const after = await versionOf(database.db, quote.id, version);
      return reply.send({
        quoteNumber: quote.quoteNumber,
        version,
        total: after.totalAmount,
        validUntil: after.validUntil,
      });
    },
  );
}

/** POST /api/admin/quotes/:number/send: a draft emailed to the buyer. */
function registerAdminSend({ api, database, options }: QuoteRouteDeps): void {
  api.post(
    '/api/admin/quotes/:number/send',
    {
      schema: {
        summary: 'Send a draft quote to the buyer by email',
        params: quoteNumberParams,
        response: { 200: sentQuoteSchema, ...refusals(404, 409) },
      },
    },
    async (request, reply) => {
      const locale = requestLocale(request);
      const quote = await findQuoteByNumber(database, request.params.number);
      if (!quote) return notFound(request, reply);
      const staff = staffOf(request);
      await sendQuote(database, quote, locale, (tx) =>
        recordAudit(tx, {
          staffId: staff.id,
          action: 'quote',
          target: quote.quoteNumber,
          after: { sent: quote.currentVersion },
        }),
      );
      options.onQueued?.();
      return reply.send({ quoteNumber: quote.quoteNumber, status: 'sent' as const });
    },
  );
}
