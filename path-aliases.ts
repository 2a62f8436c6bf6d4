import { fileURLToPath } from 'node:url';

/** `@/…` is `src/…`, `@tests/…` is `tests/…`: the same as tsconfig.json's `paths` (which esbuild and tsx read). */
export const pathAliases = [
  { find: /^@\//, replacement: fileURLToPath(new URL('./src/', import.meta.url)) },
  { find: /^@tests\//, replacement: fileURLToPath(new URL('./tests/', import.meta.url)) },
];
