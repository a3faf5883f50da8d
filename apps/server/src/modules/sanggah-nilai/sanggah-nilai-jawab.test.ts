// Score objections against a real database, who answers which component on which track: the
// SKD answerer on CPNS, wasdal on PPPK Guru (approved by another wasdal account), the answer's
// validation, the JAWAB_SANGGAH_NILAI window and concurrent answers.

import { describe, expect, it } from 'vitest';
import { eventsOf, listBody } from '../../test/api-fixture.js';
import { base, JATENG, KEMENKES, KEMENKUM, setujui, terima, tolak, useSanggahNilaiFixture } from './fixture.js';

const { api, call, users, of, nilaiOf, buat, detail, setWindow } = useSanggahNilaiFixture();

describe('answering and approving', () => {
  it('TIDAK_DISETUJUI leaves the score; DITOLAK is final and needs no approval', async () => {
    const oleh = of(KEMENKES, 'nakes', 6);
    const id = await buat(oleh, 'WAWANCARA');
    const lama = (await nilaiOf(oleh.id, 'WAWANCARA')) as number;
    await call('supervisor.nakes', 'PUT', `${base('nakes')}/${id}`, terima(1, lama === 40 ? 39 : 40));
    const refused = await call('wasdal', 'PUT', `${base('nakes')}/${id}/persetujuan`, setujui(2, 'TIDAK_DISETUJUI'));
    expect(refused.json()).toEqual({ version: 3, status: 'TIDAK_DISETUJUI', nilaiLama: null, nilaiBaru: null });
    expect(await nilaiOf(oleh.id, 'WAWANCARA')).toBe(lama);

    const rejected = await buat(oleh, 'TEKNIS');
    const res = await call('supervisor.nakes', 'PUT', `${base('nakes')}/${rejected}`, tolak(1));
    expect(res.json()).toEqual({ version: 2, status: 'DITOLAK' });
    const approve = await call('wasdal', 'PUT', `${base('nakes')}/${rejected}/persetujuan`, setujui(2));
    expect(approve.statusCode).toBe(409);
    expect(approve.json().error).toBe('SUDAH_DIJAWAB');
    expect((await call('supervisor.nakes', 'PUT', `${base('nakes')}/${rejected}`, tolak(2))).statusCode).toBe(409);
    const open = await buat(of(KEMENKES, 'nakes', 7), 'TEKNIS');
    const early = await call('wasdal', 'PUT', `${base('nakes')}/${open}/persetujuan`, setujui(1));
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toBe('BELUM_DIJAWAB');
  });

  it('validates the answer: reason, proposed value required when accepted, within the maximum, a change', async () => {
    const oleh = of(KEMENKES, 'nakes', 8);
    const id = await buat(oleh, 'WAWANCARA');
    const url = `${base('nakes')}/${id}`;
    const put = (body: unknown) => call('supervisor.nakes', 'PUT', url, body);
    expect((await put({ version: 1, jawaban: 'DITERIMA', alasan: 'Nilai dikoreksi.' })).statusCode).toBe(400);
    expect((await put({ ...tolak(1), alasan: 'ok' })).statusCode).toBe(400);
    expect((await put({ ...tolak(1), nilaiUsulan: 30 })).statusCode).toBe(400);
    expect((await put(terima(1, -1))).statusCode).toBe(400);
    expect((await put(terima(1, 30.123))).statusCode).toBe(400);
    const tooHigh = await put(terima(1, 41));
    expect(tooHigh.statusCode).toBe(400);
    expect(tooHigh.json().message).toBe('Nilai usulan WAWANCARA paling tinggi 40.');
    const same = await put(terima(1, (await nilaiOf(oleh.id, 'WAWANCARA')) as number));
    expect(same.statusCode).toBe(400);
    expect(same.json().error).toBe('NILAI_SAMA');
    const stale = await put(tolak(4));
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toBe('KONFLIK_VERSI');
    expect((await detail('supervisor.nakes', 'nakes', id)).status).toBe('DIAJUKAN');
  });

  it('CPNS: the SKD answerer answers nationally, the CPNS supervisor only reads, wasdal approves', async () => {
    const oleh = of(KEMENKUM, 'cpns', 0);
    const id = await buat(oleh, 'TWK');
    const url = `${base('cpns')}/${id}`;
    const list = await call('supervisor.cpns', 'POST', `${base('cpns')}/filter`, listBody());
    expect(list.json().data.map((row: { id: number }) => row.id)).toEqual([id]);
    expect((await detail('supervisor.cpns', 'cpns', id)).bolehJawab).toBe(false);
    const bySupervisor = await call('supervisor.cpns', 'PUT', url, tolak(1));
    expect(bySupervisor.statusCode).toBe(403);
    expect(bySupervisor.json().message).toBe('Sanggah nilai TWK dijawab oleh penjawab sanggah nilai SKD BKN.');
    expect((await call('wasdal', 'PUT', url, tolak(1))).statusCode).toBe(403);

    const skd = await call('penjawab.skd', 'POST', `${base('cpns')}/filter`, listBody());
    expect(skd.json().data[0].nik).toMatch(/\*{6}/);
    expect((await detail('penjawab.skd', 'cpns', id)).bolehJawab).toBe(true);
    expect((await call('penjawab.skd', 'PUT', url, terima(1, 151))).statusCode).toBe(400);
    const lama = (await nilaiOf(oleh.id, 'TWK')) as number;
    const usulan = lama === 150 ? 145 : lama + 5 > 150 ? 150 : lama + 5;
    const answered = await call('penjawab.skd', 'PUT', url, terima(1, usulan));
    expect(answered.statusCode, answered.body).toBe(200);
    expect((await call('penjawab.skd', 'PUT', `${url}/persetujuan`, setujui(2))).statusCode).toBe(403);
    const approved = await call('wasdal', 'PUT', `${url}/persetujuan`, setujui(2));
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await nilaiOf(oleh.id, 'TWK')).toBe(usulan);
  });

  it('PPPK Guru: wasdal answers, and the approval must come from another wasdal account', async () => {
    const oleh = of(JATENG, 'pppk-guru', 0);
    const id = await buat(oleh, 'TEKNIS');
    const url = `${base('pppk-guru')}/${id}`;
    const lama = (await nilaiOf(oleh.id, 'TEKNIS')) as number;
    expect((await detail('wasdal', 'pppk-guru', id)).bolehJawab).toBe(true);
    expect((await call('wasdal', 'PUT', url, terima(1, lama + 10))).statusCode).toBe(200);
    expect((await detail('wasdal', 'pppk-guru', id)).bolehSetujui).toBe(false);
    const self = await call('wasdal', 'PUT', `${url}/persetujuan`, setujui(2));
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toBe(
      'Anda yang menjawab sanggah nilai ini; persetujuannya harus diberikan oleh akun wasdal lain.',
    );
    expect((await detail(users.wasdal2, 'pppk-guru', id)).bolehSetujui).toBe(true);
    const approved = await call(users.wasdal2, 'PUT', `${url}/persetujuan`, setujui(2));
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await nilaiOf(oleh.id, 'TEKNIS')).toBe(lama + 10);
    const events = (await eventsOf(api.ctx.db, oleh.id)).filter((event) => event.action.includes('NILAI'));
    expect(events.map((event) => event.actor_username)).toEqual(['wasdal', users.wasdal2, users.wasdal2]);
  });

  it('refuses answers and approvals outside the JAWAB_SANGGAH_NILAI window', async () => {
    const oleh = of(KEMENKES, 'nakes', 9);
    const waiting = await buat(oleh, 'TEKNIS');
    const lama = (await nilaiOf(oleh.id, 'TEKNIS')) as number;
    await call('supervisor.nakes', 'PUT', `${base('nakes')}/${waiting}`, terima(1, lama + 1));
    const open = await buat(oleh, 'WAWANCARA');
    await setWindow(false);
    const answer = await call('supervisor.nakes', 'PUT', `${base('nakes')}/${open}`, tolak(1));
    expect(answer.statusCode).toBe(403);
    expect(answer.json().error).toBe('DI_LUAR_JADWAL');
    expect(answer.json().message).toMatch(/^Di luar jadwal jawab sanggah nilai PPPK Tenaga Kesehatan/);
    const approval = await call('wasdal', 'PUT', `${base('nakes')}/${waiting}/persetujuan`, setujui(2));
    expect(approval.statusCode).toBe(403);
    expect(approval.json().error).toBe('DI_LUAR_JADWAL');
    expect(await nilaiOf(oleh.id, 'TEKNIS')).toBe(lama);
  });

  it('lets one of two concurrent answers through', async () => {
    const oleh = of(KEMENKES, 'nakes', 10);
    const id = await buat(oleh, 'TEKNIS');
    const results = await Promise.all([
      call('supervisor.nakes', 'PUT', `${base('nakes')}/${id}`, tolak(1)),
      call('supervisor.nakes', 'PUT', `${base('nakes')}/${id}`, tolak(1)),
    ]);
    expect(results.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    expect(
      (await eventsOf(api.ctx.db, oleh.id)).filter((event) => event.action === 'JAWAB_SANGGAH_NILAI'),
    ).toHaveLength(1);
  });
});
