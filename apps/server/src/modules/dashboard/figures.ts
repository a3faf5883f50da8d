// The dashboard's figures, per role (service.ts puts them together per track). Each figure is a
// small function of one query, answered from the counters (plus their pending deltas) or from an
// index range that is small by construction – a verifier's own decisions of seven days, a
// supervisor's reviews, the claims one user holds – never by counting an instansi's applicants
// (PERFORMANCE.md). A module adds a figure by adding a function to FIGURES; every query on
// `sanggah` is in `sanggahCounts`.

import {
  type DashboardCard,
  type DashboardChart,
  isAfirmasiTrack,
  KEADAAN_SUPERVISI,
  type PeranDashboard,
  STATUS_AFIRMASI,
  STATUS_KONFIRMASI,
  STATUS_SANGGAH,
  STATUS_VERIFIKASI,
  type TrackId,
  type TrackScreen,
  trackPath,
} from '@portal/contract';
import { type RawBuilder, sql } from 'kysely';
import { countersQuery as nonAsnCountersQuery } from '../nonasn/queries.js';
import { type CounterScope, countersQuery, supervisiCountersQuery } from '../pelamar/queries.js';
import { toCounts } from '../shared/status-summary.js';
import { harianQuery, toHarian } from '../verifikasi/service.js';

/** What a figure knows: the track, the caller, the scope its role reads, the request's shared reads. */
export interface FigureContext {
  track: TrackId;
  peran: PeranDashboard;
  user: { id: number; username: string; instansiId: number };
  /** The role's scope: the caller's instansi, or every instansi (null) for national roles. */
  scope: CounterScope;
  /** The last seven days in Jakarta, oldest first; the last is today. */
  hari: string[];
  /** The rows of a query, sent with the view's other reads in one statement. */
  rows<T>(query: RawBuilder<T>): Promise<T[]>;
  /** Runs `read` once per key within the request (figures of one section share counters). */
  once<T>(key: string, read: () => Promise<T>): Promise<T>;
}

export interface Figures {
  cards?: DashboardCard[];
  charts?: DashboardChart[];
}

export type Figure = (ctx: FigureContext) => Promise<Figures>;

const card = (
  ctx: FigureContext,
  key: string,
  value: number,
  options: { total?: number; href?: TrackScreen | string | null; format?: DashboardCard['format'] } = {},
): DashboardCard => ({
  key,
  peran: ctx.peran,
  value,
  total: options.total ?? null,
  format: options.format ?? 'jumlah',
  href:
    options.href === undefined || options.href === null
      ? null
      : options.href.startsWith('/')
        ? options.href
        : trackPath(ctx.track, options.href as TrackScreen),
});

/** The verifier's list filtered to exactly what a tile counts (issue #32), e.g. `f.kerjaSaya=hari-ini`. */
const kerja = (ctx: FigureContext, query: string) => `${trackPath(ctx.track, 'verifikasi')}?${query}`;

const kategori = (ctx: FigureContext, key: string, labels: readonly string[], counts: Map<string, number>) =>
  ({
    key,
    peran: ctx.peran,
    kind: 'kategori',
    points: labels.map((label) => ({ label, value: counts.get(label) ?? 0 })),
  }) satisfies DashboardChart;

const harian = (ctx: FigureContext, key: string, perHari: Map<string, number>) =>
  ({
    key,
    peran: ctx.peran,
    kind: 'harian',
    points: ctx.hari.map((label) => ({ label, value: perHari.get(label) ?? 0 })),
  }) satisfies DashboardChart;

const sum = (counts: Map<string, number>) => [...counts.values()].reduce((a, b) => a + b, 0);
const scopeKey = (ctx: FigureContext) => `${ctx.track}:${ctx.scope.instansiId ?? 'nasional'}`;

/** Applicants per verification status in the role's scope (counters). */
const statusCounts = (ctx: FigureContext) =>
  ctx.once(`status:${scopeKey(ctx)}`, async () => toCounts(await ctx.rows(countersQuery(ctx.scope))));
/** Decisions per supervision state in the role's scope (counters, migration 0012). */
const supervisiCounts = (ctx: FigureContext) =>
  ctx.once(`supervisi:${scopeKey(ctx)}`, async () => toCounts(await ctx.rows(supervisiCountersQuery(ctx.scope))));

/**
 * Objections per status in the role's scope and, nationally, wasdal's unchecked and flagged
 * answers. The only query on `sanggah` in this module: adapting it to another kind of objection is
 * one condition here. Both shapes are index-only counts: one instansi's track by
 * sanggah_status_idx, the nation's every track at once by sanggah_cek_idx (migration 0012).
 */
export function sanggahCounts(ctx: FigureContext, jenis: 'ADMINISTRASI' | 'AFIRMASI' = 'ADMINISTRASI') {
  const national = ctx.scope.instansiId === null;
  const query = national
    ? sql<{ track: TrackId; status: string; cek_status: string | null; jumlah: number }>`
        SELECT track, status, cek_status, count(*) AS jumlah FROM sanggah WHERE jenis = ${jenis} GROUP BY 1, 2, 3`
    : sql<{ track: TrackId; status: string; cek_status: string | null; jumlah: number }>`
        SELECT track, status, NULL AS cek_status, count(*) AS jumlah FROM sanggah
        WHERE instansi_id = ${ctx.scope.instansiId} AND track = ${ctx.track} AND jenis = ${jenis} GROUP BY 1, 2`;
  const key = national ? `sanggah:${jenis}:nasional` : `sanggah:${jenis}:${scopeKey(ctx)}`;
  return ctx
    .once(key, () => ctx.rows(query))
    .then((rows) => {
      const status = new Map<string, number>();
      let belumDiperiksa = 0;
      let ditandai = 0;
      for (const row of rows.filter((r) => r.track === ctx.track)) {
        const jumlah = Number(row.jumlah);
        status.set(row.status, (status.get(row.status) ?? 0) + jumlah);
        if (national && row.status !== 'DIAJUKAN' && row.cek_status === null) belumDiperiksa += jumlah;
        if (row.cek_status === 'DITANDAI') ditandai += jumlah;
      }
      return { status, belumDiperiksa, ditandai };
    });
}

// The figures, per role. Each reads one counter set or one small index range.

/** The claims the verifier holds: new ones, and decisions a supervisor returned (pelamar_klaim_idx). */
const klaimSaya: Figure = async (ctx) => {
  // Issue #34: and colleagues' sampled decisions waiting for a blind second verification
  // (partial index pelamar_kedua_idx).
  const [row] = await ctx.rows(sql<{ klaim: number; dikembalikan: number; kedua: number }>`
    SELECT count(*) FILTER (WHERE status_verifikasi = 'BELUM') AS klaim,
           count(*) FILTER (WHERE status_supervisi = 'DIKEMBALIKAN') AS dikembalikan,
           (SELECT count(*) FROM pelamar WHERE instansi_id = ${ctx.user.instansiId} AND track = ${ctx.track}
              AND kedua_dari IS NOT NULL AND kedua_dari <> ${ctx.user.id} AND status_verifikasi = 'BELUM') AS kedua
    FROM pelamar WHERE klaim_oleh = ${ctx.user.id} AND track = ${ctx.track} AND instansi_id = ${ctx.user.instansiId}
  `);
  return {
    cards: [
      card(ctx, 'klaimSaya', Number(row?.klaim ?? 0), { href: kerja(ctx, 'f.kerjaSaya=dikerjakan') }),
      card(ctx, 'dikembalikanKeSaya', Number(row?.dikembalikan ?? 0), { href: kerja(ctx, 'f.kerjaSaya=dikembalikan') }),
      card(ctx, 'verifikasiKedua', Number(row?.kedua ?? 0), { href: kerja(ctx, 'f.kerjaSaya=kedua') }),
    ],
  };
};

/** The instansi's waiting applicants (the queue), of all its applicants. */
const menungguVerifikasi: Figure = async (ctx) => {
  const counts = await statusCounts(ctx);
  return {
    cards: [
      card(ctx, 'menungguVerifikasi', counts.get('BELUM') ?? 0, {
        total: sum(counts),
        href: kerja(ctx, 'f.statusVerifikasi=BELUM'),
      }),
    ],
  };
};

/**
 * Issue #35: applicants of the track whose documents' reading found something "berat" – for the
 * verifier those still waiting, for the supervisor the decisions awaiting review, for the admin
 * and the instansi's monitoring all of the instansi, for the national monitors all of the nation –
 * from the index of the lists' filter "Temuan otomatis" (instansi, track, level) or, nationally,
 * the partial index of the flagged (migration 0039), so only the flagged are touched.
 */
const temuanBerat: Figure = async (ctx) => {
  const instansiId = ctx.scope.instansiId;
  // Per role: what its list of work holds (the verifier's waiting queue, the supervisor's decisions
  // awaiting review by someone other than their verifier, the recap's every applicant).
  const view = {
    verifikator: {
      key: 'menungguTemuanBerat',
      where: sql`AND status_verifikasi = 'BELUM'`,
      href: kerja(ctx, 'f.statusVerifikasi=BELUM&f.temuanOtomatis=BERAT'),
    },
    supervisor: {
      key: 'supervisiTemuanBerat',
      where: sql`AND status_verifikasi <> 'BELUM' AND status_supervisi IS NULL
                 AND (verifikator_id IS NULL OR verifikator_id <> ${ctx.user.id})`,
      href: `${trackPath(ctx.track, 'supervisi')}?f.temuanOtomatis=BERAT`,
    },
  }[ctx.peran as 'verifikator' | 'supervisor'] ?? {
    key: 'temuanBerat',
    where: sql``,
    href: `${trackPath(ctx.track, 'rekap-pelamar')}?f.temuanOtomatis=BERAT`,
  };
  const scope = instansiId === null ? sql`` : sql`instansi_id = ${instansiId} AND`;
  const [row] = await ctx.rows(sql<{ n: number }>`
    SELECT count(*) AS n FROM pelamar
    WHERE ${scope} track = ${ctx.track} AND temuan_otomatis = 2 ${view.where}
  `);
  return { cards: [card(ctx, view.key, Number(row?.n ?? 0), { href: view.href })] };
};

/** The verifier's decisions today and per day of the week (pelamar_verifikator_idx range). */
const diputusSaya: Figure = async (ctx) => {
  const days = toHarian(
    await ctx.rows(
      harianQuery({ track: ctx.track, instansiId: ctx.user.instansiId }, ctx.user, {
        dari: ctx.hari[0],
        sampai: ctx.hari[ctx.hari.length - 1],
      }),
    ),
  );
  const perHari = new Map(days.map((day) => [day.tanggal, day.ms + day.tms]));
  return {
    cards: [
      card(ctx, 'diputusHariIni', perHari.get(ctx.hari[ctx.hari.length - 1] ?? '') ?? 0, {
        href: kerja(ctx, 'f.kerjaSaya=hari-ini'),
      }),
    ],
    charts: [harian(ctx, 'diputusHarian', perHari)],
  };
};

/**
 * Issue #34: the verifier's own quality – of their decisions verified again blind, how many the
 * second verifier agreed with – theirs only, never a colleague's (verifikasi_kedua_pertama_idx).
 */
const mutuSaya: Figure = async (ctx) => {
  const [row] = await ctx.rows(sql<{ pasangan: number; sepakat: number }>`
    SELECT count(*)::int AS pasangan, count(*) FILTER (WHERE sepakat)::int AS sepakat FROM verifikasi_kedua
    WHERE instansi_id = ${ctx.user.instansiId} AND track = ${ctx.track} AND pertama_oleh = ${ctx.user.id}
      AND kedua_hasil IS NOT NULL
  `);
  const pasangan = Number(row?.pasangan ?? 0);
  return { cards: [card(ctx, 'kesepakatanSaya', Number(row?.sepakat ?? 0), { total: pasangan, href: null })] };
};

/** Decisions awaiting review in the instansi, of all its decisions (supervision counters). */
const menungguSupervisi: Figure = async (ctx) => {
  const counts = await supervisiCounts(ctx);
  return {
    cards: [card(ctx, 'menungguSupervisi', counts.get('MENUNGGU') ?? 0, { total: sum(counts), href: 'supervisi' })],
  };
};

/** The supervisor's reviews today and per day of the week (pelamar_supervisor_idx range). */
const disupervisiSaya: Figure = async (ctx) => {
  const rows = await ctx.rows(sql<{ tanggal: string; jumlah: number }>`
    SELECT to_char(tgl_supervisi AT TIME ZONE 'Asia/Jakarta', 'YYYY-MM-DD') AS tanggal, count(*) AS jumlah
    FROM pelamar
    WHERE supervisor_id = ${ctx.user.id}
      AND tgl_supervisi >= (${ctx.hari[0]}::date::timestamp AT TIME ZONE 'Asia/Jakarta')
      AND track = ${ctx.track} AND instansi_id = ${ctx.user.instansiId}
    GROUP BY 1
  `);
  const perHari = new Map(rows.map((row) => [row.tanggal, Number(row.jumlah)]));
  return {
    cards: [
      card(ctx, 'disupervisiHariIni', perHari.get(ctx.hari[ctx.hari.length - 1] ?? '') ?? 0, {
        href: `${trackPath(ctx.track, 'rekap-supervisi')}?f.kerjaSaya=hari-ini`,
      }),
    ],
    charts: [harian(ctx, 'disupervisiHarian', perHari)],
  };
};

/** Objections of the instansi waiting for the supervisor's answer. */
const sanggahMenunggu: Figure = async (ctx) => {
  const { status } = await sanggahCounts(ctx);
  return {
    cards: [
      card(ctx, 'sanggahMenunggu', status.get('DIAJUKAN') ?? 0, {
        total: sum(status),
        href: `${trackPath(ctx.track, 'sanggah')}?f.status=DIAJUKAN`,
      }),
    ],
  };
};

/** Objections against the checker waiting for the supervisor's answer (PPPK Teknis, Nakes). */
const sanggahAfirmasiMenunggu: Figure = async (ctx) => {
  if (!isAfirmasiTrack(ctx.track)) return {};
  const { status } = await sanggahCounts(ctx, 'AFIRMASI');
  return {
    cards: [
      card(ctx, 'sanggahAfirmasiMenunggu', status.get('DIAJUKAN') ?? 0, {
        total: sum(status),
        href: `${trackPath(ctx.track, 'sanggah-afirmasi')}?f.status=DIAJUKAN`,
      }),
    ],
  };
};

/** The checker's affirmation claims per status in the instansi's track (afirmasi_status_idx). */
const klaimAfirmasi: Figure = async (ctx) => {
  const rows = await ctx.rows(sql<{ status: string; jumlah: number }>`
    SELECT status, count(*) AS jumlah FROM afirmasi
    WHERE instansi_id = ${ctx.scope.instansiId} AND track = ${ctx.track} GROUP BY 1`);
  const counts = new Map(rows.map((row) => [row.status, Number(row.jumlah)]));
  return {
    cards: [
      card(ctx, 'klaimAfirmasiMenunggu', counts.get('BELUM') ?? 0, {
        total: sum(counts),
        href: `${trackPath(ctx.track, 'afirmasi-admin')}?f.status=BELUM`,
      }),
    ],
    charts: [kategori(ctx, 'statusAfirmasi', STATUS_AFIRMASI, counts)],
  };
};

/** Applicants per status and the share decided (admin, monitoring, national monitors). */
const statusPelamar: Figure = async (ctx) => {
  const counts = await statusCounts(ctx);
  const total = sum(counts);
  const href = ctx.peran === 'admin' || ctx.peran === 'monitoring' || ctx.peran === 'nasional' ? 'rekap-pelamar' : null;
  return {
    cards: [
      card(ctx, 'totalPelamar', total, { href }),
      card(ctx, 'sudahDiverifikasi', total - (counts.get('BELUM') ?? 0), { total }),
    ],
    charts: [kategori(ctx, 'statusVerifikasi', STATUS_VERIFIKASI, counts)],
  };
};

/** The share of decisions a supervisor approved, and the supervision states. */
const kemajuanSupervisi: Figure = async (ctx) => {
  const counts = await supervisiCounts(ctx);
  return {
    cards: [card(ctx, 'sudahDisupervisi', counts.get('DISETUJUI') ?? 0, { total: sum(counts) })],
    charts: [kategori(ctx, 'statusSupervisi', KEADAAN_SUPERVISI, counts)],
  };
};

/** Whether the admin's final verification has locked the instansi's results (one key lookup). */
const finalVerifikasi: Figure = async (ctx) => {
  if (ctx.scope.instansiId === null) return {};
  const [lock] = await ctx.rows(sql<{ dikunci_at: string }>`
    SELECT dikunci_at FROM final_verifikasi WHERE instansi_id = ${ctx.scope.instansiId} AND track = ${ctx.track}
  `);
  return {
    cards: [
      card(ctx, 'finalVerifikasi', lock ? 1 : 0, {
        format: 'ya-tidak',
        href: ctx.peran === 'admin' ? 'rekap-pelamar' : null,
      }),
    ],
  };
};

/** Objections per status (the instansi's, or the nation's for wasdal). */
const statusSanggah: Figure = async (ctx) => {
  const { status } = await sanggahCounts(ctx);
  return { charts: [kategori(ctx, 'statusSanggah', STATUS_SANGGAH, status)] };
};

/** Wasdal: answers not checked yet, and flagged ones, over every instansi. */
const cekSanggah: Figure = async (ctx) => {
  const { belumDiperiksa, ditandai, status } = await sanggahCounts(ctx);
  const dijawab = sum(status) - (status.get('DIAJUKAN') ?? 0);
  return {
    cards: [
      card(ctx, 'sanggahBelumDiperiksa', belumDiperiksa, {
        total: dijawab,
        href: `${trackPath(ctx.track, 'sanggah')}?f.cek=BELUM`,
      }),
      card(ctx, 'sanggahDitandai', ditandai, {
        total: dijawab,
        href: `${trackPath(ctx.track, 'sanggah')}?f.cek=DITANDAI`,
      }),
    ],
  };
};

/** National non-ASN confirmation progress (nonasn_count plus deltas). */
const konfirmasiNonAsn: Figure = async (ctx) => {
  const counts = await ctx.once('nonasn', async () => toCounts(await ctx.rows(nonAsnCountersQuery(null, undefined))));
  const total = sum(counts);
  return {
    cards: [
      card(ctx, 'nonasnTerjawab', total - (counts.get('BELUM') ?? 0), {
        total,
        href: '/pppk/dashboard-konfirmasi',
      }),
    ],
    charts: [kategori(ctx, 'statusNonAsn', STATUS_KONFIRMASI, counts)],
  };
};

/** Each role's figures, in the order the section shows them. */
export const FIGURES: Record<PeranDashboard, Figure[]> = {
  verifikator: [klaimSaya, menungguVerifikasi, temuanBerat, diputusSaya, mutuSaya],
  supervisor: [menungguSupervisi, temuanBerat, disupervisiSaya, sanggahMenunggu, sanggahAfirmasiMenunggu],
  admin: [statusPelamar, temuanBerat, kemajuanSupervisi, finalVerifikasi, statusSanggah],
  monitoring: [statusPelamar, temuanBerat, kemajuanSupervisi, finalVerifikasi, statusSanggah],
  wasdal: [cekSanggah, statusSanggah],
  nasional: [statusPelamar, temuanBerat, kemajuanSupervisi],
  nonasn: [konfirmasiNonAsn],
  checker: [klaimAfirmasi],
};
