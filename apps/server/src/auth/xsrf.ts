// Double-submit XSRF protection (spec §7): the server issues a random XSRF-TOKEN cookie that the
// SPA copies into X-XSRF-TOKEN on every non-GET/HEAD call; API calls without a match get 403.
// Issue #30: "API call" is decided on the route the request was matched to, never on the raw URL
// (POST /%61pi/auth/logout is routed to /api/auth/logout). The embedded provider's own forms under
// /realms/ are not API calls and carry their own protection.

import { randomBytes, timingSafeEqual } from 'node:crypto';
import { ERROR_CODES, XSRF_COOKIE, XSRF_HEADER } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** An API route, by its routed path (`/api` itself is registration, spec §7). */
const isApiRoute = (routed: string | undefined) => routed === '/api' || Boolean(routed?.startsWith('/api/'));

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export const xsrfProtection = fp<{ secureCookie: boolean }>(
  async (app: FastifyInstance, { secureCookie }) => {
    app.addHook('onRequest', async (request, reply) => {
      const cookie = request.cookies[XSRF_COOKIE];
      if (!cookie) {
        reply.setCookie(XSRF_COOKIE, randomBytes(24).toString('base64url'), {
          path: '/',
          sameSite: 'strict',
          httpOnly: false, // the SPA must read it to echo it in the header
          secure: secureCookie,
        });
      }
      if (SAFE_METHODS.has(request.method) || !isApiRoute(request.routeOptions.url)) return;
      const header = request.headers[XSRF_HEADER];
      if (!cookie || typeof header !== 'string' || !sameToken(cookie, header)) {
        throw new AppError(
          403,
          ERROR_CODES.xsrf,
          'Permintaan ditolak: token keamanan (XSRF) tidak ada atau tidak cocok. Muat ulang halaman lalu coba lagi.',
        );
      }
    });
  },
  { name: 'xsrf', dependencies: ['@fastify/cookie'] },
);
