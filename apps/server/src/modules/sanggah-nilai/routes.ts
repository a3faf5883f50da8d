// The score-objection calls for every track with a Jawab Sanggah Nilai screen (cpns, pppk-guru,
// nakes): the list (`{base}/sanggah-nilai/filter`), the detail, the answer and wasdal's approval.
// The page `/{track}/sanggah-nilai` carries the permission (spec §6); who may answer which
// component and who approves is checked on top (docs/decisions.md, "Score objections").

import {
  hasTrackRole,
  instansiOptionsSchema,
  isKomponenSkd,
  jawabSanggahNilaiSchema,
  KOMPONEN_PER_TRACK,
  type Principal,
  persetujuanSanggahNilaiSchema,
  sanggahNilaiDetailSchema,
  sanggahNilaiIdParamsSchema,
  sanggahNilaiListRequestSchema,
  sanggahNilaiListResponseSchema,
  TRACK_IDS,
  TRACK_SCREENS,
  TRACKS,
  type TrackId,
} from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { actorOf, principalOf } from '../../auth/access.js';
import type { DB } from '../../db/schema.js';
import { listScope } from '../pelamar/routes.js';
import { instansiPilihan } from '../shared/list-sql.js';
import { pageRoute } from '../shared/page-route.js';
import { listSanggahNilai, type SanggahNilaiScope, sanggahNilaiDetail } from './queries.js';
import { jawabSanggahNilai, setujuiSanggahNilai } from './service.js';

/**
 * SKD components: ROLE_JAWAB_SANGGAH_NILAI_SKD, nationally. Other components: the Nakes
 * supervisor for their instansi; on PPPK Guru (whose supervisors have no such page) wasdal.
 * Wasdal approves on every track.
 */
export function sanggahNilaiScope(principal: Principal, track: TrackId, klaimMenit: number): SanggahNilaiScope {
  const roles = principal.authorities.map((a) => a.authority);
  const wasdal = roles.includes('ROLE_CEK_SANGGAH_WASDAL');
  const skd = roles.includes('ROLE_JAWAB_SANGGAH_NILAI_SKD');
  const lainnya =
    (track === 'nakes' && hasTrackRole(principal.authorities, track, 'SUPERVISOR')) ||
    (track === 'pppk-guru' && wasdal);
  return {
    ...listScope(principal, track, klaimMenit),
    jawabKomponen: KOMPONEN_PER_TRACK[track].filter((komponen) => (isKomponenSkd(komponen) ? skd : lainnya)),
    bolehSetujui: wasdal,
  };
}

export async function sanggahNilaiRoutes(
  app: FastifyInstance,
  { db, klaimMenit }: { db: Kysely<DB>; klaimMenit: number },
) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  for (const track of TRACK_IDS) {
    if (!(TRACK_SCREENS[track] as readonly string[]).includes('sanggah-nilai')) continue;
    const on = pageRoute([TRACKS[track].title], `/${track}/sanggah-nilai`);
    const base = `/api/${track}/sanggah-nilai`;
    const scopeOf = (request: FastifyRequest) => sanggahNilaiScope(principalOf(request), track, klaimMenit);

    typed.post(
      `${base}/filter`,
      on(`Daftar sanggah nilai untuk halaman /${track}/sanggah-nilai`, {
        body: sanggahNilaiListRequestSchema,
        response: { 200: sanggahNilaiListResponseSchema },
      }),
      async (request) => listSanggahNilai(db, scopeOf(request), request.body),
    );
    typed.get(
      `${base}/instansi`,
      on('Instansi yang memiliki sanggah nilai pada jalur ini (pilihan saringan peran nasional)', {
        response: { 200: instansiOptionsSchema },
      }),
      async (request) => instansiPilihan(db, 'sanggah_nilai', scopeOf(request)),
    );
    typed.get(
      `${base}/:id`,
      on('Satu sanggah nilai: argumen, jawaban, persetujuan, pelamar dan nilai yang disanggah', {
        params: sanggahNilaiIdParamsSchema,
        response: { 200: sanggahNilaiDetailSchema },
      }),
      async (request) => sanggahNilaiDetail(db, scopeOf(request), request.params.id, principalOf(request)),
    );
    typed.put(
      `${base}/:id`,
      on('Jawab sanggah nilai: DITERIMA dengan nilai usulan, atau DITOLAK; alasan wajib (dalam jadwal)', {
        params: sanggahNilaiIdParamsSchema,
        body: jawabSanggahNilaiSchema,
        response: { 200: z.object({ version: z.number(), status: z.string() }) },
      }),
      async (request) => jawabSanggahNilai(db, scopeOf(request), actorOf(request), request.params.id, request.body),
    );
    typed.put(
      `${base}/:id/persetujuan`,
      on('Persetujuan nasional (wasdal): DISETUJUI mengoreksi nilai, atau TIDAK_DISETUJUI; alasan wajib', {
        params: sanggahNilaiIdParamsSchema,
        body: persetujuanSanggahNilaiSchema,
        response: {
          200: z.object({
            version: z.number(),
            status: z.string(),
            nilaiLama: z.string().nullable(),
            nilaiBaru: z.string().nullable(),
          }),
        },
      }),
      async (request) => setujuiSanggahNilai(db, scopeOf(request), actorOf(request), request.params.id, request.body),
    );
  }
}
