// /api/health on the embedded default while the instance itself makes large jobs (issue #33, see
// README.md): 200,000 generated applicants loaded into a PGlite data folder (once), the built
// server on it, health asked every 50 ms for 10 s alone, then while monitor.cpns's whole recap
// (50,000 rows, Excel) is made by the instance's own export worker, then while admin.cpns's
// announcement of Kementerian Hukum's 50,000 CPNS applicants (decided and locked first) is made by
// its own document worker, then while `superadmin` imports BENCH_IMPOR (200,000) new applicants
// (the check of the CSV, its apply). `BENCH_JOB=ekspor`, `pengumuman` or `impor` runs one of the
// three. Run through tsx (the import's columns come from the server's TypeScript). Asserts nothing.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { imporBerkas, writeFormasi, writePelamar } from '../impor/berkas.mjs';
import { benchP12, isianPengumuman, pasangKop, putuskanDanKunci, root, session, startServer, stop } from '../lib.mjs';

const DATA_DIR = process.env.BENCH_DATA_DIR ?? path.join(tmpdir(), 'bench-tertanam');
const PORT = Number(process.env.BENCH_PORT ?? 3319);
const base = `http://127.0.0.1:${PORT}`;
const APPLICANTS = Number(process.env.BENCH_APPLICANTS ?? 200_000);
const JOBS = process.env.BENCH_JOB ? [process.env.BENCH_JOB] : ['ekspor', 'pengumuman', 'impor'];
const IMPOR = Number(process.env.BENCH_IMPOR ?? 200_000);
const ANNOUNCED = 3; // Kementerian Hukum, a quarter of the applicants

if (!existsSync(DATA_DIR)) {
  execFileSync('npm', ['run', 'seed', '--', '--applicants', String(APPLICANTS), '--no-documents'], {
    cwd: root,
    env: { ...process.env, DATA_DIR },
    stdio: 'inherit',
  });
}
if (JOBS.includes('pengumuman')) {
  // What an announcement needs, written into the folder before the server opens it.
  const pglite = await PGlite.create(path.join(DATA_DIR, 'pglite'), { extensions: { pg_trgm, unaccent } });
  await putuskanDanKunci({ query: async (text, params) => pglite.query(text, params) }, ANNOUNCED);
  await pglite.close();
}
const { child } = await startServer(PORT, {
  DATA_DIR,
  JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
  DEMO_DOKUMEN: '0',
  BACA_PEKERJA: '0',
  TTE_P12: benchP12('bench-tertanam'),
  TTE_P12_PASSWORD: 'bench',
});
const percentile = (values, q) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))];
/** Health every `ms` until `until()`: each answer's time from the start of the phase. */
async function sample(ms, until) {
  const out = [];
  const start = performance.now();
  while (!until()) {
    const t0 = performance.now();
    await (await fetch(`${base}/api/health`)).arrayBuffer();
    out.push({ at: t0 - start, ms: performance.now() - t0 });
    await new Promise((r) => setTimeout(r, ms));
  }
  return out;
}
const figures = (name, values) => {
  const ms = values.map((v) => v.ms);
  return {
    phase: name,
    'p50 (ms)': Number(percentile(ms, 0.5).toFixed(1)),
    'p95 (ms)': Number(percentile(ms, 0.95).toFixed(1)),
    'max (ms)': Number(Math.max(...ms).toFixed(1)),
    samples: ms.length,
    'over 200 ms at (s)': values
      .filter((v) => v.ms > 200)
      .map((v) => `${(v.at / 1000).toFixed(1)} (${Math.round(v.ms)} ms)`)
      .join(', '),
  };
};

/** Asks for a job (202), samples health until it has ended (`progres`: its address); prints how it ended. */
async function phase(name, headers, ask, progres) {
  const t0 = performance.now();
  const asked = await ask();
  let job = await asked.json();
  if (asked.status !== 202) throw new Error(`${name}: ${asked.status} ${JSON.stringify(job)}`);
  const answeredMs = performance.now() - t0;
  let done = false;
  const follow = (async () => {
    while (job.status === 'MENUNGGU' || job.status === 'BERJALAN') {
      await new Promise((r) => setTimeout(r, 1000));
      job = await (await fetch(`${base}${progres(job.id)}`, { headers })).json();
    }
    done = true;
  })();
  const during = await sample(50, () => done);
  await follow;
  console.log(
    `${name}: request answered in ${Math.round(answeredMs)} ms, ${job.status} after ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  return figures(`during ${name}`, during);
}

try {
  const monitor = await session(base, 'monitor.cpns');
  const admin = await session(base, 'admin.cpns');
  await pasangKop(base, admin);
  const idleEnd = performance.now() + 10_000;
  const rows = [figures('alone', await sample(50, () => performance.now() > idleEnd))];
  if (JOBS.includes('ekspor')) {
    rows.push(
      await phase(
        'the export (50,000 rows, Excel)',
        monitor,
        () =>
          fetch(`${base}/api/cpns/admin/export`, {
            method: 'POST',
            headers: monitor,
            body: JSON.stringify({
              format: 'xlsx',
              filter: {},
              sorting: { column: 'nama', direction: 'asc' },
              searchTerm: '',
            }),
          }),
        (id) => `/api/ekspor/${id}`,
      ),
    );
  }
  if (JOBS.includes('pengumuman')) {
    rows.push(
      await phase(
        'the announcement (50,000 applicants)',
        admin,
        () =>
          fetch(`${base}/api/cpns/admin/dokumen-resmi/pengumuman`, {
            method: 'POST',
            headers: admin,
            body: JSON.stringify(isianPengumuman()),
          }),
        (id) => `/api/cpns/admin/dokumen-resmi/progres/${id}`,
      ),
    );
  }
  if (JOBS.includes('impor')) {
    const superadmin = await session(base, 'superadmin');
    const dir = path.join(DATA_DIR, 'impor');
    await mkdir(dir, { recursive: true });
    await writeFormasi(path.join(dir, 'formasi.csv'));
    await imporBerkas(base, superadmin, 'formasi', path.join(dir, 'formasi.csv'));
    // New applicants at every run: numbered after the earlier runs' (counted in the folder).
    const counter = path.join(dir, 'runs');
    const run = existsSync(counter) ? Number(readFileSync(counter, 'utf8')) : 0;
    writeFileSync(counter, String(run + 1));
    await writePelamar(path.join(dir, 'pelamar.csv'), IMPOR, run * IMPOR);
    let done = false;
    const t0 = performance.now();
    const work = imporBerkas(base, superadmin, 'pelamar', path.join(dir, 'pelamar.csv')).finally(() => {
      done = true;
    });
    const during = await sample(50, () => done);
    const r = await work;
    console.log(
      `the import (${IMPOR.toLocaleString('en')} new applicants): checked in ${r.checkS.toFixed(1)} s, applied in ${r.applyS.toFixed(1)} s (${r.job.status}, ${r.job.baru} new), ${((performance.now() - t0) / 1000).toFixed(1)} s in all`,
    );
    rows.push(figures(`during the import (${IMPOR.toLocaleString('en')} rows)`, during));
  }
  console.table(rows);
} finally {
  await stop(child);
}
process.exit(0);
