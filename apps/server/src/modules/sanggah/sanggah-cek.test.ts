// Objections (issue #5) after their answer, against a real database: wasdal's check, and the Nakes
// admin's reset (MS back to TMS, old answer in the trail) with its counters and audit events.

import { describe, expect, it } from 'vitest';
import { eventsOf, listBody } from '../../test/api-fixture.js';
import { jawab, useSanggahFixture } from './fixture.js';

const { api, call, tms, buatSanggah, detail, statusOf, counter, setWindow } = useSanggahFixture();

describe('wasdal’s check', () => {
  it('checks or flags answered objections only, with a note for a flag', async () => {
    const pelamar = tms[0]!;
    const id = await buatSanggah(pelamar);
    const early = await call('wasdal', 'PUT', `/api/nakes/sanggah/${id}/cek`, { version: 1, status: 'DIPERIKSA' });
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toBe('BELUM_DIJAWAB');
    await call(
      'supervisor.nakes',
      'PUT',
      `/api/nakes/sanggah/${id}`,
      jawab(
        1,
        pelamar.alasan.map(() => 'DITOLAK'),
      ),
    );
    expect((await detail('wasdal', id)).bolehCek).toBe(true);
    const noNote = await call('wasdal', 'PUT', `/api/nakes/sanggah/${id}/cek`, { version: 2, status: 'DITANDAI' });
    expect(noNote.statusCode).toBe(400);
    const bySupervisor = await call('supervisor.nakes', 'PUT', `/api/nakes/sanggah/${id}/cek`, {
      version: 2,
      status: 'DIPERIKSA',
    });
    expect(bySupervisor.statusCode).toBe(403);
    const flagged = await call('wasdal', 'PUT', `/api/nakes/sanggah/${id}/cek`, {
      version: 2,
      status: 'DITANDAI',
      catatan: 'Alasan penolakan tidak menanggapi dokumen.',
    });
    expect(flagged.statusCode, flagged.body).toBe(200);
    expect(flagged.json().version).toBe(3);
    const list = await call('wasdal', 'POST', '/api/nakes/sanggah/filter', listBody({ cek: 'DITANDAI' }));
    expect(list.json().data.map((row: { id: number; cek: string }) => [row.id, row.cek])).toEqual([[id, 'DITANDAI']]);
    const unchecked = await call('wasdal', 'POST', '/api/nakes/sanggah/filter', listBody({ cek: 'BELUM' }));
    expect(unchecked.json().recordsTotal).toBe(0);
    const d = await detail('supervisor.nakes', id);
    expect(d).toMatchObject({ cek: 'DITANDAI', cekCatatan: 'Alasan penolakan tidak menanggapi dokumen.' });
    expect(d.cekOlehNama).toBe('Teguh Santoso');
    const events = await eventsOf(api.ctx.db, pelamar.id);
    expect(events.at(-1)).toMatchObject({
      action: 'CEK_JAWABAN_SANGGAH',
      actor_username: 'wasdal',
      to_value: 'DITANDAI',
    });
  });
});

describe('the Nakes admin’s reset', () => {
  it('reopens answered objections, turns an accepted one’s MS back to TMS, and keeps the old answer', async () => {
    const [a, b, c] = [tms[0]!, tms[1]!, tms[2]!];
    const accepted = await buatSanggah(a);
    const rejected = await buatSanggah(b);
    const open = await buatSanggah(c);
    await call(
      'supervisor.nakes',
      'PUT',
      `/api/nakes/sanggah/${accepted}`,
      jawab(
        1,
        a.alasan.map(() => 'DITERIMA'),
      ),
    );
    await call(
      'supervisor.nakes',
      'PUT',
      `/api/nakes/sanggah/${rejected}`,
      jawab(
        1,
        b.alasan.map(() => 'DITOLAK'),
      ),
    );
    await call('wasdal', 'PUT', `/api/nakes/sanggah/${rejected}/cek`, { version: 2, status: 'DIPERIKSA' });
    expect(await statusOf(a.id)).toBe('MS');

    const list = await call('admin.nakes', 'POST', '/api/nakes/reset-jawab-sanggah/filter', listBody());
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.map((row: { id: number }) => row.id)).toEqual([accepted, rejected]);
    expect(list.json().summaries.map((s: { status: string }) => s.status)).toEqual(['DITERIMA', 'DITOLAK']);
    expect((await detail('admin.nakes', accepted, 'reset-jawab-sanggah')).bolehReset).toBe(true);
    expect((await call('admin.nakes', 'GET', `/api/nakes/reset-jawab-sanggah/${open}`)).statusCode).toBe(404);

    const [tmsBefore, msBefore] = [await counter('TMS'), await counter('MS')];
    const noReason = await call('admin.nakes', 'PUT', '/api/nakes/reset-jawab-sanggah/updateStatus', {
      ids: [accepted],
      status: 'DIAJUKAN',
      alasan: '',
    });
    expect(noReason.statusCode).toBe(400);
    const res = await call('admin.nakes', 'PUT', '/api/nakes/reset-jawab-sanggah/updateStatus', {
      ids: [accepted, rejected, open],
      status: 'DIAJUKAN',
      alasan: 'Jawaban perlu ditinjau ulang atas permintaan BKN.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([
      { id: accepted, ok: true },
      { id: rejected, ok: true },
      expect.objectContaining({ id: open, ok: false, error: 'BELUM_DIJAWAB' }),
    ]);
    expect(await statusOf(a.id)).toBe('TMS');
    expect([await counter('TMS'), await counter('MS')]).toEqual([tmsBefore + 1, msBefore - 1]);
    const reopened = await detail('supervisor.nakes', rejected);
    expect(reopened).toMatchObject({ status: 'DIAJUKAN', cek: null, dijawabAt: null, bolehJawab: true });
    expect(reopened.butir.every((item: { jawaban: unknown }) => item.jawaban === null)).toBe(true);
    const events = await eventsOf(api.ctx.db, a.id);
    const resetEvent = events.find((event) => event.action === 'RESET_JAWABAN_SANGGAH');
    expect(resetEvent).toMatchObject({
      actor_username: 'admin.nakes',
      from_value: 'DITERIMA',
      to_value: 'DIAJUKAN',
      reason: 'Jawaban perlu ditinjau ulang atas permintaan BKN.',
    });
    const details = (
      typeof resetEvent?.details === 'string' ? JSON.parse(resetEvent.details) : resetEvent?.details
    ) as {
      jawabanLama: { jawaban: string }[];
    };
    expect(details.jawabanLama[0]?.jawaban).toBe('DITERIMA');
    expect(events.some((event) => event.action === 'RESET_SANGGAH' && event.to_value === 'TMS')).toBe(true);

    // The supervisor has no reset page, other tracks have no reset, and the window holds.
    const bySupervisor = await call('supervisor.nakes', 'PUT', '/api/nakes/reset-jawab-sanggah/updateStatus', {
      ids: [accepted],
      status: 'DIAJUKAN',
      alasan: 'Tidak berhak mereset.',
    });
    expect(bySupervisor.statusCode).toBe(403);
    expect((await call('admin.cpns', 'POST', '/api/cpns/reset-jawab-sanggah/filter', listBody())).statusCode).toBe(404);
    await setWindow(false);
    const closed = await call('admin.nakes', 'PUT', '/api/nakes/reset-jawab-sanggah/updateStatus', {
      ids: [accepted],
      status: 'DIAJUKAN',
      alasan: 'Di luar jadwal jawab sanggah.',
    });
    expect(closed.statusCode).toBe(403);
  });
});
