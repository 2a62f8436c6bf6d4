import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { makePng } from '../helpers/png';
import { uploadImage as uploadPng } from '../helpers/print-files';
import { createPostgresDatabase, startServer, testDatabaseUrl, type TestServer } from '../helpers/server';

/** `npm run uploads:move -- --to=…` as the operator runs it (the CLI, from source). */
function moveUploads(
  env: Record<string, string>,
  to: string,
): Promise<{ code: number | null; output: string }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'src/server/ops-cli.ts', 'uploads:move', `--to=${to}`],
    {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, output })));
}

async function uploadImage(server: TestServer, shade: number): Promise<{ id: string; png: Buffer }> {
  const png = makePng(32 + shade, [shade * 40, 120, 200 - shade * 30]);
  return { id: (await uploadPng(server, png, `logo-${shade}.png`)).id, png };
}

describe.skipIf(!testDatabaseUrl)('moving uploads to another store (npm run uploads:move)', () => {
  it(
    'disk → postgres: every file copied and served by a shop on the new store; a second run copies only what is new',
    { timeout: 240_000 },
    async () => {
      const database = await createPostgresDatabase();
      const onDisk = await startServer({ databaseUrl: database.url });
      let onPostgres: TestServer | undefined;
      try {
        const images = [
          await uploadImage(onDisk, 1),
          await uploadImage(onDisk, 2),
          await uploadImage(onDisk, 3),
        ];
        const env = { DATABASE_URL: database.url, DATA_DIR: onDisk.dataDir, UPLOAD_STORE: 'disk' };

        const first = await moveUploads(env, 'postgres');
        expect(first.output).toContain('Copied 3 uploads from disk to postgres (0 already there); 0 missing');
        expect(first.code).toBe(0);

        // Interrupted or not, a second run finishes the job: only the new file is copied.
        images.push(await uploadImage(onDisk, 4));
        const second = await moveUploads(env, 'postgres');
        expect(second.output).toContain('Copied 1 uploads from disk to postgres (3 already there)');
        expect(second.code).toBe(0);

        onPostgres = await startServer({
          databaseUrl: database.url,
          env: { UPLOAD_STORE: 'postgres', DATABASE_URL: database.url },
        });
        for (const { id, png } of images) {
          const served = await fetch(`${onPostgres.url}/api/uploads/${id}`);
          expect(served.status).toBe(200);
          expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);
        }

        expect((await moveUploads({ ...env, UPLOAD_STORE: 'postgres' }, 'postgres')).output).toContain(
          'UPLOAD_STORE is already postgres',
        );
      } finally {
        await onPostgres?.close();
        await onDisk.close();
        await database.drop();
      }
    },
  );
});
