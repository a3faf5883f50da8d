// Builds the Mantine floor (main.tsx) and serves it for bench/web/run.mjs. The floor calls the API
// on its own origin as the portal does (cookies, XSRF), so one node:http server serves the build
// and passes /api/* on to the portal's server, which the floor's runs share with the portal's.
// The build's files are sent as the portal's server sends its own (apps/server/src/spa.ts): the
// brotli or gzip copy the build wrote, as it is, when the browser accepts it; /assets/* cached for
// a year, index.html never; index.html for /masuk, /daftar and any other address; and the XSRF
// cookie with the page when the browser has none, as the portal's server issues it with every
// answer (apps/server/src/auth/xsrf.ts), so the floor's sign-in needs no GET for it either.

import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
};

/** A production build of the floor into a fresh temporary directory (removed by the caller). */
export async function buildLantai() {
  const { build } = await import('vite');
  const outDir = mkdtempSync(path.join(tmpdir(), 'bench-lantai-'));
  await build({ configFile: path.join(here, 'vite.config.mjs'), build: { outDir }, logLevel: 'warn' });
  return outDir;
}

/** The encoding to send of those the build wrote: brotli first, as @fastify/static prefers it. */
function encodingFor(request, file) {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted) && existsSync(`${file}.br`)) return { name: 'br', file: `${file}.br` };
  if (/\bgzip\b/.test(accepted) && existsSync(`${file}.gz`)) return { name: 'gzip', file: `${file}.gz` };
  return { name: null, file };
}

/** The double-submit cookie as the portal's server sets it (any value: the API compares the two). */
function xsrfCookie(request) {
  if (/(?:^|;\s*)XSRF-TOKEN=/.test(String(request.headers.cookie ?? ''))) return {};
  return { 'Set-Cookie': `XSRF-TOKEN=${randomBytes(24).toString('base64url')}; Path=/; SameSite=Strict` };
}

function sendFile(request, response, file, cacheControl) {
  const { name, file: sent } = encodingFor(request, file);
  const stat = statSync(sent);
  // A validator as @fastify/static sends one: a repeat visit revalidates index.html (no-cache)
  // and gets a 304 from both servers alike.
  const etag = `W/"${stat.size.toString(16)}-${stat.mtimeMs.toString(16)}"`;
  const headers = {
    'Cache-Control': cacheControl,
    ETag: etag,
    Vary: 'Accept-Encoding',
    ...xsrfCookie(request),
  };
  if (request.headers['if-none-match'] === etag) {
    response.writeHead(304, headers);
    return response.end();
  }
  const body = readFileSync(sent);
  response.writeHead(200, {
    ...headers,
    'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream',
    'Content-Length': body.length,
    ...(name ? { 'Content-Encoding': name } : {}),
  });
  response.end(request.method === 'HEAD' ? undefined : body);
}

/** Passes a request on to the portal's server unchanged and its answer back unchanged. */
function proxy(request, response, apiPort) {
  const upstream = http.request(
    { host: '127.0.0.1', port: apiPort, method: request.method, path: request.url, headers: request.headers },
    (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
      answer.pipe(response);
    },
  );
  upstream.on('error', () => {
    if (!response.headersSent) response.writeHead(502);
    response.end();
  });
  request.pipe(upstream);
}

/** Serves `dist` on a free port of 127.0.0.1, /api/* from the server on `apiPort`; resolves to its base URL and a close(). */
export async function serveLantai(dist, apiPort, port = 0) {
  const server = http.createServer((request, response) => {
    const address = (request.url ?? '/').split('?')[0] ?? '/';
    if (address === '/api' || address.startsWith('/api/')) return proxy(request, response, apiPort);
    const file = path.join(dist, decodeURIComponent(address));
    if (address.startsWith('/assets/') && file.startsWith(dist) && existsSync(file)) {
      return sendFile(request, response, file, 'public, max-age=31536000, immutable');
    }
    if (path.extname(address)) {
      response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
      return response.end('Berkas tidak ditemukan.');
    }
    return sendFile(request, response, path.join(dist, 'index.html'), 'no-cache');
  });
  // As Node's own servers keep connections (Fastify's default keep-alive is 72 s).
  server.keepAliveTimeout = 72_000;
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${server.address().port}`;
  return {
    base,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(resolve);
      }),
  };
}

/** `node bench/web/lantai/serve.mjs <api port>`: builds the floor and serves it until stopped. */
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const apiPort = Number(process.argv[2]);
  if (!apiPort) throw new Error('usage: node bench/web/lantai/serve.mjs <port of a running portal server>');
  const dist = await buildLantai();
  const { base } = await serveLantai(dist, apiPort, Number(process.env.LANTAI_PORT ?? 0));
  console.log(`the floor at ${base}/masuk (build in ${dist})`);
  process.once('SIGINT', () => {
    rmSync(dist, { recursive: true, force: true });
    process.exit(0);
  });
}
