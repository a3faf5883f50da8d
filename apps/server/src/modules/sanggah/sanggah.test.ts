// Objections (issue #5) against a real database: the list and its scoping by role, the
// supervisor's answer (accepted → MS when it clears every TMS reason), the answer window, version
// conflicts, the counters and the audit events. Wasdal's check and the Nakes admin's reset:
// sanggah-cek.test.ts.

import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { eventsOf, listBody } from '../../test/api-fixture.js';
import { jawab, useSanggahFixture } from './fixture.js';

const { api, call, tms, otherSupervisor, buatSanggah, detail, statusOf, counter, setWindow } = useSanggahFixture();

describe('the objection list', () => {
  it('shows the instansi’s objections to its supervisor and every instansi’s to wasdal, NIK masked', async () => {
    expect(tms.length).toBeGreaterThanOrEqual(4);
    const ids = [await buatSanggah(tms[0]!), await buatSanggah(tms[1]!)];
    const elsewhere = await api.ctx.db
      .selectFrom('pelamar')
      .where('instansi_id', '=', 7)
      .where('status_verifikasi', '=', 'TMS')
      .select(['id', 'alasan_tms'])
      .executeTakeFirstOrThrow();
    await api.ctx.db
      .insertInto('sanggah')
      .values({
        pelamar_id: elsewhere.id,
        instansi_id: 7,
        track: 'nakes',
        diajukan_at: sql`now()`,
        butir: JSON.stringify([
          { alasanTms: 'IPK', argumen: 'x', dokumenId: null, jawaban: null, alasanJawaban: null },
        ]),
      })
      .execute();

    const own = await call('supervisor.nakes', 'POST', '/api/nakes/sanggah/filter', listBody());
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().data.map((row: { id: number }) => row.id)).toEqual(ids);
    expect(own.json().recordsTotal).toBe(2);
    expect(own.json().summaries).toEqual([
      { status: 'DIAJUKAN', jumlah: 2 },
      { status: 'DITERIMA', jumlah: 0 },
      { status: 'DITOLAK', jumlah: 0 },
    ]);
    const first = own.json().data[0];
    expect(first).toMatchObject({ pelamarId: tms[0]!.id, status: 'DIAJUKAN', jumlahButir: tms[0]!.alasan.length });
    expect(first.nik).toMatch(/^\d{16}$/);

    const national = await call('wasdal', 'POST', '/api/nakes/sanggah/filter', listBody());
    expect(national.statusCode).toBe(200);
    expect(national.json().recordsTotal).toBe(3);
    expect(national.json().data[0].nik).toMatch(/^\d{6}\*{6}\d{4}$/);
    const oneInstansi = await call('wasdal', 'POST', '/api/nakes/sanggah/filter', listBody({ instansiId: 7 }));
    expect(oneInstansi.json().recordsTotal).toBe(1);
    // Wasdal reads every track's objections; an instansi filter does not widen a supervisor's view.
    expect((await call('wasdal', 'POST', '/api/cpns/sanggah/filter', listBody())).statusCode).toBe(200);
    const widened = await call('supervisor.nakes', 'POST', '/api/nakes/sanggah/filter', listBody({ instansiId: 7 }));
    expect(widened.json().data.map((row: { id: number }) => row.id)).toEqual(ids);

    const word = tms[1]!.nama.split(' ')[0]!.toLowerCase();
    const searched = await call('supervisor.nakes', 'POST', '/api/nakes/sanggah/filter', listBody({}, word));
    expect(searched.json().data.map((row: { pelamarId: number }) => row.pelamarId)).toContain(tms[1]!.id);

    // Pages carry the permission: the verifier and another track's supervisor have no sanggah page.
    expect((await call('verifikator.nakes', 'POST', '/api/nakes/sanggah/filter', listBody())).statusCode).toBe(403);
    expect((await call('supervisor.cpns', 'POST', '/api/nakes/sanggah/filter', listBody())).statusCode).toBe(403);
  });

  it('gives the detail with each item, the applicant, the trail and the document', async () => {
    const id = await buatSanggah(tms[0]!);
    const d = await detail('supervisor.nakes', id);
    expect(d.butir).toHaveLength(tms[0]!.alasan.length);
    expect(d.butir[0]).toMatchObject({ alasanTms: tms[0]!.alasan[0], jawaban: null });
    expect(d.pelamar.verifikasi.alasanTms).toEqual(tms[0]!.alasan);
    expect(Array.isArray(d.pelamar.verifikasi.riwayat)).toBe(true);
    expect(d).toMatchObject({ bolehJawab: true, bolehCek: false, bolehReset: false, version: 1 });
    const file = await call('supervisor.nakes', 'GET', `/api/nakes/sanggah/${id}/dokumen/${d.butir[0].dokumenId}`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/pdf|image/);

    const wasdal = await detail('wasdal', id);
    expect(wasdal).toMatchObject({ bolehJawab: false, bolehCek: false });
    expect(wasdal.pelamar.verifikasi.riwayat).not.toBeNull();
    const stranger = await call(otherSupervisor.username, 'GET', `/api/nakes/sanggah/${id}`);
    expect(stranger.statusCode).toBe(404);
  });
});

describe('answering', () => {
  it('accepting every item makes the applicant MS, moves the counters and writes the trail', async () => {
    const pelamar = tms[0]!;
    const id = await buatSanggah(pelamar);
    const [msBefore, tmsBefore] = [await counter('MS'), await counter('TMS')];
    const res = await call(
      'supervisor.nakes',
      'PUT',
      `/api/nakes/sanggah/${id}`,
      jawab(
        1,
        pelamar.alasan.map(() => 'DITERIMA'),
      ),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ version: 2, status: 'DITERIMA', mengubahStatus: true });
    expect(await statusOf(pelamar.id)).toBe('MS');
    expect([await counter('MS'), await counter('TMS')]).toEqual([msBefore + 1, tmsBefore - 1]);
    const events = (await eventsOf(api.ctx.db, pelamar.id)).filter((event) => event.action !== 'RESET_SANGGAH');
    expect(events.slice(-pelamar.alasan.length - 2).map((event) => event.action)).toEqual([
      'SANGGAH_DITERIMA',
      ...pelamar.alasan.map(() => 'JAWAB_BUTIR_SANGGAH'),
      'JAWAB_SANGGAH',
    ]);
    expect(events.at(-pelamar.alasan.length - 2)).toMatchObject({
      actor_username: 'supervisor.nakes',
      from_value: 'TMS',
      to_value: 'MS',
    });
    const d = await detail('supervisor.nakes', id);
    expect(d).toMatchObject({ status: 'DITERIMA', mengubahStatus: true, bolehJawab: false });
    expect(d.butir[0]).toMatchObject({ jawaban: 'DITERIMA', alasanJawaban: 'Sudah diperiksa ulang terhadap dokumen.' });
    expect(d.penjawabNama).toBeTruthy();

    const again = await call('supervisor.nakes', 'PUT', `/api/nakes/sanggah/${id}`, jawab(2, ['DITOLAK']));
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('SUDAH_DIJAWAB');
  });

  it('a rejected item rejects the objection; accepted items that leave a reason keep the applicant TMS', async () => {
    const multi = { ...tms[3]!, alasan: ['IPK', 'AKREDITASI'] };
    await api.ctx.db.updateTable('pelamar').set({ alasan_tms: multi.alasan }).where('id', '=', multi.id).execute();
    const rejected = await buatSanggah(multi!);
    const answers = multi!.alasan.map((_, index) => (index === 0 ? 'DITOLAK' : 'DITERIMA'));
    const res = await call('supervisor.nakes', 'PUT', `/api/nakes/sanggah/${rejected}`, jawab(1, answers));
    expect(res.json()).toMatchObject({ status: 'DITOLAK', mengubahStatus: false });
    expect(await statusOf(multi!.id)).toBe('TMS');

    await sql`DELETE FROM sanggah`.execute(api.ctx.db);
    const partial = await buatSanggah(multi!, [multi!.alasan[0]!]);
    const accepted = await call('supervisor.nakes', 'PUT', `/api/nakes/sanggah/${partial}`, jawab(1, ['DITERIMA']));
    expect(accepted.json()).toMatchObject({ status: 'DITERIMA', mengubahStatus: false });
    expect(await statusOf(multi!.id)).toBe('TMS');
  });

  it('refuses a stale version, a wrong item count, a missing reason, outside the window, and others', async () => {
    const pelamar = tms[0]!;
    const id = await buatSanggah(pelamar);
    const all = (value: string) => pelamar.alasan.map(() => value);
    const stale = await call('supervisor.nakes', 'PUT', `/api/nakes/sanggah/${id}`, jawab(7, all('DITOLAK')));
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toBe('KONFLIK_VERSI');
    const count = await call(
      'supervisor.nakes',
      'PUT',
      `/api/nakes/sanggah/${id}`,
      jawab(1, [...all('DITOLAK'), 'DITOLAK']),
    );
    expect(count.statusCode).toBe(400);
    const noReason = await call('supervisor.nakes', 'PUT', `/api/nakes/sanggah/${id}`, jawab(1, all('DITOLAK'), ' '));
    expect(noReason.statusCode).toBe(400);

    expect((await call('wasdal', 'PUT', `/api/nakes/sanggah/${id}`, jawab(1, all('DITOLAK')))).statusCode).toBe(403);
    expect((await call('admin.nakes', 'PUT', `/api/nakes/sanggah/${id}`, jawab(1, all('DITOLAK')))).statusCode).toBe(
      403,
    );
    const stranger = await call(otherSupervisor.username, 'PUT', `/api/nakes/sanggah/${id}`, jawab(1, all('DITOLAK')));
    expect(stranger.statusCode).toBe(404);

    await setWindow(false);
    const closed = await call('supervisor.nakes', 'PUT', `/api/nakes/sanggah/${id}`, jawab(1, all('DITOLAK')));
    expect(closed.statusCode).toBe(403);
    expect(closed.json()).toMatchObject({ error: 'DI_LUAR_JADWAL' });
    expect(closed.json().message).toMatch(/^Di luar jadwal jawab sanggah PPPK Tenaga Kesehatan/);
    expect(await statusOf(pelamar.id)).toBe('TMS');
    expect((await detail('supervisor.nakes', id)).status).toBe('DIAJUKAN');
  });

  it('lets one of two concurrent answers through', async () => {
    const pelamar = tms[0]!;
    const id = await buatSanggah(pelamar);
    const body = jawab(
      1,
      pelamar.alasan.map(() => 'DITERIMA'),
    );
    const before = (await eventsOf(api.ctx.db, pelamar.id)).length;
    const results = await Promise.all([
      call('supervisor.nakes', 'PUT', `/api/nakes/sanggah/${id}`, body),
      call('supervisor.nakes', 'PUT', `/api/nakes/sanggah/${id}`, body),
    ]);
    expect(results.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    const events = (await eventsOf(api.ctx.db, pelamar.id)).slice(before);
    expect(events.filter((event) => event.action === 'JAWAB_SANGGAH')).toHaveLength(1);
    expect(events.filter((event) => event.action === 'SANGGAH_DITERIMA')).toHaveLength(1);
  });
});
