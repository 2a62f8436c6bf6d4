import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Locale } from '@/shared/i18n/locale';
import { quoteMessages } from '@/shared/i18n/messages/quotes';
import { checkoutValidationMessages } from '@/shared/i18n/messages/checkout-validation';
import type { InvoiceCurrencyRate } from '@/shared/invoicing/invoice-currency';
import { quoteStatuses, type CreatedQuoteAnswer } from '@/shared/quotes';
import { textField } from '@/shared/text';
import { orderTokenHeader } from '@/shared/order-view';
import type { CatalogueContext } from '@/server/context';
import { sendError, sendValidationError } from '@/server/http/errors';
import { requestLocale } from '@/server/http/locale';
import { orderThrottle, orderTotalMessage } from '@/server/http/request-limits';
import { takeAllowancesInTurn } from '@/server/http/throttle';
import { sendPdf } from '@/server/invoicing';
import { OrderError, placeQuotedOrder } from '@/server/orders';
import { recordAudit, staffOf } from '@/server/staff';
import { quoteView, renderQuoteVersionPdf } from './document';
import {
  cartQuoteSchema,
  priceCartQuote,
  priceStaffQuote,
  staffQuoteSchema,
  type QuotePricingOptions,
} from './pricing';
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
  recordAcceptedOrder,
  reviseQuote,
  sendQuote,
  statusOf,
  storedQuotePdf,
  validUntilFor,
  versionOf,
} from './service';

interface QuoteRouteOptions {
  onQueued?: () => void;
  invoiceRate?: () => Promise<InvoiceCurrencyRate>;
}

interface NumberParams {
  Params: { number: string };
}

/** The buyer's token: the page sends it as a header; the PDF and emailed links carry it as ?token=. */
function quoteToken(request: FastifyRequest): string | undefined {
  const header = request.headers[orderTokenHeader];
  if (typeof header === 'string' && header !== '') return header;
  const query: unknown = request.query;
  const token = typeof query === 'object' && query !== null && 'token' in query ? query.token : undefined;
  return typeof token === 'string' && token !== '' ? token : undefined;
}

function refuse(reply: FastifyReply, error: unknown): FastifyReply {
  if (error instanceof QuoteError || error instanceof OrderError) {
    return reply.code(error.status).send({ error: error.message, fieldErrors: error.fieldErrors });
  }
  throw error;
}

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
    maxTotal: { kr: context.config.limits.orderMaxTotalSek, message: orderTotalMessage(request, context) },
    validUntil: validUntilFor(new Date(), context.config.quotes.validDays),
  }));
}

function acceptSchema(locale: Locale) {
  const t = quoteMessages[locale];
  const m = checkoutValidationMessages[locale];
  return z.object(
    {
      idempotencyKey: z
        .string({ error: m.idempotencyKey })
        .regex(/^[A-Za-z0-9_-]{16,100}$/, m.idempotencyKey),
      acceptedBy: textField({
        required: t.acceptedByRequired,
        min: [1, t.acceptedByRequired],
        max: [100, m.tooLong({ field: m.fieldName, max: 100 })],
        invalidCharacter: m.invalidCharacter,
      }),
      termsAccepted: z.literal(true, { error: t.termsRequired }),
      purchaseOrder: z.preprocess(
        (v) => (v === null ? undefined : v),
        textField({
          required: m.fillAll,
          max: [60, m.tooLong({ field: m.fieldPurchaseOrder, max: 60 })],
          invalidCharacter: m.invalidCharacter,
        }).optional(),
      ),
    },
    { error: t.invalidQuote },
  );
}

function declineSchema(locale: Locale) {
  const m = checkoutValidationMessages[locale];
  return z.object(
    {
      reason: z.preprocess(
        (v) => (v === null || v === '' ? undefined : v),
        textField({
          multiline: true,
          required: m.fillAll,
          max: [1000, m.tooLong({ field: quoteMessages[locale].declineReason, max: 1000 })],
          invalidCharacter: m.invalidCharacter,
        }).optional(),
      ),
    },
    { error: quoteMessages[locale].invalidQuote },
  );
}

/** The buyer's routes: a quote from the cart, its page's data and PDF, accepting and declining. */
export function quoteRoutes(
  app: FastifyInstance,
  context: CatalogueContext,
  options: QuoteRouteOptions = {},
): void {
  const { database } = context;

  app.post('/api/quotes', async (request, reply) => {
    const locale = requestLocale(request);
    const parsed = cartQuoteSchema(locale).safeParse(request.body ?? undefined);
    if (!parsed.success) return sendValidationError(reply, parsed.error, undefined, locale);
    // A quote takes the order allowances' shape in buckets of its own: a flood of quotes neither
    // floods the outbox and VIES nor uses up the buyer's orders.
    const throttle = orderThrottle(request, context, parsed.data.customer.email);
    const allowances = throttle.allowances.map((a) => ({ ...a, bucket: `quotes:${a.bucket}` }));
    const refusal = throttle.refusal(await takeAllowancesInTurn(database.db, allowances));
    if (refusal) {
      return reply
        .code(429)
        .header('retry-after', String(refusal.retryAfterSeconds))
        .send({ error: refusal.message, fieldErrors: {} });
    }
    try {
      const priced = await priceCartQuote(
        parsed.data,
        await pricingOptions(request, context, options, locale),
      );
      const created = await createQuote(database, {
        source: 'cart',
        language: locale,
        customer: parsed.data.customer,
        priced,
        status: 'sent',
        createdBy: null,
      });
      options.onQueued?.();
      const answer: CreatedQuoteAnswer = {
        quoteNumber: created.quoteNumber,
        accessToken: created.accessToken,
        total: created.totalAmount,
        validUntil: priced.validUntil,
      };
      return reply.code(201).header('cache-control', 'no-store').send(answer);
    } catch (error) {
      return refuse(reply, error);
    }
  });

  const notFound = (request: FastifyRequest, reply: FastifyReply) =>
    sendError(reply, 404, quoteMessages[requestLocale(request)].notFound);

  app.get<NumberParams>('/api/quotes/:number', async (request, reply) => {
    const token = quoteToken(request);
    const quote = await findQuoteForToken(database, request.params.number, token);
    if (!quote || !token) return notFound(request, reply);
    const version = await currentVersion(database.db, quote);
    return reply
      .header('cache-control', 'no-store')
      .send(quoteView(requestLocale(request), quote, version, context.config.seller, token));
  });

  // The PDF of the latest version, or of an earlier one (?version=): each is kept as it was sent.
  app.get<NumberParams & { Querystring: { version?: unknown; inline?: unknown } }>(
    '/api/quotes/:number/quote.pdf',
    async (request, reply) => {
      const quote = await findQuoteForToken(database, request.params.number, quoteToken(request));
      if (!quote) return notFound(request, reply);
      const asked = Number(request.query.version ?? quote.currentVersion);
      if (!Number.isSafeInteger(asked) || asked < 1 || asked > quote.currentVersion)
        return notFound(request, reply);
      const version = await versionOf(database.db, quote.id, asked);
      const pdf = await storedQuotePdf(database, version, () =>
        renderQuoteVersionPdf(quote, version, context.config.seller),
      );
      const name = asked === quote.currentVersion ? quote.quoteNumber : `${quote.quoteNumber}-v${asked}`;
      return sendPdf(reply, pdf, `${name}.pdf`, request.query.inline === '1');
    },
  );

  app.post<NumberParams>('/api/quotes/:number/accept', async (request, reply) => {
    const locale = requestLocale(request);
    const quote = await findQuoteForToken(database, request.params.number, quoteToken(request));
    if (!quote) return notFound(request, reply);
    const parsed = acceptSchema(locale).safeParse(request.body ?? undefined);
    if (!parsed.success) return sendValidationError(reply, parsed.error, undefined, locale);
    const { idempotencyKey, acceptedBy, purchaseOrder } = parsed.data;
    try {
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
        .send({
          orderNumber: placed.orderNumber,
          accessToken: placed.accessToken,
          total: placed.total,
          vatTreatment: placed.vatTreatment,
        });
    } catch (error) {
      return refuse(reply, error);
    }
  });

  app.post<NumberParams>('/api/quotes/:number/decline', async (request, reply) => {
    const locale = requestLocale(request);
    const quote = await findQuoteForToken(database, request.params.number, quoteToken(request));
    if (!quote) return notFound(request, reply);
    const parsed = declineSchema(locale).safeParse(request.body ?? {});
    if (!parsed.success) return sendValidationError(reply, parsed.error, undefined, locale);
    try {
      await declineQuote(database, quote, parsed.data.reason ?? '', locale);
      options.onQueued?.();
      return reply.code(200).send({ status: 'declined' });
    } catch (error) {
      return refuse(reply, error);
    }
  });
}

const listQuery = z.object({
  status: z.enum(quoteStatuses).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

/** Staff's quotes in admin: list, one, create, change (a new version once sent), send. */
export function quoteAdminRoutes(
  admin: FastifyInstance,
  context: CatalogueContext,
  options: QuoteRouteOptions = {},
): void {
  const { database } = context;

  admin.get('/api/admin/quotes', async (request, reply) => {
    const parsed = listQuery.safeParse(request.query);
    if (!parsed.success) return sendValidationError(reply, parsed.error, undefined, requestLocale(request));
    return reply
      .header('cache-control', 'no-store')
      .send({ quotes: await listQuotes(database, parsed.data) });
  });

  admin.get<NumberParams>('/api/admin/quotes/:number', async (request, reply) => {
    const quote = await findQuoteByNumber(database, request.params.number);
    if (!quote) return sendError(reply, 404, quoteMessages[requestLocale(request)].notFound);
    const version = await currentVersion(database.db, quote);
    return reply.header('cache-control', 'no-store').send({
      ...quoteView(requestLocale(request), quote, version, context.config.seller, ''),
      // Staff open the PDF through the admin's own route, never with a buyer's token.
      pdf: `/api/admin/quotes/${encodeURIComponent(quote.quoteNumber)}/quote.pdf`,
      status: statusOf(quote, version),
      source: quote.source,
      versions: quote.currentVersion,
      acceptedBy: quote.acceptedBy,
      declineReason: quote.declineReason,
    });
  });

  admin.get<NumberParams & { Querystring: { version?: unknown } }>(
    '/api/admin/quotes/:number/quote.pdf',
    async (request, reply) => {
      const quote = await findQuoteByNumber(database, request.params.number);
      if (!quote) return sendError(reply, 404, quoteMessages[requestLocale(request)].notFound);
      const asked = Number(request.query.version ?? quote.currentVersion);
      if (!Number.isSafeInteger(asked) || asked < 1 || asked > quote.currentVersion)
        return sendError(reply, 404, quoteMessages[requestLocale(request)].notFound);
      const version = await versionOf(database.db, quote.id, asked);
      const pdf = await storedQuotePdf(database, version, () =>
        renderQuoteVersionPdf(quote, version, context.config.seller),
      );
      return sendPdf(reply, pdf, `${quote.quoteNumber}-v${asked}.pdf`, true);
    },
  );

  admin.post('/api/admin/quotes', async (request, reply) => {
    const locale = requestLocale(request);
    const parsed = staffQuoteSchema(locale).safeParse(request.body ?? undefined);
    if (!parsed.success) return sendValidationError(reply, parsed.error, undefined, locale);
    const staff = staffOf(request);
    try {
      const { priced, customer, negotiated } = await priceStaffQuote(
        parsed.data,
        await pricingOptions(request, context, options, locale),
      );
      const send = parsed.data.send !== false;
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
            after: { version: 1, sent: send, negotiated, freeLines: parsed.data.freeLines.length },
          }),
      });
      if (send) options.onQueued?.();
      const answer: CreatedQuoteAnswer = {
        quoteNumber: created.quoteNumber,
        accessToken: created.accessToken,
        total: created.totalAmount,
        validUntil: priced.validUntil,
      };
      return reply.code(201).header('cache-control', 'no-store').send(answer);
    } catch (error) {
      return refuse(reply, error);
    }
  });

  admin.patch<NumberParams>('/api/admin/quotes/:number', async (request, reply) => {
    const locale = requestLocale(request);
    const quote = await findQuoteByNumber(database, request.params.number);
    if (!quote) return sendError(reply, 404, quoteMessages[locale].notFound);
    const parsed = staffQuoteSchema(locale).safeParse(request.body ?? undefined);
    if (!parsed.success) return sendValidationError(reply, parsed.error, undefined, locale);
    const staff = staffOf(request);
    try {
      const { priced, customer, negotiated } = await priceStaffQuote(
        parsed.data,
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
              after: { version, negotiated, freeLines: parsed.data.freeLines.length },
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
    } catch (error) {
      return refuse(reply, error);
    }
  });

  admin.post<NumberParams>('/api/admin/quotes/:number/send', async (request, reply) => {
    const locale = requestLocale(request);
    const quote = await findQuoteByNumber(database, request.params.number);
    if (!quote) return sendError(reply, 404, quoteMessages[locale].notFound);
    const staff = staffOf(request);
    try {
      await sendQuote(database, quote, locale, (tx) =>
        recordAudit(tx, {
          staffId: staff.id,
          action: 'quote',
          target: quote.quoteNumber,
          after: { sent: quote.currentVersion },
        }),
      );
      options.onQueued?.();
      return reply.send({ quoteNumber: quote.quoteNumber, status: 'sent' });
    } catch (error) {
      return refuse(reply, error);
    }
  });
}
