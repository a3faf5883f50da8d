// The import's files as SSCASN would send them, for bench/impor and bench/campur/tertanam.mjs:
// formasi across five demo instansi and applicants numbered from any point (run through tsx, which
// loads the TypeScript the columns come from).
import { once } from 'node:events';
import { createWriteStream, openAsBlob } from 'node:fs';
import path from 'node:path';
import { JENIS_IMPOR } from '../../apps/server/src/modules/impor/kinds.ts';

export const INSTANSI = ['4010', '3201', '3300', '4024', '3273'];
export const FORMASI = 200;

async function writeLines(file, header, count, line) {
  const out = createWriteStream(file);
  out.write(`\uFEFF${header.join(';')}\r\n`);
  for (let i = 0; i < count; i++) {
    if (!out.write(`${line(i).join(';')}\r\n`)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

// The templates' columns as the import defines them (run through tsx, which loads the TypeScript).
const PELAMAR_HEADER = JENIS_IMPOR.pelamar.kolom.map((k) => k.nama);
const FORMASI_HEADER = JENIS_IMPOR.formasi.kolom.map((k) => k.nama);

const formasiKey = (f, instansi) => [
  instansi[f % instansi.length],
  'cpns',
  `JF-BENCH-${f}`,
  `LOK-${f % 20}`,
  'UMUM',
  'S1-HUKUM',
];

/** The FORMASI formasi the applicants apply to (imported first), over the `instansi` (codes). */
export function writeFormasi(file, instansi = INSTANSI) {
  return writeLines(file, FORMASI_HEADER, FORMASI, (f) => [
    ...formasiKey(f, instansi),
    `Jabatan Bench ${f}`,
    `Lokasi ${f % 20}`,
    'S-1 Ilmu Hukum',
    'Ilmu Hukum',
    '18',
    '35',
    '3,00',
    '50',
  ]);
}

/**
 * `count` applicants numbered from `from` (their nomor peserta, NIK and e-mail follow it), on the
 * formasi writeFormasi wrote for the same `instansi`.
 */
export async function writePelamar(file, count, from, instansi = INSTANSI) {
  const first = ['Siti', 'Budi', 'Agus', 'Dewi', 'Rina', 'Ahmad', 'Putri', 'Eko', 'Nur', 'Dian'];
  const last = ['Rahmawati', 'Santoso', 'Wijaya', 'Lestari', 'Hidayat', 'Saputra', 'Kusuma', 'Nasution'];
  await writeLines(file, PELAMAR_HEADER, count, (j) => {
    const i = from + j;
    const [kode, track, jabatan, lokasi, jenis, pendidikan] = formasiKey(i % FORMASI, instansi);
    const day = String((i % 28) + 1).padStart(2, '0');
    return [
      track,
      `88${String(i).padStart(15, '0')}`,
      `3${String(i).padStart(15, '0')}`,
      `REG-${i}`,
      kode,
      jabatan,
      lokasi,
      jenis,
      pendidikan,
      `${first[i % 10]} ${last[(i >> 3) % 8]} ${i}`,
      '',
      'S.H.',
      '',
      'Bandung',
      `${day}/05/1999`,
      'Bandung',
      `${day}/05/1999`,
      i % 2 ? 'L' : 'P',
      'Islam',
      '',
      'Jawa Barat',
      'Kota Bandung',
      `Jl. Bench No. ${i}`,
      `p${i}@bench.invalid`,
      `0812${String(i).padStart(8, '0')}`,
      'Universitas Bench',
      'Ilmu Hukum',
      `IJZ/${i}`,
      '30/08/2021',
      '2021',
      'Unggul',
      'A',
      `3,${String(i % 100).padStart(2, '0')}`,
      'Kanreg III BKN Bandung',
      '2024-09-05',
    ];
  });
}

/**
 * Uploads `file` for its check as the Impor Data screen does, follows a long check (202) to its
 * end, applies it and follows the job: the report, the job and the times of both steps.
 */
export async function imporBerkas(base, headers, jenis, file) {
  const form = new FormData();
  form.append('file', await openAsBlob(file), path.basename(file));
  const { authorization, cookie } = headers;
  const xsrf = headers['x-xsrf-token'];
  const t0 = performance.now();
  const res = await fetch(`${base}/api/admin/impor/${jenis}/cek`, {
    method: 'POST',
    headers: { authorization, cookie, 'x-xsrf-token': xsrf },
    body: form,
    dispatcher: patient(),
  });
  let report = await res.json();
  if (!res.ok) throw new Error(`cek ${jenis}: ${res.status} ${JSON.stringify(report)}`);
  while (report.status === 'MEMERIKSA') {
    await new Promise((r) => setTimeout(r, 500));
    report = await (await fetch(`${base}/api/admin/impor/cek/${report.id}`, { headers })).json();
  }
  if (report.status !== 'SELESAI') throw new Error(`cek ${jenis}: ${JSON.stringify(report)}`);
  const checked = performance.now();
  const started = await fetch(`${base}/api/admin/impor/cek/${report.id}/terapkan`, {
    method: 'POST',
    headers,
    body: '{}',
  });
  let job = await started.json();
  if (!started.ok) throw new Error(`terapkan: ${started.status} ${JSON.stringify(job)}`);
  while (job.status === 'BERJALAN') {
    await new Promise((r) => setTimeout(r, 500));
    job = await (await fetch(`${base}/api/admin/impor/jobs/${job.id}`, { headers })).json();
  }
  const applied = performance.now();
  return { report, job, checkS: (checked - t0) / 1000, applyS: (applied - checked) / 1000 };
}

/**
 * fetch's own dispatcher gives up on an answer after 300 s without headers; a check of a million
 * rows beside busy verifiers may take longer. Node ships undici without exporting its Agent: the
 * global dispatcher's class, made without those time limits.
 */
function patient() {
  const global = globalThis[Symbol.for('undici.globalDispatcher.1')];
  return global ? new global.constructor({ headersTimeout: 0, bodyTimeout: 0 }) : undefined;
}
