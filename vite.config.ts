import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { pathAliases } from './path-aliases.ts';

export default defineConfig(({ isSsrBuild }) => ({
  root: 'src/client',
  publicDir: 'public',
  plugins: [react(), tailwindcss()],
  resolve: { alias: pathAliases },
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    target: 'es2022',
    assetsInlineLimit: 0,
    reportCompressedSize: false,
    // npm run bench follows each route's import graph in the manifest to size its first load.
    manifest: true,
    // Everything the entry imports statically goes into one chunk: the first visit loads it all
    // anyway, and left to itself the bundler splits it into some 35 small chunks shared with the
    // lazy pages, each compressed on its own and each paying for its imports and exports (about
    // 8 KB gzip more on the first visit to /). Lazy pages keep their own chunks. The HTML entry
    // stays a chunk of its own so the manifest still names it.
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            codeSplitting: {
              groups: [
                {
                  name: 'first-load',
                  tags: ['$initial'],
                  test: (id) => !/[\\/]index\.html$|[\\/]main\.tsx$/.test(id),
                },
              ],
            },
          },
        },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
}));
