// POST /api/{track}/{list}/filter for every applicant list of every track that has its screen.
// Each route carries the page it serves (403 without it) and scopes rows to the caller's instansi
// unless the caller has a national role.

import {
  dokumenParamsSchema,
  NATIONAL_ROLES,
  PELAMAR_EXPORT_LISTS,
  PELAMAR_LISTS,
  type PelamarList,
  type Principal,
  pelamarDetailSchema,
  pelamarExportRequestSchema,
  pelamarIdParamsSchema,
  pelamarListRequestSchema,
  pelamarListResponseSchema,
  TRACK_IDS,
  TRACK_SCREENS,
  TRACKS,
  type TrackId,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { principalOf } from '../../auth/access.js';
import type { DB } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { BerkasStore } from '../../storage/berkas-store.js';
import { dokumenBerkas, pelamarDetail } from './detail.js';
import { EXPORT_MIME, exportPelamar } from './export.js';
import { type ListScope, listPelamar } from './queries.js';

/** The roles that handle a track's applicants (ROLE_ADMIN_CPNS, ROLE_VERIFIKATOR_PPPK,
 * …_PPPK_GURU, …_PPPK_NAKES) see full NIKs; the others (monitoring) see them masked. */
const HANDLES_APPLICANTS: Record<TrackId, RegExp> = {
  cpns: /^ROLE_(ADMIN|VERIFIKATOR|SUPERVISOR)_CPNS$/,
  pppk: /^ROLE_(ADMIN|VERIFIKATOR|SUPERVISOR)_PPPK$/,
  'pppk-guru': /^ROLE_(ADMIN|VERIFIKATOR|SUPERVISOR)_PPPK_GURU$/,
  nakes: /^ROLE_(ADMIN|VERIFIKATOR|SUPERVISOR)_PPPK_NAKES$/,
};

export function listScope(principal: Principal, track: TrackId): ListScope {
  const roles = principal.authorities.map((a) => a.authority);
  const national = roles.some((role) => (NATIONAL_ROLES as readonly string[]).includes(role));
  const handlesApplicants = roles.some((role) => HANDLES_APPLICANTS[track].test(role));
  return { track, instansiId: national ? null : principal.instansi.id, maskNik: !handlesApplicants };
}

export async function pelamarListRoutes(app: FastifyInstance, { db, files }: { db: Kysely<DB>; files: BerkasStore }) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  for (const track of TRACK_IDS) {
    for (const [list, screen] of Object.entries(PELAMAR_LISTS) as [PelamarList, string][]) {
      if (!(TRACK_SCREENS[track] as readonly string[]).includes(screen)) continue;
      const page = `/${track}/${screen}`;
      typed.post(
        `/api/${track}/${list}/filter`,
        {
          config: { access: { page: () => page } },
          schema: {
            tags: [TRACKS[track].title],
            summary: `Daftar pelamar untuk halaman ${page}`,
            body: pelamarListRequestSchema,
            response: { 200: pelamarListResponseSchema },
          },
        },
        async (request) => listPelamar(db, list, listScope(principalOf(request), track), request.body),
      );
      if (PELAMAR_EXPORT_LISTS.includes(list)) {
        typed.post(
          `/api/${track}/${list}/export`,
          {
            config: { access: { page: () => page } },
            schema: {
              tags: [TRACKS[track].title],
              summary: `Unduh daftar halaman ${page} (Excel atau CSV), sesuai saringan yang dipakai`,
              body: pelamarExportRequestSchema,
            },
          },
          async (request, reply) => {
            const { format, ...view } = request.body;
            const day = new Date().toISOString().slice(0, 10).replaceAll('-', '');
            const stream = exportPelamar(db, list, listScope(principalOf(request), track), view, format, screen);
            return reply
              .header('Content-Type', EXPORT_MIME[format])
              .header('Content-Disposition', `attachment; filename="${screen}-${track}-${day}.${format}"`)
              .header('Cache-Control', 'no-store')
              .send(stream);
          },
        );
      }
      typed.get(
        `/api/${track}/${list}/:id`,
        {
          config: { access: { page: () => page } },
          schema: {
            tags: [TRACKS[track].title],
            summary: `Data lengkap satu pelamar, dari halaman ${page}`,
            params: pelamarIdParamsSchema,
            response: { 200: pelamarDetailSchema },
          },
        },
        async (request) => pelamarDetail(db, listScope(principalOf(request), track), request.params.id),
      );
      typed.get(
        `/api/${track}/${list}/:id/dokumen/:dokumenId`,
        {
          config: { access: { page: () => page } },
          schema: {
            tags: [TRACKS[track].title],
            summary: `Berkas satu dokumen pelamar, dari halaman ${page}`,
            params: dokumenParamsSchema,
          },
        },
        async (request, reply) => {
          const { id, dokumenId } = request.params;
          const berkas = await dokumenBerkas(db, listScope(principalOf(request), track), id, dokumenId);
          const stream = files.open(berkas.sha256);
          if (!stream) throw new AppError(404, 'NOT_FOUND', 'Berkas dokumen tidak tersedia.');
          return reply
            .header('Content-Type', berkas.mime)
            .header('Content-Length', berkas.size)
            .header('Content-Disposition', `inline; filename="${berkas.nama_file.replace(/[^\w.-]/g, '_')}"`)
            .header('Cache-Control', 'private, max-age=3600')
            .send(stream);
        },
      );
    }
  }
}
