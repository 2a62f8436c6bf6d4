import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where upload bytes live. The database holds the metadata; swapping this implementation (for
 * object storage, say) leaves the routes and the metadata untouched.
 */
export interface UploadStorage {
  /** Stores the bytes under `id`, atomically: readers see all of them or nothing. */
  put(id: string, bytes: Uint8Array): Promise<void>;
  /** The stored bytes as a stream with their length, or undefined when there is nothing. */
  open(id: string): Promise<{ stream: Readable; size: number } | undefined>;
  remove(id: string): Promise<void>;
}

/** Files under one folder (DATA_DIR/uploads), spread over sub-folders by the id's first two characters. */
export class FileUploadStorage implements UploadStorage {
  constructor(private readonly root: string) {}

  private path(id: string): { dir: string; file: string } {
    const dir = join(this.root, id.slice(0, 2));
    return { dir, file: join(dir, id) };
  }

  async put(id: string, bytes: Uint8Array): Promise<void> {
    const { dir, file } = this.path(id);
    await mkdir(dir, { recursive: true });
    const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await writeFile(temporary, bytes, { flag: 'wx' });
      await rename(temporary, file);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
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
}
