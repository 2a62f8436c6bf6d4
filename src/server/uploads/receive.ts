import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { cleanDisplayName } from '@/shared/text';
import { typedFileName } from '@/shared/uploads';
import { translate } from '@/shared/i18n/define';
import { limitMessages } from '@/shared/i18n/messages/limits';
import type { AppContext } from '@/server/context';
import type { Config } from '@/server/config';
import { sendError } from '@/server/http/errors';
import { requestLocale } from '@/server/http/locale';
import { clientKey, returnAllowance, takeAllowance } from '@/server/http/throttle';
import { newUploadId, recordUpload, unattachedBytes, type UploadInfo } from './service';
import { PostgresUploadStorage } from './postgres-storage';
import { S3UploadStorage } from './s3-storage';
import { FileUploadStorage, type UploadStorage } from './storage';

/** How many first bytes a sniffer sees (fewer when the file is shorter). */
export const SNIFF_BYTES = 8192;

/** A sniffer's verdict on a file's first bytes: its real type, or a refusal the sender can act on. */
export type Sniffed =
  { accept: true; contentType: string } | { accept: false; status?: number; message: string };

/** Refuses a file while it is being rewritten (see ReceiveOptions.rewrite): status and the sender's message. */
export class UploadRefusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Turns an accepted file into what is stored, chunk by chunk (an SVG cleaned of anything that
 * could run or load). Either method may throw UploadRefusal to refuse the file.
 */
export interface Rewriter {
  write(chunk: Buffer): string | Buffer;
  end(): string | Buffer;
}

export interface ReceiveOptions {
  /** Recorded with the upload: 'image', 'print-file', 'proof', ... (lower-case letters and dashes). */
  purpose: string;
  /** Decides what the file is from its first SNIFF_BYTES bytes; the declared type and name are ignored. */
  sniff: (head: Uint8Array) => Sniffed;
  /** Largest accepted file, in bytes (as sent, and as stored after a rewrite). */
  maxBytes: number;
  /**
   * For files of some sniffed types, a rewriter whose output is stored instead of the bytes sent
   * (size and hash are the stored bytes'); undefined stores the file as it came.
   */
  rewrite?: (contentType: string) => Rewriter | undefined;
  /** The endpoint's words for: no file part, an empty file, a file above maxBytes. */
  messages: { noFile: string; empty: string; tooLarge: string };
  /**
   * Anonymous uploads (default) count against the sender's hourly allowance and the global cap on
   * unattached uploads. An admin's upload (a proof) passes false: it is attached at once anyway.
   */
  anonymous?: boolean;
}

const HOUR_SECONDS = 3600;

const storages = new WeakMap<Config, UploadStorage>();

/**
 * Storage for upload bytes, as UPLOAD_STORE says: DATA_DIR/uploads (disk), the database
 * (postgres, with DATABASE_URL) or an S3-compatible bucket (s3). One per app (its S3 client is reused).
 */
export function uploadStorageFor(context: Pick<AppContext, 'config' | 'database'>): UploadStorage {
  const { config, database } = context;
  let storage = storages.get(config);
  if (!storage) {
    storage =
      config.uploadStore.kind === 's3'
        ? new S3UploadStorage(config.uploadStore.s3)
        : config.uploadStore.kind === 'postgres'
          ? new PostgresUploadStorage(database)
          : new FileUploadStorage(join(config.dataDir, 'uploads'));
    storages.set(config, storage);
  }
  return storage;
}

/**
 * Multipart parsing for an encapsulated plugin that holds upload routes (it applies to that
 * plugin's routes only). The file size limit is per endpoint, given to receiveUpload.
 */
export async function enableUploads(scope: FastifyInstance): Promise<void> {
  await scope.register(multipart, {
    limits: { files: 1, fields: 8, parts: 9, fieldSize: 1024, headerPairs: 50 },
    throwFileSizeLimit: true,
  });
}

function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : undefined;
}

function refuse(reply: FastifyReply, status: number, message: string, retryAfterSeconds?: number) {
  if (retryAfterSeconds !== undefined) reply.header('retry-after', String(Math.ceil(retryAfterSeconds)));
  sendError(reply, status, message);
  return undefined;
}

/** The sender's file name for display: no folders, no control characters, bounded. */
export function cleanFileName(name: string | undefined): string | null {
  if (!name) return null;
  const base = name.split(/[/\\]/).pop() ?? '';
  // Control characters, lone surrogates and bidi/invisible formatting (which can disguise the
  // real extension) never reach the database, a header or a screen.
  const clean = cleanDisplayName(base);
  return clean === '' ? null : clean.slice(0, 200);
}

/** A cleaned name ending with an extension of the sniffed type (null stays null: no name sent). */
function typedName(name: string | null, contentType: string, purpose: string): string | null {
  return name === null ? null : typedFileName(name, contentType, purpose);
}

/**
 * Receives one file from a multipart request and stores it, or answers the request itself with a
 * clear 4xx/503 and stores nothing. The file streams through to a temporary file (never whole in
 * memory), its first bytes decide its type, and it becomes visible under a new id only when it
 * was complete and accepted. Answers the stored upload, or undefined when it already replied.
 *
 *   const upload = await receiveUpload(request, reply, context, { purpose: 'print-file', ... });
 *   if (!upload) return reply;
 */
export async function receiveUpload(
  request: FastifyRequest,
  reply: FastifyReply,
  context: AppContext,
  options: ReceiveOptions,
): Promise<UploadInfo | undefined> {
  const { config, database } = context;
  const limits = config.uploads;
  const storage = uploadStorageFor(context);
  const anonymous = options.anonymous ?? true;
  const t = translate(limitMessages, requestLocale(request));
  if (!request.isMultipart()) return refuse(reply, 400, options.messages.noFile);

  const declared = Number(request.headers['content-length']);
  const expected =
    Number.isSafeInteger(declared) && declared > 0 ? Math.min(declared, options.maxBytes) : options.maxBytes;

  if ((await storage.freeBytes()) - expected < limits.minFreeBytes) {
    request.log.warn('upload refused: disk nearly full');
    return refuse(reply, 503, t.uploadDiskFull, HOUR_SECONDS);
  }

  const filesBucket = `upload-files:${clientKey(request)}`;
  const bytesBucket = `upload-bytes:${clientKey(request)}`;
  if (anonymous) {
    if ((await unattachedBytes(database)) + expected > limits.unattachedMaxBytes) {
      request.log.warn('upload refused: unattached uploads at their global cap');
      return refuse(reply, 429, t.uploadBusy, HOUR_SECONDS);
    }
    const files = await takeAllowance(database.db, filesBucket, 1, limits.clientFilesPerHour, HOUR_SECONDS);
    if (!files.allowed) {
      return refuse(
        reply,
        429,
        t.uploadFiles({ minutes: Math.ceil(files.retryAfterSeconds / 60) }),
        files.retryAfterSeconds,
      );
    }
    const bytes = await takeAllowance(
      database.db,
      bytesBucket,
      expected,
      limits.clientBytesPerHour,
      HOUR_SECONDS,
    );
    if (!bytes.allowed) {
      await returnAllowance(database.db, filesBucket, 1);
      return refuse(
        reply,
        429,
        t.uploadBytes({ minutes: Math.ceil(bytes.retryAfterSeconds / 60) }),
        bytes.retryAfterSeconds,
      );
    }
  }

  let received = 0;
  const settle = async () => {
    // The reservation was the declared length; what did not arrive goes back to the sender.
    if (anonymous) await returnAllowance(database.db, bytesBucket, expected - Math.min(received, expected));
  };

  let part: Awaited<ReturnType<FastifyRequest['file']>>;
  try {
    part = await request.file({ limits: { fileSize: options.maxBytes } });
  } catch (error) {
    await settle();
    return refuseUnreadable(request, reply, error, options);
  }
  if (!part) {
    await settle();
    return refuse(reply, 400, options.messages.noFile);
  }

  const pending = await storage.beginWrite();
  const sniffer = new SniffingStream(options.sniff, (chunk) => {
    received += chunk.length;
  });
  const storing = new StoringStream(() => {
    const verdict = sniffer.verdict;
    return verdict?.accept ? options.rewrite?.(verdict.contentType) : undefined;
  }, options.maxBytes);
  try {
    await pipeline(part.file, sniffer, storing, pending.stream);
  } catch (error) {
    await pending.discard();
    await settle();
    return refuseUnreadable(request, reply, error, options);
  }
  await settle();

  if (part.file.truncated || received > options.maxBytes || storing.tooLarge) {
    await pending.discard();
    return refuse(reply, 413, options.messages.tooLarge);
  }
  if (received === 0) {
    await pending.discard();
    return refuse(reply, 400, options.messages.empty);
  }
  const verdict = sniffer.verdict;
  if (!verdict?.accept) {
    await pending.discard();
    return refuse(reply, verdict?.status ?? 415, verdict?.message ?? options.messages.empty);
  }
  if (storing.refusal) {
    await pending.discard();
    return refuse(reply, storing.refusal.status, storing.refusal.message);
  }

  const upload: UploadInfo = {
    id: newUploadId(),
    contentType: verdict.contentType,
    size: storing.bytes,
    sha256: storing.sha256(),
    purpose: options.purpose,
    fileName: typedName(cleanFileName(part.filename), verdict.contentType, options.purpose),
  };
  // Bytes first, row second: a recorded id always has its bytes.
  try {
    await pending.commit(upload.id);
    await recordUpload(database, upload);
  } catch (error) {
    await pending.discard();
    await storage.remove(upload.id).catch(() => undefined);
    throw error;
  }
  return upload;
}

function refuseUnreadable(
  request: FastifyRequest,
  reply: FastifyReply,
  error: unknown,
  options: ReceiveOptions,
) {
  const code = errorCode(error);
  const t = translate(limitMessages, requestLocale(request));
  if (code === 'FST_REQ_FILE_TOO_LARGE') return refuse(reply, 413, options.messages.tooLarge);
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return refuse(reply, 413, t.uploadOneFile);
  }
  request.log.info({ code }, 'unreadable upload');
  return refuse(reply, 400, t.uploadUnreadable);
}

/**
 * Passes a file through while keeping only its first SNIFF_BYTES in memory: once those are in,
 * the sniffer decides; a refused file is read to its end (so the request completes) but nothing
 * more is written.
 */
class SniffingStream extends Transform {
  verdict: Sniffed | undefined;
  private head: Buffer[] = [];
  private headLength = 0;

  constructor(
    private readonly sniff: (head: Uint8Array) => Sniffed,
    private readonly onChunk: (chunk: Buffer) => void,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.onChunk(chunk);
    if (this.verdict) {
      if (this.verdict.accept) this.push(chunk);
      return callback();
    }
    this.head.push(chunk);
    this.headLength += chunk.length;
    if (this.headLength >= SNIFF_BYTES) this.decide();
    callback();
  }

  override _flush(callback: TransformCallback): void {
    if (!this.verdict && this.headLength > 0) this.decide();
    callback();
  }

  private decide(): void {
    const head = Buffer.concat(this.head);
    this.head = [];
    this.verdict = this.sniff(head.subarray(0, SNIFF_BYTES));
    if (this.verdict.accept) this.push(head);
  }
}

/**
 * The bytes on their way to storage: passed through, or through the rewriter chosen when the first
 * accepted chunk arrives; counted and hashed as stored. A refusal or an output above `maxBytes`
 * stops the writing, and the rest of the request is read and dropped (so it completes).
 */
class StoringStream extends Transform {
  refusal: UploadRefusal | undefined;
  tooLarge = false;
  bytes = 0;
  private readonly hash = createHash('sha256');
  private rewriter: Rewriter | null | undefined;

  constructor(
    private readonly choose: () => Rewriter | undefined,
    private readonly maxBytes: number,
  ) {
    super();
  }

  sha256(): string {
    return this.hash.digest('hex');
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    if (this.rewriter === undefined) this.rewriter = this.choose() ?? null;
    const rewriter = this.rewriter;
    callback(this.step(() => (rewriter ? rewriter.write(chunk) : chunk)));
  }

  override _flush(callback: TransformCallback): void {
    const rewriter = this.rewriter;
    callback(rewriter ? this.step(() => rewriter.end()) : undefined);
  }

  /** Stores what `produce` answers; answers an unexpected error (the pipeline fails with it). */
  private step(produce: () => string | Buffer): Error | undefined {
    if (this.refusal || this.tooLarge) return undefined;
    let output: string | Buffer;
    try {
      output = produce();
    } catch (error) {
      if (error instanceof UploadRefusal) this.refusal = error;
      else return error instanceof Error ? error : new Error(String(error));
      return undefined;
    }
    const bytes = typeof output === 'string' ? Buffer.from(output) : output;
    if (bytes.length === 0) return undefined;
    this.bytes += bytes.length;
    if (this.bytes > this.maxBytes) {
      this.tooLarge = true;
      return undefined;
    }
    this.hash.update(bytes);
    this.push(bytes);
    return undefined;
  }
}
