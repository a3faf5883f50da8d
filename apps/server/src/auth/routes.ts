// Local authentication service of spec §7: login, check-token, logout, refresh.

import { checkTokenResponseSchema, loginRequestSchema, refreshRequestSchema, sessionSchema } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { DB } from '../db/schema.js';
import { recordAudit } from '../modules/audit/audit.js';
import { revokeIdpCredential } from '../oidc/revocation.js';
import { principalOf } from './access.js';
import { auditLoginSuccess, checkCredentials } from './credentials.js';
import type { SessionService } from './sessions.js';

const errorBody = z.object({ error: z.string(), message: z.string(), details: z.unknown().optional() });

export interface AuthRoutesOptions {
  db: Kysely<DB>;
  sessions: SessionService;
  loginRateLimitPerMinute: number;
}

export async function authRoutes(app: FastifyInstance, { db, sessions, loginRateLimitPerMinute }: AuthRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/auth/login',
    {
      config: {
        access: 'public',
        rateLimit: { max: loginRateLimitPerMinute, timeWindow: '1 minute' },
      },
      schema: {
        tags: ['auth'],
        summary: 'Masuk dengan nama pengguna, kata sandi dan (bila aktif) kode OTP',
        body: loginRequestSchema,
        response: { 200: sessionSchema, 401: errorBody, 403: errorBody, 423: errorBody },
      },
    },
    async (request, reply) => {
      const attempt = { ...request.body, ip: request.ip };
      const user = await checkCredentials(db, attempt);
      const session = await sessions.issue(user.id, { ip: request.ip, userAgent: request.headers['user-agent'] });
      await auditLoginSuccess(db, user, attempt);
      return reply.send(session);
    },
  );

  r.get(
    '/api/auth/check-token',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['auth'],
        summary: 'Memeriksa token akses dan mengembalikan pengguna (spec §7: mapData.data)',
        security: [{ bearerAuth: [] }],
        response: { 200: checkTokenResponseSchema, 401: errorBody },
      },
    },
    async (request) => ({ mapData: { data: principalOf(request) } }),
  );

  r.post(
    '/api/auth/logout',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['auth'],
        summary: 'Keluar: mencabut token di server (sesi portal, atau token akses layanan identitas beserta grant-nya)',
        security: [{ bearerAuth: [] }],
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      // Issue #30: whichever kind of token it was given (auth/access.ts: the request's credential).
      const credential = request.credential;
      if (credential?.kind === 'session') await sessions.revoke(credential.sessionId);
      else if (credential?.kind === 'idp') await revokeIdpCredential(db, credential);
      await recordAudit(db, {
        action: 'logout',
        actorId: principal.id,
        actorUsername: principal.username,
        instansiId: principal.instansi.id,
        entity: 'user',
        ip: request.ip,
      });
      return reply.status(204).send();
    },
  );

  r.post(
    '/api/auth/refresh',
    {
      config: { access: 'public', rateLimit: { max: loginRateLimitPerMinute, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary: 'Menukar refresh token dengan sesi baru (token lama dicabut)',
        body: refreshRequestSchema,
        response: { 200: sessionSchema, 401: errorBody },
      },
    },
    async (request) => {
      const { session } = await sessions.refresh(request.body.refreshToken, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      return session;
    },
  );
}
