// Loading a million applicants (issue #18, see README.md): a generated SSCASN-like CSV of
// BENCH_APPLICANTS (1,000,000) rows checked and applied through the server's API as the operator
// does, then the same file again. Prints times, rows per second and the server's memory growth
// beside the targets; asserts nothing.
import { once } from 'node:events';
import { createWriteStream, openAsBlob, readFileSync, statSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { adminUrl, session, startServer, stop } from '../lib.mjs';

const N = Number(process.env.BENCH_APPLICANTS ?? 1_000_000);
const dbUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/bench_impor';
const PORT = Number(process.env.BENCH_PORT ?? 3316);
const base = `http://127.0.0.1:${PORT}`;
const dir = path.join(tmpdir(), 'bench-impor');
const FORMASI = 200;
const INSTANSI = ['4010', '3201', '3300', '4024', '3273'];

const rssMb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

async function writeLines(file, header, count, line) {
  const out = createWriteStream(file);
  out.write(`\uFEFF${header.join(';')}\r\n`);
  for (let i = 0; i < count; i++) {
    if (!out.write(`${line(i).join(';')}\r\n`)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

const formasiKey = (f) => [INSTANSI[f % INSTANSI.length], 'cpns', `JF-BENCH-${f}`, `LOK-${f % 20}`, 'UMUM', 'S1-HUKUM'];

async function generate() {
  await mkdir(dir, { recursive: true });
  await writeLines(
    path.join(dir, 'formasi.csv'),
    [
      'instansi_kode',
      'track',
      'jabatan_kode',
      'lokasi_kode',
      'jenis_formasi',
      'pendidikan_kode',
      'jabatan_nama',
      'lokasi_nama',
      'pendidikan_nama',
      'prodi',
      'usia_min',
      'usia_max',
      'ipk_min',
      'jumlah_kebutuhan',
    ],
    FORMASI,
    (f) => [
      ...formasiKey(f),
      `Jabatan Bench ${f}`,
      `Lokasi ${f % 20}`,
      'S-1 Ilmu Hukum',
      'Ilmu Hukum',
      '18',
      '35',
      '3,00',
      '50',
    ],
  );
  const header = [
    'track',
    'nomor_peserta',
    'nik',
    'nomor_register',
    'instansi_kode',
    'jabatan_kode',
    'lokasi_kode',
    'jenis_formasi',
    'pendidikan_kode',
    'nama',
    'gelar_depan',
    'gelar_belakang',
    'nama_ijazah',
    'tempat_lahir_ktp',
    'tanggal_lahir_ktp',
    'tempat_lahir_ijazah',
    'tanggal_lahir_ijazah',
    'jenis_kelamin',
    'agama',
    'jenis_disabilitas',
    'domisili_provinsi',
    'domisili_kabupaten',
    'alamat',
    'email',
    'no_hp',
    'lembaga_pendidikan',
    'prodi',
    'no_ijazah',
    'tgl_ijazah',
    'tahun_lulus',
    'akreditasi_lembaga',
    'akreditasi_prodi',
    'ipk',
    'lokasi_ujian',
    'tanggal_daftar',
  ];
  const first = ['Siti', 'Budi', 'Agus', 'Dewi', 'Rina', 'Ahmad', 'Putri', 'Eko', 'Nur', 'Dian'];
  const last = ['Rahmawati', 'Santoso', 'Wijaya', 'Lestari', 'Hidayat', 'Saputra', 'Kusuma', 'Nasution'];
  await writeLines(path.join(dir, 'pelamar.csv'), header, N, (i) => {
    const [instansi, track, jabatan, lokasi, jenis, pendidikan] = formasiKey(i % FORMASI);
    const day = String((i % 28) + 1).padStart(2, '0');
    return [
      track,
      `88${String(i).padStart(15, '0')}`,
      `3${String(i).padStart(15, '0')}`,
      `REG-${i}`,
      instansi,
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

async function imporFile(headers, jenis, file, pid) {
  const form = new FormData();
  form.append('file', await openAsBlob(file), path.basename(file));
  const { authorization, cookie } = headers;
  const xsrf = headers['x-xsrf-token'];
  let peak = rssMb(pid);
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, 200);
  const t0 = performance.now();
  const res = await fetch(`${base}/api/admin/impor/${jenis}/cek`, {
    method: 'POST',
    headers: { authorization, cookie, 'x-xsrf-token': xsrf },
    body: form,
  });
  const report = await res.json();
  if (!res.ok) throw new Error(`cek ${jenis}: ${res.status} ${JSON.stringify(report)}`);
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
  clearInterval(sampler);
  const applied = performance.now();
  return { report, job, checkS: (checked - t0) / 1000, applyS: (applied - checked) / 1000, peak };
}

async function main() {
  const t = performance.now();
  await generate();
  const mb = (statSync(path.join(dir, 'pelamar.csv')).size / 1e6).toFixed(0);
  console.log(
    `generated ${N.toLocaleString('en')} applicants (${mb} MB CSV) in ${((performance.now() - t) / 1000).toFixed(1)} s`,
  );

  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const name = new URL(dbUrl).pathname.slice(1);
  await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  // The demo accounts and instansi (and its few thousand demo applicants) to import beside.
  const { child } = await startServer(PORT, {
    DATABASE_URL: dbUrl,
    SEED_DEMO: 'true',
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    DATA_DIR: path.join(dir, 'data'),
  });
  try {
    const headers = await session(base, 'superadmin');
    await imporFile(headers, 'formasi', path.join(dir, 'formasi.csv'), child.pid);
    const before = rssMb(child.pid);
    const first = await imporFile(headers, 'pelamar', path.join(dir, 'pelamar.csv'), child.pid);
    const again = await imporFile(headers, 'pelamar', path.join(dir, 'pelamar.csv'), child.pid);
    const row = (label, r, target) => ({
      run: label,
      'check (s)': Number(r.checkS.toFixed(1)),
      'apply (s)': Number(r.applyS.toFixed(1)),
      'total (s)': Number((r.checkS + r.applyS).toFixed(1)),
      target,
      new: r.job.baru,
      changed: r.job.berubah,
      unchanged: r.report.sama,
      rejected: r.report.ditolak,
      'rows/s (apply)': r.job.barisPerDetik,
      'RSS growth (MB)': Math.round(r.peak - before),
    });
    console.table([row('first import', first, '≤ 300 s'), row('same file again', again, '≤ 120 s, 0 changes')]);
    console.log(`server RSS before ${Math.round(before)} MB; target growth ≤ 300 MB`);
  } finally {
    await stop(child);
    if (!process.env.BENCH_KEEP) await rm(dir, { recursive: true, force: true });
  }
}

await main();
