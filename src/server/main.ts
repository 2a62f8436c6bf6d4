import { ConfigError, loadConfig } from './config';
import { buildApp } from './app';
import { openDatabase } from './db/client';
import { LogDestination } from './http/log-destination';

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(config);
  // Never blocks on a slow or vanished log reader (see log-destination.ts).
  const logStream = new LogDestination();
  const app = await buildApp({ config, database, closeDatabase: true, logStream, serveBackups: true });

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
