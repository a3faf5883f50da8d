// Serves the built SPA in production: hashed assets cached for a year, index.html and the service
// worker never cached, and history-API fallback (any non-API GET that accepts HTML gets
// index.html). Issue #22: the build writes a brotli and a gzip copy beside each text file; the
// one the browser accepts is sent as it is (Content-Encoding, Vary: Accept-Encoding), no
// compression per request.

import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { ERROR_CODES } from '@portal/contract';
import type { FastifyInstance } from 'fastify';

export async function registerSpa(app: FastifyInstance, webDist: string): Promise<void> {
  if (!existsSync(path.join(webDist, 'index.html'))) {
    throw new Error(`SPA belum dibangun: ${webDist}/index.html tidak ada. Jalankan "npm run build".`);
  }
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    preCompressed: true,
    setHeaders(res, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.get('/*', { config: { access: 'public' } }, async (request, reply) => {
    const url = request.url;
    if (url.startsWith('/api/') || url === '/api') {
      return reply
        .status(404)
        .send({ error: ERROR_CODES.notFound, message: `Alamat ${request.method} ${url} tidak ditemukan.` });
    }
    // A real file (favicon, assets, fonts) is served as is; every other path is a SPA route.
    const relative = decodeURIComponent(url.split('?')[0] ?? '/').replace(/^\/+/, '');
    const file = path.join(webDist, relative);
    if (relative && file.startsWith(webDist) && existsSync(file) && !file.endsWith(path.sep)) {
      return reply.sendFile(relative);
    }
    if (path.extname(relative)) {
      return reply.status(404).type('text/plain; charset=utf-8').send('Berkas tidak ditemukan.');
    }
    reply.header('Cache-Control', 'no-cache');
    return reply.sendFile('index.html');
  });
}
