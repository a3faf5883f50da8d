// The signed-in user's own account (issue #6, /profil): the TOTP second factor (enrol with a QR
// code, verify a code before it is on, recovery codes shown once), personal access keys and the
// recent sign-ins. Changing the password is POST /api/auth/reset-password (spec §7).
// Issue #30: a session opened with an access key manages no credentials here (403); a key is made
// with the password and the current code; enabling the second factor revokes keys made without it.

import {
  accessKeySchema,
  createAccessKeyRequestSchema,
  createAccessKeyResponseSchema,
  ERROR_CODES,
  idParam,
  passwordConfirmSchema,
  profileSchema,
  totpEnableRequestSchema,
  totpEnableResponseSchema,
  totpSetupResponseSchema,
} from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type Kysely, sql } from 'kysely';
import { generateSecret, generateURI } from 'otplib';
import QRCode from 'qrcode';
import { z } from 'zod';
import { actorOf, principalOf, refuseAccessKeySession } from '../../auth/access.js';
import { createAccessKey, toAccessKey } from '../../auth/access-keys.js';
import { confirmIdentity } from '../../auth/credentials.js';
import { recoveryCodesLeft, replaceRecoveryCodes } from '../../auth/recovery-codes.js';
import { useTotp } from '../../auth/totp.js';
import type { DB } from '../../db/schema.js';
import { transaction } from '../../db/transaction.js';
import { AppError } from '../../errors.js';
import { recordAudit } from '../audit/audit.js';

const TOTP_ISSUER = 'Portal Verifikasi ASN';
/** What "recent sign-ins" shows: the audit trail's sign-in events of the user. */
const SIGN_IN_ACTIONS = [
  'login.success',
  'login.key.success',
  'login.failure',
  'login.key.failure',
  'login.recovery-code',
  'login.temporary-password',
  'password.change',
];

export async function profilRoutes(app: FastifyInstance, { db }: { db: Kysely<DB> }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const own = { access: 'authenticated' as const };
  const security = [{ bearerAuth: [] }];
  /** Routes that change credentials: refused to a session opened with an access key, before the body is read. */
  const credentialChange = async (request: FastifyRequest) => refuseAccessKeySession(request);

  const audit = (request: FastifyRequest, action: string, details?: Record<string, unknown>) => {
    const actor = actorOf(request);
    return recordAudit(db, {
      action,
      actorId: actor.id,
      actorUsername: actor.username,
      instansiId: actor.instansiId,
      entity: 'user',
      entityId: actor.id,
      ip: request.ip,
      ...(details ? { details } : {}),
    });
  };

  /** The password (and, `secondFactor`, the current code) re-entered: auth/credentials.ts. */
  const confirm = (request: FastifyRequest, body: { password: string; token?: string }, secondFactor: boolean) => {
    const principal = principalOf(request);
    return confirmIdentity(db, {
      userId: principal.id,
      username: principal.username,
      password: body.password,
      token: body.token,
      ip: request.ip,
      secondFactor,
    });
  };

  r.get(
    '/api/profil',
    { config: own, schema: { tags: ['profil'], summary: 'Akun saya', security, response: { 200: profileSchema } } },
    async (request) => {
      const principal = principalOf(request);
      const user = await db
        .selectFrom('app_user')
        .select(['totp_secret', 'password_changed_at'])
        .where('id', '=', principal.id)
        .executeTakeFirstOrThrow();
      const keys = await db
        .selectFrom('access_key')
        .selectAll()
        .where('user_id', '=', principal.id)
        .orderBy('created_at', 'desc')
        .limit(50)
        .execute();
      const signIns = await db
        .selectFrom('audit_event')
        .select(['id', 'at', 'action', 'ip', 'reason'])
        .where('actor_id', '=', principal.id)
        .where('action', 'in', SIGN_IN_ACTIONS)
        .orderBy('at', 'desc')
        .orderBy('id', 'desc')
        .limit(10)
        .execute();
      return {
        username: principal.username,
        fullname: principal.fullname,
        email: principal.email,
        instansi: principal.instansi,
        totpEnabled: user.totp_secret !== null,
        recoveryCodesLeft: user.totp_secret ? await recoveryCodesLeft(db, principal.id) : 0,
        passwordChangedAt: user.password_changed_at ? new Date(user.password_changed_at).toISOString() : null,
        accessKeys: keys.map(toAccessKey),
        signIns: signIns.map((e) => ({ ...e, id: String(e.id), at: e.at.toISOString() })),
      };
    },
  );

  r.post(
    '/api/profil/totp/setup',
    {
      config: own,
      preValidation: credentialChange,
      schema: {
        tags: ['profil'],
        summary: 'Mulai mengaktifkan OTP: rahasia baru dan kode QR (belum aktif sebelum diverifikasi)',
        security,
        response: { 200: totpSetupResponseSchema },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const current = await db
        .selectFrom('app_user')
        .select('totp_secret')
        .where('id', '=', principal.id)
        .executeTakeFirstOrThrow();
      if (current.totp_secret) throw new AppError(409, 'OTP_SUDAH_AKTIF', 'Verifikasi dua langkah sudah aktif.');
      const secret = generateSecret();
      await db.updateTable('app_user').set({ totp_pending_secret: secret }).where('id', '=', principal.id).execute();
      const otpauthUrl = generateURI({ issuer: TOTP_ISSUER, label: principal.username, secret });
      const svg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
      return { secret, otpauthUrl, qrDataUrl: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
    },
  );

  r.post(
    '/api/profil/totp/enable',
    {
      config: own,
      preValidation: credentialChange,
      schema: {
        tags: ['profil'],
        summary: 'Mengaktifkan OTP setelah kode pertama benar; kode pemulihan ditampilkan sekali',
        security,
        body: totpEnableRequestSchema,
        response: { 200: totpEnableResponseSchema },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const user = await db
        .selectFrom('app_user')
        .select(['totp_pending_secret', 'totp_secret'])
        .where('id', '=', principal.id)
        .executeTakeFirstOrThrow();
      if (user.totp_secret) throw new AppError(409, 'OTP_SUDAH_AKTIF', 'Verifikasi dua langkah sudah aktif.');
      if (!user.totp_pending_secret) {
        throw new AppError(409, 'OTP_BELUM_DISIAPKAN', 'Mulai lagi dari "Aktifkan verifikasi dua langkah".');
      }
      // The first code of the new secret is spent like any other (a code works once).
      const first = await useTotp(db, principal.id, user.totp_pending_secret, request.body.code, { fresh: true });
      if (first !== 'ok') {
        throw new AppError(
          400,
          ERROR_CODES.otpInvalid,
          'Kode OTP salah atau sudah kedaluwarsa. Coba kode berikutnya.',
          {
            field: 'code',
          },
        );
      }
      const recoveryCodes = await transaction(db, async (trx) => {
        await trx
          .updateTable('app_user')
          .set({
            totp_secret: user.totp_pending_secret,
            totp_pending_secret: null,
            version: sql<number>`version + 1`,
          })
          .where('id', '=', principal.id)
          .execute();
        // Issue #30: a key made without the second factor would be a way around it.
        await trx
          .updateTable('access_key')
          .set({ revoked_at: sql<Date>`now()` })
          .where('user_id', '=', principal.id)
          .where('with_totp', '=', false)
          .where('revoked_at', 'is', null)
          .execute();
        return replaceRecoveryCodes(trx, principal.id);
      });
      await audit(request, 'totp.enable');
      return { recoveryCodes };
    },
  );

  r.post(
    '/api/profil/totp/disable',
    {
      config: own,
      preValidation: credentialChange,
      schema: {
        tags: ['profil'],
        summary: 'Menonaktifkan OTP (kata sandi diminta); kode pemulihan dihapus',
        security,
        body: passwordConfirmSchema,
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      await confirm(request, request.body, false);
      await transaction(db, async (trx) => {
        await trx
          .updateTable('app_user')
          .set({ totp_secret: null, totp_pending_secret: null, version: sql<number>`version + 1` })
          .where('id', '=', principal.id)
          .execute();
        await trx.deleteFrom('recovery_code').where('user_id', '=', principal.id).execute();
      });
      await audit(request, 'totp.disable');
      return reply.status(204).send();
    },
  );

  r.post(
    '/api/profil/access-keys',
    {
      config: own,
      preValidation: credentialChange,
      schema: {
        tags: ['profil'],
        summary:
          'Membuat kunci akses pribadi (ditampilkan sekali) untuk POST /api/auth/login-key; kata sandi dan, bila OTP aktif, kodenya diminta',
        security,
        body: createAccessKeyRequestSchema,
        response: { 201: createAccessKeyResponseSchema },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const user = await confirm(request, request.body, true);
      const created = await createAccessKey(db, principal.id, request.body.name, request.body.days, {
        withTotp: user.totp_secret !== null,
      });
      await audit(request, 'access-key.create', {
        id: created.accessKey.id,
        nama: created.accessKey.name,
        berlakuSampai: created.accessKey.expiresAt,
      });
      return reply.status(201).send(created);
    },
  );

  r.delete(
    '/api/profil/access-keys/:id',
    {
      config: own,
      preValidation: credentialChange,
      schema: {
        tags: ['profil'],
        summary: 'Mencabut kunci akses',
        security,
        params: z.object({ id: idParam }),
        response: { 200: accessKeySchema },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const row = await db
        .updateTable('access_key')
        .set({ revoked_at: sql<Date>`coalesce(revoked_at, now())` })
        .where('id', '=', request.params.id)
        .where('user_id', '=', principal.id)
        .returningAll()
        .executeTakeFirst();
      if (!row) throw new AppError(404, ERROR_CODES.notFound, 'Kunci akses tidak ditemukan.');
      await audit(request, 'access-key.revoke', { id: row.id, nama: row.name });
      return toAccessKey(row);
    },
  );
}
