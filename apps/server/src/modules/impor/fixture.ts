// The fixture of the import tests (impor.test.ts, impor-berkas.test.ts): the app with the demo
// accounts and the national operator signed in, the screen's calls (check a file, apply it and
// wait), and the files the tests make (applicant rows in the template's columns, CSV).

import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { DEMO_PASSWORD, type ImporJob } from '@portal/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect } from 'vitest';
import { useApiFixture } from '../../test/api-fixture.js';
import { type Antrean, bukaAntrean, type PekerjaAntrean } from '../baca/antrean.js';
import type { CounterDelta } from '../shared/counter-deltas.js';
import { JENIS_IMPOR } from './kinds.js';
import { PekerjaCek, PekerjaImpor } from './pekerja.js';

/** A multipart/form-data body with one file field, as a browser's FormData sends it. */
function multipart(filename: string, content: Buffer | string) {
  const boundary = `----uji${randomUUID()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8'),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export function useImporFixture() {
  const api = useApiFixture();
  // The apply jobs and the large uploads' checks run as they do in the server: on the job queue,
  // taken by an import worker.
  const state = { token: '', antrean: null as Antrean | null, pekerja: [] as PekerjaAntrean[] };
  beforeAll(async () => {
    state.token = await api.client.loginToken('superadmin', DEMO_PASSWORD);
    state.antrean = await bukaAntrean(api.ctx.sumberAntrean, { pollingIntervalSeconds: 0.5 });
    const opsi = {
      jumlah: 1,
      log: { info: () => undefined, warn: () => undefined, error: () => undefined },
      relaiMs: 100,
      pollingIntervalSeconds: 0.5,
    };
    state.pekerja = [
      new PekerjaImpor(state.antrean, api.ctx.db, opsi),
      new PekerjaCek(state.antrean, { db: api.ctx.db, files: api.store, nice: 0 }, opsi),
    ];
    for (const pekerja of state.pekerja) await pekerja.mulai();
  }, 60_000);
  // Registered after the app's: run before it closes the database.
  afterAll(async () => {
    for (const pekerja of state.pekerja) await pekerja.berhenti();
    await state.antrean?.tutup();
  });
  return {
    api,
    /** The national operator's token. */
    get token() {
      return state.token;
    },
    cek: (jenis: string, filename: string, content: Buffer | string, as = state.token) =>
      api.client.request({
        method: 'POST',
        url: `/api/admin/impor/${jenis}/cek`,
        token: as,
        ...multipart(filename, content),
      }),
    /** Applies a check and waits for its job to end. */
    async terapkan(cekId: string): Promise<ImporJob> {
      const { token } = state;
      const started = await api.client.request({
        method: 'POST',
        url: `/api/admin/impor/cek/${cekId}/terapkan`,
        token,
      });
      expect(started.statusCode, started.body).toBe(202);
      for (let i = 0; i < 200; i++) {
        const job = (
          await api.client.request({ url: `/api/admin/impor/jobs/${started.json().id}`, token })
        ).json() as ImporJob;
        if (job.status !== 'BERJALAN') return job;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error('job did not end');
    },
    /** A change the tests make behind the app's back, counted as the app counts a decision. */
    async counted(deltas: CounterDelta[]) {
      for (const { table, rows } of deltas) {
        // One delta table's type stands for all three: each one's rows were typed by their builder.
        await api.ctx.db
          .insertInto(table as 'nonasn_count_delta')
          .values(rows as Extract<CounterDelta, { table: 'nonasn_count_delta' }>['rows'])
          .execute();
      }
    },
    /** The admin list's counters for one instansi and track, and a recount of the rows. */
    async counters(instansiId: number) {
      const { db } = api.ctx;
      const rows = await sql<{ s: string; n: number }>`
        SELECT status_verifikasi AS s, count(*)::int AS n FROM pelamar
        WHERE instansi_id = ${instansiId} AND track = 'cpns' GROUP BY 1`.execute(db);
      const kept = await sql<{ s: string; n: number }>`
        SELECT status_verifikasi AS s, sum(jumlah)::int AS n FROM (
          SELECT status_verifikasi, jumlah FROM pelamar_status_count WHERE instansi_id = ${instansiId} AND track = 'cpns'
          UNION ALL SELECT status_verifikasi, delta FROM pelamar_status_delta WHERE instansi_id = ${instansiId} AND track = 'cpns') x
        GROUP BY 1`.execute(db);
      const asMap = (r: { s: string; n: number }[]) =>
        Object.fromEntries(r.filter((x) => x.n !== 0).map((x) => [x.s, x.n]));
      return { rows: asMap(rows.rows), counters: asMap(kept.rows) };
    },
  };
}

/** The applicants' columns as the import defines them (the template's header). */
export const PELAMAR_HEADER = JENIS_IMPOR.pelamar.kolom.map((k) => k.nama);

export function pelamarRow(over: Record<string, string> = {}): string[] {
  const base: Record<string, string> = {
    track: 'cpns',
    nomor_peserta: '99140100000000001',
    nik: '3171012505990001',
    nomor_register: 'REG-1',
    instansi_kode: '9901',
    jabatan_kode: 'JF-UJI',
    lokasi_kode: 'LOK-1',
    jenis_formasi: 'UMUM',
    pendidikan_kode: 'S1-HUKUM',
    nama: 'Siti Rahmawati',
    gelar_depan: '',
    gelar_belakang: 'S.H.',
    nama_ijazah: '',
    tempat_lahir_ktp: 'Bandung',
    tanggal_lahir_ktp: '25/05/1999',
    tempat_lahir_ijazah: 'Bandung',
    tanggal_lahir_ijazah: '25/05/1999',
    jenis_kelamin: 'P',
    agama: 'Islam',
    jenis_disabilitas: '',
    domisili_provinsi: 'Jawa Barat',
    domisili_kabupaten: 'Kota Bandung',
    alamat: 'Jl. Merdeka No. 1',
    email: 'siti@contoh.id',
    no_hp: '081234567890',
    lembaga_pendidikan: 'Universitas Padjadjaran',
    prodi: 'Ilmu Hukum',
    no_ijazah: 'UNPAD/2021/1',
    tgl_ijazah: '30/08/2021',
    tahun_lulus: '2021',
    akreditasi_lembaga: 'Unggul',
    akreditasi_prodi: 'A',
    ipk: '3,45',
    lokasi_ujian: 'Kanreg III BKN Bandung',
    tanggal_daftar: '2024-09-05',
    ...over,
  };
  return PELAMAR_HEADER.map((h) => base[h] ?? '');
}

export const csv = (rows: string[][], sep = ';') => rows.map((r) => r.join(sep)).join('\r\n');

/** A ZIP made by Python's zipfile (any names, even hostile ones): entries name → bytes. */
export function zip(file: string, entries: Record<string, Buffer | string>) {
  const script = `
import sys, zipfile, base64, json
entries = json.loads(sys.stdin.read())
with zipfile.ZipFile(sys.argv[1], 'w', zipfile.ZIP_DEFLATED) as z:
    for name, data in entries.items():
        z.writestr(zipfile.ZipInfo(name), base64.b64decode(data), zipfile.ZIP_DEFLATED)
`;
  const input = JSON.stringify(
    Object.fromEntries(Object.entries(entries).map(([k, v]) => [k, Buffer.from(v).toString('base64')])),
  );
  execFileSync('python3', ['-c', script, file], { input });
  return readFileSync(file);
}

export const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
export const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);

/** The formasi template's columns, in its order (as the import defines them). */
export const FORMASI_HEADER = JENIS_IMPOR.formasi.kolom.map((k) => k.nama);
