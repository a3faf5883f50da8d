// Score objections against a real database: the list and its scoping by role, who answers which
// component on which track, wasdal's approval (never by the answerer) correcting the score with
// the old and new values kept – also when the objection is about another applicant – the answer
// window, version conflicts, and the audit events on the right trails.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEMO_PASSWORD, type KomponenNilai } from '@portal/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TrackColumn } from '../../db/schema.js';
import { seedAccounts } from '../../db/seed/accounts.js';
import { seedApplicants } from '../../db/seed/applicants.js';
import { FolderBerkasStore } from '../../storage/folder-berkas-store.js';
import { createTestApp, createUser, TestClient, type TestContext } from '../../test/test-app.js';

const BKN = 1;
const KEMENKUM = 3;
const JATENG = 5;
const KEMENKES = 6;
const BANDUNG = 7;

let ctx: TestContext;
let client: TestClient;
let filesDir: string;
const tokens = new Map<string, string>();
const passwords = new Map<string, string>();
let wasdal2: string;
let otherSupervisor: string;

async function tokenOf(username: string): Promise<string> {
  const known = tokens.get(username);
  if (known) return known;
  const token = await client.loginToken(username, passwords.get(username) ?? DEMO_PASSWORD);
  tokens.set(username, token);
  return token;
}

async function call(username: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) {
  return client.request({
    method,
    url,
    token: await tokenOf(username),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

const listBody = (filter: Record<string, unknown> = {}, searchTerm = '') => ({
  filter,
  paginator: { page: 1, pageSize: 100 },
  sorting: { column: 'id', direction: 'asc' },
  searchTerm,
});

interface Pelamar {
  id: number;
  instansiId: number;
  track: TrackColumn;
  formasiId: number;
}
/** Seeded applicants per (instansi, track), in id order. */
const pelamar = new Map<string, Pelamar[]>();
const of = (instansiId: number, track: TrackColumn, index: number) => {
  const found = pelamar.get(`${instansiId}:${track}`)?.[index];
  if (!found) throw new Error(`no applicant ${instansiId}:${track}[${index}]`);
  return found;
};

async function nilaiOf(pelamarId: number, komponen: KomponenNilai) {
  const row = await ctx.db
    .selectFrom('nilai')
    .where('pelamar_id', '=', pelamarId)
    .where('komponen', '=', komponen)
    .select('nilai')
    .executeTakeFirst();
  return row ? Number(row.nilai) : null;
}

/** An objection by `oleh` about one component of its own score or of `terkait`'s, not answered. */
async function buat(oleh: Pelamar, komponen: KomponenNilai, terkait?: Pelamar): Promise<number> {
  const row = await ctx.db
    .insertInto('sanggah_nilai')
    .values({
      pelamar_id: oleh.id,
      instansi_id: oleh.instansiId,
      track: oleh.track,
      komponen,
      pelamar_terkait_id: terkait?.id ?? null,
      nilai_saat_diajukan: (await nilaiOf((terkait ?? oleh).id, komponen)) ?? 0,
      argumen: `Nilai ${komponen} tidak sesuai dengan hasil di layar akhir ujian.`,
      diajukan_at: sql`now() - interval '1 day'`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

const base = (track: string) => `/api/${track}/sanggah-nilai`;
const terima = (version: number, nilaiUsulan: number, alasan = 'Nilai dikoreksi sesuai log CAT.') => ({
  version,
  jawaban: 'DITERIMA',
  nilaiUsulan,
  alasan,
});
const tolak = (version: number) => ({ version, jawaban: 'DITOLAK', alasan: 'Nilai sudah sesuai log CAT.' });
const setujui = (version: number, status = 'DISETUJUI') => ({
  version,
  status,
  alasan: 'Sesuai berita acara pemeriksaan ulang.',
});

async function detail(username: string, track: string, id: number) {
  const res = await call(username, 'GET', `${base(track)}/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function eventsOf(pelamarId: number) {
  return ctx.db
    .selectFrom('audit_event')
    .where('entity', '=', 'pelamar')
    .where('entity_id', '=', String(pelamarId))
    .select(['action', 'actor_username', 'from_value', 'to_value', 'reason', 'details'])
    .orderBy('id')
    .execute();
}

async function setWindow(open: boolean) {
  await ctx.db
    .updateTable('jadwal_tahap')
    .set(
      open
        ? { mulai: sql`now() - interval '1 day'`, selesai: sql`now() + interval '30 days'` }
        : { mulai: sql`now() - interval '10 days'`, selesai: sql`now() - interval '2 days'` },
    )
    .where('tahap', '=', 'JAWAB_SANGGAH_NILAI')
    .execute();
}

/** The scores as seeded, restored before each test. */
let scores: { pelamar_id: number; instansi_id: number; komponen: KomponenNilai; nilai: string }[] = [];

beforeAll(async () => {
  filesDir = mkdtempSync(path.join(tmpdir(), 'berkas-'));
  ctx = await createTestApp({ loginRateLimitPerMinute: 10_000, filesDir });
  client = new TestClient(ctx.app);
  await seedAccounts(ctx.db);
  await seedApplicants(ctx.db, new FolderBerkasStore(filesDir), {
    seed: 17,
    withDocuments: true,
    blocks: [
      { instansiId: KEMENKES, track: 'nakes', applicants: 40 },
      { instansiId: BANDUNG, track: 'nakes', applicants: 20 },
      { instansiId: KEMENKUM, track: 'cpns', applicants: 30 },
      { instansiId: JATENG, track: 'pppk-guru', applicants: 20 },
    ],
  });
  const rows = await ctx.db
    .selectFrom('pelamar')
    .select(['id', 'instansi_id', 'track', 'formasi_id'])
    .orderBy('id')
    .execute();
  for (const row of rows) {
    const key = `${row.instansi_id}:${row.track}`;
    pelamar.set(key, [
      ...(pelamar.get(key) ?? []),
      { id: Number(row.id), instansiId: row.instansi_id, track: row.track, formasiId: Number(row.formasi_id) },
    ]);
  }
  scores = (await ctx.db.selectFrom('nilai').selectAll().execute()) as typeof scores;
  const second = await createUser(ctx.db, { instansiId: BKN, roles: ['ROLE_CEK_SANGGAH_WASDAL'] });
  wasdal2 = second.username;
  passwords.set(second.username, second.password);
  const supervisor = await createUser(ctx.db, { roles: ['ROLE_SUPERVISOR_PPPK_NAKES'], flags: { isPppkNakes: true } });
  otherSupervisor = supervisor.username;
  passwords.set(supervisor.username, supervisor.password);
}, 90_000);

afterAll(async () => {
  await ctx.close();
  rmSync(filesDir, { recursive: true, force: true });
});

beforeEach(async () => {
  await sql`DELETE FROM sanggah_nilai`.execute(ctx.db);
  await sql`DELETE FROM nilai`.execute(ctx.db);
  await ctx.db.insertInto('nilai').values(scores).execute();
  await setWindow(true);
});

/** Another applicant of the same formasi as `p`. */
function sesama(p: Pelamar): Pelamar {
  const other = pelamar.get(`${p.instansiId}:${p.track}`)?.find((q) => q.formasiId === p.formasiId && q.id !== p.id);
  if (!other) throw new Error('no other applicant in the formasi');
  return other;
}

describe('the score-objection list', () => {
  it('scopes by instansi, gives national roles every instansi with NIK masked, and filters', async () => {
    const own = of(KEMENKES, 'nakes', 0);
    const ids = [
      await buat(own, 'TEKNIS'),
      await buat(of(KEMENKES, 'nakes', 1), 'WAWANCARA'),
      await buat(of(KEMENKES, 'nakes', 2), 'AFIRMASI', sesama(of(KEMENKES, 'nakes', 2))),
    ];
    const elsewhere = await buat(of(BANDUNG, 'nakes', 0), 'TEKNIS');
    await ctx.db
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
    expect((await call(otherSupervisor, 'GET', `${base('nakes')}/${id}`)).statusCode).toBe(404);
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

    const events = (await eventsOf(oleh.id)).filter((event) => event.action.includes('NILAI'));
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
      (await eventsOf(pelamarId)).map((event) => event.action).filter((action) => action.includes('NILAI'));
    expect(await actions(oleh.id)).toEqual(['JAWAB_SANGGAH_NILAI', 'PERSETUJUAN_SANGGAH_NILAI']);
    expect(await actions(lain.id)).toEqual(['JAWAB_SANGGAH_NILAI', 'PERSETUJUAN_SANGGAH_NILAI', 'NILAI_DIUBAH']);
    const changed = (await eventsOf(lain.id)).at(-1);
    expect(changed).toMatchObject({ from_value: (lamaLain as number).toFixed(2), to_value: usulan.toFixed(2) });
    expect(changed?.details).toMatchObject({ sanggahNilaiId: id, komponen: 'TEKNIS' });
    // Its absent affirmation points can be granted too: the score row is added, the old value none.
    const afirmasi = await buat(oleh, 'AFIRMASI');
    expect((await call('supervisor.nakes', 'PUT', `${base('nakes')}/${afirmasi}`, terima(1, 45))).statusCode).toBe(200);
    const granted = await call('wasdal', 'PUT', `${base('nakes')}/${afirmasi}/persetujuan`, setujui(2));
    expect(granted.json()).toMatchObject({ status: 'DISETUJUI', nilaiLama: null, nilaiBaru: '45.00' });
    expect(await nilaiOf(oleh.id, 'AFIRMASI')).toBe(45);
  });

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
    expect((await detail(wasdal2, 'pppk-guru', id)).bolehSetujui).toBe(true);
    const approved = await call(wasdal2, 'PUT', `${url}/persetujuan`, setujui(2));
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await nilaiOf(oleh.id, 'TEKNIS')).toBe(lama + 10);
    const events = (await eventsOf(oleh.id)).filter((event) => event.action.includes('NILAI'));
    expect(events.map((event) => event.actor_username)).toEqual(['wasdal', wasdal2, wasdal2]);
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
    expect((await eventsOf(oleh.id)).filter((event) => event.action === 'JAWAB_SANGGAH_NILAI')).toHaveLength(1);
  });
});
