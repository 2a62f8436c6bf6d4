import { build } from 'vite';

/** Builds the SPA once for all browser tests, into its own folder so `npm start`'s build is untouched. */
export default async function setup(): Promise<void> {
  await build({
    configFile: 'vite.config.ts',
    logLevel: 'warn',
    build: { outDir: '../../dist/e2e-client', emptyOutDir: true },
  });
  // The server renderer beside it (the server looks for <clientDir>-ssr).
  await build({
    configFile: 'vite.config.ts',
    logLevel: 'warn',
    build: { ssr: 'entry-server.tsx', outDir: '../../dist/e2e-client-ssr', emptyOutDir: true },
  });
}
