import type { FastifyBaseLogger } from 'fastify';
import { ConfigError, loadConfig } from './config';
import { buildApp } from './app';
import { openDatabase } from './db/client';
import { LogDestination } from './http/log-destination';
import { PRIVATE_UMASK, tightenDataDir } from './ops';

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

  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('Could not start the shop:', error);
  }
  process.exit(1);
});
