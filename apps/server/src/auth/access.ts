// One rule enforced twice (ARCHITECTURE.md): every API route declares its access — public,
// any signed-in user, or the page of spec §2 it serves — and a route whose page is not in the
// caller's allowed menu (spec §6) is refused with 403. A route without a declaration refuses to
// register, so nothing is left open by omission.

import { canOpen, type Principal } from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden } from '../errors.js';
import type { Actor } from '../modules/audit/audit.js';

export type RouteAccess = 'public' | 'authenticated' | { page: (request: FastifyRequest) => string };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    principal: Principal | null;
    sessionId: string | null;
  }
}

/** The signed-in user as the audit trail records who made a change. */
export function actorOf(request: FastifyRequest): Actor {
  const principal = principalOf(request);
  return { id: principal.id, username: principal.username, instansiId: principal.instansi.id, ip: request.ip };
}

/** The signed-in principal of a route declared 'authenticated' or with a page. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new Error('principalOf used on a public route');
  return request.principal;
}

/** Turns an Authorization header into the caller (the portal's tokens and the IdP's, oidc/bearer.ts). */
export interface Authenticator {
  authenticate(authorization: string | undefined): Promise<{ principal: Principal; sessionId: string | null }>;
}

export const accessControl = fp<{ sessions: Authenticator }>(
  async (app: FastifyInstance, { sessions }) => {
    app.decorateRequest('principal', null);
    app.decorateRequest('sessionId', null);

    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith('/api') || route.url.startsWith('/api/docs')) return;
      if (!route.config?.access) {
        throw new Error(`Rute ${route.method} ${route.url} tidak menyatakan aksesnya (config.access).`);
      }
    });

    app.addHook('onRequest', async (request) => {
      const access = request.routeOptions.config.access;
      if (!access || access === 'public') return;
      const { principal, sessionId } = await sessions.authenticate(request.headers.authorization);
      request.principal = principal;
      request.sessionId = sessionId;
      if (access === 'authenticated') return;
      const page = access.page(request);
      if (!canOpen(page, principal.menus)) throw forbidden(`Anda tidak berhak mengakses data halaman ${page}.`);
    });
  },
  { name: 'access-control' },
);
