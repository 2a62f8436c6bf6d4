import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { setCatalogue, type Product } from '@/shared/catalogue';
import {
  productFromRecord,
  recordOf,
  storedFromProduct,
  type ProductRecord,
  type StoredProduct,
} from '@/shared/catalogue-record';
import { seedCatalogue } from '@/shared/catalogue-seed';
import type { Database } from '@/server/db/client';
import { queryRows } from '@/server/db/query-rows';

/** One instance's copy of the catalogue at one version of the table. */
export interface CatalogueSnapshot {
  /** `<rows>.<sum of row versions>`: any save or added product changes it. */
  version: string;
  /** Every product, hidden ones too, in sort order (the admin list). */
  records: readonly ProductRecord[];
  /** The products on sale, in sort order. */
  onSale: readonly Product[];
  /** A product on sale; undefined for an unknown or hidden one. */
  find: (id: string) => Product | undefined;
  /** A product's record, hidden ones too. */
  record: (id: string) => ProductRecord | undefined;
  /** GET /api/products's body and its entity tag. */
  publicJson: string;
  etag: string;
}

interface CatalogueRow extends Record<string, unknown> {
  id: string;
  record: StoredProduct | string;
  visible: boolean;
  sort_order: number;
  version: number;
  updated_at: string;
}

function snapshotOf(version: string, rows: readonly CatalogueRow[]): CatalogueSnapshot {
  const records = rows.map((row) =>
    recordOf(typeof row.record === 'string' ? (JSON.parse(row.record) as StoredProduct) : row.record, {
      visible: row.visible,
      sortOrder: Number(row.sort_order),
      version: Number(row.version),
      updatedAt: row.updated_at,
    }),
  );
  const visible = records.filter((r) => r.visible);
  const onSale = visible.map(productFromRecord);
  const byId = new Map(onSale.map((p) => [p.id, p]));
  const recordById = new Map(records.map((r) => [r.id, r]));
  const publicJson = JSON.stringify(visible);
  return {
    version,
    records,
    onSale,
    find: (id) => byId.get(id),
    record: (id) => recordById.get(id),
    publicJson,
    etag: `W/"catalogue-${createHash('sha256').update(publicJson).digest('base64url').slice(0, 22)}"`,
  };
}

/** Longest a request waits for the catalogue's check when a copy exists to serve meanwhile. */
const WAIT_FOR_CHECK_MS = 1_000;

interface CatalogueLog {
  warn(details: object, message: string): void;
}

/**
 * The server's catalogue: the database's, cached per instance. Every price the server computes
 * (orders, the cart's prices through /api/products, server-rendered pages) reads it. The copy is
 * trusted for `checkMs`; after that one cheap query compares the table's version and reloads when
 * another instance saved a change, so every instance on one PostgreSQL follows within `checkMs`
 * without a restart. A save on this instance reloads at once (invalidate).
 *
 * When the database does not answer (an outage, a failover), pages and prices keep coming from
 * the last catalogue read: `staleSince` says since when, logged once as it starts and as it ends.
 */
export class CatalogueStore {
  private snapshot: CatalogueSnapshot | undefined;
  /** The last catalogue the database gave, kept through invalidate(), served while it is down. */
  private lastGood: CatalogueSnapshot | undefined;
  private checkedAt = 0;
  private pending: Promise<CatalogueSnapshot> | undefined;
  /** When the checks started failing (ms since the epoch); undefined while the database answers. */
  staleSince: number | undefined;

  constructor(
    private readonly database: Database,
    private readonly checkMs: number,
    private readonly log?: CatalogueLog,
  ) {}

  /** Writes the seed (SPEC's 17 products) into an empty table: the first start of a shop. */
  async seed(): Promise<void> {
    const { db } = this.database;
    const [count] = await queryRows<{ n: string }>(
      db,
      sql`SELECT count(*)::text AS n FROM catalogue_products`,
    );
    if (count && count.n !== '0') return;
    // One statement, so one transaction: another instance starting at the same moment sees none of
    // the seed or all of it (row by row, it read a table of 2 products and sold only those). Its
    // own insert of the same ids waits for this one to commit, then inserts nothing.
    const rows = seedCatalogue.map(
      (product, index) =>
        sql`(${product.id}, ${JSON.stringify(storedFromProduct(product))}::jsonb, ${(index + 1) * 10})`,
    );
    await db.execute(
      sql`INSERT INTO catalogue_products (id, record, sort_order) VALUES ${sql.join(rows, sql`, `)}
          ON CONFLICT (id) DO NOTHING`,
    );
  }

  /** Whether the cached copy may be used without asking the database. */
  isFresh(): boolean {
    return this.snapshot !== undefined && Date.now() - this.checkedAt < this.checkMs;
  }

  /**
   * The current catalogue, also set as the shared module's (src/shared/catalogue.ts) for the code
   * that reads it there (routes, delivery estimates, page rendering).
   */
  async current(): Promise<CatalogueSnapshot> {
    const cached = this.snapshot;
    if (cached && this.isFresh()) {
      setCatalogue(cached.onSale);
      return cached;
    }
    if (!this.pending) {
      const pending = this.refresh().then(
        (snapshot) => this.answered(snapshot),
        (error: unknown) => this.failed(error),
      );
      this.pending = pending.finally(() => {
        this.pending = undefined;
      });
      this.pending.catch(() => undefined);
    }
    const fallback = this.lastGood;
    const fresh = fallback
      ? await settledWithin(this.pending, WAIT_FOR_CHECK_MS, fallback)
      : await this.pending;
    setCatalogue(fresh.onSale);
    return fresh;
  }

  private answered(snapshot: CatalogueSnapshot): CatalogueSnapshot {
    this.lastGood = snapshot;
    if (this.staleSince !== undefined) {
      this.log?.warn(
        { staleForMs: Date.now() - this.staleSince },
        'catalogue: the database answers again; serving its catalogue',
      );
      this.staleSince = undefined;
    }
    return snapshot;
  }

  /** No catalogue yet: the error stands. Otherwise the last one serves until the next check. */
  private failed(error: unknown): CatalogueSnapshot {
    const last = this.lastGood;
    if (!last) throw error;
    if (this.staleSince === undefined) {
      this.staleSince = Date.now();
      this.log?.warn(
        { err: error },
        'catalogue: the database does not answer; serving the last catalogue read',
      );
    }
    this.snapshot = last;
    this.checkedAt = Date.now();
    return last;
  }

  /** The next read goes to the database (after a save on this instance). */
  invalidate(): void {
    this.checkedAt = 0;
    this.snapshot = undefined;
  }

  private async refresh(): Promise<CatalogueSnapshot> {
    const { db } = this.database;
    const [row] = await queryRows<{ n: string; v: string }>(
      db,
      sql`SELECT count(*)::text AS n, coalesce(sum(version), 0)::text AS v FROM catalogue_products`,
    );
    const version = `${row?.n ?? '0'}.${row?.v ?? '0'}`;
    const started = Date.now();
    if (this.snapshot?.version === version) {
      this.checkedAt = started;
      return this.snapshot;
    }
    const rows = await queryRows<CatalogueRow>(
      db,
      sql`SELECT id, record, visible, sort_order, version,
            to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS updated_at
          FROM catalogue_products ORDER BY sort_order, id`,
    );
    const snapshot = snapshotOf(version, rows);
    this.snapshot = snapshot;
    this.checkedAt = started;
    return snapshot;
  }
}

/** The promise's value if it settles within `ms`, else `fallback` (the promise runs on). */
async function settledWithin<T>(promise: Promise<T>, ms: number, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(fallback), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}
