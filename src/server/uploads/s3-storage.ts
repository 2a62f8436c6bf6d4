import { randomBytes } from 'node:crypto';
import { PassThrough, Readable } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  NoSuchKey,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3Settings } from '@/server/config';
import type { PendingWrite, UploadStorage } from './storage';

/**
 * Upload bytes in an S3-compatible object store (UPLOAD_STORE=s3, S3_* settings): `<prefix>uploads/<id>`,
 * written while the file arrives under `<prefix>incoming/<random>` (multipart upload, streamed,
 * 5 MB parts: at most a part or two in memory) and copied to its id at commit, so nothing is
 * readable under an id before it is complete and accepted.
 */
export class S3UploadStorage implements UploadStorage {
  private readonly client: S3Client;

  constructor(private readonly settings: S3Settings) {
    this.client = new S3Client({
      region: settings.region,
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
      forcePathStyle: settings.forcePathStyle,
      ...(settings.accessKeyId && settings.secretAccessKey
        ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
        : {}),
      // Checksums only where the API requires them: S3-compatible stores (MinIO, s3rver, Ceph)
      // do not all accept the newer streaming checksum trailers.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  private key(id: string): string {
    return `${this.settings.prefix}uploads/${id}`;
  }

  beginWrite(): Promise<PendingWrite> {
    const incoming = `${this.settings.prefix}incoming/${randomBytes(12).toString('hex')}`;
    const body = new PassThrough();
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.settings.bucket, Key: incoming, Body: body },
      queueSize: 1,
    });
    // A failed upload stops reading: fail the writer too, so the request's pipeline ends.
    const done = upload.done().catch((error: unknown) => {
      body.destroy(error instanceof Error ? error : new Error(String(error)));
      throw error;
    });
    done.catch(() => undefined);
    let committed = false;
    return Promise.resolve({
      stream: body,
      commit: async (id) => {
        await done;
        await this.client.send(
          new CopyObjectCommand({
            Bucket: this.settings.bucket,
            Key: this.key(id),
            CopySource: `${this.settings.bucket}/${encodeURIComponent(incoming).replace(/%2F/g, '/')}`,
          }),
        );
        committed = true;
        await this.delete(incoming).catch(() => undefined);
      },
      discard: async () => {
        if (committed) return;
        body.destroy();
        await upload.abort().catch(() => undefined);
        await done.catch(() => undefined);
        await this.delete(incoming).catch(() => undefined);
      },
    });
  }

  async open(id: string): Promise<{ stream: Readable; size: number } | undefined> {
    try {
      const answer = await this.client.send(
        new GetObjectCommand({ Bucket: this.settings.bucket, Key: this.key(id) }),
      );
      if (!(answer.Body instanceof Readable)) throw new Error('S3 answered a body that is not a stream');
      return { stream: answer.Body, size: answer.ContentLength ?? 0 };
    } catch (error) {
      if (error instanceof NoSuchKey) return undefined;
      if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) return undefined;
      throw error;
    }
  }

  async remove(id: string): Promise<void> {
    await this.delete(this.key(id));
  }

  private async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: key }));
  }

  /** An object store does not run out of space the way the embedded database's disk does. */
  freeBytes(): Promise<number> {
    return Promise.resolve(Number.MAX_SAFE_INTEGER);
  }

  /** The bucket exists and these credentials reach it (HeadBucket: no object is read). */
  async probe(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.settings.bucket }));
  }

  async removeAbandonedWrites(ageMs: number): Promise<number> {
    let removed = 0;
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.settings.bucket,
          Prefix: `${this.settings.prefix}incoming/`,
          ...(token ? { ContinuationToken: token } : {}),
        }),
      );
      for (const object of page.Contents ?? []) {
        if (object.Key && object.LastModified && Date.now() - object.LastModified.getTime() > ageMs) {
          await this.delete(object.Key);
          removed++;
        }
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return removed;
  }
}
