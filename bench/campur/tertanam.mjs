// /api/health on the embedded default while the instance itself writes a large export job (issue
// #33, see README.md): 200,000 generated applicants loaded into a PGlite data folder (once), the
// built server on it, health asked every 50 ms for 10 s alone and then while monitor.cpns's whole
// recap (50,000 rows, Excel) is made by the instance's own export worker. Asserts nothing.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { root, session, startServer, stop } from '../lib.mjs';

const DATA_DIR = process.env.BENCH_DATA_DIR ?? path.join(tmpdir(), 'bench-tertanam');
const PORT = Number(process.env.BENCH_PORT ?? 3319);
const base = `http://127.0.0.1:${PORT}`;
const APPLICANTS = Number(process.env.BENCH_APPLICANTS ?? 200_000);

if (!existsSync(DATA_DIR)) {
  execFileSync('npm', ['run', 'seed', '--', '--applicants', String(APPLICANTS), '--no-documents'], {
    cwd: root,
    env: { ...process.env, DATA_DIR },
    stdio: 'inherit',
  });
}
const { child } = await startServer(PORT, {
  DATA_DIR,
  JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
  DEMO_DOKUMEN: '0',
  BACA_PEKERJA: '0',
});
const headers = await session(base, 'monitor.cpns');
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

try {
  const idleEnd = performance.now() + 10_000;
  const idle = await sample(50, () => performance.now() > idleEnd);
  const t0 = performance.now();
  const asked = await fetch(`${base}/api/cpns/admin/export`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ format: 'xlsx', filter: {}, sorting: { column: 'nama', direction: 'asc' }, searchTerm: '' }),
  });
  let job = await asked.json();
  if (asked.status !== 202) throw new Error(`export: ${asked.status} ${JSON.stringify(job)}`);
  const answeredMs = performance.now() - t0;
  let done = false;
  const follow = (async () => {
    while (job.status === 'MENUNGGU' || job.status === 'BERJALAN') {
      await new Promise((r) => setTimeout(r, 1000));
      job = await (await fetch(`${base}/api/ekspor/${job.id}`, { headers })).json();
    }
    done = true;
  })();
  const during = await sample(50, () => done);
  await follow;
  console.log(
    `export of ${job.total} rows: request answered in ${Math.round(answeredMs)} ms, ${job.status} after ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  console.table([figures('alone', idle), figures('during the export', during)]);
} finally {
  await stop(child);
}
process.exit(0);
