import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { migrate } from './db/migrate';
import { backup, PRIVATE_UMASK, restore } from './ops';
import { readDotEnv } from './production-settings';
import { moveUploads, uploadStorageFor } from './uploads';

/**
 * `npm run backup -- <file>` / `npm run restore -- <file>` (built to dist/server/ops-cli.js).
 * Reads DATA_DIR (and DATABASE_URL) from the environment like the shop does.
 */
async function run(command: string | undefined, file: string | undefined): Promise<void> {
  // A backup holds everything DATA_DIR does: what this command writes is its user's alone.
  process.umask(PRIVATE_UMASK);
  if (command === 'uploads:move') return moveUploadsCommand(file);
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

/**
 * `npm run uploads:move -- --to=postgres|s3|disk`: copies every upload from the store the settings
 * name (UPLOAD_STORE) to another, verified by checksum and resumable (docs/operations.md). Then
 * set UPLOAD_STORE to the new store and start the shop.
 */
async function moveUploadsCommand(option: string | undefined): Promise<void> {
  const to = option?.startsWith('--to=') ? option.slice('--to='.length) : '';
  if (to !== 'disk' && to !== 'postgres' && to !== 's3') {
    throw new UsageError('usage: npm run uploads:move -- --to=postgres|s3|disk');
  }
  readDotEnv();
  const config = loadConfig();
  if (config.uploadStore.kind === to) {
    throw new UsageError(`UPLOAD_STORE is already ${to}: set it to the store the files are in now.`);
  }
  const target = loadConfig({ ...process.env, UPLOAD_STORE: to });
  const database = await openDatabase(config);
  try {
    await migrate(database);
    const from = uploadStorageFor({ config, database });
    const into = uploadStorageFor({ config: target, database });
    const summary = await moveUploads(database, from, into, (id, outcome) => {
      if (outcome !== 'copied' && outcome !== 'already there') console.error(`${id}: ${outcome}`);
    });
    console.log(
      `Copied ${summary.copied} uploads from ${config.uploadStore.kind} to ${to} (${summary.alreadyThere} already there); ${summary.missing.length} missing and ${summary.corrupt.length} with a wrong checksum in ${config.uploadStore.kind}.`,
    );
    if (summary.missing.length > 0 || summary.corrupt.length > 0) process.exitCode = 1;
  } finally {
    await database.close();
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
