// Non-ASN data and confirmation (issue #5) against a real database through the HTTP layer: scoping
// by instansi and national roles, search, who may answer, the window, the SPTJM and reason rules,
// version conflicts, the audit trail and the counters. Bulk answers, the dashboard and the export:
// nonasn-rekap.test.ts.

import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { lastAuditId } from '../../test/api-fixture.js';
import { BANDUNG, BOGOR, JATENG, page, useNonAsnFixture } from './fixture.js';

const { api, call, list, idsOf, versionOf, konfirmasi } = useNonAsnFixture();

describe('Data Non ASN list', () => {
  it('shows an instansi admin only their own instansi, with full NIKs and counts from the counters', async () => {
    const answer = await list('admin.pppk');
    expect(answer.recordsTotal).toBe(40);
    expect(answer.data).toHaveLength(40);
    expect(new Set(answer.data.map((row) => row.instansi.id))).toEqual(new Set([BOGOR]));
    expect(answer.data[0]?.nik).toMatch(/^\d{16}$/);
    expect(answer.summaries).toEqual([
      { statusKonfirmasi: 'BELUM', jumlah: 40 },
      { statusKonfirmasi: 'DIKONFIRMASI', jumlah: 0 },
      { statusKonfirmasi: 'TIDAK_DIUSULKAN', jumlah: 0 },
    ]);
    // Asking for another instansi gives nothing, never its rows.
    const other = await list('admin.pppk', { instansiId: JATENG });
    expect(other.recordsTotal).toBe(0);
    expect(other.data).toEqual([]);
  });

  it('shows national monitors every instansi (masked NIKs) and lets them narrow to one', async () => {
    for (const monitor of ['nonasn.bkn', 'menpan']) {
      const all = await list(monitor);
      expect(all.recordsTotal).toBe(60);
      expect(new Set(all.data.map((row) => row.instansi.id))).toEqual(new Set([BOGOR, JATENG, BANDUNG]));
      expect(all.data[0]?.nik).toMatch(/^\d{6}\*{6}\d{4}$/);
      const jateng = await list(monitor, { instansiId: JATENG });
      expect(jateng.recordsTotal).toBe(12);
      expect(jateng.data.every((row) => row.instansi.id === JATENG)).toBe(true);
    }
    const options = await call('nonasn.bkn', 'GET', '/api/pppk/nonasn/instansi');
    expect(
      options
        .json()
        .map((row: { id: number }) => row.id)
        .sort(),
    ).toEqual([BOGOR, JATENG, BANDUNG]);
  });

  it('refuses the list to roles without the page', async () => {
    for (const username of ['verifikator.pppk', 'wasdal', 'admin.cpns']) {
      const res = await call(username, 'POST', '/api/pppk/nonasn/filter', page());
      expect(res.statusCode, username).toBe(403);
    }
    // The dashboard is the monitors' page, not the instansi admins'.
    const res = await call('admin.pppk', 'POST', '/api/pppk/dashboard-konfirmasi/filter', page());
    expect(res.statusCode).toBe(403);
  });

  it('searches by name words and by NIK prefix inside the scope', async () => {
    const [first] = (await list('admin.pppk')).data;
    if (!first) throw new Error('no rows');
    const word = first.nama.split(' ')[0] as string;
    const byName = await list('admin.pppk', {}, { searchTerm: word.toLowerCase().slice(0, 4) });
    expect(byName.data.map((row) => row.id)).toContain(first.id);
    expect(byName.data.every((row) => row.instansi.id === BOGOR)).toBe(true);
    expect(byName.recordsTotal).toBe(byName.data.length);
    const byNik = await list('admin.pppk', {}, { searchTerm: first.nik.slice(0, 12) });
    expect(byNik.data.map((row) => row.id)).toContain(first.id);
    const exact = await list('admin.pppk', {}, { searchTerm: first.nik });
    expect(exact.data.map((row) => row.id)).toEqual([first.id]);
    // Another instansi's admin does not find the person.
    const elsewhere = await list('admin.guru', {}, { searchTerm: first.nik });
    expect(elsewhere.data).toEqual([]);
  });

  it('rejects unknown sort columns, page sizes and filter keys', async () => {
    const bad = [
      page({}, { sorting: { column: 'nik', direction: 'asc' } }),
      { ...page(), paginator: { page: 1, pageSize: 7 } },
      page({ unitKerja: 'RSUD' }),
    ];
    for (const body of bad) {
      const res = await call('admin.pppk', 'POST', '/api/pppk/nonasn/filter', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('confirming one record', () => {
  it('confirms under the SPTJM, bumps the version, writes the audit event and moves the counters', async () => {
    const [id] = await idsOf(BOGOR);
    const before = await lastAuditId(api.ctx.db);
    const res = await konfirmasi(id as number, { status: 'DIKONFIRMASI', version: 1, sptjm: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id, version: 2 });
    const events = await api.ctx.db.selectFrom('audit_event').where('id', '>', String(before)).selectAll().execute();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      action: 'KONFIRMASI_NONASN',
      entity: 'nonasn',
      entity_id: String(id),
      from_value: 'BELUM',
      to_value: 'DIKONFIRMASI',
      actor_username: 'admin.pppk',
      instansi_id: BOGOR,
    });
    expect(events[0]?.details).toMatchObject({ sptjm: true });
    const summaries = (await list('admin.pppk')).summaries;
    expect(summaries).toContainEqual({ statusKonfirmasi: 'DIKONFIRMASI', jumlah: 1 });
    expect(summaries).toContainEqual({ statusKonfirmasi: 'BELUM', jumlah: 39 });
    const detail = await call('admin.pppk', 'GET', `/api/pppk/nonasn/${id}`);
    expect(detail.json()).toMatchObject({
      statusKonfirmasi: 'DIKONFIRMASI',
      version: 2,
      dikonfirmasiOleh: 'Hendra Gunawan',
    });
    expect(detail.json().riwayat.at(-1)).toEqual(
      expect.objectContaining({
        aksi: 'KONFIRMASI_NONASN',
        dari: 'BELUM',
        ke: 'DIKONFIRMASI',
        oleh: 'Hendra Gunawan',
        olehUsername: 'admin.pppk',
      }),
    );
  });

  it('refuses without the SPTJM, and Tidak Diusulkan without a reason (400)', async () => {
    const [id] = await idsOf(BOGOR);
    for (const body of [
      { status: 'DIKONFIRMASI', version: 1 },
      { status: 'DIKONFIRMASI', version: 1, sptjm: false },
      { status: 'TIDAK_DIUSULKAN', version: 1, sptjm: true },
      { status: 'TIDAK_DIUSULKAN', version: 1, sptjm: true, alasan: '   ' },
      { status: 'BELUM', version: 1, sptjm: true },
    ]) {
      const res = await konfirmasi(id as number, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toBe('VALIDATION_ERROR');
    }
    expect(await versionOf(id as number)).toBe(1);
  });

  it('detects a stale version (409 KONFLIK_VERSI) and never overwrites', async () => {
    const [id] = await idsOf(BOGOR);
    expect((await konfirmasi(id as number, { status: 'DIKONFIRMASI', version: 1, sptjm: true })).statusCode).toBe(200);
    const stale = await konfirmasi(id as number, {
      status: 'TIDAK_DIUSULKAN',
      alasan: 'Sudah berhenti',
      version: 1,
      sptjm: true,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ error: 'KONFLIK_VERSI', details: { version: 2 } });
    const row = await api.ctx.db
      .selectFrom('nonasn')
      .where('id', '=', id as number)
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(row.status_konfirmasi).toBe('DIKONFIRMASI');
  });

  it('lets the admin change an answer until the deadline, only with a reason, audited from → to', async () => {
    const [id] = await idsOf(BOGOR);
    // The trail outlives the tests' resets: read what this test adds.
    const earlier = (await call('admin.pppk', 'GET', `/api/pppk/nonasn/${id}`)).json().riwayat.length;
    await konfirmasi(id as number, { status: 'DIKONFIRMASI', version: 1, sptjm: true });
    const noReason = await konfirmasi(id as number, {
      status: 'TIDAK_DIUSULKAN',
      version: 2,
      sptjm: true,
      alasan: null,
    });
    expect(noReason.statusCode).toBe(400);
    const same = await konfirmasi(id as number, { status: 'DIKONFIRMASI', version: 2, sptjm: true });
    expect(same.statusCode).toBe(409);
    expect(same.json().error).toBe('TIDAK_BERUBAH');
    const changed = await konfirmasi(id as number, {
      status: 'TIDAK_DIUSULKAN',
      version: 2,
      sptjm: true,
      alasan: 'Telah mengundurkan diri',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const back = await konfirmasi(id as number, { status: 'DIKONFIRMASI', version: 3, sptjm: true });
    expect(back.statusCode).toBe(400);
    expect(back.json().error).toBe('ALASAN_WAJIB');
    const detail = (await call('admin.pppk', 'GET', `/api/pppk/nonasn/${id}`)).json();
    expect(detail).toMatchObject({
      statusKonfirmasi: 'TIDAK_DIUSULKAN',
      alasan: 'Telah mengundurkan diri',
      version: 3,
    });
    expect(detail.riwayat.slice(earlier)).toEqual([
      expect.objectContaining({ aksi: 'KONFIRMASI_NONASN', dari: 'BELUM', ke: 'DIKONFIRMASI', alasan: null }),
      expect.objectContaining({
        aksi: 'UBAH_KONFIRMASI_NONASN',
        dari: 'DIKONFIRMASI',
        ke: 'TIDAK_DIUSULKAN',
        alasan: 'Telah mengundurkan diri',
      }),
    ]);
    const summaries = (await list('admin.pppk')).summaries;
    expect(summaries).toContainEqual({ statusKonfirmasi: 'DIKONFIRMASI', jumlah: 0 });
    expect(summaries).toContainEqual({ statusKonfirmasi: 'TIDAK_DIUSULKAN', jumlah: 1 });
  });

  it('lets monitors read but not answer (403), and hides other instansi’s records (404)', async () => {
    const [bogor] = await idsOf(BOGOR);
    const [jateng] = await idsOf(JATENG);
    for (const monitor of ['nonasn.bkn', 'menpan']) {
      expect((await call(monitor, 'GET', `/api/pppk/nonasn/${bogor}`)).statusCode).toBe(200);
      const res = await konfirmasi(bogor as number, { status: 'DIKONFIRMASI', version: 1, sptjm: true }, monitor);
      expect(res.statusCode, monitor).toBe(403);
      const bulk = await call(monitor, 'PUT', '/api/pppk/nonasn/updateStatus', {
        ids: [bogor],
        status: 'DIKONFIRMASI',
        sptjm: true,
      });
      expect(bulk.statusCode).toBe(403);
    }
    expect((await call('admin.pppk', 'GET', `/api/pppk/nonasn/${jateng}`)).statusCode).toBe(404);
    const foreign = await konfirmasi(jateng as number, { status: 'DIKONFIRMASI', version: 1, sptjm: true });
    expect(foreign.statusCode).toBe(404);
    // The Guru admin answers for their own instansi.
    const own = await konfirmasi(jateng as number, { status: 'DIKONFIRMASI', version: 1, sptjm: true }, 'admin.guru');
    expect(own.statusCode, own.body).toBe(200);
    expect(await versionOf(bogor as number)).toBe(1);
  });

  it('refuses outside the KONFIRMASI_NONASN window (403 DI_LUAR_JADWAL), one or many', async () => {
    await api.ctx.db
      .updateTable('jadwal_tahap')
      .set({ mulai: sql`now() - interval '30 days'`, selesai: sql`now() - interval '1 day'` })
      .where('tahap', '=', 'KONFIRMASI_NONASN')
      .execute();
    const [id] = await idsOf(BOGOR);
    const one = await konfirmasi(id as number, { status: 'DIKONFIRMASI', version: 1, sptjm: true });
    expect(one.statusCode).toBe(403);
    expect(one.json().error).toBe('DI_LUAR_JADWAL');
    expect(one.json().message).toMatch(/konfirmasi Non ASN/);
    const many = await call('admin.pppk', 'PUT', '/api/pppk/nonasn/updateStatus', {
      ids: [id],
      status: 'DIKONFIRMASI',
      sptjm: true,
    });
    expect(many.statusCode).toBe(403);
    expect(await versionOf(id as number)).toBe(1);
  });
});
