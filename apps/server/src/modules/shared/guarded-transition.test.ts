// The guarded transition against a real database (PGlite, or PostgreSQL at DATABASE_URL): each
// refusal with its code and nothing written, the order of the checks, the write (version, audit
// event, counters' deltas) in one statement after the locked read, the roll-up of the deltas, and
// the verifier's save still two statements. The services' own rules are tested beside them.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Kysely, type KyselyPlugin, sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DB } from '../../db/schema.js';
import { seedAccounts } from '../../db/seed/accounts.js';
import { seedApplicants } from '../../db/seed/applicants.js';
import { ensureJadwal } from '../../db/seed/jadwal.js';
import { transaction } from '../../db/transaction.js';
import { AppError, forbidden } from '../../errors.js';
import { FolderBerkasStore } from '../../storage/folder-berkas-store.js';
import { createTestDb, type TestDb } from '../../test/test-app.js';
import type { Actor } from '../audit/audit.js';
import { kunciUndian } from '../mutu/sampel.js';
import { ambilPelamar } from '../verifikasi/claim.js';
import { putusVerifikasi } from '../verifikasi/service.js';
import { nonAsnDelta, rollUpCounters } from './counter-deltas.js';
import { guardedTransition, type Transition } from './guarded-transition.js';
import { statusSummary } from './status-summary.js';

const INSTANSI = 8;
let testDb: TestDb;
let db: Kysely<DB>;
let filesDir: string;
let actor: Actor;
let nextNik = 3_171_000_000_000_000;

/** Every statement a database handle sends, by its SQL (BEGIN and COMMIT are the driver's own). */
function counting(target: Kysely<DB>) {
  const sent: string[] = [];
  const plugin: KyselyPlugin = {
    transformQuery: (args) => {
      sent.push(args.node.kind);
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  return { db: target.withPlugin(plugin), sent };
}

/** Factory: one Non-ASN record of the instansi, waiting for its answer. */
async function nonAsn(): Promise<number> {
  const row = await db
    .insertInto('nonasn')
    .values({
      instansi_id: INSTANSI,
      nik: String(nextNik++),
      nama: 'Siti Uji',
      tempat_lahir: 'Sorong',
      tanggal_lahir: '1990-01-01',
      unit_kerja: 'Dinas Uji',
      jabatan: 'Pengadministrasi',
      masa_kerja_bulan: 60,
      kategori: 'R2',
      no_sk: 'SK-1',
      tgl_sk: '2020-01-01',
      sumber_dana: 'APBD',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

const recordOf = (id: number) => db.selectFrom('nonasn').where('id', '=', id).selectAll().executeTakeFirstOrThrow();
const eventsOf = (id: number) =>
  db.selectFrom('audit_event').where('entity', '=', 'nonasn').where('entity_id', '=', String(id)).selectAll().execute();
const deltasOf = () =>
  db
    .selectFrom('nonasn_count_delta')
    .where('instansi_id', '=', INSTANSI)
    .select(['status_konfirmasi', 'delta'])
    .orderBy('id')
    .execute();

/** The Non-ASN answer as a test describes it; `overrides` change one part of the description. */
function answer(
  trx: Parameters<typeof guardedTransition>[0],
  id: number,
  seen: number | undefined,
  overrides: Partial<Transition<'nonasn', { version: number; status_konfirmasi: string; kategori: 'R2' }>> = {},
) {
  return guardedTransition(trx, {
    table: 'nonasn',
    id,
    select: trx
      .selectFrom('nonasn')
      .where('id', '=', id)
      .where('instansi_id', '=', INSTANSI)
      .select(['version', 'status_konfirmasi', sql<'R2'>`kategori`.as('kategori')]),
    notFound: 'Data uji tidak ditemukan.',
    window: { track: 'pppk', tahap: 'KONFIRMASI_NONASN' },
    state: (row) => {
      if (row.status_konfirmasi !== 'BELUM') throw new AppError(409, 'SUDAH_DIJAWAB', 'Sudah dijawab.');
    },
    version: { seen, message: 'Versi lama.' },
    write: (row) => ({
      set: { status_konfirmasi: 'DIKONFIRMASI' as const, dikonfirmasi_oleh: actor.id, dikonfirmasi_at: sql`now()` },
      audit: [
        {
          action: 'UJI_TRANSISI',
          actorId: actor.id,
          actorUsername: actor.username,
          instansiId: INSTANSI,
          entity: 'nonasn',
          entityId: id,
          from: row.status_konfirmasi,
          to: 'DIKONFIRMASI',
        },
      ],
      counters: nonAsnDelta({ instansiId: INSTANSI, kategori: row.kategori }, 'BELUM', 'DIKONFIRMASI'),
    }),
    ...overrides,
  });
}

async function refusal(work: Promise<unknown>): Promise<AppError> {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

async function setWindow(open: 'open' | 'past' | 'none') {
  await db.deleteFrom('jadwal_tahap').where('track', '=', 'pppk').where('tahap', '=', 'KONFIRMASI_NONASN').execute();
  if (open === 'none') return;
  await db
    .insertInto('jadwal_tahap')
    .values({
      track: 'pppk',
      tahap: 'KONFIRMASI_NONASN',
      mulai: open === 'open' ? sql`now() - interval '1 day'` : sql`now() - interval '10 days'`,
      selesai: open === 'open' ? sql`now() + interval '1 day'` : sql`now() - interval '5 days'`,
    })
    .execute();
}

beforeAll(async () => {
  testDb = await createTestDb();
  db = testDb.db;
  filesDir = mkdtempSync(path.join(tmpdir(), 'berkas-'));
  await seedAccounts(db);
  await ensureJadwal(db);
  await seedApplicants(db, new FolderBerkasStore(filesDir), {
    seed: 3,
    withDocuments: true,
    blocks: [{ instansiId: INSTANSI, track: 'cpns', applicants: 2, undecided: true }],
  });
  const user = await db
    .selectFrom('app_user')
    .where('instansi_id', '=', INSTANSI)
    .select(['id', 'username'])
    .orderBy('id')
    .executeTakeFirstOrThrow();
  actor = { id: user.id, username: user.username, instansiId: INSTANSI };
}, 120_000);

afterAll(async () => {
  await testDb.close();
  rmSync(filesDir, { recursive: true, force: true });
});

describe('guarded transition', () => {
  beforeEach(async () => {
    await setWindow('open');
    await sql`DELETE FROM nonasn_count_delta`.execute(db);
  });

  it('writes the change with the version bumped, its audit event and the counters’ deltas', async () => {
    const id = await nonAsn();
    const { db: counted, sent } = counting(db);
    const done = await transaction(counted, (trx) => answer(trx, id, 1));
    expect(done.version).toBe(2);
    expect(done.row).toMatchObject({ version: 1, status_konfirmasi: 'BELUM' });
    // The locked read (with the window) and one statement for the rest.
    expect(sent).toEqual(['SelectQueryNode', 'UpdateQueryNode']);
    expect(await recordOf(id)).toMatchObject({
      version: 2,
      status_konfirmasi: 'DIKONFIRMASI',
      dikonfirmasi_oleh: actor.id,
    });
    const events = await eventsOf(id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      action: 'UJI_TRANSISI',
      actor_id: actor.id,
      from_value: 'BELUM',
      to_value: 'DIKONFIRMASI',
      instansi_id: INSTANSI,
    });
    expect(await deltasOf()).toEqual([
      { status_konfirmasi: 'BELUM', delta: -1 },
      { status_konfirmasi: 'DIKONFIRMASI', delta: 1 },
    ]);
  });

  it('refuses a stale version with 409 KONFLIK_VERSI naming the current one, and writes nothing', async () => {
    const id = await nonAsn();
    await transaction(db, (trx) => answer(trx, id, 1, { state: () => {} }));
    // The loser of two saves on the same version.
    const error = await refusal(transaction(db, (trx) => answer(trx, id, 1, { state: () => {} })));
    expect(error).toMatchObject({ statusCode: 409, code: 'KONFLIK_VERSI', message: 'Versi lama.' });
    expect(error.details).toEqual({ version: 2 });
    expect((await recordOf(id)).version).toBe(2);
    expect(await eventsOf(id)).toHaveLength(1);
    expect(await deltasOf()).toHaveLength(2);
  });

  it('refuses a state the change does not start from with the state’s own code', async () => {
    const id = await nonAsn();
    await transaction(db, (trx) => answer(trx, id, 1));
    const error = await refusal(transaction(db, (trx) => answer(trx, id, 2)));
    expect(error).toMatchObject({ statusCode: 409, code: 'SUDAH_DIJAWAB' });
    expect((await recordOf(id)).version).toBe(2);
    expect(await eventsOf(id)).toHaveLength(1);
  });

  it('refuses outside the window (403 DI_LUAR_JADWAL naming it) and without one, writing nothing', async () => {
    const id = await nonAsn();
    await setWindow('past');
    const outside = await refusal(transaction(db, (trx) => answer(trx, id, 1)));
    expect(outside).toMatchObject({ statusCode: 403, code: 'DI_LUAR_JADWAL' });
    expect(outside.message).toMatch(/^Di luar jadwal .* WIB\)\.$/);
    await setWindow('none');
    const unset = await refusal(transaction(db, (trx) => answer(trx, id, 1)));
    expect(unset).toMatchObject({ statusCode: 403, code: 'DI_LUAR_JADWAL' });
    expect(unset.message).toMatch(/belum ditetapkan/);
    // No window asked for (a bulk action checked it once before): the change goes through.
    expect((await transaction(db, (trx) => answer(trx, id, 1, { window: undefined }))).version).toBe(2);
    expect(await eventsOf(id)).toHaveLength(1);
  });

  it('answers 404 with the description’s message for a record outside the scope', async () => {
    const error = await refusal(transaction(db, (trx) => answer(trx, 987_654_321, 1)));
    expect(error).toMatchObject({ statusCode: 404, code: 'NOT_FOUND', message: 'Data uji tidak ditemukan.' });
  });

  it('checks who, then the window, then the state, then the version, then the request', async () => {
    const id = await nonAsn();
    await transaction(db, (trx) => answer(trx, id, 1));
    await setWindow('past');
    const deny = () => {
      throw forbidden('Bukan untuk Anda.');
    };
    const reject = () => {
      throw new AppError(400, 'VALIDATION_ERROR', 'Permintaan salah.');
    };
    // Every check would refuse: the first one in the order answers.
    const first = (overrides: Parameters<typeof answer>[3]) =>
      refusal(transaction(db, (trx) => answer(trx, id, 1, { check: reject, ...overrides })));
    expect((await first({ authorize: deny })).code).toBe('FORBIDDEN');
    expect((await first({})).code).toBe('DI_LUAR_JADWAL');
    await setWindow('open');
    expect((await first({})).code).toBe('SUDAH_DIJAWAB');
    expect((await first({ state: () => {} })).code).toBe('KONFLIK_VERSI');
    const last = await refusal(transaction(db, (trx) => answer(trx, id, 2, { state: () => {}, check: reject })));
    expect(last.code).toBe('VALIDATION_ERROR');
    expect((await recordOf(id)).version).toBe(2);
  });

  it('lets a change without a version answer what the record is now (bulk actions)', async () => {
    const id = await nonAsn();
    const done = await transaction(db, (trx) => answer(trx, id, undefined));
    expect(done.version).toBe(2);
  });

  it('rolls the counters’ deltas into the counters, once', async () => {
    for (const id of [await nonAsn(), await nonAsn()]) await transaction(db, (trx) => answer(trx, id, 1));
    const counter = [
      { count: 'nonasn_count', delta: 'nonasn_count_delta', keys: ['instansi_id', 'kategori', 'status_konfirmasi'] },
    ] as const;
    const before = await db
      .selectFrom('nonasn_count')
      .where('instansi_id', '=', INSTANSI)
      .select(['status_konfirmasi', 'jumlah'])
      .execute();
    const jumlah = (rows: typeof before, status: string) =>
      Number(rows.find((row) => row.status_konfirmasi === status)?.jumlah ?? 0);
    expect(await rollUpCounters(db, 727299, counter)).toBe(2);
    expect(await deltasOf()).toEqual([]);
    const after = await db
      .selectFrom('nonasn_count')
      .where('instansi_id', '=', INSTANSI)
      .select(['status_konfirmasi', 'jumlah'])
      .execute();
    expect(jumlah(after, 'DIKONFIRMASI') - jumlah(before, 'DIKONFIRMASI')).toBe(2);
    expect(jumlah(after, 'BELUM') - jumlah(before, 'BELUM')).toBe(-2);
    expect(await rollUpCounters(db, 727299, counter)).toBe(0);
  });
});

describe('the verifier’s save through the transition', () => {
  it('is still the locked read and one UPDATE carrying the audit events, both counters’ deltas and the decision’s record', async () => {
    const scope = { track: 'cpns' as const, instansiId: INSTANSI, klaimMenit: 30 };
    const pelamar = await db
      .selectFrom('pelamar')
      .where('instansi_id', '=', INSTANSI)
      .where('track', '=', 'cpns')
      .select(['id', 'version'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const dokumen = await db.selectFrom('dokumen').where('pelamar_id', '=', pelamar.id).select('id').execute();
    await ambilPelamar(db, scope, actor, pelamar.id);
    const { db: counted, sent } = counting(db);
    // The installation's key of the sample's draw is read once per process (issue #34), not per save.
    await kunciUndian(counted);
    sent.length = 0;
    const saved = await putusVerifikasi(counted, scope, actor, pelamar.id, {
      version: pelamar.version,
      statusVerifikasi: 'MS',
      cekDokumen: dokumen.map((d) => ({ dokumenId: Number(d.id), sesuai: true, alasan: null })),
      alasanTms: [],
      catatan: null,
    });
    expect(saved.version).toBe(pelamar.version + 1);
    expect(sent).toEqual(['SelectQueryNode', 'UpdateQueryNode']);
    const deltas = await db
      .selectFrom('pelamar_status_delta')
      .where('instansi_id', '=', INSTANSI)
      .select(['status_verifikasi', 'delta'])
      .execute();
    expect(deltas).toEqual(
      expect.arrayContaining([
        { status_verifikasi: 'BELUM', delta: -1 },
        { status_verifikasi: 'MS', delta: 1 },
      ]),
    );
    const supervisi = await db
      .selectFrom('pelamar_supervisi_delta')
      .where('instansi_id', '=', INSTANSI)
      .select(['status_supervisi', 'delta'])
      .execute();
    expect(supervisi).toEqual([{ status_supervisi: 'MENUNGGU', delta: 1 }]);
    const events = await db
      .selectFrom('audit_event')
      .where('entity', '=', 'pelamar')
      .where('entity_id', '=', String(pelamar.id))
      .where('action', 'in', ['CEK_DOKUMEN', 'VERIFIKASI'])
      .select('action')
      .execute();
    expect(events.map((e) => e.action).sort()).toEqual([...dokumen.map(() => 'CEK_DOKUMEN'), 'VERIFIKASI'].sort());
    const records = await db
      .selectFrom('keputusan_verifikasi')
      .where('pelamar_id', '=', pelamar.id)
      .select(['hasil', 'verifikator_id'])
      .execute();
    expect(records).toEqual([{ hasil: 'MS', verifikator_id: actor.id }]);
  });
});

describe('status summary', () => {
  const counts = new Map([
    ['BELUM', 3],
    ['MS', 5],
  ]);

  it('counts every status of the list, zero where none, and totals the chosen one or all', () => {
    expect(statusSummary('statusVerifikasi', ['BELUM', 'MS', 'TMS'], counts, undefined)).toEqual({
      recordsTotal: 8,
      summaries: [
        { statusVerifikasi: 'BELUM', jumlah: 3 },
        { statusVerifikasi: 'MS', jumlah: 5 },
        { statusVerifikasi: 'TMS', jumlah: 0 },
      ],
    });
    expect(statusSummary('status', ['BELUM', 'MS', 'TMS'], counts, 'MS').recordsTotal).toBe(5);
  });

  it('leaves out of the total what the list cannot hold', () => {
    expect(statusSummary('status', ['MS', 'TMS'], counts, undefined)).toEqual({
      recordsTotal: 5,
      summaries: [
        { status: 'MS', jumlah: 5 },
        { status: 'TMS', jumlah: 0 },
      ],
    });
  });
});
