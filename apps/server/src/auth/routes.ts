// Local authentication service of spec §7: login, check-token, logout, refresh.

import {
  AKUN_ERROR_CODES,
  checkTokenResponseSchema,
  ERROR_CODES,
  loginRequestSchema,
  refreshRequestSchema,
  sessionSchema,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { DB } from '../db/schema.js';
import { AppError } from '../errors.js';
import { recordAudit } from '../modules/audit/audit.js';
import { principalOf } from './access.js';
import { clearFailures, LOCKOUT, lockedUntil, recordFailure } from './lockout.js';
import { verifyPassword } from './passwords.js';
import { useRecoveryCode } from './recovery-codes.js';
import type { SessionService } from './sessions.js';
import { matchesTemporaryPassword } from './temporary-password.js';
import { verifyTotp } from './totp.js';

const INVALID_CREDENTIALS = 'Nama pengguna atau kata sandi salah.';
const LOCKED = `Akun dikunci sementara karena terlalu banyak percobaan masuk yang gagal. Coba lagi dalam ${LOCKOUT.lockMinutes} menit.`;

const PASSWORD_CHANGE_REQUIRED = 'Anda masuk dengan kata sandi sementara. Buat kata sandi baru untuk melanjutkan.';

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
      const { username, password, token } = request.body;
      const audit = (action: string, extra: { actorId?: number; instansiId?: number; reason?: string } = {}) =>
        recordAudit(db, { action, actorUsername: username, ip: request.ip, entity: 'user', ...extra });

      if (await lockedUntil(db, username)) {
        await audit('login.locked');
        throw new AppError(423, ERROR_CODES.accountLocked, LOCKED);
      }
      const user = await db
        .selectFrom('app_user')
        .selectAll()
        .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()))
        .executeTakeFirst();
      const passwordOk = await verifyPassword(user?.password_hash ?? null, password);

      const fail = async (
        reason: string,
        code: string = ERROR_CODES.invalidCredentials,
        message = INVALID_CREDENTIALS,
      ) => {
        const nowLocked = await recordFailure(db, username);
        await audit('login.failure', { reason, ...(user ? { actorId: user.id, instansiId: user.instansi_id } : {}) });
        if (nowLocked) throw new AppError(423, ERROR_CODES.accountLocked, LOCKED);
        throw new AppError(401, code, message);
      };

      // Issue #6: a temporary password opens no session; reset-password replaces it.
      if (user?.active && !passwordOk && (await matchesTemporaryPassword(user, password))) {
        await clearFailures(db, username);
        await audit('login.temporary-password', { actorId: user.id, instansiId: user.instansi_id });
        throw new AppError(403, AKUN_ERROR_CODES.passwordChangeRequired, PASSWORD_CHANGE_REQUIRED);
      }
      if (!user || !passwordOk) return fail(user ? 'kata sandi salah' : 'nama pengguna tidak dikenal');
      if (!user.active) return fail('akun nonaktif');
      if (user.totp_secret) {
        if (!token) {
          throw new AppError(401, ERROR_CODES.otpRequired, 'Masukkan kode OTP dari aplikasi autentikator Anda.');
        }
        // Issue #6: a one-time recovery code may stand in for the code.
        const otpOk = await verifyTotp(user.totp_secret, token);
        const recoveryOk = !otpOk && (await useRecoveryCode(db, user.id, token));
        if (!otpOk && !recoveryOk) {
          return fail('kode OTP salah', ERROR_CODES.otpInvalid, 'Kode OTP salah atau sudah kedaluwarsa.');
        }
        if (recoveryOk) await audit('login.recovery-code', { actorId: user.id, instansiId: user.instansi_id });
      }
      await clearFailures(db, username);
      const session = await sessions.issue(user.id, { ip: request.ip, userAgent: request.headers['user-agent'] });
      await audit('login.success', { actorId: user.id, instansiId: user.instansi_id });
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
      schema: { tags: ['auth'], summary: 'Keluar: mencabut token di server', security: [{ bearerAuth: [] }] },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      await sessions.revoke(request.sessionId!);
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
