import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedOrders } from '@tests/helpers/seed-orders';
import { bothDatabases } from '@tests/helpers/both-databases';
import type { OrderStatus } from '@/shared/admin';
import type { Database } from '@/server/db/client';
import { listApplicationsQuery } from '@/server/partners';
import { statusHistoryQuery } from '@/server/orders';
import { orderDetailQuery } from './order-detail';
import { csvBatches, csvBatchQuery, csvBoundaryQuery } from './order-export';
import { listOrders, listOrdersQuery } from './order-list';
import type { Cursor } from './order-query';
import { statsQuery } from './order-stats';
import { containsPattern } from './search';
import { queryRows } from '@/server/db/query-rows';

/**
 * Every admin read on a seeded table: the plans PostgreSQL chooses (with statistics from ANALYZE)
 * never read orders sequentially, and the trigram search answers exactly what the former ILIKE over
 * the four fields answered. Enough rows that a sequential scan would be the cheaper plan for
 * anything an index does not serve.
 */
const ORDERS = { PGlite: 40_000, PostgreSQL: 60_000 };
const APPLICATIONS = 3_000;

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

function nodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodes)];
}

async function planOf(db: Database, query: SQL): Promise<PlanNode[]> {
  const [row] = await queryRows<Record<string, unknown>>(db.db, sql`EXPLAIN (FORMAT JSON) ${query}`);
  const raw = row ? Object.values(row)[0] : undefined;
  const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as [{ Plan: PlanNode }];
  return nodes(parsed[0].Plan);
}

/** The old search, kept here as the reference: ILIKE on each field. */
async function referenceSearch(db: Database, term: string, status?: OrderStatus): Promise<string[]> {
  const like = containsPattern(term);
  const rows = await queryRows<{ order_number: string }>(
    db.db,
    sql`SELECT order_number FROM orders
        WHERE (order_number ILIKE ${like} OR customer_name ILIKE ${like} OR customer_email ILIKE ${like}
               OR customer_organization ILIKE ${like}) AND ${status ? sql`status = ${status}` : sql`TRUE`}
        ORDER BY order_date DESC, id DESC`,
  );
  return rows.map((r) => r.order_number);
}

/** Every page of the admin list for a term, following the cursors. */
async function searchAllPages(db: Database, term: string, status?: OrderStatus): Promise<string[]> {
  const found: string[] = [];
  let cursor: Cursor | undefined;
  for (;;) {
    const page = await listOrders(db.db, { q: term, status }, cursor, 200);
    found.push(...page.orders.map((o) => o.orderNumber));
    if (!page.nextCursor) return found;
    const last = await queryRows<{ date: string; id: string }>(
      db.db,
      sql`SELECT to_char(order_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS date, id::text AS id
          FROM orders WHERE order_number = ${found.at(-1) ?? ''}`,
    );
    cursor = last[0];
  }
}

describe.each(bothDatabases())('admin queries on %s', (kind, open) => {
  let database: Database;
  let opened: { database: Database; drop(): Promise<void> };
  /** Row facts the terms below are made from. */
  let sample: { orderNumber: string; email: string; id: string; deepPage: Cursor };
  /** An order number that another order's organisation names. */
  let referencedOrderNumber: string;

  beforeAll(async () => {
    opened = await open();
    database = opened.database;
    await database.withConnection(async (exec) => {
      await seedOrders(exec, ORDERS[kind], { batch: 20_000 });
      await exec(
        `INSERT INTO partner_applications (company_name, org_number, contact_person, email, phone, address, city,
           postal_code, business_description, terms_accepted_at, created_at)
         SELECT 'Företag ' || i, '556036-0793', 'Kontakt ' || i, 'partner' || i || '@example.se', '0701234567',
           'Storgatan ' || i, 'Stockholm', '111 22', 'Vi trycker profilkläder åt föreningar i hela landet.', now(),
           now() - i * interval '1 hour'
         FROM generate_series(1, ${APPLICATIONS}) AS i`,
      );
      await exec(
        `INSERT INTO order_status_events (order_id, from_status, to_status)
         SELECT id, 'pending', 'in_production' FROM orders WHERE id % 10 = 0`,
      );
      // Every fifth order has a proof, every tenth an approved one: the list reads their state per row.
      await exec(
        `INSERT INTO uploads (id, content_type, size_bytes, sha256, purpose, attached_at)
         SELECT 'seed-proof-' || id, 'application/pdf', 1, repeat('0', 64), 'proof', now()
         FROM orders WHERE id % 5 = 0`,
      );
      await exec(
        `INSERT INTO order_proofs (order_id, version, upload_id)
         SELECT id, 1, 'seed-proof-' || id FROM orders WHERE id % 5 = 0`,
      );
      await exec(
        `INSERT INTO order_proof_decisions (proof_id, decision)
         SELECT id, 'approved' FROM order_proofs WHERE order_id % 10 = 0`,
      );
      await exec(
        'ANALYZE partner_applications, order_status_events, uploads, order_proofs, order_proof_decisions',
      );
    });
    const [row] = await queryRows<{ order_number: string; customer_email: string; id: string }>(
      database.db,
      sql`SELECT order_number, customer_email, id::text AS id FROM orders
          WHERE customer_type = 'personal' ORDER BY id OFFSET 12345 LIMIT 1`,
    );
    const [deep] = await queryRows<{ date: string; id: string }>(
      database.db,
      sql`SELECT to_char(order_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS date, id::text AS id
          FROM orders ORDER BY order_date DESC, id DESC OFFSET ${Math.min(50 * 999, ORDERS[kind] - 5_000)} LIMIT 1`,
    );
    if (!row || !deep) throw new Error('seed failed');
    sample = { orderNumber: row.order_number, email: row.customer_email, id: row.id, deepPage: deep };
    // Other orders the exact search for a whole email or order number must still find: the same
    // customer again, an address that ends with the sample's ("anna@x.se" is inside "johanna@x.se"), one whose domain goes on,
    // the address in someone's name, and an order number in an organisation's name.
    const [local, domain] = sample.email.split('@');
    await database.withConnection(async (exec) => {
      await exec(`UPDATE orders SET customer_email = '${sample.email}' WHERE id = ${Number(row.id) + 11}`);
      await exec(
        `UPDATE orders SET customer_email = '${local}@${domain}.example' WHERE id = ${Number(row.id) + 12}`,
      );
      await exec(
        `UPDATE orders SET customer_email = 'jo${local}@${domain}' WHERE id = ${Number(row.id) + 13}`,
      );
      await exec(
        `UPDATE orders SET customer_name = 'Kontakt ${sample.email.toUpperCase()}' WHERE id = ${Number(row.id) + 14}`,
      );
      await exec(
        `UPDATE orders SET customer_organization = 'Faktura ' || (SELECT lower(order_number) FROM orders WHERE id = ${Number(row.id) + 100})
         WHERE id = ${Number(row.id) + 15}`,
      );
      await exec('ANALYZE orders');
    });
    const [referenced] = await queryRows<{ order_number: string }>(
      database.db,
      sql`SELECT order_number FROM orders WHERE id = ${Number(row.id) + 100}`,
    );
    referencedOrderNumber = referenced?.order_number ?? '';
  }, 300_000);
  afterAll(() => opened.drop());

  it('no admin read scans orders (or partner applications) sequentially', async () => {
    const queries: [string, SQL, string[]][] = [
      ['stats', statsQuery(), []],
      ['first page', listOrdersQuery({}, undefined, 50), ['orders']],
      ['deep page (page 1 000 at 50 000 orders)', listOrdersQuery({}, sample.deepPage, 50), ['orders']],
      ['status filter', listOrdersQuery({ status: 'in_production' }, undefined, 50), ['orders']],
      ['status, deep page', listOrdersQuery({ status: 'shipped' }, sample.deepPage, 50), ['orders']],
      ['common term', listOrdersQuery({ q: 'johansson' }, undefined, 50), ['orders']],
      ['common term, deep page', listOrdersQuery({ q: 'johansson' }, sample.deepPage, 50), ['orders']],
      [
        'one match (a whole order number)',
        listOrdersQuery({ q: sample.orderNumber }, undefined, 50),
        ['orders_invoice_seq_key', 'orders_search_outliers_idx'],
      ],
      [
        'part of an order number',
        listOrdersQuery({ q: sample.orderNumber.slice(6, 12) }, undefined, 50),
        ['orders', 'orders_search_idx'],
      ],
      ['no match', listOrdersQuery({ q: 'qxzvyk' }, undefined, 50), ['orders', 'orders_search_idx']],
      [
        'a whole email',
        listOrdersQuery({ q: sample.email.toUpperCase() }, undefined, 50),
        ['orders_email_parts_idx', 'orders_search_outliers_idx'],
      ],
      ['an email domain', listOrdersQuery({ q: '@telia.com' }, undefined, 50), ['orders']],
      [
        'company',
        listOrdersQuery({ q: 'Gotlands Bryggeri' }, undefined, 50),
        ['orders', 'orders_search_idx'],
      ],
      ['å ä ö', listOrdersQuery({ q: 'Åsa Söderberg' }, undefined, 50), ['orders', 'orders_search_idx']],
      [
        'search + status',
        listOrdersQuery({ q: 'johansson', status: 'in_production' }, undefined, 50),
        ['orders'],
      ],
      [
        'rare term + status',
        listOrdersQuery({ q: 'Måleri', status: 'cancelled' }, undefined, 50),
        ['orders'],
      ],
      ['order detail', orderDetailQuery(sample.orderNumber), ['orders', 'orders_order_number_key']],
      ['status history', statusHistoryQuery(sample.id), ['order_status_events']],
      ['CSV batch', csvBatchQuery({}, undefined, 2000), ['orders']],
      ['CSV batch, deep', csvBatchQuery({}, sample.deepPage, 2000), ['orders']],
      ['CSV batch, search', csvBatchQuery({ q: 'lindqvist' }, sample.deepPage, 2000), ['orders']],
      ['CSV batch boundary', csvBoundaryQuery({}, sample.deepPage, 2000), ['orders']],
      [
        'CSV batch boundary, status',
        csvBoundaryQuery({ status: 'in_production' }, undefined, 2000),
        ['orders'],
      ],
      ['partner applications', listApplicationsQuery(undefined, 50), ['partner_applications']],
      [
        'partner applications, page 2',
        listApplicationsQuery(
          { date: new Date(Date.now() - 3600_000 * 60).toISOString().replace('Z', '000Z'), id: '1' },
          50,
        ),
        ['partner_applications'],
      ],
    ];
    for (const [name, query, indexed] of queries) {
      const plan = await planOf(database, query);
      const scans = plan.filter((n) => n['Node Type'] === 'Seq Scan').map((n) => n['Relation Name']);
      expect(scans, `${name}: sequential scans`).not.toContain('orders');
      expect(scans, `${name}: sequential scans`).not.toContain('partner_applications');
      // The list's proof state and approval day: per row through order_proofs' (order_id, version) index.
      expect(scans, `${name}: sequential scans`).not.toContain('order_proofs');
      expect(scans, `${name}: sequential scans`).not.toContain('order_proof_decisions');
      const used = new Set(plan.map((n) => n['Index Name']).filter(Boolean));
      // Each entry is a table (read through any of its indexes) or an index that must be used.
      for (const expected of indexed) {
        const indexes = await queryRows<{ indexname: string }>(
          database.db,
          sql`SELECT indexname FROM pg_indexes WHERE tablename = ${expected} OR indexname = ${expected}`,
        );
        expect(
          indexes.some((i) => used.has(i.indexname)),
          `${name}: read through ${expected} (plan used ${[...used].join(', ') || 'no index'})`,
        ).toBe(true);
      }
    }
  });

  it('search answers exactly what ILIKE over number, name, email and organisation answered', async () => {
    const terms: [string, string][] = [
      ['one match (an order number)', sample.orderNumber],
      ['one match, lower case', sample.orderNumber.toLowerCase()],
      ['many', 'johansson'],
      ['none', 'qxzvyk'],
      ['Swedish letters', 'Åsa'],
      ['Swedish letters, other case', 'ÖBERG'],
      ['Swedish letters inside a word', 'ägg'],
      ['an email (also inside four other orders)', sample.email],
      ['an email, upper case', sample.email.toUpperCase()],
      ['an email with a LIKE character', `${sample.email.split('@')[0]}_@${sample.email.split('@')[1]}`],
      ['a whole order number named by another order', referencedOrderNumber],
      ['a whole order number, lower case', referencedOrderNumber.toLowerCase()],
      ['the first digits of order numbers, whole-number form', sample.orderNumber.slice(0, 10)],
      ['an email domain', '@telia.com'],
      ['part of an order number', sample.orderNumber.slice(6, 12)],
      ['a company', 'Småland Måleri'],
      ['across two fields (never a match)', 'hansson karlsson'],
      ['LIKE characters taken literally', '100%_off'],
    ];
    for (const [name, term] of terms) {
      const expected = await referenceSearch(database, term);
      expect(await searchAllPages(database, term), name).toEqual(expected);
      if (name === 'many') expect(expected.length).toBeGreaterThan(500);
      if (name.startsWith('one match')) expect(expected).toHaveLength(1);
      if (name === 'none') expect(expected).toHaveLength(0);
      if (name.startsWith('an email') && !name.includes('LIKE'))
        expect(expected.length).toBeGreaterThanOrEqual(5);
      if (name.startsWith('a whole order number')) expect(expected).toHaveLength(2);
      if (name.startsWith('the first digits')) expect(expected).toContain(sample.orderNumber);
    }
    for (const status of ['in_production', 'cancelled'] as const) {
      const expected = await referenceSearch(database, 'lindberg', status);
      expect(expected.length).toBeGreaterThan(0);
      expect(await searchAllPages(database, 'lindberg', status), `lindberg + ${status}`).toEqual(expected);
    }
  });

  it('the export in small batches is the same text as in one, every matching order once', async () => {
    const exported = async (batchSize: number, parallel = 2) => {
      let text = '';
      for await (const lines of csvBatches(database, { q: 'lindberg' }, 'standard', {
        batchSize,
        parallel,
      }))
        text += lines;
      return text;
    };
    const whole = await exported(100_000);
    const [count] = await queryRows<{ n: string }>(
      database.db,
      sql`SELECT count(*)::text AS n FROM orders WHERE customer_name ILIKE '%lindberg%'
        OR customer_email ILIKE '%lindberg%' OR customer_organization ILIKE '%lindberg%'`,
    );
    expect(whole.split('\r\n').length - 1).toBe(Number(count?.n));
    expect(Number(count?.n)).toBeGreaterThan(40);
    // 7 does not divide the count: full batches, then a short last one.
    expect(await exported(7)).toBe(whole);
    // Exactly one whole batch: the batch after it is empty and ends the export.
    expect(await exported(Number(count?.n))).toBe(whole);
    // One batch at a time and three at once give the same text as the default two.
    expect(await exported(7, 1)).toBe(whole);
    expect(await exported(7, 3)).toBe(whole);
  });
});
