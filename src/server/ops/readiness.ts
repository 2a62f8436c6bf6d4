import { sql } from 'drizzle-orm';
import type { Database } from '@/server/db/client';

/** How long /readyz waits for the database before calling it unavailable. */
const DATABASE_PROBE_MS = 2_000;

export type ReadinessAnswer =
  { ready: true } | { ready: false; reason: 'starting' | 'shutting down' | 'database unavailable' };

/**
 * Whether this instance should get traffic: its migrations are applied, its database answers, and
 * it is not shutting down. A load balancer polls /readyz and drains an instance that answers 503.
 */
export class Readiness {
  private migrated = false;
  private shuttingDown = false;

  constructor(private readonly database: Database) {}

  /** The app's migrations ran to the end (buildApp calls this after migrate()). */
  markMigrated(): void {
    this.migrated = true;
  }

  /** SIGTERM arrived: answer 503 from now on, while in-flight requests finish. */
  beginShutdown(): void {
    this.shuttingDown = true;
  }

  get isShuttingDown(): boolean {
    return this.shuttingDown;
  }

  async check(): Promise<ReadinessAnswer> {
    if (this.shuttingDown) return { ready: false, reason: 'shutting down' };
    if (!this.migrated) return { ready: false, reason: 'starting' };
    return (await this.databaseAnswers())
      ? { ready: true }
      : { ready: false, reason: 'database unavailable' };
  }

  private async databaseAnswers(): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), DATABASE_PROBE_MS);
    });
    const probe = this.database.db.execute(sql`SELECT 1`).then(
      () => true,
      () => false,
    );
    try {
      return await Promise.race([probe, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }
}
