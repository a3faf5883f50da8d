// User administration (issue #6), `{base}` = /api/admin/pengguna, bound to the page
// /admin/pengguna: list on the table state, options (grantable roles, instansi), create (a
// temporary password shown once and mailed), edit and deactivate. Every change is audited.

import { randomBytes } from 'node:crypto';
import {
  ERROR_CODES,
  idParam,
  penggunaCreateResponseSchema,
  penggunaCreateSchema,
  penggunaListRequestSchema,
  penggunaListResponseSchema,
  penggunaOptionsSchema,
  penggunaRowSchema,
  penggunaUpdateSchema,
  TEMPORARY_PASSWORD_MINUTES,
  USER_ADMIN_PATH,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type Kysely, sql } from 'kysely';
import { z } from 'zod';
import { actorOf, principalOf } from '../../auth/access.js';
import { hashPassword } from '../../auth/passwords.js';
import { issueTemporaryPassword, revokeUserSessions } from '../../auth/temporary-password.js';
import type { DB } from '../../db/schema.js';
import { AppError, forbidden } from '../../errors.js';
import { recordAudit } from '../audit/audit.js';
import type { Mailer } from '../mail/mailer.js';
import { assertGrantable, canEdit, canSee, managerOf, penggunaQuery, roleColumns, toPenggunaRow } from './service.js';

const SORT = { id: 'u.id', username: 'u.username', fullname: 'u.fullname', createdAt: 'u.created_at' } as const;
const notFound = () => new AppError(404, ERROR_CODES.notFound, 'Pengguna tidak ditemukan.');
const taken = () => new AppError(409, 'ALREADY_EXISTS', 'Nama pengguna atau alamat email sudah dipakai akun lain.');
const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === '23505';

export async function penggunaRoutes(app: FastifyInstance, { db, mailer }: { db: Kysely<DB>; mailer: Mailer }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: { page: () => USER_ADMIN_PATH } };
  const security = [{ bearerAuth: [] }];

  r.post(
    '/api/admin/pengguna/filter',
    {
      config,
      schema: {
        tags: ['pengguna'],
        summary: 'Daftar pengguna (instansi sendiri; super-admin: semua)',
        security,
        body: penggunaListRequestSchema,
        response: { 200: penggunaListResponseSchema },
      },
    },
    async (request) => {
      const manager = managerOf(principalOf(request));
      const { filter, paginator, sorting, searchTerm } = request.body;
      if (!manager.superadmin && filter.instansiId !== undefined && filter.instansiId !== manager.instansiId) {
        throw forbidden('Anda hanya dapat melihat pengguna instansi Anda sendiri.');
      }
      let query = penggunaQuery(db);
      const instansiId = manager.superadmin ? filter.instansiId : manager.instansiId;
      if (instansiId !== undefined) query = query.where('u.instansi_id', '=', instansiId);
      if (filter.status) query = query.where('u.active', '=', filter.status === 'AKTIF');
      if (filter.role) query = query.where(sql<boolean>`${filter.role} = ANY(u.authorities)`);
      const term = searchTerm.trim();
      if (term) {
        const like = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        query = query.where((eb) =>
          eb.or([eb('u.username', 'ilike', like), eb('u.fullname', 'ilike', like), eb('u.email', 'ilike', like)]),
        );
      }
      const [rows, total] = await Promise.all([
        query
          .orderBy(SORT[sorting.column], sorting.direction)
          .orderBy('u.id')
          .limit(paginator.pageSize)
          .offset((paginator.page - 1) * paginator.pageSize)
          .execute(),
        query
          .clearSelect()
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return { data: rows.map((row) => toPenggunaRow(manager, row)), recordsTotal: Number(total.n), summaries: [] };
    },
  );

  r.get(
    '/api/admin/pengguna/options',
    {
      config,
      schema: {
        tags: ['pengguna'],
        summary: 'Peran yang boleh diberikan dan instansi yang boleh dipilih',
        security,
        response: { 200: penggunaOptionsSchema },
      },
    },
    async (request) => {
      const manager = managerOf(principalOf(request));
      let query = db.selectFrom('instansi').select(['id', 'kode', 'nama']).orderBy('nama');
      if (!manager.superadmin) query = query.where('id', '=', manager.instansiId);
      return { roles: [...manager.grantable], instansi: await query.execute() };
    },
  );

  r.post(
    '/api/admin/pengguna',
    {
      config,
      schema: {
        tags: ['pengguna'],
        summary: 'Membuat akun; kata sandi sementara (3 hari) ditampilkan sekali dan dikirim ke email',
        security,
        body: penggunaCreateSchema,
        response: { 201: penggunaCreateResponseSchema },
      },
    },
    async (request, reply) => {
      const manager = managerOf(principalOf(request));
      const actor = actorOf(request);
      const body = request.body;
      if (!manager.superadmin && body.instansiId !== manager.instansiId) {
        throw forbidden('Anda hanya dapat membuat akun untuk instansi Anda sendiri.');
      }
      assertGrantable(manager, body.roles);
      const instansi = await db
        .selectFrom('instansi')
        .select('id')
        .where('id', '=', body.instansiId)
        .executeTakeFirst();
      if (!instansi) throw new AppError(400, ERROR_CODES.validation, 'Instansi tidak dikenal.');
      const clash = await db
        .selectFrom('app_user')
        .select('id')
        .where((eb) =>
          eb.or([eb(eb.fn('lower', ['username']), '=', body.username), eb(eb.fn('lower', ['email']), '=', body.email)]),
        )
        .executeTakeFirst();
      if (clash) throw taken();
      // No usable password until the user sets one with the temporary password.
      const unusable = await hashPassword(randomBytes(32).toString('base64url'));
      const created = await db
        .insertInto('app_user')
        .values({
          username: body.username,
          fullname: body.fullname,
          email: body.email,
          password_hash: unusable,
          instansi_id: body.instansiId,
          ...roleColumns(body.roles),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
        .catch((error: unknown) => {
          throw isUniqueViolation(error) ? taken() : error;
        });
      const minutes = TEMPORARY_PASSWORD_MINUTES.akunBaru;
      const temporaryPassword = await issueTemporaryPassword(db, created.id, minutes);
      await recordAudit(db, {
        action: 'user.create',
        actorId: actor.id,
        actorUsername: actor.username,
        instansiId: body.instansiId,
        entity: 'user',
        entityId: created.id,
        to: body.roles.join(','),
        ip: request.ip,
        details: { username: body.username, email: body.email, roles: body.roles },
      });
      await mailer
        .send({
          to: body.email,
          subject: 'Akun Portal Verifikasi ASN Anda',
          text: [
            `Yth. ${body.fullname},`,
            '',
            `Akun Anda di Portal Verifikasi ASN telah dibuat oleh ${actor.username}.`,
            `Nama pengguna: ${body.username}`,
            `Kata sandi sementara: ${temporaryPassword}`,
            '',
            `Kata sandi sementara berlaku ${minutes / 60 / 24} hari: masuklah dengannya, lalu buat kata sandi Anda sendiri.`,
          ].join('\n'),
        })
        .catch((error: unknown) => request.log.error({ err: error }, 'email akun baru gagal dikirim'));
      const row = await penggunaQuery(db).where('u.id', '=', created.id).executeTakeFirstOrThrow();
      return reply.status(201).send({ pengguna: toPenggunaRow(manager, row), temporaryPassword });
    },
  );

  r.get(
    '/api/admin/pengguna/:id',
    {
      config,
      schema: {
        tags: ['pengguna'],
        summary: 'Satu pengguna',
        security,
        params: z.object({ id: idParam }),
        response: { 200: penggunaRowSchema },
      },
    },
    async (request) => {
      const manager = managerOf(principalOf(request));
      const row = await penggunaQuery(db).where('u.id', '=', request.params.id).executeTakeFirst();
      // Another instansi's account is not found, not forbidden: its existence is not told.
      if (!row || !canSee(manager, row)) throw notFound();
      return toPenggunaRow(manager, row);
    },
  );

  r.put(
    '/api/admin/pengguna/:id',
    {
      config,
      schema: {
        tags: ['pengguna'],
        summary: 'Mengubah nama, email, peran dan status aktif (versi yang dilihat; 409 bila berubah)',
        security,
        params: z.object({ id: idParam }),
        body: penggunaUpdateSchema,
        response: { 200: penggunaRowSchema },
      },
    },
    async (request) => {
      const manager = managerOf(principalOf(request));
      const actor = actorOf(request);
      const { fullname, email, roles, active, version } = request.body;
      const before = await penggunaQuery(db).where('u.id', '=', request.params.id).executeTakeFirst();
      if (!before || !canSee(manager, before)) throw notFound();
      if (before.id === manager.id) throw forbidden('Akun Anda sendiri diubah lewat halaman Profil.');
      if (!canEdit(manager, before)) {
        throw forbidden(
          'Akun ini memegang peran di luar kewenangan Anda; hanya admin yang berwenang dapat mengubahnya.',
        );
      }
      assertGrantable(manager, roles);
      const updated = await db
        .updateTable('app_user')
        .set({
          fullname,
          email,
          active,
          ...roleColumns(roles),
          updated_at: sql<Date>`now()`,
          version: sql<number>`version + 1`,
        })
        .where('id', '=', before.id)
        .where('version', '=', version)
        .returning('id')
        .executeTakeFirst()
        .catch((error: unknown) => {
          throw isUniqueViolation(error) ? taken() : error;
        });
      if (!updated) {
        throw new AppError(409, 'KONFLIK_VERSI', 'Akun ini baru saja diubah orang lain. Muat ulang lalu ulangi.');
      }
      if (!active && before.active) await revokeUserSessions(db, before.id);
      const base = {
        actorId: actor.id,
        actorUsername: actor.username,
        instansiId: before.instansi_id,
        entity: 'user',
        entityId: before.id,
        ip: request.ip,
      };
      const events = [];
      const fromRoles = before.authorities.join(',');
      const toRoles = roles.join(',');
      if (fullname !== before.fullname || email !== before.email || fromRoles !== toRoles) {
        events.push({
          ...base,
          action: 'user.update',
          from: fromRoles,
          to: toRoles,
          details: {
            ...(fullname !== before.fullname ? { fullname: { dari: before.fullname, ke: fullname } } : {}),
            ...(email !== before.email ? { email: { dari: before.email, ke: email } } : {}),
          },
        });
      }
      if (active !== before.active) {
        events.push({ ...base, action: active ? 'user.activate' : 'user.deactivate' });
      }
      for (const event of events) await recordAudit(db, event);
      const row = await penggunaQuery(db).where('u.id', '=', before.id).executeTakeFirstOrThrow();
      return toPenggunaRow(manager, row);
    },
  );
}
