import { ConfigError, loadConfig } from './config';
import { backup, restore } from './ops';
import { readDotEnv } from './production-settings';

/**
 * `npm run backup -- <file>` / `npm run restore -- <file>` (built to dist/server/ops-cli.js).
 * Reads DATA_DIR (and DATABASE_URL) from the environment like the shop does.
 */
async function run(command: string | undefined, file: string | undefined): Promise<void> {
  if ((command !== 'backup' && command !== 'restore') || !file) {
    throw new UsageError('usage: npm run backup -- <file.tar>   |   npm run restore -- <file.tar>');
  }
  readDotEnv();
  const config = loadConfig();
  if (config.databaseUrl) {
    throw new UsageError(
      'DATABASE_URL is set: the database is PostgreSQL. Back it up with pg_dump, and the uploads from their store (see the README).',
    );
  }
  if (config.uploadStore.kind !== 'disk') {
    throw new UsageError(
      `UPLOAD_STORE=${config.uploadStore.kind}: backups of the embedded database cover uploads on disk only (see the README).`,
    );
  }
  if (command === 'backup') {
    const summary = await backup(config.dataDir, file);
    console.log(
      `Backed up ${summary.orders} orders and ${summary.uploads} uploads from the ${summary.source} to ${file} (${summary.bytes} bytes).`,
    );
  } else {
    const restored = await restore(file, config.dataDir);
    console.log(
      `Restored ${restored.orders} orders and ${restored.uploads} uploads into ${config.dataDir}. Start the shop with this DATA_DIR.`,
    );
  }
}

class UsageError extends Error {}

run(process.argv[2], process.argv[3]).catch((error: unknown) => {
  const known = error instanceof UsageError || error instanceof ConfigError;
  console.error(
    known || !(error instanceof Error)
      ? String(error instanceof Error ? error.message : error)
      : `${command()} failed: ${error.message}`,
  );
  process.exit(known ? 2 : 1);
});

function command(): string {
  return process.argv[2] === 'restore' ? 'Restore' : 'Backup';
}
