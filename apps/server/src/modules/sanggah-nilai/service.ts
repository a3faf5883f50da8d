// Score objections (DOMAIN.md "Sanggah nilai"), the changes: the answer and wasdal's national
// approval, each a guarded transition of the objection's row (the answer window read with it) whose
// audit events go to the objector's trail and, for an objection about another applicant, to that
// applicant's too; an approval corrects the score under a lock on its row, in the same transaction.

import {
  type JawabSanggahNilai,
  KOMPONEN_NILAI_NAMA,
  NILAI_MAKS,
  type PersetujuanSanggahNilai,
  type StatusSanggahNilai,
} from '@portal/contract';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';
import { transaction } from '../../db/transaction.js';
import { AppError, forbidden } from '../../errors.js';
import { type Actor, type Change, pelamarEvents } from '../audit/audit.js';
import { guardedTransition } from '../shared/guarded-transition.js';
import { angka, inScope, NOT_FOUND, penjawabOf, type SanggahNilaiScope } from './queries.js';

const conflict = (code: string, message: string) => new AppError(409, code, message);

/** The objection's row inside the scope with what its changes check (the transition locks it). */
function sanggahNilaiRow(trx: Transaction<DB>, scope: SanggahNilaiScope, id: number) {
  return trx
    .selectFrom('sanggah_nilai as s')
    .where(inScope(scope, id))
    .select([
      's.pelamar_id',
      's.pelamar_terkait_id',
      's.instansi_id',
      's.komponen',
      's.status',
      's.version',
      's.nilai_usulan',
      's.dijawab_oleh',
    ]);
}
type Row = Awaited<ReturnType<ReturnType<typeof sanggahNilaiRow>['executeTakeFirstOrThrow']>>;

/** What both changes share: the row, the answer window, the version the user saw. */
const sanggahNilaiTransition = (trx: Transaction<DB>, scope: SanggahNilaiScope, id: number, seen: number) =>
  ({
    table: 'sanggah_nilai',
    id,
    select: sanggahNilaiRow(trx, scope, id),
    notFound: NOT_FOUND,
    window: { track: scope.track, tahap: 'JAWAB_SANGGAH_NILAI' },
    version: {
      seen,
      message: 'Sanggah nilai ini telah diubah oleh pengguna lain. Muat ulang untuk melihat perubahan.',
    },
  }) as const;

/** The applicant whose score is objected to. */
const dinilaiOf = (row: Row) => Number(row.pelamar_terkait_id ?? row.pelamar_id);

/** The same events on the objector's trail and, when it is about another applicant, on theirs. */
const keduanya = (actor: Actor, row: Row, changes: Change[]) => [
  ...pelamarEvents(actor, row.pelamar_id, changes),
  ...(row.pelamar_terkait_id === null ? [] : pelamarEvents(actor, row.pelamar_terkait_id, changes)),
];

/** The score now of the applicant concerned (locked when it is about to change). */
function nilaiSekarang(trx: Transaction<DB>, row: Row) {
  return trx
    .selectFrom('nilai')
    .where('pelamar_id', '=', dinilaiOf(row))
    .where('komponen', '=', row.komponen)
    .select('nilai');
}

/** The answer: accepted with the corrected value proposed (then waits for approval), or rejected. */
export async function jawabSanggahNilai(
  db: Kysely<DB>,
  scope: SanggahNilaiScope,
  actor: Actor,
  id: number,
  body: JawabSanggahNilai,
): Promise<{ version: number; status: StatusSanggahNilai }> {
  const status: StatusSanggahNilai = body.jawaban === 'DITERIMA' ? 'MENUNGGU_PERSETUJUAN' : 'DITOLAK';
  return transaction(db, async (trx) => {
    const { version } = await guardedTransition(trx, {
      ...sanggahNilaiTransition(trx, scope, id, body.version),
      authorize: (row) => {
        if (!scope.jawabKomponen.includes(row.komponen)) {
          throw forbidden(`Sanggah nilai ${row.komponen} dijawab oleh ${penjawabOf(scope.track, row.komponen)}.`);
        }
      },
      state: (row) => {
        if (row.status !== 'DIAJUKAN') throw conflict('SUDAH_DIJAWAB', 'Sanggah nilai ini sudah dijawab.');
      },
      check: async (row) => {
        if (body.nilaiUsulan === null) return;
        const maks = NILAI_MAKS[row.komponen];
        if (body.nilaiUsulan > maks) {
          throw new AppError(400, 'VALIDATION_ERROR', `Nilai usulan ${row.komponen} paling tinggi ${maks}.`);
        }
        const current = await nilaiSekarang(trx, row).executeTakeFirst();
        if (Number(current?.nilai ?? 0) === body.nilaiUsulan) {
          throw new AppError(
            400,
            'NILAI_SAMA',
            'Nilai usulan sama dengan nilai saat ini; bila nilai tidak perlu dikoreksi, tolak sanggah ini.',
          );
        }
      },
      write: (row) => ({
        set: {
          status,
          jawaban_alasan: body.alasan,
          nilai_usulan: body.nilaiUsulan,
          dijawab_oleh: actor.id,
          dijawab_at: sql`now()`,
        },
        audit: keduanya(actor, row, [
          {
            action: 'JAWAB_SANGGAH_NILAI',
            from: 'DIAJUKAN',
            to: status,
            reason: body.alasan,
            details: {
              sanggahNilaiId: id,
              komponen: row.komponen,
              pelamarTerkaitId: row.pelamar_terkait_id === null ? null : Number(row.pelamar_terkait_id),
              nilaiUsulan: angka(body.nilaiUsulan),
            },
          },
        ]),
      }),
    });
    return { version, status };
  });
}

/**
 * Wasdal's national approval of an accepted objection, never by the account that answered it.
 * DISETUJUI corrects the score under a lock on its row, keeping the old and new values.
 */
export async function setujuiSanggahNilai(
  db: Kysely<DB>,
  scope: SanggahNilaiScope,
  actor: Actor,
  id: number,
  body: PersetujuanSanggahNilai,
): Promise<{ version: number; status: StatusSanggahNilai; nilaiLama: string | null; nilaiBaru: string | null }> {
  return transaction(db, async (trx) => {
    // The score's old and new value, when the approval changes it (decided in `write`).
    let nilaiLama: string | null = null;
    let nilaiBaru: string | null = null;
    const { version } = await guardedTransition(trx, {
      ...sanggahNilaiTransition(trx, scope, id, body.version),
      authorize: () => {
        if (!scope.bolehSetujui) throw forbidden('Hanya wasdal BKN yang dapat menyetujui jawaban sanggah nilai.');
      },
      state: (row) => {
        if (row.status === 'DIAJUKAN') {
          throw conflict('BELUM_DIJAWAB', 'Sanggah nilai ini belum dijawab; belum ada yang perlu disetujui.');
        }
        if (row.status === 'DITOLAK') {
          throw conflict(
            'SUDAH_DIJAWAB',
            'Sanggah nilai ini ditolak penjawab; penolakan tidak memerlukan persetujuan.',
          );
        }
        if (row.status !== 'MENUNGGU_PERSETUJUAN') {
          throw conflict('SUDAH_DIPUTUSKAN', 'Persetujuan sanggah nilai ini sudah diberikan.');
        }
      },
      check: (row) => {
        if (row.dijawab_oleh === actor.id) {
          throw forbidden(
            'Anda yang menjawab sanggah nilai ini; persetujuannya harus diberikan oleh akun wasdal lain.',
          );
        }
      },
      write: async (row) => {
        const dinilaiId = dinilaiOf(row);
        if (body.status === 'DISETUJUI') {
          const current = await nilaiSekarang(trx, row).forUpdate().executeTakeFirst();
          nilaiLama = angka(current?.nilai ?? null);
          nilaiBaru = angka(row.nilai_usulan);
          const usulan = row.nilai_usulan as string;
          await trx
            .insertInto('nilai')
            .values({ pelamar_id: dinilaiId, instansi_id: row.instansi_id, komponen: row.komponen, nilai: usulan })
            .onConflict((oc) => oc.columns(['pelamar_id', 'komponen']).doUpdateSet({ nilai: usulan }))
            .execute();
        }
        const details = { sanggahNilaiId: id, komponen: row.komponen, pelamarDinilaiId: dinilaiId };
        return {
          set: {
            status: body.status,
            persetujuan_alasan: body.alasan,
            disetujui_oleh: actor.id,
            disetujui_at: sql`now()`,
            nilai_lama: nilaiLama,
            nilai_baru: nilaiBaru,
          },
          audit: [
            ...keduanya(actor, row, [
              {
                action: 'PERSETUJUAN_SANGGAH_NILAI',
                from: 'MENUNGGU_PERSETUJUAN',
                to: body.status,
                reason: body.alasan,
                details: { ...details, nilaiUsulan: angka(row.nilai_usulan), nilaiLama, nilaiBaru },
              },
            ]),
            ...(body.status === 'DISETUJUI'
              ? pelamarEvents(actor, dinilaiId, [
                  {
                    action: 'NILAI_DIUBAH',
                    from: nilaiLama,
                    to: nilaiBaru,
                    reason: `Sanggah nilai ${KOMPONEN_NILAI_NAMA[row.komponen]} disetujui: ${body.alasan}`,
                    details,
                  },
                ])
              : []),
          ],
        };
      },
    });
    return { version, status: body.status, nilaiLama, nilaiBaru };
  });
}
