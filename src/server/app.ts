import { resolve } from 'node:path';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { productionAdminRoutes } from './production/routes';
import { accountRoutes, companyAdminRoutes, privacyAdminRoutes } from './accounts/routes';
import { reusableOrdersSql } from './accounts';
import { adminRoutes, staffOrderAdminRoutes } from './admin/routes';
import { CatalogueStore } from './catalogue';
import {
  catalogueAdminRoutes,
  catalogueRoutes,
  productPictureAdminRoutes,
  productPictureRoutes,
} from './catalogue/routes';
import type { Config } from './config';
import type { AppContext, CatalogueContext } from './context';
import { RatesProvider } from './currency';
import { currencyRoutes } from './currency/routes';
import type { Database } from './db/client';
import { migrate } from './db/migrate';
import { startEmailOutbox } from './email/worker';
import { ForegroundActivity } from './http/foreground';
import { configureDocumentWorkers } from './invoicing';
import { startHousekeeping } from './housekeeping';
import { installErrorHandlers, logErrorSerializer, sendError } from './http/errors';
import { installRouteContracts, openApiRoute } from './http/contract';
import { securityHeaders } from './http/security-headers';
import { serverTimeouts, slowBodyGuard } from './http/timeouts';
import {
  bookkeepingAdminRoutes,
  distanceSaleDecider,
  distanceSalesRoute,
  ledgerAdminRoutes,
  ledgerRoutes,
} from './ledger/routes';
import { receivablesAdminRoutes } from './receivables/routes';
import { logUrl } from './http/log-url';
import { requestIdGenerator, requestIdHeader } from './http/request-id';
import { orderLookupRoute, orderRoutes } from './orders/routes';
import { orderTalkAdminRoutes, orderTalkRoutes } from './order-talk/routes';
import { BackupGate, Readiness, serveBackups } from './ops';
import { OPS_PATHS, opsRoutes } from './ops/routes';
import { partnerRoutes } from './partners/routes';
import { addPrintFileRoute, printFileDownloadRoute, printFileRoutes } from './print-files/routes';
import { productionNeedsApprovedProof } from './proofs';
import { proofAdminRoutes, proofRoutes } from './proofs/routes';
import { quoteAdminRoutes, quoteRoutes } from './quotes/routes';
import { groupOrderRoutes } from './group-orders/routes';
import { reminderAdminRoutes } from './reminders/routes';
import { customerAdminRoutes, customerRegisterRoutes } from './customers/routes';
import { shopRoutes } from './shop/routes';
import { staffAdminRoutes } from './staff/routes';
import { isPageRequest, notFoundReportRoute, pageStatus, seoRoutes, serveSpa } from './spa';
import { uploadStorageFor } from './uploads';
import { uploadRoutes, uploadThumbnailRoute } from './uploads/routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether a load balancer should send this instance traffic (/readyz); main.ts ends it at SIGTERM. */
    readiness: Readiness;
  }
}

export interface AppOptions {
  config: Config;
  database: Database;
  /** Built SPA (vite build output). Default: dist/client under the working directory. */
  clientDir?: string;
  /** Close the database when the app closes (main process); tests may share one. */
  closeDatabase?: boolean;
  /** Answer `npm run backup` on DATA_DIR/backup.sock (the main process; embedded database only). */
  serveBackups?: boolean;
  /** Where log lines go (default stdout); tests read them to check what the server logs. */
  logStream?: { write(line: string): void };
}

/** Builds the whole app without listening, so tests can start it on a random port. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  configureDocumentWorkers(config.documentWorkers);
  const app = createServer(options);
  slowBodyGuard(app, config.http);
  requestIdHeader(app, '/assets/');
  // Before any route: the OpenAPI document collects routes as they are registered.
  await installRouteContracts(app);

  const readiness = new Readiness(
    database,
    [{ name: 'upload store', probe: () => uploadStorageFor({ config, database }).probe() }],
    app.log,
  );
  app.decorate('readiness', readiness);
  await migrate(database);
  readiness.markMigrated();
  reapIdleConnectionsWhileClosing(app);
  if (options.closeDatabase) app.addHook('onClose', () => database.close());
  await installSecurityHeaders(app);
  installErrorHandlers(app);

  const catalogue = new CatalogueStore(database, config.catalogueCheckMs, app.log);
  await catalogue.seed();
  await catalogue.current();
  keepCatalogueFresh(app, catalogue);
  const context: AppContext = { config, database };
  const catalogueContext: CatalogueContext = { ...context, catalogue };
  const foreground = countForegroundRequests(app);
  // First, so the metrics' request hook sees every route registered after it.
  opsRoutes(app, context, readiness);

  catalogueRoutes(app, catalogue);
  productPictureRoutes(app, context);
  shopRoutes(app, config);
  notFoundReportRoute(app);
  const rates = new RatesProvider(config.ratesUrl, app.log);
  currencyRoutes(app, { rates, countryHeader: config.countryHeader });
  // Domains register here: each gets the shared context.
  await app.register(uploadRoutes(context));
  await app.register(printFileRoutes(context));
  await registerAdmin(app, catalogueContext, rates);
  await app.register(proofRoutes(context, { onDecided: () => app.emailOutbox.kick() }));
  partnerRoutes(app, context);
  const backups = new BackupGate();
  startHousekeeping(app, context, backups);
  // The embedded database's backups (npm run backup) come through the running shop.
  if (options.serveBackups) serveBackups(app, database, config.dataDir, backups);
  const outbox = startEmailOutbox(app, context, foreground);
  await registerBuyerRoutes(app, catalogueContext, rates, () => outbox.kick());

  seoRoutes(app, { publicBaseUrl: config.publicBaseUrl });
  await serveThePages(app, options, catalogue);

  // Warm the rates cache so the first visitor does not wait for the service.
  app.addHook('onReady', () => {
    void rates.get();
  });
  return app;
}

/** Fastify with the shop's logging, limits, request ids, proxies and timeouts. */
function createServer(options: AppOptions): FastifyInstance {
  const { config } = options;
  return Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.cookie', 'req.headers.authorization', 'req.headers["x-order-token"]'],
      // The request line as Fastify logs it, with an order's access token taken out of the URL.
      serializers: {
        req: (request: FastifyRequest) => ({
          method: request.method,
          url: logUrl(request.url),
          host: request.host,
          remoteAddress: request.ip,
          remotePort: request.socket.remotePort,
        }),
        // Every logged error (Fastify's own too, such as a stream that failed mid-response) without
        // the parameters a failed query's message lists: searched names and personnummer.
        err: logErrorSerializer,
      },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    bodyLimit: 256 * 1024,
    // X-Request-Id from a trusted proxy, else a random UUID (not a per-process counter: ids from
    // several instances meet in one log).
    requestIdHeader: false,
    genReqId: requestIdGenerator(config.trustProxy),
    // A hop count trusts that many proxies nearest the shop (Fastify's own rule for a number).
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    // Lets a graceful shutdown finish in-flight requests while refusing new ones.
    return503OnClosing: true,
    // Starting is migrating and warming caches: on a loaded machine a plugin took longer than
    // Fastify's 10 s default and the start failed ("Plugin did not start in time"). A start that
    // is slow is still a start; one that hangs fails after two minutes.
    pluginTimeout: 120_000,
    forceCloseConnections: 'idle',
    // No connection keeps the server waiting without bound (slow headers, bodies, idle sockets).
    ...serverTimeouts(config.http),
  });
}

async function installSecurityHeaders(app: FastifyInstance): Promise<void> {
  await securityHeaders(
    app,
    {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          // Toast and dialog libraries inject small <style> elements; scripts stay strictly 'self'.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'"],
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
        },
      },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      // Same-origin only; a strict COEP would break opening invoices in a new window.
      crossOriginEmbedderPolicy: false,
    },
    '/assets/',
  );
}

/**
 * Every request sees the catalogue as the database holds it (checked at most every
 * CATALOGUE_CHECK_MS): a change saved on another instance applies without a restart. Health
 * and readiness never wait for it (a liveness probe must not depend on the database). While
 * the database does not answer, the last catalogue serves and the answer says since when.
 */
function keepCatalogueFresh(app: FastifyInstance, catalogue: CatalogueStore): void {
  app.addHook('onRequest', (request, reply, done) => {
    if (OPS_PATHS.has(request.routeOptions.url ?? '')) {
      done();
      return;
    }
    const markStale = () => {
      if (catalogue.staleSince !== undefined) {
        reply.header('x-catalogue-stale', `since ${new Date(catalogue.staleSince).toISOString()}`);
      }
    };
    if (catalogue.isFresh()) {
      void catalogue.current();
      markStale();
      done();
      return;
    }
    catalogue.current().then(
      () => {
        markStale();
        done();
      },
      (error: unknown) => done(error instanceof Error ? error : new Error(String(error))),
    );
  });
}

/**
 * Background work gives way to requests (the outbox waits for a gap in them): every request
 * counts, from its start until its response is done ('close' comes once, sent or cut off).
 */
function countForegroundRequests(app: FastifyInstance): ForegroundActivity {
  const foreground = new ForegroundActivity();
  app.addHook('onRequest', (_request, reply, done) => {
    foreground.requestStarted();
    reply.raw.once('close', () => foreground.requestFinished());
    done();
  });
  return foreground;
}

/** The admin: login, sessions and every domain's admin routes behind the session check. */
async function registerAdmin(app: FastifyInstance, catalogueContext: CatalogueContext, rates: RatesProvider) {
  const { catalogue: _catalogue, ...context } = catalogueContext;
  const onQueued = () => app.emailOutbox.kick();
  const invoiceRate = () => rates.invoiceRate();
  await adminRoutes(app, context, {
    onStatusChanged: onQueued,
    // In production only once the buyer has approved the latest proof.
    statusGuard: productionNeedsApprovedProof,
    domainRoutes: [
      (admin) => openApiRoute(admin, app),
      (admin) => ledgerAdminRoutes(admin, context, { onQueued }),
      (admin) => bookkeepingAdminRoutes(admin, context),
      (admin) => printFileDownloadRoute(admin, context),
      (admin) => uploadThumbnailRoute(admin, context),
      (admin) => admin.register(proofAdminRoutes(context, { onQueued })),
      (admin) => productionAdminRoutes(admin, context),
      (admin) => orderTalkAdminRoutes(admin, context, { onQueued }),
      (admin) => staffAdminRoutes(admin, context),
      (admin) => catalogueAdminRoutes(admin, catalogueContext),
      (admin) => admin.register(productPictureAdminRoutes(context)),
      (admin) => reminderAdminRoutes(admin, context, { onQueued }),
      (admin) => customerAdminRoutes(admin, context, { onQueued }),
      (admin) => companyAdminRoutes(admin, context),
      (admin) => privacyAdminRoutes(admin, context, { onQueued: () => app.emailOutbox.kick() }),
      (admin) => customerRegisterRoutes(admin, context),
      (admin) => admin.register(receivablesAdminRoutes(context, { onQueued })),
      (admin) =>
        staffOrderAdminRoutes(admin, catalogueContext, {
          onQueued,
          invoiceRate,
          distanceSalesInBuyerCountry: distanceSaleDecider(context),
        }),
      (admin) =>
        quoteAdminRoutes(admin, catalogueContext, {
          onQueued,
          invoiceRate,
          distanceSalesInBuyerCountry: distanceSaleDecider(context),
        }),
    ],
  });
}

/** What buyers call: orders, quotes, group orders, documents, print files, lookups and accounts. */
async function registerBuyerRoutes(
  app: FastifyInstance,
  catalogueContext: CatalogueContext,
  rates: RatesProvider,
  kickOutbox: () => void,
): Promise<void> {
  const { catalogue: _catalogue, ...context } = catalogueContext;
  const invoiceRate = () => rates.invoiceRate();
  orderRoutes(app, catalogueContext, {
    onCreated: kickOutbox,
    invoiceRate,
    distanceSalesInBuyerCountry: distanceSaleDecider(context),
    // An account's company may reuse its orders' files (decision 0077).
    reusableOrders: reusableOrdersSql,
  });
  quoteRoutes(app, catalogueContext, {
    onQueued: kickOutbox,
    invoiceRate,
    distanceSalesInBuyerCountry: distanceSaleDecider(context),
  });
  groupOrderRoutes(app, catalogueContext);
  ledgerRoutes(app, context);
  distanceSalesRoute(app, context);
  addPrintFileRoute(app, context, { onAdded: kickOutbox });
  orderLookupRoute(app, context, { onQueued: kickOutbox });
  orderTalkRoutes(app, context, { onQueued: kickOutbox });
  await app.register(accountRoutes(catalogueContext, { onQueued: kickOutbox }));
}

/** The built SPA, and every unknown path: the page shell with its status, or a JSON 404. */
async function serveThePages(app: FastifyInstance, options: AppOptions, catalogue: CatalogueStore) {
  const shell = await serveSpa(app, options.clientDir ?? resolve('dist/client'), {
    publicBaseUrl: options.config.publicBaseUrl,
    catalogue,
  });
  app.setNotFoundHandler((request, reply) => {
    const status = pageStatus(request.url);
    if (status === 404) request.log.info({ url: logUrl(request.url) }, 'not found');
    if (shell && isPageRequest(request)) return shell.send(request, reply, status);
    return sendError(reply, 404, 'Not found');
  });
}

/**
 * server.close() closes the keep-alive connections that are idle at that moment, once. A request
 * still in flight then (or whose parsing finishes a tick later) leaves its connection open after
 * the answer, holding the close for the keep-alive timeout (72 s). Reap again until it has closed.
 */
function reapIdleConnectionsWhileClosing(app: FastifyInstance): void {
  app.addHook('preClose', (done) => {
    if (app.server.listening) {
      const reaper = setInterval(() => app.server.closeIdleConnections(), 50);
      reaper.unref();
      app.server.once('close', () => clearInterval(reaper));
    }
    done();
  });
}
