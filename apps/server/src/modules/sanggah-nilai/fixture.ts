// The fixture of the score-objection tests (sanggah-nilai.test.ts, sanggah-nilai-jawab.test.ts):
// applicants with scores on four tracks, a second wasdal account and a Nakes supervisor of another
// instansi; before each test no objection, the scores as seeded and the answer window open.

import type { KomponenNilai } from '@portal/contract';
import { sql } from 'kysely';
import { beforeEach, expect } from 'vitest';
import type { TrackColumn } from '../../db/schema.js';
import { setWindow as setStageWindow, useApiFixture } from '../../test/api-fixture.js';
import { createUser } from '../../test/test-app.js';

export const BKN = 1;
export const KEMENKUM = 3;
export const JATENG = 5;
export const KEMENKES = 6;
export const BANDUNG = 7;

export interface Pelamar {
  id: number;
  instansiId: number;
  track: TrackColumn;
  formasiId: number;
}

export const base = (track: string) => `/api/${track}/sanggah-nilai`;
export const terima = (version: number, nilaiUsulan: number, alasan = 'Nilai dikoreksi sesuai log CAT.') => ({
  version,
  jawaban: 'DITERIMA',
  nilaiUsulan,
  alasan,
});
export const tolak = (version: number) => ({ version, jawaban: 'DITOLAK', alasan: 'Nilai sudah sesuai log CAT.' });
export const setujui = (version: number, status = 'DISETUJUI') => ({
  version,
  status,
  alasan: 'Sesuai berita acara pemeriksaan ulang.',
});

export function useSanggahNilaiFixture() {
  /** Seeded applicants per (instansi, track), in id order. */
  const pelamar = new Map<string, Pelamar[]>();
  /** The scores as seeded, restored before each test. */
  const scores: { pelamar_id: number; instansi_id: number; komponen: KomponenNilai; nilai: string }[] = [];
  /** A second wasdal account and a Nakes supervisor of another instansi. */
  const users = { wasdal2: '', otherSupervisor: '' };
  const api = useApiFixture({
    timeout: 90_000,
    applicants: {
      seed: 17,
      blocks: [
        { instansiId: KEMENKES, track: 'nakes', applicants: 40 },
        { instansiId: BANDUNG, track: 'nakes', applicants: 20 },
        { instansiId: KEMENKUM, track: 'cpns', applicants: 30 },
        { instansiId: JATENG, track: 'pppk-guru', applicants: 20 },
      ],
    },
    seed: async (api) => {
      const { db } = api.ctx;
      const rows = await db
        .selectFrom('pelamar')
        .select(['id', 'instansi_id', 'track', 'formasi_id'])
        .orderBy('id')
        .execute();
      for (const row of rows) {
        const key = `${row.instansi_id}:${row.track}`;
        pelamar.set(key, [
          ...(pelamar.get(key) ?? []),
          { id: Number(row.id), instansiId: row.instansi_id, track: row.track, formasiId: Number(row.formasi_id) },
        ]);
      }
      scores.push(...((await db.selectFrom('nilai').selectAll().execute()) as typeof scores));
      const second = await createUser(db, { instansiId: BKN, roles: ['ROLE_CEK_SANGGAH_WASDAL'] });
      users.wasdal2 = second.username;
      api.passwords.set(second.username, second.password);
      const supervisor = await createUser(db, { roles: ['ROLE_SUPERVISOR_PPPK_NAKES'], flags: { isPppkNakes: true } });
      users.otherSupervisor = supervisor.username;
      api.passwords.set(supervisor.username, supervisor.password);
    },
  });
  const { call } = api;
  const setWindow = (open: boolean) => setStageWindow(api.ctx.db, 'JAWAB_SANGGAH_NILAI', open);

  const of = (instansiId: number, track: TrackColumn, index: number) => {
    const found = pelamar.get(`${instansiId}:${track}`)?.[index];
    if (!found) throw new Error(`no applicant ${instansiId}:${track}[${index}]`);
    return found;
  };

  async function nilaiOf(pelamarId: number, komponen: KomponenNilai) {
    const row = await api.ctx.db
      .selectFrom('nilai')
      .where('pelamar_id', '=', pelamarId)
      .where('komponen', '=', komponen)
      .select('nilai')
      .executeTakeFirst();
    return row ? Number(row.nilai) : null;
  }

  /** An objection by `oleh` about one component of its own score or of `terkait`'s, not answered. */
  async function buat(oleh: Pelamar, komponen: KomponenNilai, terkait?: Pelamar): Promise<number> {
    const row = await api.ctx.db
      .insertInto('sanggah_nilai')
      .values({
        pelamar_id: oleh.id,
        instansi_id: oleh.instansiId,
        track: oleh.track,
        komponen,
        pelamar_terkait_id: terkait?.id ?? null,
        nilai_saat_diajukan: (await nilaiOf((terkait ?? oleh).id, komponen)) ?? 0,
        argumen: `Nilai ${komponen} tidak sesuai dengan hasil di layar akhir ujian.`,
        diajukan_at: sql`now() - interval '1 day'`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  async function detail(username: string, track: string, id: number) {
    const res = await call(username, 'GET', `${base(track)}/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  /** Another applicant of the same formasi as `p`. */
  function sesama(p: Pelamar): Pelamar {
    const other = pelamar.get(`${p.instansiId}:${p.track}`)?.find((q) => q.formasiId === p.formasiId && q.id !== p.id);
    if (!other) throw new Error('no other applicant in the formasi');
    return other;
  }

  beforeEach(async () => {
    const { db } = api.ctx;
    await sql`DELETE FROM sanggah_nilai`.execute(db);
    await sql`DELETE FROM nilai`.execute(db);
    await db.insertInto('nilai').values(scores).execute();
    await setWindow(true);
  });

  return { api, call, users, of, nilaiOf, buat, detail, sesama, setWindow };
}
