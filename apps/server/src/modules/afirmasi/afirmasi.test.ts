// Affirmation claims and their objections (issue #5) against a real database: the checker's list
// and its scoping, the decision (once, with a reason, in the window, on the version seen) and the
// AFIRMASI score it makes (percentages of the maximum teknis, capped), a concurrent double
// decision, the objection against a TIDAK_VALID decision answered like a sanggah (accepted: the
// claim becomes VALID and the score follows), the evidence files, and the audit events.

import type { KategoriAfirmasi } from '@portal/contract';
import { sql } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import { demoFile } from '../../db/seed/demo-files.js';
import { listBody, setWindow as setStageWindow, eventsOf as trailOf, useApiFixture } from '../../test/api-fixture.js';

const KEMENKES = 6;
const BANDUNG = 7;
let sha256: string;
let pelamar: number[] = [];
let pelamarBandung: number;

const api = useApiFixture({
  applicants: {
    seed: 13,
    blocks: [
      { instansiId: KEMENKES, track: 'nakes', applicants: 40 },
      { instansiId: BANDUNG, track: 'nakes', applicants: 20 },
    ],
  },
  seed: async (api) => {
    const { db } = api.ctx;
    const file = demoFile('BUKTI_DISABILITAS');
    sha256 = await api.store.put(file.bytes);
    await db.insertInto('berkas').values({ sha256, mime: file.mime, size: file.bytes.length }).execute();
    const rows = await db
      .selectFrom('pelamar')
      .where('track', '=', 'nakes')
      .select(['id', 'instansi_id'])
      .orderBy('id')
      .execute();
    pelamar = rows.filter((row) => row.instansi_id === KEMENKES).map((row) => Number(row.id));
    pelamarBandung = Number(rows.find((row) => row.instansi_id === BANDUNG)?.id);
  },
});
const { call } = api;
const setWindow = (tahap: 'AFIRMASI' | 'JAWAB_SANGGAH_AFIRMASI', open: boolean) =>
  setStageWindow(api.ctx.db, tahap, open);
const eventsOf = (pelamarId: number) => trailOf(api.ctx.db, pelamarId);

async function buatKlaim(pelamarId: number, kategori: KategoriAfirmasi, status = 'BELUM') {
  const row = await api.ctx.db
    .insertInto('afirmasi')
    .values({
      pelamar_id: pelamarId,
      instansi_id: sql<number>`(SELECT instansi_id FROM pelamar WHERE id = ${pelamarId})`,
      track: 'nakes',
      kategori,
      nama_file: 'bukti.pdf',
      berkas_sha256: sha256,
      diajukan_at: sql`now() - interval '5 days'`,
      status: status as 'BELUM',
      ...(status === 'BELUM'
        ? {}
        : { alasan: 'Keputusan awal checker.', diperiksa_at: sql`now() - interval '2 days'` }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

async function nilaiAfirmasi(pelamarId: number) {
  const row = await api.ctx.db
    .selectFrom('nilai')
    .where('pelamar_id', '=', pelamarId)
    .where('komponen', '=', 'AFIRMASI')
    .select(sql<string>`nilai::text`.as('nilai'))
    .executeTakeFirst();
  return row ? Number(row.nilai) : null;
}

async function periksa(id: number, status: 'VALID' | 'TIDAK_VALID', version?: number) {
  const current = version ?? (await call('checker.nakes', 'GET', `/api/nakes/afirmasi/${id}`)).json().version;
  return call('checker.nakes', 'PUT', `/api/nakes/afirmasi/${id}`, {
    version: current,
    status,
    alasan: status === 'VALID' ? 'Bukti sah dan sesuai ketentuan.' : 'Bukti tidak ditandatangani pejabat.',
  });
}

beforeEach(async () => {
  await sql`DELETE FROM sanggah`.execute(api.ctx.db);
  await sql`DELETE FROM afirmasi`.execute(api.ctx.db);
  await sql`DELETE FROM nilai WHERE komponen = 'AFIRMASI'`.execute(api.ctx.db);
  await setWindow('AFIRMASI', true);
  await setWindow('JAWAB_SANGGAH_AFIRMASI', true);
});

describe('the checker’s list', () => {
  it('shows the instansi’s claims with counts per status, filters, and refuses other pages and instansi', async () => {
    const [a, b] = pelamar as [number, number];
    await buatKlaim(a, 'DISABILITAS');
    await buatKlaim(a, 'EKS_THK_II', 'VALID');
    await buatKlaim(b, 'DATABASE_NAKES', 'TIDAK_VALID');
    const lain = await buatKlaim(pelamarBandung, 'DISABILITAS');

    const res = await call('checker.nakes', 'POST', '/api/nakes/afirmasi/filter', listBody());
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.recordsTotal).toBe(3);
    expect(body.data.map((row: { pelamarId: number }) => row.pelamarId)).toEqual([a, a, b]);
    expect(body.data[0]).toMatchObject({ kategori: 'DISABILITAS', persen: 10, status: 'BELUM' });
    expect(body.summaries).toEqual([
      { status: 'BELUM', jumlah: 1 },
      { status: 'VALID', jumlah: 1 },
      { status: 'TIDAK_VALID', jumlah: 1 },
    ]);

    const filtered = await call(
      'checker.nakes',
      'POST',
      '/api/nakes/afirmasi/filter',
      listBody({ status: 'BELUM', kategori: 'DISABILITAS' }),
    );
    expect(filtered.json().recordsTotal).toBe(1);
    expect((await call('checker.nakes', 'GET', `/api/nakes/afirmasi/${lain}`)).statusCode).toBe(404);
    expect((await call('supervisor.nakes', 'POST', '/api/nakes/afirmasi/filter', listBody())).statusCode).toBe(403);
    expect((await call('checker.nakes', 'POST', '/api/pppk/afirmasi/filter', listBody())).statusCode).toBe(403);
  });

  it('gives the claim’s detail with the applicant’s other claims and the evidence file', async () => {
    const a = pelamar[0] as number;
    const id = await buatKlaim(a, 'DISABILITAS');
    await buatKlaim(a, 'EKS_THK_II', 'VALID');
    const detail = (await call('checker.nakes', 'GET', `/api/nakes/afirmasi/${id}`)).json();
    expect(detail).toMatchObject({ id, pelamarId: a, bolehPeriksa: true, mime: 'application/pdf' });
    expect(detail.klaim.map((k: { kategori: string }) => k.kategori)).toEqual(['DISABILITAS', 'EKS_THK_II']);
    expect(detail.pelamar.id).toBe(a);
    const bukti = await call('checker.nakes', 'GET', `/api/nakes/afirmasi/${id}/bukti`);
    expect(bukti.statusCode).toBe(200);
    expect(bukti.headers['content-type']).toBe('application/pdf');
    expect(bukti.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});

describe('the checker’s decision', () => {
  it('VALID adds the category’s points to the score, capped, with old and new value in the trail', async () => {
    const a = pelamar[0] as number;
    const satu = await buatKlaim(a, 'DISABILITAS');
    const dua = await buatKlaim(a, 'EKS_THK_II');
    const tiga = await buatKlaim(a, 'DATABASE_NAKES');

    const first = await periksa(satu, 'VALID');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ status: 'VALID', nilaiLama: null, nilaiBaru: '50.00' });
    expect(await nilaiAfirmasi(a)).toBe(50);

    expect((await periksa(dua, 'VALID')).json()).toMatchObject({ nilaiLama: '50.00', nilaiBaru: '100.00' });
    // Nakes caps the sum at 20 % of the maximum teknis (500): a third VALID claim adds nothing.
    expect((await periksa(tiga, 'VALID')).json()).toMatchObject({ nilaiLama: '100.00', nilaiBaru: '100.00' });
    expect(await nilaiAfirmasi(a)).toBe(100);

    const events = await eventsOf(a);
    expect(events.filter((event) => event.action === 'PERIKSA_AFIRMASI')).toHaveLength(3);
    expect(events.filter((event) => event.action === 'NILAI_AFIRMASI')).toEqual([
      expect.objectContaining({ actor_username: 'checker.nakes', from_value: null, to_value: '50.00' }),
      expect.objectContaining({ from_value: '50.00', to_value: '100.00' }),
    ]);
  });

  it('TIDAK_VALID leaves the score at nothing and needs a reason', async () => {
    const a = pelamar[1] as number;
    const id = await buatKlaim(a, 'DISABILITAS');
    const noReason = await call('checker.nakes', 'PUT', `/api/nakes/afirmasi/${id}`, {
      version: 1,
      status: 'TIDAK_VALID',
      alasan: ' ',
    });
    expect(noReason.statusCode).toBe(400);
    expect((await periksa(id, 'TIDAK_VALID')).json()).toMatchObject({ nilaiBaru: '0.00' });
    expect(await nilaiAfirmasi(a)).toBe(0);
    const [event] = (await eventsOf(a)).filter((e) => e.action === 'PERIKSA_AFIRMASI');
    expect(event).toMatchObject({
      from_value: 'BELUM',
      to_value: 'TIDAK_VALID',
      reason: 'Bukti tidak ditandatangani pejabat.',
    });
  });

  it('refuses a second decision, a stale version, the window closed and other roles', async () => {
    const a = pelamar[2] as number;
    const id = await buatKlaim(a, 'DISABILITAS');
    const stale = await periksa(id, 'VALID', 7);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toBe('KONFLIK_VERSI');
    await setWindow('AFIRMASI', false);
    const closed = await periksa(id, 'VALID', 1);
    expect(closed.statusCode).toBe(403);
    expect(closed.json().error).toBe('DI_LUAR_JADWAL');
    await setWindow('AFIRMASI', true);
    expect((await periksa(id, 'VALID', 1)).statusCode).toBe(200);
    const again = await periksa(id, 'TIDAK_VALID', 2);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('SUDAH_DIPERIKSA');
    const admin = await call('admin.nakes', 'PUT', `/api/nakes/afirmasi/${id}`, {
      version: 2,
      status: 'VALID',
      alasan: 'Bukti sah dan sesuai ketentuan.',
    });
    expect(admin.statusCode).toBe(403);
  });

  it('lets exactly one of two concurrent decisions on a claim through', async () => {
    const a = pelamar[3] as number;
    const id = await buatKlaim(a, 'EKS_THK_II');
    const results = await Promise.all([periksa(id, 'VALID', 1), periksa(id, 'TIDAK_VALID', 1)]);
    expect(results.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    const events = (await eventsOf(a)).filter((event) => event.action === 'PERIKSA_AFIRMASI');
    expect(events).toHaveLength(1);
  });
});

describe('objections against the checker (sanggah afirmasi)', () => {
  async function buatSanggah(pelamarId: number, klaimIds: number[]) {
    const row = await api.ctx.db
      .insertInto('sanggah')
      .values({
        pelamar_id: pelamarId,
        instansi_id: KEMENKES,
        track: 'nakes',
        jenis: 'AFIRMASI',
        diajukan_at: sql`now() - interval '1 day'`,
        butir: JSON.stringify(
          klaimIds.map((afirmasiId) => ({
            afirmasiId,
            argumen: 'Bukti saya sah.',
            dokumenId: null,
            jawaban: null,
            alasanJawaban: null,
          })),
        ),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }
  const jawab = (version: number, jawaban: string[]) => ({
    version,
    butir: jawaban.map((value) => ({ jawaban: value, alasan: 'Bukti sudah diperiksa ulang.' })),
  });

  it('lists only objections against the checker, with the claims beside the items', async () => {
    const a = pelamar[4] as number;
    const klaim = await buatKlaim(a, 'DISABILITAS', 'TIDAK_VALID');
    const id = await buatSanggah(a, [klaim]);
    const list = await call('supervisor.nakes', 'POST', '/api/nakes/sanggah-afirmasi/filter', listBody());
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.map((row: { id: number }) => row.id)).toEqual([id]);
    const administrasi = await call('supervisor.nakes', 'POST', '/api/nakes/sanggah/filter', listBody());
    expect(administrasi.json().recordsTotal).toBe(0);
    expect((await call('supervisor.nakes', 'GET', `/api/nakes/sanggah/${id}`)).statusCode).toBe(404);

    const detail = (await call('supervisor.nakes', 'GET', `/api/nakes/sanggah-afirmasi/${id}`)).json();
    expect(detail).toMatchObject({ jenis: 'AFIRMASI', bolehJawab: true, bolehCek: false, bolehReset: false });
    expect(detail.klaim).toEqual([expect.objectContaining({ id: klaim, status: 'TIDAK_VALID' })]);
    const bukti = await call('supervisor.nakes', 'GET', `/api/nakes/sanggah-afirmasi/${id}/bukti/${klaim}`);
    expect(bukti.statusCode).toBe(200);
    const other = await buatKlaim(pelamar[5] as number, 'DISABILITAS');
    expect((await call('supervisor.nakes', 'GET', `/api/nakes/sanggah-afirmasi/${id}/bukti/${other}`)).statusCode).toBe(
      404,
    );
    expect((await call('wasdal', 'POST', '/api/nakes/sanggah-afirmasi/filter', listBody())).statusCode).toBe(403);
  });

  it('accepted: the claim becomes VALID and its points count; rejected: nothing changes', async () => {
    const a = pelamar[6] as number;
    const klaim = await buatKlaim(a, 'DISABILITAS', 'TIDAK_VALID');
    const id = await buatSanggah(a, [klaim]);
    const res = await call('supervisor.nakes', 'PUT', `/api/nakes/sanggah-afirmasi/${id}`, jawab(1, ['DITERIMA']));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'DITERIMA', mengubahStatus: true });
    const row = await api.ctx.db
      .selectFrom('afirmasi')
      .where('id', '=', klaim)
      .select('status')
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('VALID');
    expect(await nilaiAfirmasi(a)).toBe(50);
    const actions = (await eventsOf(a)).map((event) => event.action);
    expect(actions).toEqual(['AFIRMASI_DIVALIDKAN', 'NILAI_AFIRMASI', 'JAWAB_BUTIR_SANGGAH', 'JAWAB_SANGGAH']);

    const b = pelamar[7] as number;
    const ditolak = await buatSanggah(b, [await buatKlaim(b, 'EKS_THK_II', 'TIDAK_VALID')]);
    const tolak = await call(
      'supervisor.nakes',
      'PUT',
      `/api/nakes/sanggah-afirmasi/${ditolak}`,
      jawab(1, ['DITOLAK']),
    );
    expect(tolak.json()).toMatchObject({ status: 'DITOLAK', mengubahStatus: false });
    expect(await nilaiAfirmasi(b)).toBeNull();
  });

  it('is refused outside its own answer window', async () => {
    const a = pelamar[8] as number;
    const id = await buatSanggah(a, [await buatKlaim(a, 'DISABILITAS', 'TIDAK_VALID')]);
    await setWindow('JAWAB_SANGGAH_AFIRMASI', false);
    const res = await call('supervisor.nakes', 'PUT', `/api/nakes/sanggah-afirmasi/${id}`, jawab(1, ['DITERIMA']));
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toContain('jawab sanggah afirmasi');
  });
});
