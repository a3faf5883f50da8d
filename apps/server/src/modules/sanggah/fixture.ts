// The fixture of the objection tests (sanggah.test.ts, sanggah-cek.test.ts): Kemenkes' and
// Bandung's Nakes applicants with documents, every TMS decision approved, a second Nakes supervisor;
// before each test no objection, Kemenkes' TMS applicants TMS again and the answer window open.

import { sql } from 'kysely';
import { beforeEach, expect } from 'vitest';
import { setWindow as setStageWindow, useApiFixture } from '../../test/api-fixture.js';
import { createUser } from '../../test/test-app.js';
import { rollUpStatusCounts } from '../verifikasi/service.js';

export const KEMENKES = 6;

export const jawab = (version: number, jawaban: string[], alasan = 'Sudah diperiksa ulang terhadap dokumen.') => ({
  version,
  butir: jawaban.map((value) => ({ jawaban: value, alasan })),
});

export function useSanggahFixture() {
  /** TMS applicants of Kemenkes' Nakes with their reasons, as seeded. */
  const tms: { id: number; alasan: string[]; nama: string }[] = [];
  /** A Nakes supervisor of another instansi. */
  const otherSupervisor = { username: '', password: '' };
  const api = useApiFixture({
    applicants: {
      seed: 11,
      blocks: [
        { instansiId: KEMENKES, track: 'nakes', applicants: 160 },
        { instansiId: 7, track: 'nakes', applicants: 60 },
      ],
    },
    seed: async (api) => {
      const { db } = api.ctx;
      // Every TMS decision approved, as objections follow the announcement.
      await db
        .updateTable('pelamar')
        .set({ status_supervisi: 'DISETUJUI' })
        .where('status_verifikasi', '=', 'TMS')
        .execute();
      const rows = await db
        .selectFrom('pelamar')
        .where('instansi_id', '=', KEMENKES)
        .where('status_verifikasi', '=', 'TMS')
        .select(['id', 'alasan_tms', 'nama'])
        .orderBy('id')
        .execute();
      tms.push(...rows.map((row) => ({ id: Number(row.id), alasan: row.alasan_tms ?? [], nama: row.nama })));
      const supervisor = await createUser(db, { roles: ['ROLE_SUPERVISOR_PPPK_NAKES'], flags: { isPppkNakes: true } });
      Object.assign(otherSupervisor, supervisor);
      api.passwords.set(supervisor.username, supervisor.password);
    },
  });
  const { call } = api;
  const setWindow = (open: boolean) => setStageWindow(api.ctx.db, 'JAWAB_SANGGAH', open);

  /** An objection by a TMS applicant: one item per reason (or the given ones), not answered. */
  async function buatSanggah(pelamar: { id: number; alasan: string[] }, alasan = pelamar.alasan): Promise<number> {
    const dokumen = await api.ctx.db
      .selectFrom('dokumen')
      .where('pelamar_id', '=', pelamar.id)
      .select('id')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const row = await api.ctx.db
      .insertInto('sanggah')
      .values({
        pelamar_id: pelamar.id,
        instansi_id: KEMENKES,
        track: 'nakes',
        diajukan_at: sql`now() - interval '1 day'`,
        butir: JSON.stringify(
          alasan.map((kode) => ({
            alasanTms: kode,
            argumen: `Argumen untuk ${kode}`,
            dokumenId: Number(dokumen.id),
            jawaban: null,
            alasanJawaban: null,
          })),
        ),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  async function detail(username: string, id: number, segment = 'sanggah') {
    const res = await call(username, 'GET', `/api/nakes/${segment}/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  async function statusOf(pelamarId: number) {
    const row = await api.ctx.db
      .selectFrom('pelamar')
      .where('id', '=', pelamarId)
      .select(['status_verifikasi', 'version'])
      .executeTakeFirstOrThrow();
    return row.status_verifikasi;
  }

  async function counter(status: 'MS' | 'TMS') {
    await rollUpStatusCounts(api.ctx.db);
    const row = await api.ctx.db
      .selectFrom('pelamar_status_count')
      .where('instansi_id', '=', KEMENKES)
      .where('track', '=', 'nakes')
      .where('status_verifikasi', '=', status)
      .select('jumlah')
      .executeTakeFirst();
    return Number(row?.jumlah ?? 0);
  }

  beforeEach(async () => {
    await sql`DELETE FROM sanggah`.execute(api.ctx.db);
    await api.ctx.db
      .updateTable('pelamar')
      .set({ status_verifikasi: 'TMS' })
      .where(
        'id',
        'in',
        tms.map((p) => p.id),
      )
      .execute();
    await setWindow(true);
  });

  return { api, call, tms, otherSupervisor, buatSanggah, detail, statusOf, counter, setWindow };
}
