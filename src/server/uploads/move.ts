import { createHash } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { queryRows } from '@/server/db/query-rows';
import type { UploadStorage } from './storage';

export interface MoveSummary {
  /** Copied now, and read back from the new store with the recorded checksum. */
  copied: number;
  /** Already in the new store with the recorded checksum (an earlier, interrupted run). */
  alreadyThere: number;
  /** Ids whose bytes the old store does not have, or has with another checksum: not copied. */
  missing: string[];
  corrupt: string[];
}

/**
 * Copies every upload's bytes from one store to another (`npm run uploads:move`), one file at a
 * time, streamed. Each copy is checked against the SHA-256 the uploads table recorded when the
 * file arrived, read back from the new store; a file already there with that checksum is skipped,
 * so an interrupted run is simply run again. The old store is left as it was.
 */
export async function moveUploads(
  database: Database,
  from: UploadStorage,
  to: UploadStorage,
  progress: (id: string, outcome: 'copied' | 'already there' | 'missing' | 'corrupt') => void = () =>
    undefined,
): Promise<MoveSummary> {
  const rows = await queryRows<{ id: string; sha256: string }>(
    database.db,
    sql`SELECT id, sha256 FROM uploads ORDER BY created_at, id`,
  );
  const summary: MoveSummary = { copied: 0, alreadyThere: 0, missing: [], corrupt: [] };
  for (const { id, sha256 } of rows) {
    const existing = await to.open(id);
    if (existing && (await sha256Of(existing.stream)) === sha256) {
      summary.alreadyThere += 1;
      progress(id, 'already there');
      continue;
    }
    const source = await from.open(id);
    if (!source) {
      summary.missing.push(id);
      progress(id, 'missing');
      continue;
    }
    // A copy an interrupted run left unfinished or wrong: replaced.
    if (existing) await to.remove(id);
    const hash = createHash('sha256');
    const pending = await to.beginWrite();
    try {
      await pipeline(source.stream, hashing(hash), pending.stream);
    } catch (error) {
      await pending.discard();
      throw error;
    }
    if (hash.digest('hex') !== sha256) {
      await pending.discard();
      summary.corrupt.push(id);
      progress(id, 'corrupt');
      continue;
    }
    await pending.commit(id);
    const written = await to.open(id);
    if (!written || (await sha256Of(written.stream)) !== sha256) {
      throw new Error(`upload ${id}: the copy in the new store does not read back with its checksum`);
    }
    summary.copied += 1;
    progress(id, 'copied');
  }
  return summary;
}

function hashing(hash: ReturnType<typeof createHash>): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      callback(null, chunk);
    },
  });
}

async function sha256Of(stream: Readable): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
