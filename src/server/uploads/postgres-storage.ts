import { Readable, Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { queryRows } from '@/server/db/query-rows';
import type { PendingWrite, UploadStorage } from './storage';

/** Bytes per row: large enough that a 50 MB file is 200 rows, small enough to hold two at a time. */
const CHUNK_BYTES = 256 * 1024;

const asBuffer = (value: unknown): Buffer =>
  Buffer.isBuffer(value) ? value : Buffer.from(value as Uint8Array);

/**
 * Upload bytes in PostgreSQL (UPLOAD_STORE=postgres, migrations/2700_upload_store.sql), so
 * instances that share a database need no shared disk. Written and read one chunk (256 KB) at a
 * time: a file is never whole in memory, on either side.
 */
export class PostgresUploadStorage implements UploadStorage {
  constructor(private readonly database: Database) {}

  async beginWrite(): Promise<PendingWrite> {
    const db = this.database.db;
    const [file] = await queryRows<{ key: string }>(
      db,
      sql`INSERT INTO upload_store_files DEFAULT VALUES RETURNING key::text AS key`,
    );
    if (!file) throw new Error('upload store: no file row');
    const key = Number(file.key);
    let seq = 0;
    let size = 0;
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let committed = false;
    const flush = async () => {
      if (pendingBytes === 0) return;
      const bytes = Buffer.concat(pending, pendingBytes);
      pending = [];
      pendingBytes = 0;
      await db.execute(
        sql`INSERT INTO upload_store_chunks (file_key, seq, bytes) VALUES (${key}, ${seq}, ${bytes})`,
      );
      seq++;
      size += bytes.length;
    };
    const stream = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        pending.push(chunk);
        pendingBytes += chunk.length;
        if (pendingBytes < CHUNK_BYTES) {
          callback();
          return;
        }
        flush().then(() => callback(), callback);
      },
      final(callback) {
        flush().then(
          () =>
            db
              .execute(sql`UPDATE upload_store_files SET size_bytes = ${size} WHERE key = ${key}`)
              .then(() => callback(), callback),
          callback,
        );
      },
    });
    return {
      stream,
      commit: async (id) => {
        await db.execute(sql`UPDATE upload_store_files SET upload_id = ${id} WHERE key = ${key}`);
        committed = true;
      },
      discard: async () => {
        if (committed) return;
        stream.destroy();
        await db.execute(sql`DELETE FROM upload_store_files WHERE key = ${key} AND upload_id IS NULL`);
      },
    };
  }

  async open(id: string): Promise<{ stream: Readable; size: number } | undefined> {
    const db = this.database.db;
    const [file] = await queryRows<{ key: string; size: string; chunks: number }>(
      db,
      sql`SELECT f.key::text AS key, f.size_bytes::text AS size,
                 (SELECT count(*)::int FROM upload_store_chunks c WHERE c.file_key = f.key) AS chunks
            FROM upload_store_files f WHERE f.upload_id = ${id}`,
    );
    if (!file) return undefined;
    const key = Number(file.key);
    let seq = 0;
    const stream = new Readable({
      // One chunk per read: the consumer's pace decides how fast rows are fetched.
      read() {
        if (seq >= file.chunks) {
          this.push(null);
          return;
        }
        const current = seq++;
        queryRows<{ bytes: unknown }>(
          db,
          sql`SELECT bytes FROM upload_store_chunks WHERE file_key = ${key} AND seq = ${current}`,
        ).then(
          ([row]) => {
            if (!row) this.destroy(new Error(`upload store: chunk ${current} of ${id} is missing`));
            else this.push(asBuffer(row.bytes));
          },
          (error: unknown) => this.destroy(error instanceof Error ? error : new Error(String(error))),
        );
      },
    });
    return { stream, size: Number(file.size) };
  }

  async remove(id: string): Promise<void> {
    await this.database.db.execute(sql`DELETE FROM upload_store_files WHERE upload_id = ${id}`);
  }

  /** The database's disk is the database's operator's to watch: no guard here. */
  freeBytes(): Promise<number> {
    return Promise.resolve(Number.MAX_SAFE_INTEGER);
  }

  /** The store's table answers (the database's own probe covers the connection). */
  async probe(): Promise<void> {
    await this.database.db.execute(sql`SELECT 1 FROM upload_store_files LIMIT 1`);
  }

  async removeAbandonedWrites(ageMs: number): Promise<number> {
    const removed = await queryRows<{ key: string }>(
      this.database.db,
      sql`DELETE FROM upload_store_files
           WHERE upload_id IS NULL AND created_at < now() - make_interval(secs => ${ageMs / 1000})
       RETURNING key::text AS key`,
    );
    return removed.length;
  }
}
