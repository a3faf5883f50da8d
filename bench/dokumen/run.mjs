// The largest announcement (issue #20, see README.md): Kementerian Hukum's 250,000 CPNS applicants
// of the 1 M load, all decided and locked, printed through the API as the admin does. Prints the
// time, the server's memory growth, the file's size and pages; asserts nothing.
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { benchP12, ensureData, putuskanDanKunci, session, startServer, stop } from '../lib.mjs';

const dbUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/bench_lists';
const PORT = Number(process.env.BENCH_PORT ?? 3315);
const base = `http://127.0.0.1:${PORT}`;
const INSTANSI = 3;

const rssMb = (pid) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
};

async function main() {
  await ensureData(dbUrl, path.join(tmpdir(), 'bench-files'));
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  // Everyone of the instansi decided and reviewed (a fifth TMS), and the track locked.
  const decided = await putuskanDanKunci(db, INSTANSI);
  const count = (
    await db.query(`SELECT count(*)::int AS n FROM pelamar WHERE instansi_id = $1 AND track = 'cpns'`, [INSTANSI])
  ).rows[0].n;
  await db.end();
  console.log(
    `instansi ${INSTANSI}, CPNS: ${count.toLocaleString('en')} applicants (${decided} newly decided for the bench)`,
  );

  const { child } = await startServer(PORT, {
    DATABASE_URL: dbUrl,
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    SEED_DEMO: 'false',
    PUBLIC_URL: 'https://portal.example.go.id',
    TTE_P12: benchP12('bench-dokumen'),
    TTE_P12_PASSWORD: 'bench',
  });
  try {
    const headers = await session(base, 'admin.cpns');
    // The seat the signature block names (issue #31), set as the admin does on the panel.
    const kop = await fetch(`${base}/api/cpns/admin/dokumen-resmi/kop`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ alamat: 'Jalan H.R. Rasuna Said Kav. 6-7, Jakarta Selatan', kota: 'Jakarta' }),
    });
    if (!kop.ok) throw new Error(`kop: ${kop.status} ${await kop.text()}`);
    const before = rssMb(child.pid);
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssMb(child.pid));
    }, 100);
    const started = performance.now();
    const res = await fetch(`${base}/api/cpns/admin/dokumen-resmi/pengumuman`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        nomor: '800/1/BENCH/2026',
        tanggal: '2026-11-24',
        dasarHukum: 'Berdasarkan ketentuan seleksi, dengan ini diumumkan hasil seleksi administrasi sebagai berikut.',
        penandatangan: { jabatan: 'Ketua Panitia Seleksi', nama: 'Bench', nip: '197501012000032001' },
      }),
    });
    // Issue #33: the request answers with the job (202); a worker of the server makes it.
    let job = await res.json();
    if (res.status !== 202) throw new Error(`${res.status} ${JSON.stringify(job)}`);
    const answeredMs = performance.now() - started;
    while (job.status === 'MENUNGGU' || job.status === 'BERJALAN') {
      await new Promise((r) => setTimeout(r, 250));
      const polled = await fetch(`${base}/api/cpns/admin/dokumen-resmi/progres/${job.id}`, { headers });
      job = await polled.json();
    }
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    if (job.status !== 'SELESAI') throw new Error(`job ${JSON.stringify(job)}`);
    const answer = job.dokumen;
    console.table([
      {
        applicants: count,
        'request answered (ms)': Math.round(answeredMs),
        'time (s)': Number(seconds.toFixed(1)),
        'target (s)': '≤ 60',
        'RSS before (MB)': Math.round(before),
        'RSS peak (MB)': Math.round(peak),
        'growth (MB)': Math.round(peak - before),
        'target growth (MB)': '≤ 200',
        'size (MB)': Number((answer.ukuran / 1e6).toFixed(1)),
        pages: answer.halaman,
      },
    ]);
  } finally {
    await stop(child);
  }
}

await main();
