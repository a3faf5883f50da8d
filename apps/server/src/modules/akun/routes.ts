// The rest of spec §7's local authentication service (issue #6): key login, registration
// (POST /api, only with ALLOW_REGISTRATION), forgot-password and reset-password, and the
// development mailbox. Login, check-token, logout and refresh are auth/routes.ts.

import {
  AKUN_ERROR_CODES,
  type DevMail,
  ERROR_CODES,
  forgotPasswordRequestSchema,
  loginRequestSchema,
  messageResponseSchema,
  REGISTRATION_LOGIN_TOKEN,
  registrationInfoSchema,
  registrationRequestSchema,
  registrationResponseSchema,
  resetPasswordRequestSchema,
  sessionSchema,
  TEMPORARY_PASSWORD_MINUTES,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { useAccessKey } from '../../auth/access-keys.js';
import { clearFailures, LOCKOUT, lockedUntil, recordFailure } from '../../auth/lockout.js';
import { assertPasswordPolicy } from '../../auth/password-policy.js';
import { hashPassword, verifyPassword } from '../../auth/passwords.js';
import type { SessionService } from '../../auth/sessions.js';
import { issueTemporaryPassword, matchesTemporaryPassword, setPassword } from '../../auth/temporary-password.js';
import type { DB } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { recordAudit } from '../audit/audit.js';
import { readDevMailbox } from '../mail/dev-mailbox.js';
import type { Mailer } from '../mail/mailer.js';

const LOCKED = `Akun dikunci sementara karena terlalu banyak percobaan masuk yang gagal. Coba lagi dalam ${LOCKOUT.lockMinutes} menit.`;
const FORGOT_ANSWER =
  'Jika alamat email tersebut terdaftar, kata sandi sementara telah dikirim ke sana. Kata sandi itu berlaku 30 menit dan hanya untuk membuat kata sandi baru.';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The mailbox as a page a person (or a browser test) can read. */
function mailboxPage(mails: DevMail[]): string {
  const items = mails
    .map(
      (m) =>
        `<article><h2>${escapeHtml(m.subject)}</h2><p>Kepada: ${escapeHtml(m.to)} · ${escapeHtml(m.at)}</p><pre>${escapeHtml(m.text)}</pre></article>`,
    )
    .join('\n');
  return `<!doctype html><html lang="id"><head><meta charset="utf-8"><title>Kotak Surat Pengembangan</title></head><body><main><h1>Kotak Surat Pengembangan</h1>${items || '<p>Belum ada email.</p>'}</main></body></html>`;
}

export interface AkunRoutesOptions {
  db: Kysely<DB>;
  sessions: SessionService;
  mailer: Mailer;
  allowRegistration: boolean;
  /** GET /api/dev/mailbox answers (config DEV_MAILBOX; off in production by default). */
  devMailbox: boolean;
  loginRateLimitPerMinute: number;
}

/** Postgres unique violation (a username or email taken by a concurrent request). */
const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === '23505';

export async function akunRoutes(app: FastifyInstance, options: AkunRoutesOptions) {
  const { db, sessions, mailer, loginRateLimitPerMinute } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limited = {
    access: 'public' as const,
    rateLimit: { max: loginRateLimitPerMinute, timeWindow: '1 minute' },
  };

  r.post(
    '/api/auth/login-key',
    {
      config: limited,
      schema: {
        tags: ['auth'],
        summary: 'Masuk dengan kunci akses pribadi (password = kunci; token diabaikan)',
        body: loginRequestSchema,
        response: { 200: sessionSchema },
      },
    },
    async (request) => {
      const { username, password } = request.body;
      const audit = (action: string, extra: { actorId?: number; instansiId?: number; reason?: string } = {}) =>
        recordAudit(db, { action, actorUsername: username, ip: request.ip, entity: 'user', ...extra });
      if (await lockedUntil(db, username)) {
        await audit('login.locked');
        throw new AppError(423, ERROR_CODES.accountLocked, LOCKED);
      }
      const userId = await useAccessKey(db, username, password);
      const user = userId
        ? await db.selectFrom('app_user').selectAll().where('id', '=', userId).executeTakeFirst()
        : undefined;
      if (!user?.active) {
        const nowLocked = await recordFailure(db, username);
        await audit('login.key.failure', {
          reason: user ? 'akun nonaktif' : 'kunci akses salah, kedaluwarsa atau dicabut',
        });
        if (nowLocked) throw new AppError(423, ERROR_CODES.accountLocked, LOCKED);
        throw new AppError(
          401,
          ERROR_CODES.invalidCredentials,
          'Nama pengguna atau kunci akses salah, atau kunci sudah kedaluwarsa atau dicabut.',
        );
      }
      await clearFailures(db, username);
      // Issue #30: marked as opened by a key, which may not manage credentials (auth/access.ts).
      const session = await sessions.issue(
        user.id,
        { ip: request.ip, userAgent: request.headers['user-agent'] },
        { via: 'access-key' },
      );
      await audit('login.key.success', { actorId: user.id, instansiId: user.instansi_id });
      return session;
    },
  );

  r.get(
    '/api/auth/registrasi',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Apakah pendaftaran mandiri dibuka, dan instansi yang dapat dipilih',
        response: { 200: registrationInfoSchema },
      },
    },
    async () => {
      if (!options.allowRegistration) return { enabled: false, instansi: [] };
      const instansi = await db.selectFrom('instansi').select(['id', 'kode', 'nama']).orderBy('nama').execute();
      return { enabled: true, instansi };
    },
  );

  r.post(
    '/api',
    {
      config: limited,
      // Switched off, the endpoint is closed whatever is sent: refused before the body is read
      // or validated (a 400 would describe the form of a closed endpoint).
      onRequest: async () => {
        if (!options.allowRegistration) {
          throw new AppError(
            403,
            AKUN_ERROR_CODES.registrationDisabled,
            'Pendaftaran akun mandiri tidak dibuka di portal ini. Mintalah akun kepada admin instansi Anda.',
          );
        }
      },
      schema: {
        tags: ['auth'],
        summary: `Pendaftaran akun (spec §7); lalu masuk dengan email, kata sandi dan token "${REGISTRATION_LOGIN_TOKEN}"`,
        body: registrationRequestSchema,
        response: { 201: registrationResponseSchema },
      },
    },
    async (request, reply) => {
      const { email, password, fullname, instansiKode } = request.body;
      assertPasswordPolicy(password, { username: email, email });
      const instansi = await db.selectFrom('instansi').select('id').where('kode', '=', instansiKode).executeTakeFirst();
      if (!instansi) throw new AppError(400, ERROR_CODES.validation, 'Instansi tidak dikenal.');
      const taken = () =>
        new AppError(
          409,
          AKUN_ERROR_CODES.alreadyExists,
          'Alamat email ini sudah terdaftar. Gunakan "Lupa kata sandi?" bila Anda lupa kata sandinya.',
        );
      const existing = await db
        .selectFrom('app_user')
        .select('id')
        .where((eb) => eb.or([eb(eb.fn('lower', ['email']), '=', email), eb(eb.fn('lower', ['username']), '=', email)]))
        .executeTakeFirst();
      if (existing) throw taken();
      // The username is the email (spec §4: the automatic login uses the email); no roles until
      // an admin of the instansi grants them.
      const row = await db
        .insertInto('app_user')
        .values({
          username: email,
          fullname,
          email,
          password_hash: await hashPassword(password),
          instansi_id: instansi.id,
          authorities: [],
          is_cpns: false,
          is_pppk: false,
          is_pppk_guru: false,
          is_pppk_nakes: false,
          password_changed_at: new Date(),
        })
        .returning(['id', 'username'])
        .executeTakeFirstOrThrow()
        .catch((error: unknown) => {
          throw isUniqueViolation(error) ? taken() : error;
        });
      await recordAudit(db, {
        action: 'user.register',
        actorId: row.id,
        actorUsername: row.username,
        instansiId: instansi.id,
        entity: 'user',
        entityId: row.id,
        ip: request.ip,
      });
      return reply.status(201).send(row);
    },
  );

  r.post(
    '/api/forgot-password',
    {
      config: limited,
      schema: {
        tags: ['auth'],
        summary: 'Lupa kata sandi: kata sandi sementara (30 menit) dikirim ke email bila terdaftar',
        body: forgotPasswordRequestSchema,
        response: { 202: messageResponseSchema },
      },
    },
    async (request, reply) => {
      const { email } = request.body;
      // The same answer at once, whether or not the address exists: the work (hashing, mail) runs
      // after it, so neither the body nor the time tells.
      const ip = request.ip;
      void sendTemporaryPassword(email, ip).catch((error: unknown) =>
        request.log.error({ err: error }, 'pengiriman kata sandi sementara gagal'),
      );
      return reply.status(202).send({ message: FORGOT_ANSWER });
    },
  );

  async function sendTemporaryPassword(email: string, ip: string): Promise<void> {
    const user = await db
      .selectFrom('app_user')
      .select(['id', 'username', 'fullname', 'email', 'instansi_id', 'temp_password_expires_at'])
      .where((eb) => eb(eb.fn('lower', ['email']), '=', email))
      .where('active', '=', true)
      .executeTakeFirst();
    if (!user) return;
    const minutes = TEMPORARY_PASSWORD_MINUTES.lupa;
    // At most one mail a minute per account, so the form cannot be used to flood someone's inbox.
    const issuedAt = user.temp_password_expires_at
      ? new Date(user.temp_password_expires_at).getTime() - minutes * 60_000
      : 0;
    if (Date.now() - issuedAt < 60_000) return;
    const temporary = await issueTemporaryPassword(db, user.id, minutes);
    await mailer.send({
      to: user.email,
      subject: 'Kata sandi sementara Portal Verifikasi ASN',
      text: [
        `Yth. ${user.fullname},`,
        '',
        `Seseorang (semoga Anda) meminta pengaturan ulang kata sandi akun "${user.username}".`,
        `Kata sandi sementara: ${temporary}`,
        '',
        `Kata sandi ini berlaku ${minutes} menit dan hanya sekali: masuklah dengannya, lalu buat kata sandi baru.`,
        'Jika Anda tidak memintanya, abaikan email ini; kata sandi Anda yang lama tetap berlaku.',
      ].join('\n'),
    });
    await recordAudit(db, {
      action: 'password.forgot',
      actorId: user.id,
      actorUsername: user.username,
      instansiId: user.instansi_id,
      entity: 'user',
      entityId: user.id,
      ip,
    });
  }

  r.post(
    '/api/auth/reset-password',
    {
      config: limited,
      schema: {
        tags: ['auth'],
        summary:
          'Mengganti kata sandi dengan kata sandi lama atau sementara; sesi lain pengguna dicabut (spec §3 payload)',
        body: resetPasswordRequestSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      const { username, oldPassword, newPassword } = request.body;
      if (await lockedUntil(db, username)) throw new AppError(423, ERROR_CODES.accountLocked, LOCKED);
      const user = await db
        .selectFrom('app_user')
        .selectAll()
        .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()))
        .executeTakeFirst();
      const byPassword = await verifyPassword(user?.password_hash ?? null, oldPassword);
      const byTemporary = !byPassword && user ? await matchesTemporaryPassword(user, oldPassword) : false;
      if (!user?.active || (!byPassword && !byTemporary)) {
        const nowLocked = await recordFailure(db, username);
        await recordAudit(db, {
          action: 'password.change.failure',
          actorUsername: username,
          ...(user ? { actorId: user.id, instansiId: user.instansi_id } : {}),
          entity: 'user',
          ip: request.ip,
        });
        if (nowLocked) throw new AppError(423, ERROR_CODES.accountLocked, LOCKED);
        throw new AppError(401, ERROR_CODES.invalidCredentials, 'Nama pengguna atau kata sandi lama salah.');
      }
      if (newPassword === oldPassword) {
        throw new AppError(
          400,
          AKUN_ERROR_CODES.passwordPolicy,
          'Kata sandi baru harus berbeda dari kata sandi lama.',
          { field: 'newPassword' },
        );
      }
      assertPasswordPolicy(newPassword, { username: user.username, email: user.email });
      // Called from the profile with the user's own session: that one stays, the others end (and,
      // issue #30, every access key, with any session a key opened).
      let keep: string | null = null;
      if (request.headers.authorization) {
        const own = await sessions.authenticate(request.headers.authorization).catch(() => null);
        if (own?.principal.id === user.id && own.credential.via === 'password') keep = own.sessionId;
      }
      await setPassword(db, user.id, newPassword, keep);
      await clearFailures(db, username);
      await recordAudit(db, {
        action: 'password.change',
        actorId: user.id,
        actorUsername: user.username,
        instansiId: user.instansi_id,
        entity: 'user',
        entityId: user.id,
        ip: request.ip,
        details: { dengan: byTemporary ? 'kata sandi sementara' : 'kata sandi lama' },
      });
      return {
        message: 'Kata sandi berhasil diubah. Sesi Anda di perangkat lain telah diakhiri dan kunci akses Anda dicabut.',
      };
    },
  );

  r.get(
    '/api/dev/mailbox',
    {
      config: { access: 'public' },
      schema: {
        tags: ['dev'],
        summary:
          'Kotak surat pengembangan (tanpa SMTP_URL): JSON, atau halaman HTML bagi peramban; ditolak di produksi kecuali DEV_MAILBOX=true',
        querystring: z.object({ to: z.string().max(200).optional() }).strict(),
        // No response schema: the same call answers JSON (DevMail[]) or an HTML page.
      },
    },
    async (request, reply) => {
      if (!options.devMailbox) {
        throw new AppError(404, ERROR_CODES.notFound, 'Kotak surat pengembangan tidak tersedia di produksi.');
      }
      const mails = await readDevMailbox(db, request.query.to);
      if (!request.headers.accept?.includes('text/html')) return mails;
      return reply.type('text/html; charset=utf-8').send(mailboxPage(mails));
    },
  );
}
