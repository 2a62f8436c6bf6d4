import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { access, constants, mkdir, readdir, rename, rm, stat, statfs } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';

/** Bytes being written: visible under an id only after commit; a discarded one leaves nothing. */
export interface PendingWrite {
  stream: Writable;
  /** Makes the written bytes readable under `id`, atomically. Call after `stream` finished. */
  commit(id: string): Promise<void>;
  /** Removes whatever was written. Safe to call more than once, or after commit (no-op then). */
  discard(): Promise<void>;
}

/**
 * Where upload bytes live. The database holds the metadata; swapping this implementation (for
 * object storage, say) leaves the routes and the metadata untouched.
 */
export interface UploadStorage {
  /** Starts writing a new file; nothing is readable until `commit`. */
  beginWrite(): Promise<PendingWrite>;
  /** The stored bytes as a stream with their length, or undefined when there is nothing. */
  open(id: string): Promise<{ stream: Readable; size: number } | undefined>;
  remove(id: string): Promise<void>;
  /** Free bytes where new uploads would go (the disk guard). */
  freeBytes(): Promise<number>;
  /** Housekeeping: deletes half-written files (a crash mid-upload) older than `ageMs`. */
  removeAbandonedWrites(ageMs: number): Promise<number>;
  /** Rejects when the store cannot be used now (readiness: /readyz); reads and writes nothing. */
  probe(): Promise<void>;
}

/** Files under one folder (DATA_DIR/uploads), spread over sub-folders by the id's first two characters. */
export class FileUploadStorage implements UploadStorage {
  /** Files being received: on the same file system as their final place, so commit is a rename. */
  private readonly incoming: string;

  constructor(private readonly root: string) {
    this.incoming = join(root, '.incoming');
  }

  private path(id: string): { dir: string; file: string } {
    const dir = join(this.root, id.slice(0, 2));
    return { dir, file: join(dir, id) };
  }

  async beginWrite(): Promise<PendingWrite> {
    // Buyers' files are for the shop's user only: folders 0700, files 0600 (ops/private-files.ts).
    await mkdir(this.incoming, { recursive: true, mode: 0o700 });
    const temporary = join(this.incoming, `${randomBytes(12).toString('hex')}.tmp`);
    const stream = createWriteStream(temporary, { flags: 'wx', mode: 0o600 });
    let committed = false;
    return {
      stream,
      commit: async (id) => {
        const { dir, file } = this.path(id);
        await mkdir(dir, { recursive: true, mode: 0o700 });
        await rename(temporary, file);
        committed = true;
      },
      discard: async () => {
        if (committed) return;
        stream.destroy();
        await rm(temporary, { force: true });
      },
    };
  }

  async open(id: string): Promise<{ stream: Readable; size: number } | undefined> {
    const { file } = this.path(id);
    try {
      const info = await stat(file);
      if (!info.isFile()) return undefined;
      return { stream: createReadStream(file), size: info.size };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async remove(id: string): Promise<void> {
    await rm(this.path(id).file, { force: true });
  }

  async freeBytes(): Promise<number> {
    await mkdir(this.root, { recursive: true, mode: 0o700 });
    const info = await statfs(this.root);
    return info.bavail * info.bsize;
  }

  /** The folder exists (or can be made) and the shop may write to it (a full or lost mount fails). */
  async probe(): Promise<void> {
    await mkdir(this.root, { recursive: true });
    await access(this.root, constants.W_OK);
  }

  async removeAbandonedWrites(ageMs: number): Promise<number> {
    let names: string[];
    try {
      names = await readdir(this.incoming);
    } catch {
      return 0;
    }
    let removed = 0;
    for (const name of names) {
      const file = join(this.incoming, name);
      const info = await stat(file).catch(() => undefined);
      if (info && Date.now() - info.mtimeMs > ageMs) {
        await rm(file, { force: true });
        removed++;
      }
    }
    return removed;
  }
}
