// The fixture of the dashboard tests (dashboard.test.ts, dashboard-nasional.test.ts): applicants on
// every track with decisions spread over the last week, objections (some waiting at Kemenkum),
// non-ASN records and affirmation claims; every view read afresh (no shared reads). And the
// reading of a dashboard: a track's section, a card, a chart, and independent SQL to check them.

import type { DashboardResponse, DashboardSection, TrackId } from '@portal/contract';
import { sql } from 'kysely';
import { expect } from 'vitest';
import { seedAfirmasi } from '../../db/seed/afirmasi.js';
import { attributeDecisions } from '../../db/seed/jadwal.js';
import { planNonAsn, seedNonAsn } from '../../db/seed/nonasn.js';
import { seedSanggah } from '../../db/seed/sanggah.js';
import { useApiFixture, userIdOf } from '../../test/api-fixture.js';

export const KEMENKUM = 3;
export const BANDUNG = 7;
export const RAJA_AMPAT = 8;

/** The list call behind each screen a tile opens. */
const LIST_CALL: Record<string, string> = {
  verifikasi: 'verifikator',
  supervisi: 'supervisor',
  'rekap-supervisi': 'my-supervisi',
  'rekap-pelamar': 'admin',
  sanggah: 'sanggah',
};

export function section(answer: DashboardResponse, track: TrackId): DashboardSection {
  const found = answer.sections.find((s) => s.track === track);
  if (!found) throw new Error(`no ${track} section in ${JSON.stringify(answer.sections.map((s) => s.track))}`);
  return found;
}

export const cardOf = (s: DashboardSection, key: string) => {
  const found = s.cards.find((c) => c.key === key);
  if (!found) throw new Error(`no card ${key} in ${s.track}: ${s.cards.map((c) => c.key).join(', ')}`);
  return found;
};
export const chartOf = (s: DashboardSection, key: string) => {
  const found = s.charts.find((c) => c.key === key);
  if (!found) throw new Error(`no chart ${key} in ${s.track}: ${s.charts.map((c) => c.key).join(', ')}`);
  return Object.fromEntries(found.points.map((p) => [p.label, p.value]));
};

export const jakartaDay = (column: string) =>
  sql`to_char(${sql.ref(column)} AT TIME ZONE 'Asia/Jakarta', 'YYYY-MM-DD')`;

export function useDashboardFixture() {
  const api = useApiFixture({
    // Every view reads afresh here (the figures must move at once after a decision); SharedReads is tested apart.
    config: { dashboardCacheSeconds: 0 },
    timeout: 90_000,
    applicants: {
      seed: 17,
      blocks: [
        { instansiId: KEMENKUM, track: 'cpns', applicants: 150 },
        { instansiId: BANDUNG, track: 'cpns', applicants: 60 },
        { instansiId: 4, track: 'pppk', applicants: 50 },
        { instansiId: 5, track: 'pppk-guru', applicants: 40 },
        { instansiId: 6, track: 'nakes', applicants: 60 },
        { instansiId: RAJA_AMPAT, track: 'cpns', applicants: 4, undecided: true },
      ],
    },
    seed: async (api) => {
      const { db } = api.ctx;
      await attributeDecisions(db);
      // The seeded decisions lie in 2024; bring a share of them into the last week (some today), so
      // "today" and the seven days have something to count.
      await sql`
        UPDATE pelamar SET tgl_verifikasi = now() - (id % 9) * interval '1 day' - interval '1 minute'
        WHERE status_verifikasi <> 'BELUM' AND id % 2 = 0
      `.execute(db);
      await sql`
        UPDATE pelamar SET tgl_supervisi = now() - (id % 8) * interval '1 day' - interval '1 minute'
        WHERE status_supervisi IS NOT NULL AND id % 3 = 0
      `.execute(db);
      // Issue #35: some applicants' documents read with findings (a fifth "berat", a fifth "periksa").
      await sql`UPDATE pelamar SET temuan_otomatis = CASE WHEN id % 5 = 1 THEN 2 ELSE 1 END WHERE id % 5 IN (1, 2)`.execute(
        db,
      );
      // Objections of approved TMS decisions (their accepted ones leave un-rolled counter deltas).
      await seedSanggah(db);
      // A few more, waiting for an answer, in Kemenkum (a sample this small seeds only a handful).
      await sql`
        INSERT INTO sanggah (pelamar_id, instansi_id, track, diajukan_at, butir)
        SELECT id, instansi_id, track, now(), jsonb_build_array(jsonb_build_object('alasanTms', alasan_tms[1],
               'argumen', 'Mohon diperiksa ulang.', 'dokumenId', null, 'jawaban', null, 'alasanJawaban', null))
        FROM pelamar p
        WHERE instansi_id = ${KEMENKUM} AND status_verifikasi = 'TMS' AND cardinality(alasan_tms) > 0
          AND NOT EXISTS (SELECT 1 FROM sanggah s WHERE s.pelamar_id = p.id)
        LIMIT 3
      `.execute(db);
      await seedNonAsn(db, planNonAsn(400), 17);
      // Affirmation claims (PPPK Teknis, Nakes) and objections against the checker's decisions.
      await seedAfirmasi(db, api.store);
    },
  });
  const { call } = api;

  async function dashboardOf(username: string, password?: string): Promise<DashboardResponse> {
    if (password) api.passwords.set(username, password);
    const res = await call(username, 'GET', '/api/dashboard');
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  /** One number from independent SQL. */
  async function count(query: ReturnType<typeof sql<{ n: number }>>): Promise<number> {
    const { rows } = await query.execute(api.ctx.db);
    return Number(rows[0]?.n ?? 0);
  }

  const userId = (username: string) => userIdOf(api.ctx.db, username);

  /** Rows of one instansi and track grouped by a column, as an object. */
  async function grouped(column: string, where: ReturnType<typeof sql>) {
    const { rows } = await sql<{ k: string; n: number }>`
      SELECT ${sql.ref(column)} AS k, count(*)::int AS n FROM pelamar WHERE ${where} GROUP BY 1
    `.execute(api.ctx.db);
    return Object.fromEntries(rows.map((row) => [row.k, row.n]));
  }

  /** Issue #32: the list a tile opens, filtered as its link says, holds exactly what the tile counts. */
  async function expectListBehind(username: string, tile: { key: string; value: number; href: string | null }) {
    const url = new URL(tile.href ?? '', 'http://portal');
    const [, track, screen] = url.pathname.split('/');
    const filter = Object.fromEntries([...url.searchParams].map(([name, value]) => [name.replace(/^f\./, ''), value]));
    const list = await call(username, 'POST', `/api/${track}/${LIST_CALL[screen ?? '']}/filter`, {
      filter,
      paginator: { page: 1, pageSize: 10 },
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().recordsTotal, `${tile.key} → ${tile.href}`).toBe(tile.value);
  }

  return { api, call, dashboardOf, count, userId, grouped, expectListBehind };
}
