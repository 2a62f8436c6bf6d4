import pg from 'pg';
import { loadOnce, summarise, type LoadRun, type LoadSummary } from './lib/load';
import { createDatabase } from './lib/postgres';
import { benchAdminPin, startShopServer, type RunningServer } from './lib/server';

export const adminBudget = { p95Ms: 50, orders: 1_000_000 };

export interface AdminEndpointResult {
  path: string;
  load: LoadSummary;
  budgetOk: boolean;
}

export type AdminResult =
  { skipped: string } | { orders: number; seedSeconds: number; endpoints: AdminEndpointResult[] };

/**
 * SQL for each orders column (0100_orders.sql), `g` being the row number from generate_series.
 * Spread over two years, all statuses, companies and individuals, 1–3 lines per order.
 */
const columnValues: Record<string, string> = {
  order_number: `'INV-' || (1700000000000 + g)`,
  invoice_seq: 'g',
  customer_type: `CASE WHEN g % 3 = 0 THEN 'personal' ELSE 'company' END`,
  customer_name: `'Kund ' || g`,
  customer_email: `'kund' || g || '@example.se'`,
  customer_phone: `'+46 70 ' || lpad((g % 10000000)::text, 7, '0')`,
  customer_organization: `CASE WHEN g % 3 = 0 THEN NULL ELSE 'Företag ' || (g % 5000) || ' AB' END`,
  customer_org_number: `CASE WHEN g % 3 = 0 THEN NULL ELSE '556036-0793' END`,
  customer_personal_number: `CASE WHEN g % 3 = 0 THEN '19900101-1234' ELSE NULL END`,
  customer_address: `'Storgatan ' || (g % 100) || ', 111 22 Stockholm, Sweden'`,
  delivery_address: `'Storgatan ' || (g % 100) || ', 111 22 Stockholm'`,
  country_code: `'SE'`,
  items: `jsonb_build_array(jsonb_build_object('productId', 'hoodie', 'name', 'Hoodie', 'quantity', 20 + g % 200, 'unitPrice', '114.375', 'lineTotal', ((20 + g % 200) * 114.375)::numeric(14, 2)::text))`,
  total_amount: `((20 + g % 200) * 114.375)::numeric(14, 2)`,
  ex_vat_amount: `((20 + g % 200) * 91.5)::numeric(14, 2)`,
  vat_amount: `((20 + g % 200) * 22.875)::numeric(14, 2)`,
  status: `(ARRAY['pending', 'paid', 'in_production', 'shipped', 'cancelled'])[1 + g % 5]`,
  status_changed_at: `now() - (g * interval '63 seconds')`,
  order_date: `now() - ((1000000 - g) * interval '63 seconds')`,
  idempotency_key: `'seed-' || g`,
  request_hash: `md5(g::text) || md5(g::text)`,
  access_token_hash: `md5('t' || g) || md5('t' || g)`,
};

/**
 * Fills `orders` with INSERT … SELECT generate_series: every column the bench knows, and none it
 * does not that has a default or may be null. A new required column stops the seed with its name.
 */
export async function seed(url: string, count: number): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const columns = await client.query<{
      column_name: string;
      is_nullable: string;
      column_default: string | null;
      is_identity: string;
    }>(
      `SELECT column_name, is_nullable, column_default, is_identity FROM information_schema.columns
       WHERE table_schema = 'public' AND table_name = 'orders' ORDER BY ordinal_position`,
    );
    const names: string[] = [];
    for (const column of columns.rows) {
      if (columnValues[column.column_name]) names.push(column.column_name);
      else if (
        column.is_nullable === 'NO' &&
        column.column_default === null &&
        column.is_identity !== 'YES'
      ) {
        throw new Error(
          `orders.${column.column_name} is required: give it a value in bench/admin.ts (columnValues)`,
        );
      }
    }
    await client.query(
      `INSERT INTO orders (${names.join(', ')}) SELECT ${names.map((n) => columnValues[n]).join(', ')} FROM generate_series(1, ${count}) AS g`,
    );
    await client
      .query(`UPDATE invoice_counter SET last_value = GREATEST(last_value, ${count})`)
      .catch(() => undefined);
    await client.query('VACUUM ANALYZE orders');
  } finally {
    await client.end();
  }
}

async function login(server: RunningServer): Promise<{ status: number; cookie: string | undefined }> {
  const response = await fetch(`${server.url}/api/admin-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ pin: benchAdminPin }),
  });
  await response.arrayBuffer();
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { status: response.status, cookie: cookie || undefined };
}

/** Dashboard stats and the first page of orders with 1 000 000 orders in PostgreSQL: p95 of each. */
export async function runAdmin(options: {
  postgresUrl: string | undefined;
  runs: number;
  seconds: number;
  orders?: number;
}): Promise<AdminResult> {
  if (!options.postgresUrl) return { skipped: 'skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL' };
  const count = options.orders ?? adminBudget.orders;
  const fresh = await createDatabase(options.postgresUrl, 'admin');
  try {
    let server = await startShopServer({ databaseUrl: fresh.url });
    try {
      const probe = await login(server);
      if (probe.status === 404) return { skipped: 'skipped: POST /api/admin-login not available' };
      const started = performance.now();
      await seed(fresh.url, count);
      const seedSeconds = Math.round((performance.now() - started) / 100) / 10;
      // A fresh server: nothing cached from before the seed.
      await server.stop();
      server = await startShopServer({ databaseUrl: fresh.url });
      const session = await login(server);
      if (session.status >= 300 || !session.cookie)
        throw new Error(`admin login answered ${session.status} without a session cookie`);
      const endpoints: AdminEndpointResult[] = [];
      for (const path of ['/api/admin/stats', '/api/admin/orders']) {
        const check = await fetch(server.url + path, { headers: { cookie: session.cookie } });
        await check.arrayBuffer();
        if (check.status === 404) return { skipped: `skipped: GET ${path} not available` };
        if (check.status !== 200) throw new Error(`GET ${path} answered ${check.status}`);
        // One admin at a time: latency, not throughput, is the budget.
        const options_ = {
          url: server.url + path,
          headers: { cookie: session.cookie },
          connections: 1,
          duration: options.seconds,
        };
        await loadOnce({ ...options_, duration: 1 });
        const runs: LoadRun[] = [];
        for (let i = 0; i < options.runs; i++) runs.push(await loadOnce(options_));
        const load = summarise(runs);
        endpoints.push({
          path,
          load,
          budgetOk: load.p95Ms < adminBudget.p95Ms && load.non2xx === 0 && load.errors === 0,
        });
      }
      return { orders: count, seedSeconds, endpoints };
    } finally {
      await server.stop();
    }
  } finally {
    await fresh.drop();
  }
}
