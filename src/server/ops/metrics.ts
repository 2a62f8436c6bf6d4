import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '@/server/db/client';
import { outboxBacklog, type OutboxBacklog } from '@/server/email';
import { uploadBytes } from '@/server/uploads';

/** Seconds; from a cached catalogue read (~1 ms) to a slow upload. */
const LATENCY_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The shop's Prometheus metrics: per-route request counts and latencies, orders placed (this
 * instance), and, read from the database when scraped (so every instance reports the same shared
 * state), the outbox backlog and its oldest message's age, emails failing, upload bytes; the
 * database pool's use; Node's own (event-loop lag, memory, GC) from prom-client's defaults.
 */
export function createMetrics(database: Database): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  new Counter({
    name: 'shop_http_requests_total',
    help: 'HTTP requests answered, by route pattern (not the raw URL), method and status code',
    labelNames: ['route', 'method', 'status'],
    registers: [registry],
  });
  new Histogram({
    name: 'shop_http_request_duration_seconds',
    help: 'Time from request to response, by route pattern and method',
    labelNames: ['route', 'method'],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  new Counter({
    name: 'shop_orders_placed_total',
    help: 'Orders created by this instance (an idempotent retry is not counted again)',
    registers: [registry],
  });

  // One query for the three outbox gauges of a scrape: they are collected at the same time, so
  // they share the read in flight.
  let outboxRead: Promise<OutboxBacklog> | undefined;
  const outbox = () => {
    outboxRead ??= outboxBacklog(database).finally(() => {
      outboxRead = undefined;
    });
    return outboxRead;
  };
  new Gauge({
    name: 'shop_email_outbox_pending',
    help: 'Emails waiting in the outbox (every instance; read from the database)',
    registers: [registry],
    async collect() {
      const row = await outbox();
      this.set(row.pending);
    },
  });
  new Gauge({
    name: 'shop_email_outbox_oldest_age_seconds',
    help: 'Age of the oldest email still waiting in the outbox (0 when none waits)',
    registers: [registry],
    async collect() {
      const row = await outbox();
      this.set(row.oldestAgeSeconds);
    },
  });
  new Gauge({
    name: 'shop_emails_failed',
    help: 'Emails whose last attempt failed, waiting to be retried (SMTP down or refusing)',
    registers: [registry],
    async collect() {
      const row = await outbox();
      this.set(row.failing);
    },
  });
  new Gauge({
    name: 'shop_upload_bytes',
    help: 'Bytes of stored uploads, by whether an order, print file or proof has claimed them',
    labelNames: ['attached'],
    registers: [registry],
    async collect() {
      const bytes = await uploadBytes(database);
      this.set({ attached: 'true' }, bytes.attached);
      this.set({ attached: 'false' }, bytes.unattached);
    },
  });
  new Gauge({
    name: 'shop_db_pool_connections',
    help: 'Database connections of this instance by state (PGlite: one, always in use or idle)',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const use = database.poolUse();
      this.set({ state: 'total' }, use.total);
      this.set({ state: 'idle' }, use.idle);
      this.set({ state: 'waiting' }, use.waiting);
      this.set({ state: 'max' }, use.max);
    },
  });
  return registry;
}

/**
 * Mounts GET /metrics behind a bearer token (constant-time compare); without the right one it is
 * 404, as if it did not exist. Records every request's route pattern and duration.
 */
export function metricsRoutes(app: FastifyInstance, registry: Registry, token: string): void {
  const requests = registry.getSingleMetric('shop_http_requests_total') as Counter;
  const durations = registry.getSingleMetric('shop_http_request_duration_seconds') as Histogram;
  const orders = registry.getSingleMetric('shop_orders_placed_total') as Counter;
  app.addHook('onResponse', (request, reply, done) => {
    // The pattern ('/api/orders/:number'), never the URL: bounded label values, no tokens.
    const route = request.routeOptions.url ?? 'unmatched';
    const method = request.method;
    requests.inc({ route, method, status: String(reply.statusCode) });
    durations.observe({ route, method }, reply.elapsedTime / 1000);
    if (route === '/api/orders' && method === 'POST' && reply.statusCode === 201) orders.inc();
    done();
  });

  const expected = digest(`Bearer ${token}`);
  app.get('/metrics', async (request, reply) => {
    const given = digest(request.headers.authorization ?? '');
    if (!timingSafeEqual(given, expected)) {
      return reply.code(404).type('application/json').send({ error: 'Not found' });
    }
    const text = await registry.metrics();
    return reply.header('cache-control', 'no-store').type(registry.contentType).send(text);
  });
}

const digest = (text: string) => createHash('sha256').update(text).digest();
