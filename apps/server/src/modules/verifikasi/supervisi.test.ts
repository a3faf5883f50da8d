// Supervision (issue #4) against a real database: the supervisor's review (also in bulk, with
// partial failure), the roles, the final verification and the verifier's recap. The verifier's
// side: verifikasi.test.ts.

import { describe, expect, it } from 'vitest';
import { createUser } from '../../test/test-app.js';
import { listBody, RAJA_AMPAT, useVerifikasiFixture } from './fixture.js';

const { api, call, detail, allSesuai, claimNext, decide, decided } = useVerifikasiFixture();

describe('supervision', () => {
  it('returns a decision with a note to its verifier, who decides again; then agrees', async () => {
    const id = await decided('TMS');
    const queue = await call('supervisor.rajaampat', 'POST', '/api/cpns/supervisor/filter', listBody);
    expect(queue.json().data.map((row: { id: number }) => row.id)).toEqual([id]);
    expect(queue.json().data[0].alasanTms).toEqual(['PENDIDIKAN']);
    const seen = await detail('supervisor.rajaampat', 'cpns', 'supervisor', id);
    expect(seen.verifikasi.cekDokumen.length).toBe(seen.dokumen.length);

    const noNote = await call('supervisor.rajaampat', 'PUT', `/api/cpns/supervisor/${id}`, {
      version: seen.verifikasi.version,
      statusSupervisi: 'DIKEMBALIKAN',
    });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().message).toContain('catatan');
    const back = await call('supervisor.rajaampat', 'PUT', `/api/cpns/supervisor/${id}`, {
      version: seen.verifikasi.version,
      statusSupervisi: 'DIKEMBALIKAN',
      catatan: 'Prodi sesuai formasi, periksa ulang',
    });
    expect(back.statusCode, back.body).toBe(200);
    // Back in the verifier's queue and hands, with the note.
    const verifierQueue = await call('verifikator.rajaampat', 'POST', '/api/cpns/verifikator/filter', listBody);
    expect(verifierQueue.json().data.find((row: { id: number }) => row.id === id)).toMatchObject({
      klaimSaya: true,
      statusSupervisi: 'DIKEMBALIKAN',
    });
    expect((await claimNext('verifikator.rajaampat')).json().id).toBe(id);
    const again = await detail('verifikator.rajaampat', 'cpns', 'verifikator', id);
    expect(again.verifikasi.catatanSupervisi).toBe('Prodi sesuai formasi, periksa ulang');
    const fixed = await decide('verifikator.rajaampat', id, {
      ...(await allSesuai('verifikator.rajaampat', 'cpns', id)),
      statusVerifikasi: 'MS',
    });
    expect(fixed.statusCode, fixed.body).toBe(200);

    const stale = await call('supervisor.rajaampat', 'PUT', `/api/cpns/supervisor/${id}`, {
      version: seen.verifikasi.version,
      statusSupervisi: 'DISETUJUI',
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toBe('KONFLIK_VERSI');
    const agree = await call('supervisor.rajaampat', 'PUT', `/api/cpns/supervisor/${id}`, {
      version: fixed.json().version,
      statusSupervisi: 'DISETUJUI',
    });
    expect(agree.statusCode, agree.body).toBe(200);
    const done = await call('supervisor.rajaampat', 'PUT', `/api/cpns/supervisor/${id}`, {
      version: agree.json().version,
      statusSupervisi: 'DIKEMBALIKAN',
      catatan: 'x',
    });
    expect(done.statusCode).toBe(409);
    expect(done.json().error).toBe('SUDAH_DISUPERVISI');
    const recap = await call('supervisor.rajaampat', 'POST', '/api/cpns/my-supervisi/filter', listBody);
    expect(recap.json().data.map((row: { id: number }) => row.id)).toEqual([id]);

    // The audit trail, shown to supervisors and admins, not to verifiers.
    const history = (await detail('admin.rajaampat', 'cpns', 'admin', id)).verifikasi.riwayat as {
      aksi: string;
      ke: string;
      at: string;
    }[];
    // The trail is append-only: earlier tests' events on the same row stay before ours.
    expect(
      history
        .filter((event) => event.aksi !== 'CEK_DOKUMEN')
        .slice(-5)
        .map((event) => `${event.aksi}:${event.ke}`),
    ).toEqual([
      // Issue #32: the claimer by name, not by username.
      'KLAIM:Yohana Mambraku',
      'VERIFIKASI:TMS',
      'SUPERVISI:DIKEMBALIKAN',
      'VERIFIKASI:MS',
      'SUPERVISI:DISETUJUI',
    ]);
    expect((await detail('verifikator.rajaampat', 'cpns', 'verifikator', id)).verifikasi.riwayat).toBeNull();
  });

  it('agrees in bulk, reporting the ids it could not agree to', async () => {
    const a = await decided('MS');
    const b = await decided('TMS');
    const waiting = await api.ctx.db
      .selectFrom('pelamar')
      .where('instansi_id', '=', RAJA_AMPAT)
      .where('status_verifikasi', '=', 'BELUM')
      .select('id')
      .executeTakeFirstOrThrow();
    const res = await call('supervisor.rajaampat', 'PUT', '/api/cpns/supervisor/updateStatus', {
      ids: [a, b, Number(waiting.id), 999999],
      status: 'DISETUJUI',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([
      { id: a, ok: true },
      { id: b, ok: true },
      { id: Number(waiting.id), ok: false, error: 'BELUM_DIVERIFIKASI', message: 'Pelamar ini belum diverifikasi.' },
      { id: 999999, ok: false, error: 'NOT_FOUND', message: 'Data pelamar tidak ditemukan.' },
    ]);
    const bad = await call('supervisor.rajaampat', 'PUT', '/api/cpns/supervisor/updateStatus', {
      ids: [a],
      status: 'DIKEMBALIKAN',
    });
    expect(bad.statusCode).toBe(400);
  });

  it('refuses a supervisor reviewing their own decision', async () => {
    const both = await createUser(api.ctx.db, {
      instansiId: RAJA_AMPAT,
      roles: ['ROLE_VERIFIKATOR_CPNS', 'ROLE_SUPERVISOR_CPNS'],
      flags: { isCpns: true },
    });
    const token = await api.client.loginToken(both.username, both.password);
    const id = (
      await api.client.request({ method: 'POST', url: '/api/cpns/verifikator/ambil', token, payload: {} })
    ).json().id;
    const d = (await api.client.request({ method: 'GET', url: `/api/cpns/verifikator/${id}`, token })).json();
    const cekDokumen = d.dokumen.map((doc: { id: number }) => ({ dokumenId: doc.id, sesuai: true, alasan: null }));
    const put = await api.client.request({
      method: 'PUT',
      url: `/api/cpns/verifikator/${id}`,
      token,
      payload: { version: d.verifikasi.version, statusVerifikasi: 'MS', cekDokumen },
    });
    expect(put.statusCode, put.body).toBe(200);
    const own = await api.client.request({
      method: 'PUT',
      url: `/api/cpns/supervisor/${id}`,
      token,
      payload: { version: put.json().version, statusSupervisi: 'DISETUJUI' },
    });
    expect(own.statusCode).toBe(403);
    expect(own.json().error).toBe('SUPERVISI_SENDIRI');
    const queue = await api.client.request({
      method: 'POST',
      url: '/api/cpns/supervisor/filter',
      token,
      payload: listBody,
    });
    expect(queue.json().data.map((row: { id: number }) => row.id)).not.toContain(id);
  });
});

describe('roles', () => {
  it('lets each action be done only by the role whose page it serves', async () => {
    const id = await decided('MS');
    const cases: [string, 'POST' | 'PUT', string, unknown][] = [
      ['supervisor.rajaampat', 'POST', '/api/cpns/verifikator/ambil', {}],
      ['admin.rajaampat', 'PUT', `/api/cpns/verifikator/${id}`, { version: 1, statusVerifikasi: 'MS', cekDokumen: [] }],
      ['verifikator.rajaampat', 'PUT', `/api/cpns/supervisor/${id}`, { version: 2, statusSupervisi: 'DISETUJUI' }],
      ['verifikator.rajaampat', 'PUT', '/api/cpns/supervisor/updateStatus', { ids: [id], status: 'DISETUJUI' }],
      ['supervisor.rajaampat', 'PUT', '/api/cpns/admin/final-verifikasi', { konfirmasi: true }],
      ['monitor.cpns', 'PUT', '/api/cpns/admin/final-verifikasi', { konfirmasi: true }],
      ['verifikator.cpns', 'PUT', `/api/cpns/supervisor/${id}`, { version: 2, statusSupervisi: 'DISETUJUI' }],
    ];
    for (const [username, method, url, payload] of cases) {
      const res = await call(username, method, url, payload);
      expect(`${username} ${method} ${url} ${res.statusCode}`).toBe(`${username} ${method} ${url} 403`);
    }
    // Another instansi's supervisor cannot see it (scope): not found rather than forbidden.
    const other = await call('supervisor.cpns', 'PUT', `/api/cpns/supervisor/${id}`, {
      version: 2,
      statusSupervisi: 'DISETUJUI',
    });
    expect(other.statusCode).toBe(404);
  });
});

describe('final verification', () => {
  it('is refused with the counts while work remains, then locks every decision', async () => {
    const status = await call('admin.rajaampat', 'GET', '/api/nakes/admin/final-verifikasi');
    expect(status.json()).toMatchObject({ terkunci: false, belumDiverifikasi: 4, belumDisupervisi: 0 });
    const early = await call('admin.rajaampat', 'PUT', '/api/nakes/admin/final-verifikasi', { konfirmasi: true });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ error: 'BELUM_SELESAI', details: { belumDiverifikasi: 4 } });
    expect(early.json().message).toContain('4 pelamar belum diverifikasi');

    const ids = [];
    for (let index = 0; index < 4; index += 1) ids.push(await decided(index === 0 ? 'TMS' : 'MS', 'nakes'));
    const halfway = await call('admin.rajaampat', 'PUT', '/api/nakes/admin/final-verifikasi', { konfirmasi: true });
    expect(halfway.json()).toMatchObject({
      error: 'BELUM_SELESAI',
      details: { belumDiverifikasi: 0, belumDisupervisi: 4 },
    });
    const agreed = await call('supervisor.rajaampat', 'PUT', '/api/nakes/supervisor/updateStatus', {
      ids,
      status: 'DISETUJUI',
    });
    expect(agreed.json().every((result: { ok: boolean }) => result.ok)).toBe(true);

    const locked = await call('admin.rajaampat', 'PUT', '/api/nakes/admin/final-verifikasi', { konfirmasi: true });
    expect(locked.statusCode, locked.body).toBe(200);
    expect(locked.json()).toMatchObject({
      terkunci: true,
      dikunciOleh: 'Fransiska Wanma',
      belumDiverifikasi: 0,
      belumDisupervisi: 0,
      // Issue #32: what the lock fixed, as its confirmation says it.
      ms: 3,
      tms: 1,
    });
    const twice = await call('admin.rajaampat', 'PUT', '/api/nakes/admin/final-verifikasi', { konfirmasi: true });
    expect(twice.json().error).toBe('SUDAH_FINAL');
    const review = await call('supervisor.rajaampat', 'PUT', '/api/nakes/supervisor/updateStatus', {
      ids,
      status: 'DISETUJUI',
    });
    expect(review.statusCode).toBe(409);
    expect(review.json().error).toBe('SUDAH_FINAL');
    const claim = await claimNext('verifikator.rajaampat', 'nakes');
    expect(claim.statusCode).toBe(409);
    expect(claim.json().error).toBe('SUDAH_FINAL');
    const audit = await api.ctx.db
      .selectFrom('audit_event')
      .where('action', '=', 'FINAL_VERIFIKASI')
      .select(['entity_id', 'actor_username'])
      .execute();
    expect(audit).toEqual([{ entity_id: `${RAJA_AMPAT}:nakes`, actor_username: 'admin.rajaampat' }]);
    // The other track of the instansi is not locked.
    expect((await claimNext('verifikator.rajaampat', 'cpns')).statusCode).toBe(200);
  });
});

describe('the verifier’s recap', () => {
  it('lists my decisions and counts them per day', async () => {
    await decided('MS');
    await decided('TMS');
    const recap = await call(
      'verifikator.rajaampat',
      'POST',
      '/api/cpns/verifikator/filter?mode=my-verifier',
      listBody,
    );
    expect(recap.json().recordsTotal).toBe(2);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(new Date());
    const byDate = await call('verifikator.rajaampat', 'POST', '/api/cpns/verifikator/filter?mode=my-verifier', {
      ...listBody,
      filter: { tglVerifikasiDari: today, tglVerifikasiSampai: today, statusVerifikasi: 'TMS' },
    });
    expect(byDate.json().recordsTotal).toBe(1);
    const perDay = await call('verifikator.rajaampat', 'GET', '/api/cpns/verifikator/harian?mode=my-verifier');
    expect(perDay.statusCode, perDay.body).toBe(200);
    expect(perDay.json()).toEqual([{ tanggal: today, ms: 1, tms: 1 }]);
    // The recap downloads as the verifier sees it: only their decisions; the queue itself does not.
    const exportBody = { format: 'csv', filter: {}, sorting: { column: 'id', direction: 'asc' }, searchTerm: '' };
    const csv = await call(
      'verifikator.rajaampat',
      'POST',
      '/api/cpns/verifikator/export?mode=my-verifier',
      exportBody,
    );
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-disposition']).toMatch(/filename="rekap-verifikasi-cpns-\d{8}\.csv"/);
    const noPeserta = recap.json().data.map((row: { noPeserta: string }) => row.noPeserta);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
      .slice(1);
    expect(lines.map((line) => line.split(';')[0]).sort()).toEqual([...noPeserta].sort());
    const queueExport = await call('verifikator.rajaampat', 'POST', '/api/cpns/verifikator/export', exportBody);
    expect(queueExport.statusCode).toBe(404);
    const forbiddenRecap = await call(
      'supervisor.rajaampat',
      'POST',
      '/api/cpns/verifikator/filter?mode=my-verifier',
      listBody,
    );
    expect(forbiddenRecap.statusCode).toBe(403);
  });
});
