// The role-aware dashboard against a real database: every role's figures equal direct counts over
// the seeded rows (computed here with independent SQL), a decision and a review made through the
// API move them, a user without roles gets no sections, and nobody sees another instansi's figures.

import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../test/test-app.js';
import { cardOf, chartOf, jakartaDay, KEMENKUM, section, useDashboardFixture } from './fixture.js';
import { hariTerakhir } from './service.js';

const { api, call, dashboardOf, count, userId, grouped, expectListBehind } = useDashboardFixture();

describe('GET /api/dashboard', () => {
  it('refuses without a session', async () => {
    const res = await api.client.request({ method: 'GET', url: '/api/dashboard' });
    expect(res.statusCode).toBe(401);
  });

  it('gives a user without roles no sections', async () => {
    const user = await createUser(api.ctx.db, { flags: { isCpns: true } });
    const answer = await dashboardOf(user.username, user.password);
    expect(answer.sections).toEqual([]);
    expect(answer.tanggal).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('shows the verifier their claims, returns, the queue and their decisions of the week', async () => {
    const verifier = await userId('verifikator.cpns');
    // One claim held, one decision returned by the supervisor, both through the API.
    const claim = await call('verifikator.cpns', 'POST', '/api/cpns/verifikator/ambil', { kecuali: [] });
    expect(claim.statusCode, claim.body).toBe(200);
    const returnable = await api.ctx.db
      .selectFrom('pelamar')
      .where('instansi_id', '=', KEMENKUM)
      .where('verifikator_id', '=', verifier)
      .where('status_supervisi', 'is', null)
      .where('status_verifikasi', '<>', 'BELUM')
      .select(['id', 'version'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const back = await call('supervisor.cpns', 'PUT', `/api/cpns/supervisor/${returnable.id}`, {
      version: returnable.version,
      statusSupervisi: 'DIKEMBALIKAN',
      catatan: 'Periksa kembali ijazah.',
    });
    expect(back.statusCode, back.body).toBe(200);

    const s = section(await dashboardOf('verifikator.cpns'), 'cpns');
    expect(s.peran).toEqual(['verifikator']);
    expect(s.cakupan).toBe('instansi');
    const where = sql`instansi_id = ${KEMENKUM} AND track = 'cpns'`;
    expect(cardOf(s, 'klaimSaya').value).toBe(
      await count(
        sql`SELECT count(*) AS n FROM pelamar WHERE ${where} AND klaim_oleh = ${verifier} AND status_verifikasi = 'BELUM'`,
      ),
    );
    expect(cardOf(s, 'klaimSaya').value).toBe(1);
    expect(cardOf(s, 'dikembalikanKeSaya').value).toBe(1);
    const belum = await count(sql`SELECT count(*) AS n FROM pelamar WHERE ${where} AND status_verifikasi = 'BELUM'`);
    const total = await count(sql`SELECT count(*) AS n FROM pelamar WHERE ${where}`);
    expect(cardOf(s, 'menungguVerifikasi')).toMatchObject({
      value: belum,
      total,
      href: '/cpns/verifikasi?f.statusVerifikasi=BELUM',
    });

    const { rows } = await sql<{ hari: string; n: number }>`
      SELECT ${jakartaDay('tgl_verifikasi')} AS hari, count(*)::int AS n FROM pelamar
      WHERE ${where} AND verifikator_id = ${verifier} AND status_verifikasi <> 'BELUM'
        AND tgl_verifikasi >= now() - interval '10 days'
      GROUP BY 1
    `.execute(api.ctx.db);
    const hari = hariTerakhir(new Date());
    const expected = Object.fromEntries(hari.map((day) => [day, rows.find((r) => r.hari === day)?.n ?? 0]));
    expect(chartOf(s, 'diputusHarian')).toEqual(expected);
    expect(Object.keys(chartOf(s, 'diputusHarian'))).toEqual(hari);
    expect(cardOf(s, 'diputusHariIni').value).toBe(expected[hari[6] as string]);
    expect(cardOf(s, 'diputusHariIni').value).toBeGreaterThan(0);

    expect(cardOf(s, 'menungguTemuanBerat').value).toBe(
      await count(
        sql`SELECT count(*) AS n FROM pelamar WHERE ${where} AND status_verifikasi = 'BELUM' AND temuan_otomatis = 2`,
      ),
    );
    expect(cardOf(s, 'menungguTemuanBerat').value).toBeGreaterThan(0);
    // Issue #32: every tile opens the verifier's list filtered to exactly what it counts.
    for (const key of [
      'klaimSaya',
      'dikembalikanKeSaya',
      'verifikasiKedua',
      'menungguVerifikasi',
      'menungguTemuanBerat',
      'diputusHariIni',
    ]) {
      await expectListBehind('verifikator.cpns', cardOf(s, key));
    }
    const semua = await call('verifikator.cpns', 'POST', '/api/cpns/verifikator/filter', {
      filter: { kerjaSaya: 'semua' },
      paginator: { page: 1, pageSize: 10 },
    });
    expect(semua.json().recordsTotal).toBe(
      await count(
        sql`SELECT count(*) AS n FROM pelamar WHERE ${where} AND verifikator_id = ${verifier} AND status_verifikasi <> 'BELUM'`,
      ),
    );
  });

  it('shows the supervisor the decisions awaiting review, their reviews and waiting objections', async () => {
    const supervisor = await userId('supervisor.cpns');
    const s = section(await dashboardOf('supervisor.cpns'), 'cpns');
    expect(s.peran).toEqual(['supervisor']);
    const where = sql`instansi_id = ${KEMENKUM} AND track = 'cpns'`;
    const menunggu = await count(
      sql`SELECT count(*) AS n FROM pelamar WHERE ${where} AND status_verifikasi <> 'BELUM' AND status_supervisi IS NULL`,
    );
    const decided = await count(sql`SELECT count(*) AS n FROM pelamar WHERE ${where} AND status_verifikasi <> 'BELUM'`);
    expect(cardOf(s, 'menungguSupervisi')).toMatchObject({ value: menunggu, total: decided, href: '/cpns/supervisi' });
    for (const key of ['menungguSupervisi', 'supervisiTemuanBerat', 'disupervisiHariIni', 'sanggahMenunggu']) {
      await expectListBehind('supervisor.cpns', cardOf(s, key));
    }
    // Issue #35: the decisions awaiting review whose documents' reading found something "berat".
    expect(cardOf(s, 'supervisiTemuanBerat').value).toBeGreaterThan(0);
    const today = await count(sql`
      SELECT count(*) AS n FROM pelamar WHERE ${where} AND supervisor_id = ${supervisor}
        AND ${jakartaDay('tgl_supervisi')} = to_char(now() AT TIME ZONE 'Asia/Jakarta', 'YYYY-MM-DD')
    `);
    expect(cardOf(s, 'disupervisiHariIni').value).toBe(today);
    expect(today).toBeGreaterThan(0);
    const week = await count(sql`
      SELECT count(*) AS n FROM pelamar WHERE ${where} AND supervisor_id = ${supervisor}
        AND tgl_supervisi >= ((now() AT TIME ZONE 'Asia/Jakarta')::date - 6)::timestamp AT TIME ZONE 'Asia/Jakarta'
    `);
    expect(Object.values(chartOf(s, 'disupervisiHarian')).reduce((a, b) => a + b, 0)).toBe(week);
    const waiting = await count(
      sql`SELECT count(*) AS n FROM sanggah WHERE instansi_id = ${KEMENKUM} AND track = 'cpns' AND status = 'DIAJUKAN'`,
    );
    expect(waiting).toBeGreaterThan(0);
    expect(cardOf(s, 'sanggahMenunggu')).toMatchObject({ value: waiting, href: '/cpns/sanggah?f.status=DIAJUKAN' });
  });

  it('shows the admin the instansi’s statuses, supervision progress, lock and objections', async () => {
    const s = section(await dashboardOf('admin.cpns'), 'cpns');
    expect(s.peran).toEqual(['admin']);
    const where = sql`instansi_id = ${KEMENKUM} AND track = 'cpns'`;
    const status = await grouped('status_verifikasi', where);
    expect(chartOf(s, 'statusVerifikasi')).toEqual({ BELUM: 0, MS: 0, TMS: 0, ...status });
    const total = Object.values(status).reduce((a, b) => a + b, 0);
    expect(cardOf(s, 'totalPelamar')).toMatchObject({ value: total, href: '/cpns/rekap-pelamar' });
    expect(cardOf(s, 'sudahDiverifikasi')).toMatchObject({ value: total - (status.BELUM ?? 0), total });
    // Issue #35: the applicants whose documents' reading found something "berat", behind their list.
    const berat = await count(sql`SELECT count(*) AS n FROM pelamar WHERE ${where} AND temuan_otomatis = 2`);
    expect(berat).toBeGreaterThan(0);
    expect(cardOf(s, 'temuanBerat')).toMatchObject({
      value: berat,
      href: '/cpns/rekap-pelamar?f.temuanOtomatis=BERAT',
    });
    await expectListBehind('admin.cpns', cardOf(s, 'temuanBerat'));
    const supervisi = await grouped(`status_supervisi`, sql`${where} AND status_verifikasi <> 'BELUM'`);
    expect(chartOf(s, 'statusSupervisi')).toEqual({
      MENUNGGU: supervisi.null ?? 0,
      DISETUJUI: supervisi.DISETUJUI ?? 0,
      DIKEMBALIKAN: supervisi.DIKEMBALIKAN ?? 0,
    });
    expect(cardOf(s, 'sudahDisupervisi').value).toBe(supervisi.DISETUJUI);
    expect(cardOf(s, 'finalVerifikasi')).toMatchObject({ value: 0, format: 'ya-tidak' });
    const { rows } = await sql<{ status: string; n: number }>`
      SELECT status, count(*)::int AS n FROM sanggah WHERE ${where} GROUP BY 1
    `.execute(api.ctx.db);
    expect(chartOf(s, 'statusSanggah')).toEqual({
      DIAJUKAN: 0,
      DITERIMA: 0,
      DITOLAK: 0,
      ...Object.fromEntries(rows.map((r) => [r.status, r.n])),
    });
    // The monitor of the same instansi reads the same figures, without links to act.
    const monitor = section(await dashboardOf('monitor.cpns'), 'cpns');
    expect(monitor.peran).toEqual(['monitoring']);
    expect(chartOf(monitor, 'statusVerifikasi')).toEqual(chartOf(s, 'statusVerifikasi'));
    expect(cardOf(monitor, 'finalVerifikasi').href).toBeNull();
    expect(cardOf(monitor, 'temuanBerat')).toMatchObject({
      value: berat,
      href: '/cpns/rekap-pelamar?f.temuanOtomatis=BERAT',
    });
    await expectListBehind('monitor.cpns', cardOf(monitor, 'temuanBerat'));
  });

  it('shows wasdal, per track, the answers not checked yet and the flagged ones over every instansi', async () => {
    const answer = await dashboardOf('wasdal');
    expect(answer.sections.map((s) => s.track)).toEqual(['cpns', 'pppk', 'pppk-guru', 'nakes']);
    for (const s of answer.sections) {
      expect(s.cakupan).toBe('nasional');
      // Wasdal checks the answers to objections against a TMS, not those against the checker.
      const where = sql`track = ${s.track} AND jenis = 'ADMINISTRASI'`;
      expect(cardOf(s, 'sanggahBelumDiperiksa').value).toBe(
        await count(
          sql`SELECT count(*) AS n FROM sanggah WHERE ${where} AND status <> 'DIAJUKAN' AND cek_status IS NULL`,
        ),
      );
      expect(cardOf(s, 'sanggahDitandai').value).toBe(
        await count(sql`SELECT count(*) AS n FROM sanggah WHERE ${where} AND cek_status = 'DITANDAI'`),
      );
      expect(cardOf(s, 'sanggahBelumDiperiksa').total).toBe(
        await count(sql`SELECT count(*) AS n FROM sanggah WHERE ${where} AND status <> 'DIAJUKAN'`),
      );
    }
    // Two instansi have CPNS objections: the national figure is more than Kemenkum's.
    const cpns = section(answer, 'cpns');
    const kemenkum = await count(
      sql`SELECT count(*) AS n FROM sanggah WHERE track = 'cpns' AND instansi_id = ${KEMENKUM} AND status <> 'DIAJUKAN' AND cek_status IS NULL`,
    );
    expect(cardOf(cpns, 'sanggahBelumDiperiksa').value).toBeGreaterThan(kemenkum);
  });
});
