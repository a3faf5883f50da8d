// Issue #33: an announcement is made on the job queue, by whichever process has document workers
// (DOKUMEN_PEKERJA on an instance, `npm run worker`), not in the request that asked for it: a
// quarter of a million applicants take a minute or two, longer than a proxy should hold a request.
//
// The request checks what can be checked at once (the final lock, the public address, the
// certificate) and writes the job's row in dokumen_resmi_progres (MENUNGGU); the relay hands rows
// not yet queued to the queue and marks them in the same transaction (as the imports' and the
// readings' relays do), so none is lost or queued twice; a worker claims its row before it begins
// (BERJALAN), so none is made twice. The making writes its progress on the row every second, which
// is its heartbeat: a job whose worker died is ended as failed after STALE_DETIK, and the admin
// makes it again. The screen (any tab, after a reload) follows the row: progress, then the document
// made or why it was not.

import { randomUUID } from 'node:crypto';
import type { DokumenProgres, PengumumanRequest, TrackId } from '@portal/contract';
import { type Kysely, sql } from 'kysely';
import type { Logger } from 'pino';
import type { Config } from '../../config.js';
import type { DB } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { BerkasStore } from '../../storage/berkas-store.js';
import { type Actor, recordAudit } from '../audit/audit.js';
import { ANTREAN_DOKUMEN, type Antrean, type OpsiPekerja, PekerjaAntrean, relaiBaris } from '../baca/antrean.js';
import { terkunciFinal } from '../verifikasi/service.js';
import { belumFinal, type DokumenScope, dokumenMilik, kotaBelumDiisi } from './dokumen.js';
import { buatPengumuman } from './service.js';
import { type Penanda, penandaTangan } from './tte.js';

/** A job being made whose progress has not moved for this long has lost its worker. */
export const STALE_DETIK = 120;

const GAGAL_TERHENTI =
  'Pembuatan pengumuman terhenti karena proses pembuatnya berhenti. Tidak ada dokumen yang diterbitkan; buat pengumuman lagi.';
const GAGAL_UMUM =
  'Pengumuman tidak dapat dibuat karena kesalahan pada server. Tidak ada dokumen yang diterbitkan; coba buat lagi, dan hubungi pengelola portal bila terulang.';

/** What a worker needs to make an announcement (the same as the request would have). */
export interface PembuatDokumen {
  db: Kysely<DB>;
  files: BerkasStore;
  publicUrl: string;
  penanda: (instansiId: number) => Promise<Penanda>;
  /** The CPU priority of the thread the document is laid out in (BACA_NICE). */
  nice: number;
}

/** A process's maker of announcements, from its configuration (an instance, `npm run worker`). */
export const pembuatDokumen = (
  db: Kysely<DB>,
  files: BerkasStore,
  config: Pick<Config, 'publicUrl' | 'tte' | 'seedDemo' | 'baca'>,
): PembuatDokumen => ({
  db,
  files,
  publicUrl: config.publicUrl,
  nice: config.baca.nice,
  penanda: penandaTangan(db, { ...config.tte, demo: config.seedDemo }),
});

/** Jobs whose worker died (taken, no progress for STALE_DETIK) are ended, so they block nobody. */
async function akhiriMati(db: Kysely<DB>, scope?: DokumenScope): Promise<void> {
  await db
    .updateTable('dokumen_resmi_progres')
    .set({ status: 'GAGAL', pesan: GAGAL_TERHENTI })
    .where('status', '=', 'BERJALAN')
    .where('diubah_at', '<', sql<Date>`now() - make_interval(secs => ${STALE_DETIK})`)
    .$if(scope !== undefined, (q) =>
      q.where('instansi_id', '=', scope?.instansiId as number).where('track', '=', scope?.track as TrackId),
    )
    .execute();
}

const kolom = ['id', 'status', 'selesai', 'total', 'kode', 'pesan'] as const;

async function keProgres(
  db: Kysely<DB>,
  scope: DokumenScope,
  row: {
    id: string;
    status: DokumenProgres['status'];
    selesai: number;
    total: number;
    kode: string | null;
    pesan: string | null;
  },
): Promise<DokumenProgres> {
  return {
    id: row.id,
    status: row.status,
    selesai: row.selesai,
    total: row.total,
    dokumen: row.status === 'SELESAI' && row.kode ? await dokumenMilik(db, scope, row.kode) : null,
    pesan: row.status === 'GAGAL' ? row.pesan : null,
  };
}

/**
 * POST …/pengumuman: checks what can be checked before the work, then writes the job (202). One
 * announcement of an instansi and track is made at a time; another asked meanwhile is refused.
 */
export async function antrekanPengumuman(
  db: Kysely<DB>,
  scope: DokumenScope,
  actor: Actor,
  request: PengumumanRequest,
): Promise<DokumenProgres> {
  // The lock only: its four counts over a quarter of a million rows took seconds under load.
  if (!(await terkunciFinal(db, scope))) throw belumFinal(scope);
  // Issue #31: signed "Ditetapkan di {kota}" – refused now rather than by the worker.
  const kop = await db
    .selectFrom('instansi_kop')
    .where('instansi_id', '=', scope.instansiId)
    .select('kota')
    .executeTakeFirst();
  if (!kop?.kota?.trim()) throw kotaBelumDiisi();
  await akhiriMati(db, scope);
  const { progresId, ...permintaan } = request;
  const id = progresId ?? randomUUID();
  const row = await db
    .insertInto('dokumen_resmi_progres')
    .values({
      id,
      instansi_id: scope.instansiId,
      track: scope.track,
      total: 0,
      status: 'MENUNGGU',
      diantre: false,
      permintaan: JSON.stringify(permintaan),
      pelaku: JSON.stringify(actor),
    })
    // The partial unique index allows one job waiting or being made per instansi and track.
    .onConflict((oc) => oc.doNothing())
    .returning(kolom)
    .executeTakeFirst();
  if (!row) {
    throw new AppError(
      409,
      'PENGUMUMAN_SEDANG_DIBUAT',
      'Pengumuman instansi ini sedang dibuat. Tunggu sampai selesai; kemajuannya tampil di panel Dokumen Resmi.',
    );
  }
  // Old jobs' rows are not kept beyond a day (the documents themselves are kept for good).
  await db
    .deleteFrom('dokumen_resmi_progres')
    .where('status', 'in', ['SELESAI', 'GAGAL'])
    .where('diubah_at', '<', sql<Date>`now() - interval '1 day'`)
    .execute();
  return keProgres(db, scope, row);
}

/** GET …/progres/{id}: where the job stands (its screen polls this). */
export async function progresDokumen(db: Kysely<DB>, scope: DokumenScope, id: string): Promise<DokumenProgres> {
  await akhiriMati(db, scope);
  const row = await db
    .selectFrom('dokumen_resmi_progres')
    .where('id', '=', id)
    .where('instansi_id', '=', scope.instansiId)
    .where('track', '=', scope.track)
    .select(kolom)
    .executeTakeFirst();
  if (!row) throw new AppError(404, 'NOT_FOUND', 'Belum ada kemajuan untuk pembuatan dokumen ini.');
  return keProgres(db, scope, row);
}

/**
 * Cancels a job no worker has taken yet (none may be running anywhere: without a worker it would
 * wait for good, and hold the next announcement back). One being made is not cut short.
 */
export async function batalkanPengumuman(
  db: Kysely<DB>,
  scope: DokumenScope,
  id: string,
  actor: Actor,
): Promise<DokumenProgres> {
  const row = await db
    .updateTable('dokumen_resmi_progres')
    .set({
      status: 'GAGAL',
      pesan: 'Pembuatan pengumuman dibatalkan sebelum dimulai. Tidak ada dokumen yang diterbitkan.',
      diubah_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .where('instansi_id', '=', scope.instansiId)
    .where('track', '=', scope.track)
    .where('status', '=', 'MENUNGGU')
    .returning(kolom)
    .executeTakeFirst();
  if (row) {
    await recordAudit(db, {
      action: 'BATAL_PENGUMUMAN',
      actorId: actor.id,
      actorUsername: actor.username,
      instansiId: scope.instansiId,
      entity: 'dokumen_resmi_progres',
      entityId: id,
      from: 'MENUNGGU',
      to: 'GAGAL',
      ...(actor.ip ? { ip: actor.ip } : {}),
      details: { track: scope.track },
    });
    return keProgres(db, scope, row);
  }
  const now = await progresDokumen(db, scope, id);
  throw new AppError(
    409,
    'PENGUMUMAN_TIDAK_DAPAT_DIBATALKAN',
    now.status === 'BERJALAN'
      ? 'Pengumuman sudah mulai disusun dan tidak dapat dibatalkan. Tunggu sampai selesai.'
      : 'Pembuatan pengumuman ini sudah berakhir.',
  );
}

/** The job waiting or being made for the instansi and track, if any (the panel follows it). */
export async function pembuatanBerjalan(db: Kysely<DB>, scope: DokumenScope): Promise<DokumenProgres | null> {
  await akhiriMati(db, scope);
  const row = await db
    .selectFrom('dokumen_resmi_progres')
    .where('instansi_id', '=', scope.instansiId)
    .where('track', '=', scope.track)
    .where('status', 'in', ['MENUNGGU', 'BERJALAN'])
    .select(kolom)
    .executeTakeFirst();
  return row ? keProgres(db, scope, row) : null;
}

/** Hands jobs not yet queued to the queue, in one transaction. Returns how many. */
export const relaiDokumen = (antrean: Antrean): Promise<number> =>
  relaiBaris(antrean, {
    table: 'dokumen_resmi_progres',
    waiting: "status = 'MENUNGGU'",
    order: 'dibuat_at',
    queue: ANTREAN_DOKUMEN,
  });

/**
 * Makes the announcement of job `id`, if no worker has taken it: claims the row, makes the
 * document (progress on the row), and ends the job with its code or with the reason it was not
 * made – a refusal's own words (the lock lifted meanwhile, the letterhead's seat missing…), or a
 * general one for a failure of the server's (logged). Returns the job's end.
 */
export async function kerjakanPengumuman(
  pembuat: PembuatDokumen,
  id: string,
  log?: Pick<Logger, 'error'>,
): Promise<DokumenProgres['status'] | null> {
  const { db } = pembuat;
  const job = await db
    .updateTable('dokumen_resmi_progres')
    .set({ status: 'BERJALAN', dikerjakan_at: sql<Date>`now()`, diubah_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('status', '=', 'MENUNGGU')
    .returning(['instansi_id', 'track', 'permintaan', 'pelaku'])
    .executeTakeFirst();
  if (!job) return null;
  const scope: DokumenScope = { instansiId: job.instansi_id, track: job.track };
  try {
    const request = { ...(job.permintaan as Omit<PengumumanRequest, 'progresId'>), progresId: id };
    const penanda = await pembuat.penanda(scope.instansiId);
    const dokumen = await buatPengumuman(
      db,
      pembuat.files,
      scope,
      job.pelaku as Actor,
      request,
      pembuat.publicUrl,
      penanda,
      pembuat.nice,
    );
    await db
      .updateTable('dokumen_resmi_progres')
      .set({ status: 'SELESAI', kode: dokumen.kode, diubah_at: sql<Date>`now()` })
      .where('id', '=', id)
      .execute();
    return 'SELESAI';
  } catch (error) {
    const known = error instanceof AppError && error.statusCode < 500;
    if (!known) log?.error({ err: error, job: id }, 'pengumuman gagal dibuat');
    await db
      .updateTable('dokumen_resmi_progres')
      .set({ status: 'GAGAL', pesan: known ? error.message : GAGAL_UMUM, diubah_at: sql<Date>`now()` })
      .where('id', '=', id)
      .execute();
    return 'GAGAL';
  }
}

/** The announcement workers of one process and the relay. */
export class PekerjaDokumen extends PekerjaAntrean {
  constructor(antrean: Antrean, pembuat: PembuatDokumen, opsi: OpsiPekerja) {
    super(
      antrean,
      ANTREAN_DOKUMEN,
      () => relaiDokumen(antrean),
      async (id) => {
        const status = await kerjakanPengumuman(pembuat, id, opsi.log);
        opsi.log.info({ job: id, status }, 'pembuatan pengumuman berakhir');
      },
      opsi,
    );
  }
}
