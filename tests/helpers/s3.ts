import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

export interface TestS3 {
  /** The UPLOAD_STORE=s3 settings that reach it. */
  env: Record<string, string>;
  /** Where it keeps objects on disk (to check what it holds). */
  directory: string;
  close(): Promise<void>;
}

/** A real S3-compatible server (s3rver) on 127.0.0.1, one bucket, objects in a temporary folder. */
export async function startS3(bucket = 'shop-uploads'): Promise<TestS3> {
  const directory = mkdtempSync(join(tmpdir(), 'shop-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    env: {
      UPLOAD_STORE: 's3',
      S3_BUCKET: bucket,
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
      S3_PREFIX: 'shop/',
    },
    directory,
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
