// Issue #30: no answer of the API is kept by a browser or a proxy unless its route says so. Every
// response under /api — lists, details, exports and documents carry applicants' personal data, and
// so may an error — gets `Cache-Control: no-store` when its route set no Cache-Control of its own.
// The SPA's files (spa.ts), the identity provider (/realms/…) and /metrics keep their own policy.

import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

const isApi = (path: string | undefined) =>
  path !== undefined && (path === '/api' || path.startsWith('/api/') || path.startsWith('/api?'));

export const noStore = fp(
  async (app) => {
    app.addHook('onSend', (request: FastifyRequest, reply: FastifyReply, _payload: unknown, done: () => void) => {
      // The routed path too: the router decodes what the raw URL may spell differently.
      if (!reply.hasHeader('cache-control') && (isApi(request.url) || isApi(request.routeOptions.url))) {
        reply.header('Cache-Control', 'no-store');
      }
      done();
    });
  },
  { name: 'no-store' },
);
