import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isKnownPage } from '../../shared/routes';

export interface Shell {
  send(request: FastifyRequest, reply: FastifyReply, status: number): FastifyReply;
}

/** The HTML shell, held in memory with its compressed forms: served for every page route. */
function loadShell(clientDir: string): Shell {
  const html = readFileSync(join(clientDir, 'index.html'));
  const brotli = brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } });
  const gzip = gzipSync(html, { level: 9 });
  return {
    send(request, reply, status) {
      const accepted = String(request.headers['accept-encoding'] ?? '');
      reply
        .code(status)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('vary', 'accept-encoding');
      if (/\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(brotli);
      if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(gzip);
      return reply.send(html);
    },
  };
}

/**
 * Serves the built SPA: hashed assets precompressed and cached for a year, the shell for every
 * known page, and the shell with HTTP 404 for unknown paths (the SPA renders its 404 page).
 * Returns undefined when the client has not been built (API-only tests).
 */
export async function serveSpa(app: FastifyInstance, clientDir: string): Promise<Shell | undefined> {
  if (!existsSync(join(clientDir, 'index.html'))) {
    app.log.warn({ clientDir }, 'client build not found: serving the API only (run npm run build)');
    return undefined;
  }
  const shell = loadShell(clientDir);
  await app.register(fastifyStatic, {
    root: clientDir,
    prefix: '/',
    wildcard: false,
    index: false,
    preCompressed: true,
    setHeaders(res, path) {
      const hashed = path.includes('/assets/');
      res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    },
  });
  app.get('/', (request, reply) => shell.send(request, reply, 200));
  return shell;
}

export function isPageRequest(request: FastifyRequest): boolean {
  return (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api/');
}

export function pageStatus(url: string): number {
  const pathname = url.split('?')[0] ?? '/';
  return isKnownPage(pathname) ? 200 : 404;
}
