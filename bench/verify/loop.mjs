// The verification loop of bench/verify, shared with bench/impor (verifiers at work while a large
// import runs): the verifier accounts of an instansi, and simulated verifiers that claim, load and
// decide CPNS applicants, timing each step. Asserts nothing.
import http from 'node:http';
import { percentile } from '../lib.mjs';

export const STEPS = ['claim', 'detail', 'save'];
const TMS_SHARE = 0.1;

/**
 * The CPNS verification window open, no final lock for `instansiId`, and `count` verifier
 * accounts of that instansi (reused across runs, reset to the demo password and role).
 */
export async function prepareVerifiers(db, { instansiId, count }) {
  await db.query(
    `INSERT INTO jadwal_tahap (track, tahap, mulai, selesai)
     VALUES ('cpns', 'VERIFIKASI', now() - interval '1 day', now() + interval '30 days')
     ON CONFLICT (track, tahap) DO UPDATE SET mulai = excluded.mulai, selesai = excluded.selesai`,
  );
  await db.query(`DELETE FROM final_verifikasi WHERE instansi_id = $1 AND track = 'cpns'`, [instansiId]);
  const demo = await db.query(`SELECT password_hash FROM app_user WHERE username = 'verifikator.cpns'`);
  if (!demo.rowCount) throw new Error('the seeded account verifikator.cpns is missing');
  // Accounts are reused across runs (applicants and audit events refer to them); missing ones are
  // added, existing ones reset to the bench's password and role. Usernames are unique (lower()).
  const usernames = Array.from({ length: count }, (_, i) => `bench.verifikator.${i + 1}`);
  await db.query(
    `INSERT INTO app_user (username, fullname, email, password_hash, instansi_id, authorities, is_cpns)
     SELECT u, 'Bench Verifikator ' || n, u || '@bench.invalid', $2, $3, '{ROLE_VERIFIKATOR_CPNS}', true
     FROM unnest($1::text[]) WITH ORDINALITY AS t(u, n)
     ON CONFLICT DO NOTHING`,
    [usernames, demo.rows[0].password_hash, instansiId],
  );
  const { rows } = await db.query(
    `UPDATE app_user SET password_hash = $2, instansi_id = $3, authorities = '{ROLE_VERIFIKATOR_CPNS}',
       is_cpns = true, active = true
     WHERE username = ANY($1::text[]) RETURNING id, username`,
    [usernames, demo.rows[0].password_hash, instansiId],
  );
  if (rows.length !== count) throw new Error(`expected ${count} bench accounts, found ${rows.length}`);
  await db.query('DELETE FROM login_lockout WHERE username = ANY($1::text[])', [usernames]);
  return { usernames, ids: rows.map((r) => r.id) };
}

const pause = (millis) => new Promise((r) => setTimeout(r, millis));
const ms = (value) => Number(value.toFixed(1));

/**
 * Verifiers against the server at `base`: `run(sessions, until)` drives one verifier per session
 * until `until()` is true (or the queue is empty); `stats` holds what they did and were answered.
 */
export function verifikasiLoad({ base, verifiers, thinkMs = 0 }) {
  const stats = {
    latencies: Object.fromEntries(STEPS.map((step) => [step, []])),
    /** When each request of `latencies` was sent (performance.now()), in the same order. */
    sentAt: Object.fromEntries(STEPS.map((step) => [step, []])),
    errors: Object.fromEntries(STEPS.map((step) => [step, 0])),
    errorSamples: [],
    decided: [],
    ms: 0,
    tms: 0,
    queueEmpty: 0,
  };
  // node:http with keep-alive costs the shared two cores about half of what fetch does for the
  // same requests (the load generator runs beside the server).
  const agent = new http.Agent({ keepAlive: true, maxSockets: verifiers });

  /** One HTTP request; resolves with the status and the whole body. */
  function send(url, { method = 'GET', headers, body }) {
    return new Promise((resolve, reject) => {
      const options = {
        method,
        agent,
        headers: body === undefined ? headers : { ...headers, 'content-length': Buffer.byteLength(body) },
      };
      const req = http.request(url, options, (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode, text: Buffer.concat(chunks).toString() }));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(body);
    });
  }

  /** One request, timed until its body is read; non-2xx answers count as the step's errors. */
  async function timed(step, url, init) {
    const started = performance.now();
    let status = 0;
    let text = '';
    try {
      ({ status, text } = await send(url, init));
    } catch (error) {
      text = String(error);
    }
    stats.latencies[step].push(performance.now() - started);
    stats.sentAt[step].push(started);
    const ok = status >= 200 && status < 300;
    if (!ok && !(step === 'claim' && status === 404 && text.includes('ANTRIAN_KOSONG'))) {
      stats.errors[step] += 1;
      if (stats.errorSamples.length < 8) stats.errorSamples.push(`${step} ${status}: ${text.slice(0, 300)}`);
    }
    return { ok, status, text };
  }

  async function verifier(headers, until) {
    const api = `${base}/api/cpns/verifikator`;
    while (!until()) {
      const claim = await timed('claim', `${api}/ambil`, { method: 'POST', headers, body: '{"kecuali":[]}' });
      if (claim.status === 404 && claim.text.includes('ANTRIAN_KOSONG')) {
        stats.queueEmpty += 1;
        return;
      }
      if (!claim.ok) {
        await pause(100);
        continue;
      }
      const { id } = JSON.parse(claim.text);
      const detail = await timed('detail', `${api}/${id}`, { headers });
      if (!detail.ok) {
        await pause(100);
        continue;
      }
      const { dokumen, verifikasi } = JSON.parse(detail.text);
      const tms = Math.random() < TMS_SHARE;
      const cekDokumen = dokumen.map((d, i) =>
        tms && i === 0
          ? { dokumenId: d.id, sesuai: false, alasan: 'Tidak terbaca' }
          : { dokumenId: d.id, sesuai: true, alasan: null },
      );
      const body = {
        version: verifikasi.version,
        statusVerifikasi: tms ? 'TMS' : 'MS',
        cekDokumen,
        alasanTms: tms ? ['DOKUMEN_TIDAK_TERBACA'] : [],
        catatan: null,
      };
      if (thinkMs > 0) await pause(thinkMs * (0.5 + Math.random()));
      const save = await timed('save', `${api}/${id}`, { method: 'PUT', headers, body: JSON.stringify(body) });
      if (!save.ok) {
        await pause(100);
        continue;
      }
      stats.decided.push(id);
      stats[tms ? 'tms' : 'ms'] += 1;
    }
  }

  return {
    stats,
    run: (sessions, until) => Promise.all(sessions.map((headers) => verifier(headers, until))),
    /** Per step: requests, errors and percentiles, beside `target` (ms). */
    table: (target) =>
      STEPS.map((step) => {
        const sorted = [...stats.latencies[step]].sort((a, b) => a - b);
        return {
          step,
          requests: sorted.length,
          errors: stats.errors[step],
          'p50 ms': ms(percentile(sorted, 50)),
          'p95 ms': ms(percentile(sorted, 95)),
          'p99 ms': ms(percentile(sorted, 99)),
          'max ms': ms(sorted.at(-1) ?? 0),
          'p95 target': `≤ ${target}`,
        };
      }),
  };
}
