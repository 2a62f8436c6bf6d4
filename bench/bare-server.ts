// A bare Node `http` server answering every request with the same status, headers and body as a
// recorded answer of the shop (file given as argv[2]): the ceiling for GET /api/products.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

interface Recorded {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const file = process.argv[2];
if (!file) throw new Error('usage: bare-server.ts <recorded-answer.json>');
const recorded = JSON.parse(readFileSync(file, 'utf8')) as Recorded;
const body = Buffer.from(recorded.body, 'base64');
const headers = { ...recorded.headers, 'content-length': String(body.length) };

const server = createServer((_request, response) => {
  response.writeHead(recorded.status, headers);
  response.end(body);
});
server.keepAliveTimeout = 72_000;
server.listen(Number(process.env.PORT ?? 0), process.env.HOST ?? '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
