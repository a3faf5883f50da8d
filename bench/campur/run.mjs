// Heavy work beside the people working (issue #33, see README.md): bench/verify's verifiers alone,
// then while an import of 1 M new applicants, the largest announcement (250,000 applicants) and the
// largest list export (the same 250,000 as Excel) are made, on the 1 M load in PostgreSQL. Prints each step's
// p95 in both phases and their ratio beside the target (≤ 1.3×), /api/health's answers throughout,
// and how the jobs ended; asserts nothing.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { imporBerkas, writeFormasi, writePelamar } from '../impor/berkas.mjs';
import {
  benchP12,
  ensureData,
  isianPengumuman,
  pasangKop,
  percentile,
  putuskanDanKunci,
  root,
  session,
  startServer,
  stop,
} from '../lib.mjs';
import { prepareVerifiers, STEPS, verifikasiLoad } from '../verify/loop.mjs';

const dbUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/bench_lists';
const PORT = Number(process.env.BENCH_PORT ?? 3317);
const base = `http://127.0.0.1:${PORT}`;
const VERIFIERS = Number(process.env.BENCH_VERIFIERS ?? 16);
const ALONE_SECONDS = Number(process.env.BENCH_SECONDS ?? 45);
// New applicants imported beside the verifiers (0: no import), numbered after everything seeded.
const IMPOR = Number(process.env.BENCH_IMPOR ?? 1_000_000);
const MAX_BESIDE_SECONDS = Number(process.env.BENCH_MAX_SECONDS ?? (IMPOR > 0 ? 1200 : 300));
// `terpisah` (default): the instance serves people only and `npm run worker` does the batch work,
// as docs/operations.md advises; `sama`: the instance runs the jobs itself (the defaults).
const PEKERJA = process.env.BENCH_PEKERJA ?? 'terpisah';
const ANNOUNCED = 3; // Kementerian Hukum: 250,000 CPNS applicants, decided and locked
// Three other CPNS instansi (about 47,000 applicants each), where the verifiers work, a third in
// each: flat out they decide about 150-200 a second, and with the import the run lasts twelve to
// fifteen minutes (two instansi ran dry before the jobs ended, 2026-12-04).
const VERIFIED = [7, 1, 2];
// The imported applicants' instansi (codes): neither the announced one nor the verifiers'.
const IMPOR_INSTANSI = ['4002', '3201', '3300', '4024'];
// Their nomor peserta (bench/impor/berkas.mjs) start with 88, the seeded ones with a track's digit.
const IMPORTED = `no_peserta LIKE '88%'`;
const TARGET_RATIO = 1.3;
const TARGET_HEALTH_MS = 200;
const env = {
  DATABASE_URL: dbUrl,
  JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
  SEED_DEMO: 'false',
  DATA_DIR: path.join(tmpdir(), 'bench-campur-files'),
  PUBLIC_URL: 'https://portal.example.go.id',
  // Nothing to read here: reading documents is measured by bench/baca.
  BACA_PEKERJA: '0',
};

/** /api/health every 200 ms while `running()`: each answer's time. */
function healthSampler() {
  const times = [];
  let on = true;
  const done = (async () => {
    while (on) {
      const t0 = performance.now();
      try {
        await (await fetch(`${base}/api/health`)).arrayBuffer();
      } catch {}
      times.push({ at: t0, ms: performance.now() - t0 });
      await new Promise((r) => setTimeout(r, 200));
    }
  })();
  return {
    times,
    async stop() {
      on = false;
      await done;
    },
  };
}

const p95Of = (values) =>
  percentile(
    [...values].sort((a, b) => a - b),
    95,
  );
const round = (value) => Number(value.toFixed(1));

async function phase(sessions, until) {
  const load = verifikasiLoad({ base, verifiers: VERIFIERS });
  const health = healthSampler();
  const started = performance.now();
  await load.run(sessions, until);
  const seconds = (performance.now() - started) / 1000;
  await health.stop();
  return { ...load, started, seconds, health: health.times };
}

/** What an earlier run imported, taken out again (ensureData counts the seeded applicants). */
async function hapusImpor() {
  const db = new pg.Client({ connectionString: dbUrl });
  try {
    await db.connect();
    await db.query(`DELETE FROM pelamar WHERE ${IMPORTED}`);
  } catch (error) {
    if (error.code !== '3D000' && error.code !== '42P01') throw error; // no database or table yet
  } finally {
    await db.end().catch(() => undefined);
  }
}

async function main() {
  await hapusImpor();
  await ensureData(dbUrl, env.DATA_DIR);
  const files = mkdtempSync(path.join(tmpdir(), 'bench-campur-impor-'));
  const formasiFile = path.join(files, 'formasi.csv');
  const pelamarFile = path.join(files, 'pelamar.csv');
  if (IMPOR > 0) {
    await writeFormasi(formasiFile, IMPOR_INSTANSI);
    await writePelamar(pelamarFile, IMPOR, 10_000_000, IMPOR_INSTANSI);
  }
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  // The announcement's instansi: everyone decided and reviewed, the track locked.
  await putuskanDanKunci(db, ANNOUNCED);
  const bench = await prepareVerifiers(db, { instansiId: VERIFIED[0], count: VERIFIERS });
  for (const [k, instansiId] of VERIFIED.entries()) {
    if (k === 0) continue;
    await db.query('UPDATE app_user SET instansi_id = $2 WHERE username = ANY($1::text[])', [
      bench.usernames.filter((_, i) => i % VERIFIED.length === k),
      instansiId,
    ]);
  }
  await db.query(`DELETE FROM final_verifikasi WHERE instansi_id = ANY($1::int[]) AND track = 'cpns'`, [VERIFIED]);
  // Every run starts from the same queues: what earlier runs decided there is undecided again.
  await db.query(
    `DELETE FROM verifikasi_kedua WHERE pelamar_id IN (SELECT id FROM pelamar WHERE instansi_id = ANY($1::int[]) AND track = 'cpns')`,
    [VERIFIED],
  );
  await db.query(
    `UPDATE pelamar SET status_verifikasi = 'BELUM', verifikator_id = NULL, tgl_verifikasi = NULL,
       status_supervisi = NULL, supervisor_id = NULL, tgl_supervisi = NULL, klaim_oleh = NULL, klaim_at = NULL,
       alasan_tms = NULL, catatan_verifikasi = NULL, kedua_dari = NULL, kedua_sepakat = NULL
     WHERE instansi_id = ANY($1::int[]) AND track = 'cpns'
       AND (status_verifikasi <> 'BELUM' OR kedua_dari IS NOT NULL OR klaim_oleh IS NOT NULL)`,
    [VERIFIED],
  );
  // The rows just rewritten cleaned and counted, so the first phase does not pay for them.
  await db.query('VACUUM ANALYZE pelamar');
  const waiting = (
    await db.query(
      `SELECT count(*)::int AS n FROM pelamar WHERE instansi_id = ANY($1::int[]) AND track = 'cpns' AND status_verifikasi = 'BELUM'`,
      [VERIFIED],
    )
  ).rows[0].n;
  // Jobs left by an interrupted run would hold the new ones back.
  await db.query(`DELETE FROM ekspor_job`).catch(() => undefined);
  await db.query(`DELETE FROM dokumen_resmi_progres WHERE status IN ('MENUNGGU', 'BERJALAN')`);
  await db.end();
  console.log(
    `${VERIFIERS} verifiers on instansi ${VERIFIED.join(' and ')} (${waiting} waiting); workers: ${PEKERJA}; import: ${IMPOR} new applicants`,
  );

  const tte = { TTE_P12: benchP12('bench-campur'), TTE_P12_PASSWORD: 'bench' };
  const apart = PEKERJA === 'terpisah';
  const { child: server } = await startServer(PORT, {
    ...env,
    ...tte,
    ...(apart ? { DOKUMEN_PEKERJA: '0', EKSPOR_PEKERJA: '0', IMPOR_PEKERJA: '0' } : {}),
  });
  const worker = apart
    ? spawn('node', ['--import', 'tsx', path.join(root, 'apps/server/src/worker-cli.ts')], {
        cwd: root,
        env: { ...process.env, ...env, ...tte, LOG_LEVEL: 'warn', BACA_PEKERJA: '1' },
        stdio: ['ignore', 'ignore', 'inherit'],
      })
    : null;
  try {
    const admin = await session(base, 'admin.cpns');
    await pasangKop(base, admin);
    const superadmin = await session(base, 'superadmin');
    // The formasi the imported applicants apply to, before anything is timed.
    if (IMPOR > 0) await imporBerkas(base, superadmin, 'formasi', formasiFile);
    const sessions = [];
    for (let i = 0; i < bench.usernames.length; i += 8) {
      sessions.push(...(await Promise.all(bench.usernames.slice(i, i + 8).map((u) => session(base, u)))));
    }

    const forSeconds = (seconds) => {
      const end = performance.now() + seconds * 1000;
      return () => performance.now() >= end;
    };
    // Warmed up (caches, the planner, the pools), then alone before and after the jobs: the machine
    // drifts within minutes, so the jobs' phase is compared with both.
    await phase(sessions, forSeconds(10));
    const alone = await phase(sessions, forSeconds(ALONE_SECONDS));

    // Beside: both jobs asked for at once, the verifiers at work until both have ended.
    const t0 = performance.now();
    const post = async (url, body) => {
      const res = await fetch(`${base}${url}`, { method: 'POST', headers: admin, body: JSON.stringify(body) });
      const job = await res.json();
      if (res.status !== 202) throw new Error(`${url}: ${res.status} ${JSON.stringify(job)}`);
      return { job, answeredMs: performance.now() - t0 };
    };
    const jobs = {
      pengumuman: await post('/api/cpns/admin/dokumen-resmi/pengumuman', isianPengumuman()),
      ekspor: await post('/api/cpns/admin/export', {
        format: 'xlsx',
        filter: {},
        sorting: { column: 'nama', direction: 'asc' },
        searchTerm: '',
      }),
    };
    const ended = {};
    // The import as the operator's screen makes it: upload and check (a job followed to its end),
    // then apply (a job).
    const impor =
      IMPOR > 0
        ? imporBerkas(base, superadmin, 'pelamar', pelamarFile).then(
            (r) => {
              ended.impor = {
                status: r.job.status,
                seconds: round((performance.now() - t0) / 1000),
                job: { total: r.job.total },
                checkS: r.checkS,
                detail: `check ${round(r.checkS)} s, apply ${round(r.applyS)} s; ${r.report.baru} new, ${r.report.ditolak} refused, ${r.report.konflik} conflicts`,
              };
            },
            (error) => {
              ended.impor = {
                status: `failed: ${error.message}`,
                seconds: round((performance.now() - t0) / 1000),
                job: {},
              };
            },
          )
        : Promise.resolve();
    const jobCount = IMPOR > 0 ? 3 : 2;
    const follow = async (name, url) => {
      for (;;) {
        const res = await fetch(`${base}${url}`, { headers: admin });
        const job = await res.json();
        // An answer that is no job's progress is said as it came, not taken for the job's end.
        if (!res.ok) job.status = `HTTP ${res.status} ${job.error ?? ''}: ${job.message ?? ''}`;
        if (job.status !== 'MENUNGGU' && job.status !== 'BERJALAN') {
          ended[name] = { status: job.status, seconds: round((performance.now() - t0) / 1000), job };
          return;
        }
        await new Promise((r) => setTimeout(r, 1000));
      }
    };
    const following = Promise.all([
      follow('pengumuman', `/api/cpns/admin/dokumen-resmi/progres/${jobs.pengumuman.job.id}`),
      follow('ekspor', `/api/ekspor/${jobs.ekspor.job.id}`),
      impor,
    ]);
    const besideEnd = t0 + MAX_BESIDE_SECONDS * 1000;
    const beside = await phase(
      sessions,
      () => Object.keys(ended).length === jobCount || performance.now() >= besideEnd,
    );
    // The jobs' own end, when the verifiers stopped first.
    await Promise.race([following, new Promise((r) => setTimeout(r, MAX_BESIDE_SECONDS * 1000))]);
    const after = await phase(sessions, forSeconds(ALONE_SECONDS));

    const rows = STEPS.map((step) => {
      const a = p95Of(alone.stats.latencies[step]);
      const c = p95Of(after.stats.latencies[step]);
      const b = p95Of(beside.stats.latencies[step]);
      return {
        step,
        'alone p95 before / after (ms)': `${round(a)} / ${round(c)}`,
        'beside p95 (ms)': round(b),
        'ratio to the mean alone': round(b / ((a + c) / 2)),
        target: `≤ ${TARGET_RATIO}`,
        'errors (all phases)': alone.stats.errors[step] + beside.stats.errors[step] + after.stats.errors[step],
      };
    });
    // The jobs' phase by the minute: which job's stretch the verifiers felt (the import's check
    // and apply are one job of the table below; the check's end is its `check` figure).
    const WINDOW_S = 60;
    const windows = [];
    for (let from = 0; from * 1000 < beside.seconds * 1000; from += WINDOW_S) {
      const inWindow = (step) =>
        beside.stats.latencies[step].filter((_, i) => {
          const s = (beside.stats.sentAt[step][i] - t0) / 1000;
          return s >= from && s < from + WINDOW_S;
        });
      const claims = inWindow('claim');
      if (claims.length === 0) continue;
      windows.push({
        's into the jobs': `${from}–${from + WINDOW_S}`,
        claims: claims.length,
        'claim p95 (ms)': round(p95Of(claims)),
        'detail p95 (ms)': round(p95Of(inWindow('detail'))),
        'save p95 (ms)': round(p95Of(inWindow('save'))),
        running: Object.entries(ended)
          .filter(([, e]) => e.seconds > from)
          .map(([name, e]) => (e.checkS === undefined ? name : `${name} (${from < e.checkS ? 'check' : 'apply'})`))
          .join(', '),
      });
    }
    console.log('\nbeside the jobs, by the minute (alone before: claim / detail / save p95 in the first table):');
    console.table(windows);
    const phases = { alone, beside, after };
    console.log(
      `\n${Object.entries(phases)
        .map(([name, p]) => `${name}: ${p.seconds.toFixed(0)} s, ${p.stats.decided.length} decisions`)
        .join(
          '; ',
        )}${Object.values(phases).some((p) => p.stats.queueEmpty) ? ' (some verifiers found the queue empty)' : ''}`,
    );
    console.table(rows);
    for (const [name, p] of Object.entries(phases)) {
      for (const sample of p.stats.errorSamples) console.log(`${name}: ${sample}`);
    }
    console.table(
      Object.entries(phases).map(([name, p]) => {
        const ms = p.health.map((h) => h.ms);
        const slow = p.health.filter((h) => h.ms > TARGET_HEALTH_MS);
        return {
          phase: name,
          'health p95 (ms)': round(p95Of(ms)),
          'health max (ms)': round(Math.max(...ms)),
          target: `≤ ${TARGET_HEALTH_MS}`,
          samples: ms.length,
          'over target at (s into the phase)': slow
            .map((h) => `${round((h.at - p.started) / 1000)} (${Math.round(h.ms)} ms)`)
            .join(', '),
        };
      }),
    );
    console.table(
      [...Object.entries(jobs), ...(IMPOR > 0 ? [['impor', { answeredMs: Number.NaN }]] : [])].map(
        ([name, { answeredMs }]) => ({
          job: name,
          'request answered (ms)': Number.isNaN(answeredMs) ? '' : Math.round(answeredMs),
          status: ended[name]?.status ?? 'still running',
          'ended after (s)': ended[name]?.seconds ?? `> ${MAX_BESIDE_SECONDS}`,
          rows: ended[name]?.job.total ?? '',
          detail: ended[name]?.detail ?? '',
        }),
      ),
    );
  } finally {
    if (worker) await stop(worker);
    await stop(server);
    rmSync(files, { recursive: true, force: true });
    await hapusImpor();
  }
}

await main();
// The verifiers' keep-alive sockets would hold the process open.
process.exit(0);
