import { createHash, randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { uploadIdPattern, MAX_UPLOAD_BYTES } from '../../shared/uploads';
import type { Database } from '../db/client';
import { uploads, type UploadContentType } from '../db/uploads-schema';
import { detectImage } from './detect';
import type { UploadStorage } from './storage';

export interface UploadInfo {
  id: string;
  contentType: UploadContentType;
  size: number;
  sha256: string;
}

export type SaveResult =
  { ok: true; upload: UploadInfo } | { ok: false; reason: 'empty' | 'too-large' | 'svg' | 'not-image' };

/** 144 random bits, base64url: unguessable, and matches the customisation schema's id rule. */
export function newUploadId(): string {
  return randomBytes(18).toString('base64url');
}

/**
 * Checks the bytes are an image we accept and stores them with their metadata. Nothing is stored
 * for anything else. Bytes are written first and the row second, so a recorded id always has bytes.
 */
export async function saveUpload(
  database: Database,
  storage: UploadStorage,
  bytes: Uint8Array,
): Promise<SaveResult> {
  if (bytes.length === 0) return { ok: false, reason: 'empty' };
  if (bytes.length > MAX_UPLOAD_BYTES) return { ok: false, reason: 'too-large' };
  const detected = detectImage(bytes);
  if (detected.kind === 'svg') return { ok: false, reason: 'svg' };
  if (detected.kind !== 'image') return { ok: false, reason: 'not-image' };

  const upload: UploadInfo = {
    id: newUploadId(),
    contentType: detected.contentType,
    size: bytes.length,
    sha256: createHash('sha256').update(bytes).digest('hex'),
  };
  await storage.put(upload.id, bytes);
  try {
    await database.db.insert(uploads).values({
      id: upload.id,
      contentType: upload.contentType,
      sizeBytes: upload.size,
      sha256: upload.sha256,
    });
  } catch (error) {
    await storage.remove(upload.id).catch(() => undefined);
    throw error;
  }
  return { ok: true, upload };
}

export async function findUpload(database: Database, id: string): Promise<UploadInfo | undefined> {
  if (!uploadIdPattern.test(id)) return undefined;
  const [row] = await database.db.select().from(uploads).where(eq(uploads.id, id)).limit(1);
  return row && { id: row.id, contentType: row.contentType, size: row.sizeBytes, sha256: row.sha256 };
}

/**
 * The ids among `ids` that name no stored upload (each once, in first-seen order). The order
 * service uses it to refuse orders whose prints reference unknown uploads.
 */
export async function findMissingUploads(database: Database, ids: readonly string[]): Promise<string[]> {
  const unique = [...new Set(ids)];
  const candidates = unique.filter((id) => uploadIdPattern.test(id));
  const found = new Set<string>();
  if (candidates.length > 0) {
    const rows = await database.db
      .select({ id: uploads.id })
      .from(uploads)
      .where(inArray(uploads.id, candidates));
    for (const row of rows) found.add(row.id);
  }
  return unique.filter((id) => !found.has(id));
}
