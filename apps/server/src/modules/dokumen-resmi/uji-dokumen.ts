// Test setup shared by the official documents' test files: a real app and database with one
// instansi's CPNS applicants all decided and reviewed, the track locked, the letterhead (with its
// seat) saved, and a signed-in admin — what an admin has when the documents can be issued.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DASAR_HUKUM_BAKU, type DokumenProgres, type DokumenResmi } from '@portal/contract';
import { sql } from 'kysely';
import { expect } from 'vitest';
import { seedAccounts } from '../../db/seed/accounts.js';
import { seedApplicants } from '../../db/seed/applicants.js';
import { FolderBerkasStore } from '../../storage/folder-berkas-store.js';
import { openBerkasStore } from '../../storage/open-berkas-store.js';
import { setWindow } from '../../test/api-fixture.js';
import { createTestApp, createUser, TestClient, type TestContext } from '../../test/test-app.js';
import { kerjakanPengumuman, pembuatDokumen } from './pekerja.js';

export const INSTANSI = 3;

export const PENGUMUMAN = {
  nomor: '800/9/BKPSDM/2026',
  tanggal: '2026-11-27',
  dasarHukum: DASAR_HUKUM_BAKU,
  penandatangan: { jabatan: 'Ketua Panitia Seleksi', nama: 'Dr. Sri Rahayu, M.Si.', nip: '197501012000032001' },
};
export const BERITA_ACARA = {
  nomor: 'BA/9/2026',
  tanggal: '2026-11-27',
  penandatangan: [{ jabatan: 'Ketua Panitia Seleksi', nama: 'Dr. Sri Rahayu, M.Si.', nip: '197501012000032001' }],
};

export interface UjiDokumen {
  ctx: TestContext;
  client: TestClient;
  dir: string;
  admin: { username: string; password: string };
  token: string;
  instansiNama: string;
  close(): Promise<void>;
}

export async function siapkanDokumen(options: { applicants: number; seed: number }): Promise<UjiDokumen> {
  const dir = mkdtempSync(path.join(tmpdir(), 'dokumen-resmi-'));
  const ctx = await createTestApp({ filesDir: dir, publicUrl: 'https://portal.uji.go.id' });
  const client = new TestClient(ctx.app);
  await seedAccounts(ctx.db);
  await seedApplicants(ctx.db, new FolderBerkasStore(dir), {
    seed: options.seed,
    withDocuments: false,
    blocks: [{ instansiId: INSTANSI, track: 'cpns', applicants: options.applicants }],
  });
  await sql`
    UPDATE pelamar SET
      status_verifikasi = CASE WHEN id % 4 = 0 THEN 'TMS' ELSE 'MS' END,
      alasan_tms = CASE WHEN id % 4 = 0 THEN ARRAY['IPK'] END,
      verifikator_id = (SELECT id FROM app_user WHERE username = 'verifikator.cpns'),
      supervisor_id = (SELECT id FROM app_user WHERE username = 'supervisor.cpns'),
      status_supervisi = 'DISETUJUI', tgl_verifikasi = now(), tgl_supervisi = now()
    WHERE instansi_id = ${INSTANSI} AND track = 'cpns'`.execute(ctx.db);
  const lockedBy = await ctx.db
    .selectFrom('app_user')
    .select('id')
    .where('username', '=', 'admin.cpns')
    .executeTakeFirstOrThrow();
  await ctx.db
    .insertInto('final_verifikasi')
    .values({ instansi_id: INSTANSI, track: 'cpns', dikunci_oleh: lockedBy.id })
    .execute();
  const admin = await createUser(ctx.db, { roles: ['ROLE_ADMIN_CPNS'], flags: { isCpns: true }, instansiId: INSTANSI });
  const token = await client.loginToken(admin.username, admin.password);
  const kop = await client.request({
    method: 'PUT',
    url: '/api/cpns/admin/dokumen-resmi/kop',
    token,
    payload: { alamat: 'Jalan Uji Nomor 1', kota: 'Waisai' },
  });
  expect(kop.statusCode, kop.body).toBe(200);
  const { nama: instansiNama } = await ctx.db
    .selectFrom('instansi')
    .select('nama')
    .where('id', '=', INSTANSI)
    .executeTakeFirstOrThrow();
  return {
    ctx,
    client,
    dir,
    admin,
    token,
    instansiNama,
    close: async () => {
      await ctx.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Issue #33: an announcement asked for through the API (202: a job), made as the queue's worker
 * makes it (kerjakanPengumuman, the worker's own step), then read back as the admin's screen reads
 * it. `asked` is the POST's answer (a refusal stops there); `job` what GET …/progres/{id} says after.
 */
export async function umumkan(
  ctx: TestContext,
  client: TestClient,
  token: string,
  payload: object,
  track = 'cpns',
): Promise<{ asked: Awaited<ReturnType<TestClient['request']>>; job: DokumenProgres | null }> {
  const base = `/api/${track}/admin/dokumen-resmi`;
  const asked = await client.request({ method: 'POST', url: `${base}/pengumuman`, token, payload });
  if (asked.statusCode !== 202) return { asked, job: null };
  const { id, status } = asked.json() as DokumenProgres;
  expect(status).toBe('MENUNGGU');
  await kerjakanPengumuman(pembuatDokumen(ctx.db, openBerkasStore(ctx.config, ctx.db), ctx.config), id);
  const progres = await client.request({ url: `${base}/progres/${id}`, token });
  expect(progres.statusCode, progres.body).toBe(200);
  return { asked, job: progres.json() as DokumenProgres };
}

/** The document an announcement's job made (fails the test with the job's reason otherwise). */
export function dibuat(made: { asked: { statusCode: number; body: string }; job: DokumenProgres | null }) {
  expect(made.asked.statusCode, made.asked.body).toBe(202);
  expect(made.job, made.asked.body).toMatchObject({ status: 'SELESAI', pesan: null });
  return made.job?.dokumen as DokumenResmi;
}

/** Issues a document through the API as the admin does; its code and the PDF's bytes. */
export async function terbitkan(
  ctx: TestContext,
  client: TestClient,
  token: string,
  jenis: 'pengumuman' | 'berita-acara',
) {
  let kode: string;
  if (jenis === 'pengumuman') kode = dibuat(await umumkan(ctx, client, token, PENGUMUMAN)).kode;
  else {
    const made = await client.request({
      method: 'POST',
      url: `/api/cpns/admin/dokumen-resmi/${jenis}`,
      token,
      payload: BERITA_ACARA,
    });
    expect(made.statusCode, made.body).toBe(201);
    kode = (made.json() as { kode: string }).kode;
  }
  const file = await client.request({ url: `/api/cpns/admin/dokumen-resmi/${kode}`, token });
  expect(file.statusCode).toBe(200);
  return { kode, bytes: file.rawPayload };
}

/**
 * An objection to the instansi's first TMS applicant, accepted by a supervisor through the API
 * (the applicant becomes MS): what changes data after an issue. Returns their nomor peserta.
 */
export async function terimaSanggah(ctx: TestContext, client: TestClient): Promise<string> {
  const pelamar = await ctx.db
    .selectFrom('pelamar')
    .select(['id', 'no_peserta', 'alasan_tms'])
    .where('instansi_id', '=', INSTANSI)
    .where('track', '=', 'cpns')
    .where('status_verifikasi', '=', 'TMS')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const { id } = await ctx.db
    .insertInto('sanggah')
    .values({
      pelamar_id: pelamar.id,
      instansi_id: INSTANSI,
      track: 'cpns',
      diajukan_at: sql`now() - interval '1 day'`,
      butir: JSON.stringify(
        (pelamar.alasan_tms ?? []).map((kode) => ({
          alasanTms: kode,
          argumen: `Argumen untuk ${kode}`,
          dokumenId: null,
          jawaban: null,
          alasanJawaban: null,
        })),
      ),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await setWindow(ctx.db, 'JAWAB_SANGGAH', true);
  const supervisor = await createUser(ctx.db, {
    roles: ['ROLE_SUPERVISOR_CPNS'],
    flags: { isCpns: true },
    instansiId: INSTANSI,
  });
  const token = await client.loginToken(supervisor.username, supervisor.password);
  const res = await client.request({
    method: 'PUT',
    url: `/api/cpns/sanggah/${id}`,
    token,
    payload: {
      version: 1,
      butir: (pelamar.alasan_tms ?? []).map(() => ({ jawaban: 'DITERIMA', alasan: 'Dokumen ternyata lengkap.' })),
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toMatchObject({ status: 'DITERIMA', mengubahStatus: true });
  return pelamar.no_peserta;
}
