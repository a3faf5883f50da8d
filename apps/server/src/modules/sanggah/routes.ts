// The objection calls of spec §7 for every track with a Jawab Sanggah screen: the list
// (`{base}/sanggah/filter`), the detail and its documents, the supervisor's answer, wasdal's check;
// and for Nakes the admin's reset list (`{base}/reset-jawab-sanggah/filter`) and bulk reset
// (`PUT {base}/reset-jawab-sanggah/updateStatus`). Pages carry the permission (spec §6); who may
// change what is checked on top (the page alone lets wasdal read every track's objections).

import {
  cekSanggahSchema,
  dokumenParamsSchema,
  hasTrackRole,
  idParam,
  instansiOptionsSchema,
  isAfirmasiTrack,
  jawabSanggahSchema,
  type Principal,
  resetSanggahSchema,
  SANGGAH_LISTS,
  type SanggahList,
  sanggahDetailSchema,
  sanggahIdParamsSchema,
  sanggahListRequestSchema,
  sanggahListResponseSchema,
  TRACK_IDS,
  TRACK_SCREENS,
  TRACKS,
  type TrackId,
  updateStatusResultSchema,
} from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { actorOf, principalOf } from '../../auth/access.js';
import type { DB } from '../../db/schema.js';
import { AppError, forbidden } from '../../errors.js';
import { type BerkasStore, sendBerkas } from '../../storage/berkas-store.js';
import { buktiAfirmasi } from '../afirmasi/service.js';
import { akhiranBentuk, BENTUK_BERKAS, dokumenBerkas } from '../pelamar/detail.js';
import { listScope } from '../pelamar/routes.js';
import { instansiPilihan } from '../shared/list-sql.js';
import { pageRoute } from '../shared/page-route.js';
import { listSanggah, type SanggahScope, sanggahDetail } from './queries.js';
import { cekSanggah, jawabSanggah, resetSanggah } from './service.js';

export function sanggahScope(principal: Principal, track: TrackId, klaimMenit: number): SanggahScope {
  const roles = principal.authorities.map((a) => a.authority);
  return {
    ...listScope(principal, track, klaimMenit),
    bolehJawab: hasTrackRole(principal.authorities, track, 'SUPERVISOR'),
    bolehCek: roles.includes('ROLE_CEK_SANGGAH_WASDAL'),
    bolehReset: track === 'nakes' && roles.includes('ROLE_ADMIN_PPPK_NAKES'),
  };
}

export async function sanggahRoutes(
  app: FastifyInstance,
  { db, files, klaimMenit }: { db: Kysely<DB>; files: BerkasStore; klaimMenit: number },
) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  for (const track of TRACK_IDS) {
    const scopeOf = (request: FastifyRequest) => sanggahScope(principalOf(request), track, klaimMenit);
    /** The objection in the caller's scope, for its applicant's files (404 otherwise). */
    const sanggahOf = async (id: number, list: SanggahList, scope: SanggahScope) => {
      const sanggah = await db
        .selectFrom('sanggah')
        .where('id', '=', id)
        .where('track', '=', track)
        .where('jenis', '=', SANGGAH_LISTS[list].jenis)
        .$if(scope.instansiId !== null, (query) => query.where('instansi_id', '=', scope.instansiId as number))
        .select('pelamar_id')
        .executeTakeFirst();
      if (!sanggah) throw new AppError(404, 'NOT_FOUND', 'Data sanggah tidak ditemukan.');
      return sanggah;
    };
    for (const [list, { screen, segment }] of Object.entries(SANGGAH_LISTS) as [
      SanggahList,
      (typeof SANGGAH_LISTS)[SanggahList],
    ][]) {
      if (!(TRACK_SCREENS[track] as readonly string[]).includes(screen)) continue;
      const on = pageRoute([TRACKS[track].title], `/${track}/${screen}`);
      const base = `/api/${track}/${segment}`;

      typed.post(
        `${base}/filter`,
        on(`Daftar sanggah untuk halaman /${track}/${screen}`, {
          body: sanggahListRequestSchema,
          response: { 200: sanggahListResponseSchema },
        }),
        async (request) => listSanggah(db, list, scopeOf(request), request.body),
      );
      typed.get(
        `${base}/instansi`,
        on('Instansi yang memiliki sanggah pada daftar ini (pilihan saringan peran nasional)', {
          response: { 200: instansiOptionsSchema },
        }),
        async (request) => instansiPilihan(db, 'sanggah', scopeOf(request), SANGGAH_LISTS[list].jenis),
      );
      typed.get(
        `${base}/:id`,
        on('Satu sanggah: butir, jawaban, pemeriksaan wasdal, dan data pelamar', {
          params: sanggahIdParamsSchema,
          response: { 200: sanggahDetailSchema },
        }),
        async (request) => sanggahDetail(db, list, scopeOf(request), request.params.id, principalOf(request)),
      );
      // The original, and (issue #32) the rendition at the size a screen needs.
      for (const bentuk of BENTUK_BERKAS) {
        typed.get(
          `${base}/:id/dokumen/:dokumenId${akhiranBentuk(bentuk)}`,
          on(`Berkas satu dokumen pelamar yang menyanggah${bentuk === 'tampilan' ? ' (tampilan ringkas)' : ''}`, {
            params: dokumenParamsSchema,
          }),
          async (request, reply) => {
            const scope = scopeOf(request);
            const sanggah = await sanggahOf(request.params.id, list, scope);
            return sendBerkas(
              reply,
              files,
              await dokumenBerkas(db, scope, Number(sanggah.pelamar_id), request.params.dokumenId, bentuk),
            );
          },
        );
      }

      if (list !== 'reset') {
        typed.put(
          `${base}/:id`,
          on('Jawab sanggah: DITERIMA/DITOLAK per butir dengan alasan (supervisor, dalam jadwal)', {
            params: sanggahIdParamsSchema,
            body: jawabSanggahSchema,
            response: {
              200: z.object({ version: z.number(), status: z.string(), mengubahStatus: z.boolean() }),
            },
          }),
          async (request) => {
            const scope = scopeOf(request);
            if (!scope.bolehJawab || scope.instansiId === null) {
              throw forbidden('Hanya supervisor instansi yang dapat menjawab sanggah.');
            }
            return jawabSanggah(db, scope, list, actorOf(request), request.params.id, request.body);
          },
        );
      }
      if (list === 'afirmasi') {
        typed.get(
          `${base}/:id/bukti/:afirmasiId`,
          on('Berkas bukti klaim afirmasi yang disanggah', {
            params: sanggahIdParamsSchema.extend({ afirmasiId: idParam }),
          }),
          async (request, reply) => {
            const scope = scopeOf(request);
            const sanggah = await sanggahOf(request.params.id, list, scope);
            if (!isAfirmasiTrack(track)) throw new AppError(404, 'NOT_FOUND', 'Berkas bukti tidak ditemukan.');
            const bukti = await buktiAfirmasi(
              db,
              { ...scope, track, bolehPeriksa: false },
              request.params.afirmasiId,
              Number(sanggah.pelamar_id),
            );
            return sendBerkas(reply, files, bukti);
          },
        );
      }
      if (list === 'jawab') {
        typed.put(
          `${base}/:id/cek`,
          on('Pemeriksaan jawaban sanggah oleh wasdal: DIPERIKSA, atau DITANDAI dengan catatan', {
            params: sanggahIdParamsSchema,
            body: cekSanggahSchema,
            response: { 200: z.object({ version: z.number() }) },
          }),
          async (request) => {
            const scope = scopeOf(request);
            if (!scope.bolehCek) throw forbidden('Hanya wasdal yang dapat memeriksa jawaban sanggah.');
            return cekSanggah(db, scope, actorOf(request), request.params.id, request.body);
          },
        );
      } else {
        typed.put(
          `${base}/updateStatus`,
          on('Reset jawaban sanggah ke DIAJUKAN (satu atau banyak, dengan alasan)', {
            body: resetSanggahSchema,
            response: { 200: updateStatusResultSchema },
          }),
          async (request) => {
            const scope = scopeOf(request);
            if (!scope.bolehReset || scope.instansiId === null) {
              throw forbidden('Hanya admin instansi yang dapat mereset jawaban sanggah.');
            }
            return resetSanggah(db, scope, actorOf(request), request.body.ids, request.body.alasan);
          },
        );
      }
    }
  }
}
