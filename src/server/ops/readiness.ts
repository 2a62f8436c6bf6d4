import { sql } from 'drizzle-orm';
import type { Database } from '@/server/db/client';

/** How long /readyz waits for each dependency before calling it unavailable. */
const PROBE_MS = 2_000;

/** A service this instance needs to serve orders, and how to ask whether it answers. */
export interface Dependency {
  /** As /readyz names it: "database", "upload store". */
  name: string;
  probe(): Promise<unknown>;
}

export type ReadinessAnswer =
  | { ready: true }
  | { ready: false; reason: 'starting' | 'shutting down' }
  | { ready: false; reason: `${string} unavailable`; failing: string[] };

interface Logger {
  warn(details: object, message: string): void;
}

/**
 * Whether this instance should get traffic: its migrations are applied, its database and upload
 * store answer, and it is not shutting down. A load balancer polls /readyz and drains an instance
 * that answers 503.
 */
export class Readiness {
  private migrated = false;
  private shuttingDown = false;
  private readonly dependencies: Dependency[];
  /** The dependencies the last check found failing, so a change is logged once, not every poll. */
  private lastFailing = '';

  constructor(
    database: Database,
    others: Dependency[] = [],
    private readonly log?: Logger,
  ) {
    this.dependencies = [{ name: 'database', probe: () => database.db.execute(sql`SELECT 1`) }, ...others];
  }

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
    const results = await Promise.all(
      this.dependencies.map(async (dependency) => ({
        name: dependency.name,
        problem: await answersWithin(() => dependency.probe(), PROBE_MS),
      })),
    );
    const failing = results.filter((result) => result.problem !== undefined);
    const summary = failing.map((result) => `${result.name}: ${result.problem ?? ''}`).join('; ');
    if (summary !== this.lastFailing) {
      this.log?.warn(
        { failing: Object.fromEntries(failing.map((result) => [result.name, result.problem])) },
        summary === '' ? 'ready again: every dependency answers' : `not ready: ${summary}`,
      );
      this.lastFailing = summary;
    }
    const [first] = failing;
    if (!first) return { ready: true };
    return {
      ready: false,
      reason: `${first.name} unavailable`,
      failing: failing.map((result) => result.name),
    };
  }
}

/** Undefined when `probe` succeeds within `ms`; else why not (its error's message, or the timeout). */
async function answersWithin(probe: () => Promise<unknown>, ms: number): Promise<string | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(`no answer within ${ms} ms`), ms);
  });
  const answer = probe().then(
    () => undefined,
    (error: unknown) => describeFailure(error),
  );
  try {
    return await Promise.race([answer, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function describeFailure(error: unknown): string {
  if (!(error instanceof Error)) return 'failed';
  const code = (error as { code?: unknown }).code;
  // A query's message may list its parameters; a probe has none, but keep to the first line.
  const message = (error.message.split('\n')[0] ?? '') || error.name;
  return typeof code === 'string' && !message.includes(code) ? `${message} (${code})` : message;
}
