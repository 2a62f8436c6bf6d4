import type { FastifyBaseLogger } from 'fastify';
import { ConfigError, loadConfig, type Config } from './config';
import { buildApp } from './app';
import { openDatabase } from './db/client';
import { LogDestination } from './http/log-destination';
import { PRIVATE_UMASK, tightenDataDir } from './ops';
import { readDotEnv } from './production-settings';

/** DATA_DIR for the shop's user alone (ops/private-files.ts); says in the log what it changed. */
async function keepDataDirPrivate(dataDir: string, log: FastifyBaseLogger): Promise<void> {
  const tightened = await tightenDataDir(dataDir).catch((error: unknown) => {
    log.warn({ err: error }, 'DATA_DIR: could not check its permissions');
    return undefined;
  });
  if (!tightened) return;
  const { changed, refused } = tightened;
  if (changed > 0) log.info({ changed }, 'DATA_DIR: took group and other permissions off files and folders');
  if (refused.length > 0)
    log.warn(
      { refused: refused.slice(0, 20), count: refused.length },
      'DATA_DIR: could not make these private (another owner?): other users of this machine may read them',
    );
}

async function main(): Promise<void> {
  // Before anything is written: every file and folder this process (and its worker threads)
  // creates is the shop user's alone, whatever umask the shell or container gave.
  process.umask(PRIVATE_UMASK);
  readDotEnv();
  const config = loadConfig();
  const database = await openDatabase(config);
  // Never blocks on a slow or vanished log reader (see log-destination.ts).
  const logStream = new LogDestination();
  const app = await buildApp({ config, database, closeDatabase: true, logStream, serveBackups: true });
  // An existing DATA_DIR from before this rule, and PGlite's own files (it sets their modes itself).
  await keepDataDirPrivate(config.dataDir, app.log);

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    // /readyz answers 503 from now on, so a load balancer stops sending new requests here.
    app.readiness.beginShutdown();
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(
      () => {
        app.log.error('shutdown took too long, exiting');
        process.exit(1);
      },
      10_000 + config.shutdownDrainSeconds * 1000,
    );
    force.unref();
    // Keep listening while the load balancer notices (SHUTDOWN_DRAIN_SECONDS), then close: the
    // listener stops and in-flight requests finish.
    const drained = new Promise((resolve) => setTimeout(resolve, config.shutdownDrainSeconds * 1000));
    drained
      .then(() => app.close())
      // PGlite writes its statistics files as it closes, with modes of its own.
      .then(() => keepDataDirPrivate(config.dataDir, app.log))
      .then(
        // The last lines (this shutdown's) get a moment to reach the reader, never longer.
        () => logStream.flush(1_000).then(() => process.exit(0)),
        (error: unknown) => {
          app.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  const address = await app.listen({ port: config.port, host: config.host });
  // The one line an operator looks for, at the default level (warn) too; only error, fatal and
  // silent leave it out.
  if (!['error', 'fatal', 'silent'].includes(config.logLevel)) {
    app.log.child({}, { level: 'info' }).info(`listening on ${address} (${describeSetup(config)})`);
  }
}

/** Where this instance keeps its data and sends its mail, without any password or token. */
function describeSetup(config: Config): string {
  const hostAndPath = (url: string) => {
    const parsed = new URL(url);
    return `${parsed.host}${parsed.pathname === '/' ? '' : parsed.pathname}`;
  };
  const database = config.databaseUrl
    ? `PostgreSQL ${hostAndPath(config.databaseUrl)}`
    : `embedded PGlite in ${config.dataDir}/db`;
  const store = config.uploadStore;
  const uploads =
    store.kind === 's3'
      ? `s3 ${store.s3.bucket}${store.s3.prefix ? `/${store.s3.prefix}` : ''}${store.s3.endpoint ? ` at ${store.s3.endpoint}` : ''}`
      : store.kind === 'postgres'
        ? 'postgres'
        : `disk ${config.dataDir}/uploads`;
  const mail = config.smtpUrl ? `SMTP ${hostAndPath(config.smtpUrl)}` : `files in ${config.dataDir}/outbox`;
  return `database: ${database}, upload store: ${uploads}, mail: ${mail}`;
}

/**
 * A start that fails says why in one line (a bad setting lists each setting, one per line):
 * the stack only with LOG_LEVEL=debug or trace, for whoever debugs the shop itself.
 */
main().catch((error: unknown) => {
  const verbose = ['debug', 'trace'].includes(process.env.LOG_LEVEL?.trim() ?? '');
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else if (verbose) {
    console.error('Could not start the shop:', error);
  } else {
    console.error(`Could not start the shop: ${oneLineCause(error)}`);
  }
  process.exit(1);
});

/** The error's message and code, and its causes' (a failed connection wraps ECONNREFUSED). */
function oneLineCause(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current !== undefined && depth < 4; depth += 1) {
    if (current instanceof Error) {
      const code = (current as { code?: unknown }).code;
      const message = current.message || current.constructor.name;
      parts.push(typeof code === 'string' && !message.includes(code) ? `${message} (${code})` : message);
      // A refused connection to a host with several addresses: the first attempt's reason.
      current = current instanceof AggregateError && !current.message ? current.errors[0] : current.cause;
    } else {
      parts.push(typeof current === 'string' ? current : 'a non-Error value');
      current = undefined;
    }
  }
  return parts
    .join(': ')
    .split('\n')
    .map((line) => line.trim())
    .join(' ');
}
