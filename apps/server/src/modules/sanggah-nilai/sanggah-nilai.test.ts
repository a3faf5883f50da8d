// Score objections against a real database: the list and its scoping by role, who answers which
// component on which track, wasdal's approval (never by the answerer) correcting the score with
// the old and new values kept – also when the objection is about another applicant – the answer
// window, version conflicts, and the audit events on the right trails.
// Who answers on CPNS and PPPK Guru, the window and concurrency: sanggah-nilai-jawab.test.ts.

import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { eventsOf, listBody } from '../../test/api-fixture.js';
import { BANDUNG, base, KEMENKES, setujui, terima, tolak, useSanggahNilaiFixture } from './fixture.js';

const { api, call, users, of, nilaiOf, buat, detail, sesama } = useSanggahNilaiFixture();

describe('the score-objection list', () => {
  it('scopes by instansi, gives national roles every instansi with NIK masked, and filters', async () => {
    const own = of(KEMENKES, 'nakes', 0);
    const ids = [
      await buat(own, 'TEKNIS'),
      await buat(of(KEMENKES, 'nakes', 1), 'WAWANCARA'),
      await buat(of(KEMENKES, 'nakes', 2), 'AFIRMASI', sesama(of(KEMENKES, 'nakes', 2))),
    ];
    const elsewhere = await buat(of(BANDUNG, 'nakes', 0), 'TEKNIS');
    await api.ctx.db
      .updateTable('sanggah_nilai')
      .set({ status: 'DITOLAK', dijawab_at: sql`now()` })
      .where('id', '=', ids[1]!)
      .execute();

    const res = await call('supervisor.nakes', 'POST', `${base('nakes')}/filter`, listBody());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.map((row: { id: number }) => row.id)).toEqual(ids);
    expect(res.json().recordsTotal).toBe(3);
    expect(res.json().summaries).toEqual([
      { status: 'DIAJUKAN', jumlah: 2 },
      { status: 'MENUNGGU_PERSETUJUAN', jumlah: 0 },
      { status: 'DITOLAK', jumlah: 1 },
      { status: 'DISETUJUI', jumlah: 0 },
      { status: 'TIDAK_DISETUJUI', jumlah: 0 },
    ]);
    const first = res.json().data[0];
    expect(first).toMatchObject({ pelamarId: own.id, komponen: 'TEKNIS', terkait: null, status: 'DIAJUKAN' });
    expect(first.nik).toMatch(/^\d{16}$/);
    expect(Number(first.nilaiSaatDiajukan)).toBe(await nilaiOf(own.id, 'TEKNIS'));
    expect(res.json().data[2].terkait).toMatchObject({ id: sesama(of(KEMENKES, 'nakes', 2)).id });

    const filtered = async (filter: Record<string, unknown>) =>
      (await call('supervisor.nakes', 'POST', `${base('nakes')}/filter`, listBody(filter)))
        .json()
        .data.map((row: { id: number }) => row.id);
    expect(await filtered({ komponen: 'TEKNIS' })).toEqual([ids[0]]);
    expect(await filtered({ terkait: 'true' })).toEqual([ids[2]]);
    expect(await filtered({ terkait: false })).toEqual([ids[0], ids[1]]);
    expect(await filtered({ status: 'DITOLAK' })).toEqual([ids[1]]);
    // An instansi filter does not widen an instansi role's view.
    expect(await filtered({ instansiId: BANDUNG })).toEqual(ids);

    const national = await call('wasdal', 'POST', `${base('nakes')}/filter`, listBody());
    expect(national.json().recordsTotal).toBe(4);
    expect(national.json().data[0].nik).toMatch(/^\d{6}\*{6}\d{4}$/);
    const bandung = await call('wasdal', 'POST', `${base('nakes')}/filter`, listBody({ instansiId: BANDUNG }));
    expect(bandung.json().data.map((row: { id: number }) => row.id)).toEqual([elsewhere]);
    const options = await call('wasdal', 'GET', `${base('nakes')}/instansi`);
    expect(
      options
        .json()
        .map((row: { id: number }) => row.id)
        .sort(),
    ).toEqual([KEMENKES, BANDUNG]);
    const ownOptions = await call('supervisor.nakes', 'GET', `${base('nakes')}/instansi`);
    expect(ownOptions.json().map((row: { id: number }) => row.id)).toEqual([KEMENKES]);

    // Pages carry the permission (spec §6).
    expect((await call('verifikator.nakes', 'POST', `${base('nakes')}/filter`, listBody())).statusCode).toBe(403);
    expect((await call('admin.nakes', 'POST', `${base('nakes')}/filter`, listBody())).statusCode).toBe(403);
    expect((await call('penjawab.skd', 'POST', `${base('nakes')}/filter`, listBody())).statusCode).toBe(403);
    expect((await call('supervisor.guru', 'POST', `${base('pppk-guru')}/filter`, listBody())).statusCode).toBe(403);
    expect((await call('wasdal', 'POST', '/api/pppk/sanggah-nilai/filter', listBody())).statusCode).toBe(404);
  });

  it('gives the detail: the objector with the trail, the applicant concerned with every score', async () => {
    const oleh = of(KEMENKES, 'nakes', 3);
    const lain = sesama(oleh);
    const id = await buat(oleh, 'TEKNIS', lain);
    const d = await detail('supervisor.nakes', 'nakes', id);
    expect(d).toMatchObject({ bolehJawab: true, bolehSetujui: false, version: 1, status: 'DIAJUKAN' });
    expect(d.pelamar.id).toBe(oleh.id);
    expect(Array.isArray(d.pelamar.verifikasi.riwayat)).toBe(true);
    expect(d.dinilai.pelamarId).toBe(lain.id);
    expect(d.dinilai.nilai.map((n: { komponen: string }) => n.komponen).sort()).toEqual(
      ['MANAJERIAL_SOSIOKULTURAL', 'TEKNIS', 'WAWANCARA'].sort(),
    );
    expect(d.terkait.noPeserta).toBe(d.dinilai.noPeserta);
    const byWasdal = await detail('wasdal', 'nakes', id);
    expect(byWasdal).toMatchObject({ bolehJawab: false, bolehSetujui: false });
    expect(byWasdal.pelamar.nik).toMatch(/\*{6}/);
    expect((await call(users.otherSupervisor, 'GET', `${base('nakes')}/${id}`)).statusCode).toBe(404);
    expect((await call('supervisor.cpns', 'GET', `${base('cpns')}/${id}`)).statusCode).toBe(404);
  });
});

describe('answering and approving', () => {
  it('Nakes: the supervisor accepts TEKNIS with a corrected value, wasdal approves, the score changes', async () => {
    const oleh = of(KEMENKES, 'nakes', 4);
    const id = await buat(oleh, 'TEKNIS');
    const lama = (await nilaiOf(oleh.id, 'TEKNIS')) as number;
    const usulan = lama + 12.5;

    const answered = await call('supervisor.nakes', 'PUT', `${base('nakes')}/${id}`, terima(1, usulan));
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json()).toEqual({ version: 2, status: 'MENUNGGU_PERSETUJUAN' });
    expect(await nilaiOf(oleh.id, 'TEKNIS')).toBe(lama);
    const again = await call('supervisor.nakes', 'PUT', `${base('nakes')}/${id}`, tolak(2));
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('SUDAH_DIJAWAB');

    // Supervisors do not approve; wasdal does (the page alone would let the supervisor try).
    const bySupervisor = await call('supervisor.nakes', 'PUT', `${base('nakes')}/${id}/persetujuan`, setujui(2));
    expect(bySupervisor.statusCode).toBe(403);
    expect((await detail('wasdal', 'nakes', id)).bolehSetujui).toBe(true);
    const stale = await call('wasdal', 'PUT', `${base('nakes')}/${id}/persetujuan`, setujui(1));
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toBe('KONFLIK_VERSI');
    const approved = await call('wasdal', 'PUT', `${base('nakes')}/${id}/persetujuan`, setujui(2));
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toEqual({
      version: 3,
      status: 'DISETUJUI',
      nilaiLama: lama.toFixed(2),
      nilaiBaru: usulan.toFixed(2),
    });
    expect(await nilaiOf(oleh.id, 'TEKNIS')).toBe(usulan);
    const d = await detail('supervisor.nakes', 'nakes', id);
    expect(d).toMatchObject({
      status: 'DISETUJUI',
      nilaiLama: lama.toFixed(2),
      nilaiBaru: usulan.toFixed(2),
      nilaiUsulan: usulan.toFixed(2),
      jawabanAlasan: 'Nilai dikoreksi sesuai log CAT.',
      persetujuanAlasan: 'Sesuai berita acara pemeriksaan ulang.',
      penyetujuNama: 'Teguh Santoso',
      bolehJawab: false,
      bolehSetujui: false,
    });
    expect(d.dinilai.nilai.find((n: { komponen: string }) => n.komponen === 'TEKNIS').nilai).toBe(usulan.toFixed(2));
    const twice = await call('wasdal', 'PUT', `${base('nakes')}/${id}/persetujuan`, setujui(3, 'TIDAK_DISETUJUI'));
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe('SUDAH_DIPUTUSKAN');

    const events = (await eventsOf(api.ctx.db, oleh.id)).filter((event) => event.action.includes('NILAI'));
    expect(events.map((event) => [event.action, event.actor_username, event.from_value, event.to_value])).toEqual([
      ['JAWAB_SANGGAH_NILAI', 'supervisor.nakes', 'DIAJUKAN', 'MENUNGGU_PERSETUJUAN'],
      ['PERSETUJUAN_SANGGAH_NILAI', 'wasdal', 'MENUNGGU_PERSETUJUAN', 'DISETUJUI'],
      ['NILAI_DIUBAH', 'wasdal', lama.toFixed(2), usulan.toFixed(2)],
    ]);
    expect(events[0]?.reason).toBe('Nilai dikoreksi sesuai log CAT.');
  });

  it('an objection about another applicant corrects that applicant’s score, on both trails', async () => {
    const oleh = of(KEMENKES, 'nakes', 5);
    const lain = sesama(oleh);
    const id = await buat(oleh, 'TEKNIS', lain);
    const [lamaLain, lamaSendiri] = [await nilaiOf(lain.id, 'TEKNIS'), await nilaiOf(oleh.id, 'TEKNIS')];
    const usulan = (lamaLain as number) - 20;
    expect((await call('supervisor.nakes', 'PUT', `${base('nakes')}/${id}`, terima(1, usulan))).statusCode).toBe(200);
    expect((await call('wasdal', 'PUT', `${base('nakes')}/${id}/persetujuan`, setujui(2))).statusCode).toBe(200);
    expect(await nilaiOf(lain.id, 'TEKNIS')).toBe(usulan);
    expect(await nilaiOf(oleh.id, 'TEKNIS')).toBe(lamaSendiri);
    const actions = async (pelamarId: number) =>
      (await eventsOf(api.ctx.db, pelamarId)).map((event) => event.action).filter((action) => action.includes('NILAI'));
    expect(await actions(oleh.id)).toEqual(['JAWAB_SANGGAH_NILAI', 'PERSETUJUAN_SANGGAH_NILAI']);
    expect(await actions(lain.id)).toEqual(['JAWAB_SANGGAH_NILAI', 'PERSETUJUAN_SANGGAH_NILAI', 'NILAI_DIUBAH']);
    const changed = (await eventsOf(api.ctx.db, lain.id)).at(-1);
    expect(changed).toMatchObject({ from_value: (lamaLain as number).toFixed(2), to_value: usulan.toFixed(2) });
    expect(changed?.details).toMatchObject({ sanggahNilaiId: id, komponen: 'TEKNIS' });
    // Its absent affirmation points can be granted too: the score row is added, the old value none.
    const afirmasi = await buat(oleh, 'AFIRMASI');
    expect((await call('supervisor.nakes', 'PUT', `${base('nakes')}/${afirmasi}`, terima(1, 45))).statusCode).toBe(200);
    const granted = await call('wasdal', 'PUT', `${base('nakes')}/${afirmasi}/persetujuan`, setujui(2));
    expect(granted.json()).toMatchObject({ status: 'DISETUJUI', nilaiLama: null, nilaiBaru: '45.00' });
    expect(await nilaiOf(oleh.id, 'AFIRMASI')).toBe(45);
  });
});
