import { chmod, rm } from 'node:fs/promises';
import { createServer, type Socket } from 'node:net';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Database } from '@/server/db/client';
import type { BackupGate } from './backup-gate';

/** A backup that has not finished in this long (a client that hung) lets housekeeping go on. */
const BACKUP_TIMEOUT_MS = 30 * 60_000;

/**
 * Where the running shop takes backup requests: a Unix socket in DATA_DIR (mode 0600), so only
 * whoever may read the data folder anyway can ask for a copy of it.
 */
export function backupSocketPath(dataDir: string): string {
  return join(dataDir, 'backup.sock');
}

/**
 * The running shop's side of `npm run backup` (embedded database only; PostgreSQL: pg_dump). A
 * connection gets the database as one tar (PGlite's dump, taken between transactions), after which
 * the shop closes its side; until the client closes its own (it has linked the upload files the
 * dump lists), housekeeping deletes no upload. PGlite lives in this process, so nothing else can
 * read the database while the shop runs: the dump has to come from here.
 */
export function serveBackups(
  app: FastifyInstance,
  database: Database,
  dataDir: string,
  gate: BackupGate,
): void {
  const dump = database.dumpDataDir?.bind(database);
  if (!dump) return;
  const path = backupSocketPath(dataDir);
  const log = app.log.child({ module: 'backup' });
  const server = createServer({ allowHalfOpen: true }, (socket) => {
    void sendDump(socket, dump, gate).catch((error: unknown) => {
      log.error({ err: error instanceof Error ? error.message : String(error) }, 'backup failed');
      socket.destroy();
    });
  });
  server.on('error', (error) => log.error({ err: error.message }, 'backup socket failed'));
  app.addHook('onReady', async () => {
    // A socket file left by a process that died; nothing listens on it.
    await rm(path, { force: true });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(path, () => {
        server.off('error', reject);
        resolve();
      });
    });
    await chmod(path, 0o600);
  });
  app.addHook('preClose', async () => {
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      // A backup still running is cut off: the client reports it failed and keeps no archive.
      for (const socket of sockets) socket.destroy();
    });
    await rm(path, { force: true });
  });
  const sockets = new Set<Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
}

async function sendDump(socket: Socket, dump: () => Promise<Blob>, gate: BackupGate): Promise<void> {
  socket.on('error', () => undefined);
  // The socket may close (client gone) before the gate lets the backup in.
  let closed = false;
  const held: { release?: () => void } = {};
  socket.once('close', () => {
    closed = true;
    held.release?.();
  });
  held.release = await gate.holdForBackup();
  if (closed) {
    held.release();
    return;
  }
  socket.setTimeout(BACKUP_TIMEOUT_MS, () => socket.destroy());
  const tar = await dump();
  for await (const chunk of tar.stream()) {
    if (socket.destroyed) return;
    if (!socket.write(chunk)) await new Promise((resolve) => socket.once('drain', resolve));
  }
  socket.end();
}
