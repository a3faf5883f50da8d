// The fixture of the verification tests (verifikasi.test.ts, supervisi.test.ts): 40 undecided
// CPNS applicants and 4 Nakes ones at Raja Ampat (with documents), 5 decided at Kemenkum, every
// Raja Ampat applicant undecided again and the window open before each test, and the verifier's
// calls.

import { sql } from 'kysely';
import { beforeEach, expect } from 'vitest';
import { listBody as listBodyOf, useApiFixture } from '../../test/api-fixture.js';

export const RAJA_AMPAT = 8;

/** The first 100 rows by id, unfiltered. */
export const listBody = listBodyOf();

export function useVerifikasiFixture() {
  const api = useApiFixture({
    applicants: {
      seed: 5,
      blocks: [
        { instansiId: RAJA_AMPAT, track: 'cpns', applicants: 40, undecided: true },
        { instansiId: RAJA_AMPAT, track: 'nakes', applicants: 4, undecided: true },
        { instansiId: 3, track: 'cpns', applicants: 5 },
      ],
    },
  });
  const { call } = api;

  async function detail(username: string, track: string, list: string, id: number) {
    const res = await call(username, 'GET', `/api/${track}/${list}/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  /** Every document sesuai, as the verifier's form sends it. */
  async function allSesuai(username: string, track: string, id: number) {
    const d = await detail(username, track, 'verifikator', id);
    return {
      version: d.verifikasi.version as number,
      cekDokumen: (d.dokumen as { id: number }[]).map((doc) => ({ dokumenId: doc.id, sesuai: true, alasan: null })),
    };
  }

  const claimNext = (username: string, track = 'cpns', kecuali: number[] = []) =>
    call(username, 'POST', `/api/${track}/verifikator/ambil`, { kecuali });

  const decide = (username: string, id: number, body: Record<string, unknown>, track = 'cpns') =>
    call(username, 'PUT', `/api/${track}/verifikator/${id}`, body);

  /** One applicant decided by the demo verifier; returns its id. */
  async function decided(status: 'MS' | 'TMS' = 'MS', track = 'cpns'): Promise<number> {
    const id = (await claimNext('verifikator.rajaampat', track)).json().id as number;
    const form = await allSesuai('verifikator.rajaampat', track, id);
    const res = await decide(
      'verifikator.rajaampat',
      id,
      { ...form, statusVerifikasi: status, alasanTms: status === 'TMS' ? ['PENDIDIKAN'] : [] },
      track,
    );
    expect(res.statusCode, res.body).toBe(200);
    return id;
  }

  /** This applicant claimed and decided by `username`, every document sesuai (issue #34's pairs). */
  async function putusSebagai(
    username: string,
    id: number,
    hasil: 'MS' | 'TMS',
    alasanTms: string[] = [],
    catatan?: string,
    track = 'cpns',
  ): Promise<void> {
    const claim = await call(username, 'POST', `/api/${track}/verifikator/${id}/ambil`);
    expect(claim.statusCode, claim.body).toBe(200);
    const form = await allSesuai(username, track, id);
    const res = await decide(
      username,
      id,
      { ...form, statusVerifikasi: hasil, alasanTms, ...(catatan ? { catatan } : {}) },
      track,
    );
    expect(res.statusCode, res.body).toBe(200);
  }

  beforeEach(async () => {
    const { db } = api.ctx;
    await sql`TRUNCATE final_verifikasi`.execute(db);
    await db
      .updateTable('pelamar')
      .set({
        status_verifikasi: 'BELUM',
        verifikator_id: null,
        tgl_verifikasi: null,
        status_supervisi: null,
        supervisor_id: null,
        tgl_supervisi: null,
        klaim_oleh: null,
        klaim_at: null,
        cek_dokumen: null,
        alasan_tms: null,
        catatan_verifikasi: null,
        catatan_supervisi: null,
        kedua_dari: null,
        kedua_sepakat: null,
      })
      .where('instansi_id', '=', RAJA_AMPAT)
      .execute();
    await db
      .updateTable('jadwal_tahap')
      .set({ mulai: sql`now() - interval '1 day'`, selesai: sql`now() + interval '30 days'` })
      .where('tahap', '=', 'VERIFIKASI')
      .execute();
    await sql`DELETE FROM pelamar_status_delta`.execute(db);
    await sql`DELETE FROM pelamar_status_count`.execute(db);
    await sql`INSERT INTO pelamar_status_count SELECT instansi_id, track, status_verifikasi, count(*) FROM pelamar GROUP BY 1, 2, 3`.execute(
      db,
    );
  });

  return { api, call, detail, allSesuai, claimNext, decide, decided, putusSebagai };
}
