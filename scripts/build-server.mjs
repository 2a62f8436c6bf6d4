// Bundles the server into dist/server (dependencies stay external), copies its SQL migrations,
// and precompresses the client's text assets (brotli + gzip) so they are served without CPU cost.
import { cp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import { build } from 'esbuild';

await build({
  // The shop, its document worker threads (loaded by path next to main.js), and the backup/restore
  // commands (npm run backup, npm run restore).
  entryPoints: ['src/server/main.ts', 'src/server/document-worker.ts', 'src/server/ops-cli.ts'],
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
// Emptied first: a migration renamed or removed since the last build would otherwise still run.
await rm('dist/server/migrations', { recursive: true, force: true });
await cp('src/server/db/migrations', 'dist/server/migrations', { recursive: true });
await rm('dist/server/functions', { recursive: true, force: true });
await cp('src/server/db/functions', 'dist/server/functions', { recursive: true });

const compressible = /\.(js|css|html|svg|json|txt|xml|webmanifest)$/;
async function* walk(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else yield path;
  }
}
for await (const file of walk('dist/client')) {
  if (!compressible.test(file) || (await stat(file)).size < 512) continue;
  const content = await readFile(file);
  await writeFile(`${file}.br`, brotliCompressSync(content, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
  await writeFile(`${file}.gz`, gzipSync(content, { level: 9 }));
}
