// Issue #22: GET /metrics on the public port, only with METRICS_TOKEN (Authorization: Bearer
// <token>); without a token it is not there (404) – a separate METRICS_PORT, which main.ts opens
// on METRICS_HOST, is the other way to reach it. Every request's duration is observed under its
// route pattern (/api/verifikasi/:id, never the raw URL: the label set stays bounded).

import { createHash, timingSafeEqual } from 'node:crypto';
import { ERROR_CODES } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, unauthenticated } from '../../errors.js';
import type { PortalMetrics } from './metrics.js';

/** What a request that matched no route is counted under. */
export const UNMATCHED_ROUTE = '(tidak dikenal)';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Compares in constant time (a token guessed byte by byte is not told apart by timing). */
function sameToken(given: string | undefined, token: string): boolean {
  return given !== undefined && timingSafeEqual(digest(given), digest(token));
}

export const metricsPlugin = fp<{ metrics: PortalMetrics; token: string | null }>(
  async (app: FastifyInstance, { metrics, token }) => {
    app.addHook('onResponse', async (request, reply) => {
      const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
      metrics.httpDuration.labels(request.method, route, String(reply.statusCode)).observe(reply.elapsedTime / 1000);
      if (reply.statusCode === 423) metrics.lockouts.inc();
    });

    app.get('/metrics', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
      if (!token)
        throw new AppError(404, ERROR_CODES.notFound, `Alamat ${request.method} ${request.url} tidak ditemukan.`);
      const given = request.headers.authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
      if (!sameToken(given, token)) throw unauthenticated('Token metrik tidak valid (METRICS_TOKEN).');
      return reply
        .header('Content-Type', metrics.registry.contentType)
        .header('Cache-Control', 'no-store')
        .send(await metrics.registry.metrics());
    });
  },
  { name: 'portal-metrics' },
);
