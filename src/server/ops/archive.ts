import {
  copyFile,
  link,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  writeFile,
} from 'node:fs/promises';
import { connect } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { create as createTar, extract as extractTar } from 'tar';
import { backupSocketPath } from './backup-socket';
import { PRIVATE_FILE_MODE, PRIVATE_FOLDER_MODE, tightenDataDir } from './private-files';

/**
 * `npm run backup -- <file>` and `npm run restore -- <file>` for the embedded database.
 *
 * The archive is one tar: `manifest.json`, `database.tar` (PGlite's dump of the whole database)
 * and `uploads/<xx>/<id>` (the files of exactly the uploads the dump lists). The dump comes from
 * the running shop over its backup socket (DATA_DIR/backup.sock): PGlite lives inside that process,
 * and it takes the dump between transactions, so an order is in it with its print files and
 * invoice numbers or not at all. The upload files are then hard-linked (a copy across file
 * systems) while the shop holds housekeeping back, so each upload in the dump has its file; a
 * file is never changed once written. With the shop stopped, the database files are read directly.
 *
 * The archive holds everything DATA_DIR does (personnummer, PIN hashes): it is written 0600, and a
 * restored DATA_DIR is 0700 with nothing in it for group or others (private-files.ts).
 */
export const ARCHIVE_FORMAT = 'bulk-print-shop-backup/1';

export interface BackupSummary {
  orders: number;
  uploads: number;
  bytes: number;
  /** 'running shop' (through its socket) or 'stopped shop' (the files directly). */
  source: 'running shop' | 'stopped shop';
}

interface Manifest {
  format: string;
  createdAt: string;
  orders: number;
  uploads: number;
}

const TAR_TYPE = 'application/x-tar';

/** Writes the archive to `file` (via `file.partial`, renamed when complete). */
export async function backup(dataDir: string, file: string): Promise<BackupSummary> {
  const root = resolve(dataDir);
  const target = resolve(file);
  // Inside DATA_DIR, so upload files can be hard-linked (same file system), never copied.
  const staging = await mkdtemp(join(root, '.backup-'));
  try {
    const session = await requestDump(root);
    let listed: { orders: number; uploadIds: string[] };
    try {
      await writeFile(join(staging, 'database.tar'), session.tar, { mode: PRIVATE_FILE_MODE });
      listed = await readSnapshot(session.tar);
      for (const id of listed.uploadIds) await linkUpload(root, staging, id);
    } finally {
      session.done();
    }
    const manifest: Manifest = {
      format: ARCHIVE_FORMAT,
      createdAt: new Date().toISOString(),
      orders: listed.orders,
      uploads: listed.uploadIds.length,
    };
    await writeFile(join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`, {
      mode: PRIVATE_FILE_MODE,
    });
    await mkdir(join(staging, 'uploads'), { recursive: true, mode: PRIVATE_FOLDER_MODE });
    await mkdir(dirname(target), { recursive: true, mode: PRIVATE_FOLDER_MODE });
    const partial = `${target}.partial`;
    // A partial file left by an earlier failed run keeps its old mode: start from none.
    await rm(partial, { force: true });
    await createTar({ file: partial, cwd: staging, portable: true, mode: PRIVATE_FILE_MODE }, [
      'manifest.json',
      'database.tar',
      'uploads',
    ]);
    await rename(partial, target);
    return {
      orders: listed.orders,
      uploads: listed.uploadIds.length,
      bytes: (await stat(target)).size,
      source: session.source,
    };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** The database's dump, from the running shop when one answers on its socket, else from its files. */
async function requestDump(
  root: string,
): Promise<{ tar: Buffer; done: () => void; source: BackupSummary['source'] }> {
  const socketPath = backupSocketPath(root);
  const fromShop = await new Promise<{ tar: Buffer; done: () => void } | undefined>(
    (resolvePromise, reject) => {
      const socket = connect({ path: socketPath, allowHalfOpen: true });
      const chunks: Buffer[] = [];
      let connected = false;
      socket.once('connect', () => (connected = true));
      socket.on('data', (chunk: Buffer) => chunks.push(chunk));
      socket.once('end', () => resolvePromise({ tar: Buffer.concat(chunks), done: () => socket.end() }));
      socket.once('error', (error: NodeJS.ErrnoException) => {
        // Nobody listens: the shop is not running (a socket file left by a crash is ECONNREFUSED).
        if (!connected && (error.code === 'ENOENT' || error.code === 'ECONNREFUSED'))
          resolvePromise(undefined);
        else reject(new Error(`the shop broke off the backup: ${error.message}`));
      });
      socket.once('close', () => {
        if (connected && chunks.length === 0)
          reject(new Error('the shop closed the backup without sending it'));
      });
    },
  );
  if (fromShop) return { ...fromShop, source: 'running shop' };
  const dbDir = join(root, 'db');
  if (!(await exists(join(dbDir, 'PG_VERSION')))) {
    throw new Error(`No embedded database in ${dbDir} (with DATABASE_URL, back up with pg_dump instead).`);
  }
  const database = await PGlite.create(dbDir, { extensions: { pg_trgm } });
  try {
    const dump = await database.dumpDataDir('none');
    return { tar: Buffer.from(await dump.arrayBuffer()), done: () => undefined, source: 'stopped shop' };
  } finally {
    await database.close();
  }
}

/** Opens the dump in memory (which also proves it is a working database) and lists what it holds. */
async function readSnapshot(tar: Buffer): Promise<{ orders: number; uploadIds: string[] }> {
  const database = await PGlite.create({
    loadDataDir: new Blob([new Uint8Array(tar)], { type: TAR_TYPE }),
    extensions: { pg_trgm },
  });
  try {
    const orders = await database.query<{ n: number }>('SELECT count(*)::int AS n FROM orders');
    const uploads = await database.query<{ id: string }>('SELECT id FROM uploads ORDER BY id');
    return { orders: orders.rows[0]?.n ?? 0, uploadIds: uploads.rows.map((row) => row.id) };
  } finally {
    await database.close();
  }
}

/** Upload files live at uploads/<first two characters of the id>/<id> (FileUploadStorage). */
const uploadPath = (root: string, id: string) => join(root, 'uploads', id.slice(0, 2), id);

async function linkUpload(root: string, staging: string, id: string): Promise<void> {
  const source = uploadPath(root, id);
  const target = uploadPath(staging, id);
  await mkdir(dirname(target), { recursive: true, mode: PRIVATE_FOLDER_MODE });
  try {
    await link(source, target);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT')
      throw new Error(`upload ${id} is in the database but its file is missing`, { cause: error });
    if (code !== 'EXDEV' && code !== 'EPERM') throw error;
    await copyFile(source, target);
  }
}

/**
 * Restores an archive into an empty (or absent) DATA_DIR: the database under DATA_DIR/db and the
 * upload files under DATA_DIR/uploads. Refuses a folder with anything in it, so a restore never
 * mixes with or overwrites a shop's data. Start the shop on the folder afterwards.
 */
export async function restore(file: string, dataDir: string): Promise<{ orders: number; uploads: number }> {
  const root = resolve(dataDir);
  const entries = await readdir(root).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  if (entries.length > 0) {
    throw new Error(`${root} is not empty: restore only into an empty DATA_DIR (nothing was changed).`);
  }
  await stat(file);
  await mkdir(root, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  try {
    // Only the archive's own names; tar refuses absolute paths and '..' by default.
    const allowed = (path: string) =>
      path === 'manifest.json' ||
      path === 'database.tar' ||
      path === 'uploads' ||
      path.startsWith('uploads/');
    await extractTar({ file, cwd: root, filter: (path) => allowed(path.replace(/^\.\//, '')) });
    const manifest = JSON.parse(await readFile(join(root, 'manifest.json'), 'utf8')) as Partial<Manifest>;
    if (manifest.format !== ARCHIVE_FORMAT) throw new Error(`${file} is not a backup of this shop.`);
    const tar = await readFile(join(root, 'database.tar'));
    const database = await PGlite.create(join(root, 'db'), {
      loadDataDir: new Blob([new Uint8Array(tar)], { type: TAR_TYPE }),
      extensions: { pg_trgm },
    });
    let orders: number;
    try {
      const counted = await database.query<{ n: number }>('SELECT count(*)::int AS n FROM orders');
      orders = counted.rows[0]?.n ?? 0;
    } finally {
      await database.close();
    }
    await rm(join(root, 'database.tar'));
    await rm(join(root, 'manifest.json'));
    // PGlite sets its files' modes itself, and an archive may carry looser ones than ours.
    await tightenDataDir(root);
    return { orders, uploads: manifest.uploads ?? 0 };
  } catch (error) {
    // The folder was empty: leave it so, rather than half restored.
    for (const name of await readdir(root)) await rm(join(root, name), { recursive: true, force: true });
    throw error;
  }
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}
