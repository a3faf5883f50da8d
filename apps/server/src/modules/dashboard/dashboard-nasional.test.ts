// The role-aware dashboard against a real database, continued: the national monitor, the checker,
// instansi isolation, figures that move with a decision, and the reads shared between requests.

import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../test/test-app.js';
import { SharedReads } from '../shared/shared-reads.js';
import { BANDUNG, cardOf, chartOf, section, useDashboardFixture } from './fixture.js';

const { api, call, dashboardOf, count, grouped, expectListBehind } = useDashboardFixture();

describe('GET /api/dashboard', () => {
  it('shows the national monitor national figures per track and the non-ASN confirmation progress', async () => {
    const answer = await dashboardOf('menpan');
    expect(answer.sections.map((s) => s.track)).toEqual(['pppk', 'pppk-guru', 'nakes']);
    for (const s of answer.sections) {
      expect(s.cakupan).toBe('nasional');
      expect(chartOf(s, 'statusVerifikasi')).toEqual({
        BELUM: 0,
        MS: 0,
        TMS: 0,
        ...(await grouped('status_verifikasi', sql`track = ${s.track}`)),
      });
      // Issue #35: the applicants with a "berat" reading finding over every instansi, behind the recap.
      const berat = await count(
        sql`SELECT count(*) AS n FROM pelamar WHERE track = ${s.track} AND temuan_otomatis = 2`,
      );
      expect(berat).toBeGreaterThan(0);
      expect(cardOf(s, 'temuanBerat')).toMatchObject({
        value: berat,
        href: `/${s.track}/rekap-pelamar?f.temuanOtomatis=BERAT`,
      });
      await expectListBehind('menpan', cardOf(s, 'temuanBerat'));
    }
    const pppk = section(answer, 'pppk');
    expect(pppk.peran).toEqual(['nasional', 'nonasn']);
    const { rows } = await sql<{ status: string; n: number }>`
      SELECT status_konfirmasi AS status, count(*)::int AS n FROM nonasn GROUP BY 1
    `.execute(api.ctx.db);
    const nonasn = Object.fromEntries(rows.map((r) => [r.status, r.n]));
    expect(chartOf(pppk, 'statusNonAsn')).toEqual({ BELUM: 0, DIKONFIRMASI: 0, TIDAK_DIUSULKAN: 0, ...nonasn });
    expect(cardOf(pppk, 'nonasnTerjawab')).toMatchObject({
      value: (nonasn.DIKONFIRMASI ?? 0) + (nonasn.TIDAK_DIUSULKAN ?? 0),
      total: 400,
      href: '/pppk/dashboard-konfirmasi',
    });
    // BKN's non-ASN monitor: only the non-ASN progress.
    const bkn = await dashboardOf('nonasn.bkn');
    expect(bkn.sections.map((s) => [s.track, s.peran])).toEqual([['pppk', ['nonasn']]]);
  });

  it('shows the checker the instansi’s claims waiting, and objections against the checker apart from the others', async () => {
    const s = section(await dashboardOf('checker.nakes'), 'nakes');
    expect(s.peran).toEqual(['checker']);
    const where = sql`instansi_id = 6 AND track = 'nakes'`;
    const belum = await count(sql`SELECT count(*) AS n FROM afirmasi WHERE ${where} AND status = 'BELUM'`);
    const semua = await count(sql`SELECT count(*) AS n FROM afirmasi WHERE ${where}`);
    expect(semua).toBeGreaterThan(0);
    expect(cardOf(s, 'klaimAfirmasiMenunggu')).toMatchObject({
      value: belum,
      total: semua,
      href: '/nakes/afirmasi-admin?f.status=BELUM',
    });
    const supervisor = section(await dashboardOf('supervisor.nakes'), 'nakes');
    const afirmasi = await count(
      sql`SELECT count(*) AS n FROM sanggah WHERE ${where} AND jenis = 'AFIRMASI' AND status = 'DIAJUKAN'`,
    );
    const administrasi = await count(
      sql`SELECT count(*) AS n FROM sanggah WHERE ${where} AND jenis = 'ADMINISTRASI' AND status = 'DIAJUKAN'`,
    );
    expect(cardOf(supervisor, 'sanggahAfirmasiMenunggu')).toMatchObject({
      value: afirmasi,
      href: '/nakes/sanggah-afirmasi?f.status=DIAJUKAN',
    });
    expect(cardOf(supervisor, 'sanggahMenunggu').value).toBe(administrasi);
  });

  it('never shows another instansi’s figures', async () => {
    // operator.multi verifies CPNS in Bandung: Bandung's queue, not Kemenkum's.
    const multi = await dashboardOf('operator.multi');
    expect(multi.sections.map((s) => [s.track, s.peran])).toEqual([
      ['cpns', ['verifikator']],
      ['pppk', ['supervisor']],
      ['nakes', ['admin']],
    ]);
    const bandung = await count(
      sql`SELECT count(*) AS n FROM pelamar WHERE instansi_id = ${BANDUNG} AND track = 'cpns' AND status_verifikasi = 'BELUM'`,
    );
    expect(cardOf(section(multi, 'cpns'), 'menungguVerifikasi').value).toBe(bandung);
    // An admin of an instansi without applicants sees zeros while others have thousands.
    const empty = await createUser(api.ctx.db, {
      roles: ['ROLE_ADMIN_CPNS', 'ROLE_SUPERVISOR_CPNS'],
      flags: { isCpns: true },
    });
    const s = section(await dashboardOf(empty.username, empty.password), 'cpns');
    expect(s.peran).toEqual(['supervisor', 'admin']);
    expect(s.cards.every((c) => c.value === 0)).toBe(true);
    expect(s.charts.every((c) => c.points.every((p) => p.value === 0))).toBe(true);
  });

  it('moves the verifier’s and the supervisor’s figures when a decision and its review go through the API', async () => {
    const before = section(await dashboardOf('verifikator.rajaampat'), 'cpns');
    const supervisorBefore = section(await dashboardOf('supervisor.rajaampat'), 'cpns');
    const claim = await call('verifikator.rajaampat', 'POST', '/api/cpns/verifikator/ambil', { kecuali: [] });
    expect(claim.statusCode, claim.body).toBe(200);
    const id = claim.json().id as number;
    expect(cardOf(section(await dashboardOf('verifikator.rajaampat'), 'cpns'), 'klaimSaya').value).toBe(1);
    const detail = (await call('verifikator.rajaampat', 'GET', `/api/cpns/verifikator/${id}`)).json();
    const decided = await call('verifikator.rajaampat', 'PUT', `/api/cpns/verifikator/${id}`, {
      version: detail.verifikasi.version,
      statusVerifikasi: 'MS',
      cekDokumen: (detail.dokumen as { id: number }[]).map((d) => ({ dokumenId: d.id, sesuai: true, alasan: null })),
      alasanTms: [],
      catatan: null,
    });
    expect(decided.statusCode, decided.body).toBe(200);

    const after = section(await dashboardOf('verifikator.rajaampat'), 'cpns');
    expect(cardOf(after, 'diputusHariIni').value).toBe(cardOf(before, 'diputusHariIni').value + 1);
    expect(cardOf(after, 'menungguVerifikasi').value).toBe(cardOf(before, 'menungguVerifikasi').value - 1);
    expect(cardOf(after, 'klaimSaya').value).toBe(0);
    const supervisorAfter = section(await dashboardOf('supervisor.rajaampat'), 'cpns');
    expect(cardOf(supervisorAfter, 'menungguSupervisi').value).toBe(
      cardOf(supervisorBefore, 'menungguSupervisi').value + 1,
    );

    const version = (await call('supervisor.rajaampat', 'GET', `/api/cpns/supervisor/${id}`)).json().verifikasi.version;
    const reviewed = await call('supervisor.rajaampat', 'PUT', `/api/cpns/supervisor/${id}`, {
      version,
      statusSupervisi: 'DISETUJUI',
      catatan: null,
    });
    expect(reviewed.statusCode, reviewed.body).toBe(200);
    const reviewedAfter = section(await dashboardOf('supervisor.rajaampat'), 'cpns');
    expect(cardOf(reviewedAfter, 'menungguSupervisi').value).toBe(cardOf(supervisorBefore, 'menungguSupervisi').value);
    expect(cardOf(reviewedAfter, 'disupervisiHariIni').value).toBe(
      cardOf(supervisorBefore, 'disupervisiHariIni').value + 1,
    );
    const admin = section(await dashboardOf('admin.rajaampat'), 'cpns');
    expect(chartOf(admin, 'statusSupervisi').DISETUJUI).toBe(1);
  });
});

describe('SharedReads', () => {
  it('shares a read for its time, reads again after it, and never keeps a failure', async () => {
    let reads = 0;
    const read = async () => ++reads;
    const shared = new SharedReads(60_000);
    expect(await shared.get('status:cpns:3', read)).toBe(1);
    expect(await shared.get('status:cpns:3', read)).toBe(1);
    expect(await shared.get('status:cpns:4', read)).toBe(2);
    const never = new SharedReads(0);
    expect(await never.get('status:cpns:3', read)).toBe(3);
    expect(await never.get('status:cpns:3', read)).toBe(4);
    let fail = true;
    const flaky = async () => {
      if (fail) throw new Error('sementara');
      return 'ok';
    };
    await expect(shared.get('nonasn', flaky)).rejects.toThrow('sementara');
    fail = false;
    expect(await shared.get('nonasn', flaky)).toBe('ok');
  });
});
