// One rule enforced twice (ARCHITECTURE.md): every API route declares its access — public,
// any signed-in user, or the page of spec §2 it serves — and a route whose page is not in the
// caller's allowed menu (spec §6) is refused with 403. A route without a declaration refuses to
// register, so nothing is left open by omission.

import { canOpen, type Principal } from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden } from '../errors.js';
import type { Actor } from '../modules/audit/audit.js';
import type { SessionCredential } from './sessions.js';

export type RouteAccess = 'public' | 'authenticated' | { page: (request: FastifyRequest) => string };

/** An identity service's access token (oidc/bearer.ts): what logout needs to revoke it. */
export interface IdpCredential {
  kind: 'idp';
  /** The token's jti (or, lacking one, its hash): the key of the revocation list. */
  revocationId: string;
  /** Its expiry (seconds since the epoch): how long the revocation must be kept. */
  expiresAt: number;
  /** The embedded provider's grant the token belongs to; null for an external realm. */
  grantId: string | null;
}

/** What the caller presented: a portal session (opened by password or by access key) or an IdP token. */
export type Credential = SessionCredential | IdpCredential;

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    principal: Principal | null;
    sessionId: string | null;
    credential: Credential | null;
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

/**
 * Issue #30: a personal access key is a credential for tools, never a way around the second
 * factor — a session it opened may not create keys or change the second factor (403).
 */
export function refuseAccessKeySession(request: FastifyRequest): void {
  const credential = request.credential;
  if (credential?.kind === 'session' && credential.via === 'access-key') {
    throw forbidden(
      'Sesi yang dibuka dengan kunci akses tidak dapat mengelola kredensial (kunci akses, verifikasi dua langkah). Masuklah dengan kata sandi Anda.',
    );
  }
}

/** Turns an Authorization header into the caller (the portal's tokens and the IdP's, oidc/bearer.ts). */
export interface Authenticator {
  authenticate(
    authorization: string | undefined,
  ): Promise<{ principal: Principal; sessionId: string | null; credential: Credential }>;
}

export const accessControl = fp<{ sessions: Authenticator }>(
  async (app: FastifyInstance, { sessions }) => {
    app.decorateRequest('principal', null);
    app.decorateRequest('sessionId', null);
    app.decorateRequest('credential', null);

    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith('/api') || route.url.startsWith('/api/docs')) return;
      if (!route.config?.access) {
        throw new Error(`Rute ${route.method} ${route.url} tidak menyatakan aksesnya (config.access).`);
      }
    });

    app.addHook('onRequest', async (request) => {
      const access = request.routeOptions.config.access;
      if (!access || access === 'public') return;
      const { principal, sessionId, credential } = await sessions.authenticate(request.headers.authorization);
      request.principal = principal;
      request.sessionId = sessionId;
      request.credential = credential;
      if (access === 'authenticated') return;
      const page = access.page(request);
      if (!canOpen(page, principal.menus)) throw forbidden(`Anda tidak berhak mengakses data halaman ${page}.`);
    });
  },
  { name: 'access-control' },
);
