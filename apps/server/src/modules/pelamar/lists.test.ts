// Applicant lists (issue #3) against a real database seeded by the generator: authorisation for
// every demo account on every list, instansi scoping (also through search), each filter, sorting,
// paging bounds, search cases, bad bodies and summaries.
// Detail, documents and exports: detail.test.ts.

import {
  allowedPages,
  canOpen,
  DEMO_ACCOUNTS,
  demoMenuPrincipal,
  PAGE_SIZES,
  PELAMAR_LISTS,
  type PelamarList,
  pelamarListUrl,
  TRACK_IDS,
  TRACK_SCREENS,
} from '@portal/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { userIdOf } from '../../test/api-fixture.js';
import { createUser } from '../../test/test-app.js';
import { body, usePelamarFixture } from './fixture.js';

const { api, list, rows } = usePelamarFixture();

describe('authorisation', () => {
  const routes = TRACK_IDS.flatMap((track) =>
    Object.entries(PELAMAR_LISTS)
      .filter(([, screen]) => (TRACK_SCREENS[track] as readonly string[]).includes(screen))
      .map(([name, screen]) => ({
        url: `/api${pelamarListUrl(track, name as PelamarList, '/filter')}`,
        page: `/${track}/${screen}`,
      })),
  );

  it('answers every list to exactly the accounts whose menu has its page', async () => {
    expect(routes.length).toBe(20);
    for (const account of DEMO_ACCOUNTS.filter((candidate) => !candidate.totp)) {
      const menus = allowedPages(demoMenuPrincipal(account));
      for (const route of routes) {
        const res = await list(account.username, route.url, body({ paginator: { page: 1, pageSize: 3 } }));
        expect(`${account.username} ${route.url} ${res.statusCode}`).toBe(
          `${account.username} ${route.url} ${canOpen(route.page, menus) ? 200 : 403}`,
        );
      }
    }
  }, 120_000);

  it('refuses without a session', async () => {
    const res = await api.client.request({ method: 'POST', url: '/api/cpns/admin/filter', payload: body() });
    expect(res.statusCode).toBe(401);
  });
});

describe('instansi scope', () => {
  it('shows only the caller’s instansi, also through search', async () => {
    const own = await rows('admin.cpns', '/api/cpns/admin/filter');
    expect(own.recordsTotal).toBe(160);
    expect(new Set(own.data.map((row) => (row.instansi as { id: number }).id))).toEqual(new Set([3]));

    const other = await api.ctx.db
      .selectFrom('pelamar')
      .select(['nik', 'nama'])
      .where('instansi_id', '=', 7)
      .where('track', '=', 'cpns')
      .executeTakeFirstOrThrow();
    expect((await rows('admin.cpns', '/api/cpns/admin/filter', body({ searchTerm: other.nik }))).recordsTotal).toBe(0);
    const multi = await rows('operator.multi', '/api/cpns/verifikator/filter', body({ searchTerm: other.nik }));
    expect(multi.recordsTotal).toBe(1);
  });

  it('national roles see every instansi', async () => {
    const national = await createUser(api.ctx.db, {
      roles: ['ROLE_ADMIN_CPNS', 'ROLE_MONITORING_MENPAN'],
      flags: { isCpns: true },
    });
    api.passwords.set(national.username, national.password);
    await api.tokenOf(national.username);
    const all = await rows(national.username, '/api/cpns/admin/filter', body());
    expect(all.recordsTotal).toBe(200);
    // Name search uses the track-wide tokens for national roles, the instansi's own otherwise.
    const other = await api.ctx.db
      .selectFrom('pelamar')
      .select(['id', 'nama'])
      .where('instansi_id', '=', 7)
      .where('track', '=', 'cpns')
      .executeTakeFirstOrThrow();
    const word = other.nama.split(' ').at(-1) ?? '';
    const nationwide = await rows(national.username, '/api/cpns/admin/filter', body({ searchTerm: word }));
    expect(nationwide.data.map((row) => row.id)).toContain(Number(other.id));
    const own = await rows('admin.cpns', '/api/cpns/admin/filter', body({ searchTerm: word }));
    expect(own.data.every((row) => (row.instansi as { id: number }).id === 3)).toBe(true);
    expect(own.recordsTotal).toBeLessThan(nationwide.recordsTotal);
  });

  it('masks NIKs for monitoring roles only', async () => {
    const [admin] = (await rows('admin.cpns', '/api/cpns/admin/filter', body({ paginator: { page: 1, pageSize: 3 } })))
      .data;
    const [monitor] = (
      await rows('monitor.cpns', '/api/cpns/admin/filter', body({ paginator: { page: 1, pageSize: 3 } }))
    ).data;
    expect(admin?.nik).toMatch(/^\d{16}$/);
    expect(monitor?.nik).toBe(`${String(admin?.nik).slice(0, 6)}******${String(admin?.nik).slice(12)}`);
  });
});

describe('filters, sorting, paging, search', () => {
  const url = '/api/cpns/admin/filter';
  const truth = async (where: string) => {
    const { rows: found } = await sql<{ id: number }>`
      SELECT p.id::int AS id FROM pelamar p JOIN formasi f ON f.id = p.formasi_id
      WHERE p.instansi_id = 3 AND p.track = 'cpns' AND ${sql.raw(where)} ORDER BY p.id
    `.execute(api.ctx.db);
    return found.map((row) => row.id);
  };

  it('filters by each key exactly', async () => {
    const sample = await api.ctx.db
      .selectFrom('pelamar as p')
      .innerJoin('formasi as f', 'f.id', 'p.formasi_id')
      .select(['f.jabatan_kode', 'f.lokasi_kode', 'f.pendidikan_kode', 'f.jenis_formasi', 'p.id'])
      .where('p.instansi_id', '=', 3)
      .orderBy('p.id')
      .executeTakeFirstOrThrow();
    const verifierId = await userIdOf(api.ctx.db, 'verifikator.cpns');
    await api.ctx.db
      .updateTable('pelamar')
      .set({ verifikator_id: verifierId, status_supervisi: 'DIKEMBALIKAN' })
      .where('id', '=', sample.id)
      .execute();
    const cases: [Record<string, unknown>, string][] = [
      [{ statusVerifikasi: 'TMS' }, `p.status_verifikasi = 'TMS'`],
      [{ statusSupervisi: 'DIKEMBALIKAN' }, `p.status_supervisi = 'DIKEMBALIKAN'`],
      [{ jabatanKode: sample.jabatan_kode }, `f.jabatan_kode = '${sample.jabatan_kode}'`],
      [{ lokasiKode: sample.lokasi_kode }, `f.lokasi_kode = '${sample.lokasi_kode}'`],
      [{ pendidikanKode: sample.pendidikan_kode }, `f.pendidikan_kode = '${sample.pendidikan_kode}'`],
      [{ jenisFormasi: sample.jenis_formasi }, `f.jenis_formasi = '${sample.jenis_formasi}'`],
      [
        { tglDaftarDari: '2024-08-25', tglDaftarSampai: '2024-09-05' },
        `p.tgl_daftar BETWEEN '2024-08-25' AND '2024-09-05'`,
      ],
      [{ verifikatorId: verifierId }, `p.verifikator_id = ${verifierId}`],
    ];
    for (const [filter, where] of cases) {
      const expected = await truth(where);
      const answer = await rows('admin.cpns', url, body({ filter }));
      expect(
        answer.data.map((row) => row.id),
        JSON.stringify(filter),
      ).toEqual(expected);
      expect(answer.recordsTotal).toBe(expected.length);
      expect(expected.length).toBeGreaterThan(0);
    }
  });

  it('sorts both ways on every column, ties broken by id', async () => {
    for (const column of ['nama', 'noPeserta', 'tglDaftar', 'statusVerifikasi']) {
      const asc = (
        await rows(
          'admin.cpns',
          url,
          body({ sorting: { column, direction: 'asc' }, paginator: { page: 1, pageSize: 100 } }),
        )
      ).data;
      const desc = (
        await rows(
          'admin.cpns',
          url,
          body({ sorting: { column, direction: 'desc' }, paginator: { page: 1, pageSize: 100 } }),
        )
      ).data;
      const key = (row: Record<string, unknown>) => String(row[column]).toLowerCase();
      for (let i = 1; i < asc.length; i += 1) {
        const [a, b] = [asc[i - 1] as Record<string, unknown>, asc[i] as Record<string, unknown>];
        expect(key(a) < key(b) || (key(a) === key(b) && Number(a.id) < Number(b.id)), `${column} asc`).toBe(true);
      }
      expect(desc[0]?.id).not.toBe(asc[0]?.id);
    }
  });

  it('pages through every row once, in every page size; past the end is empty', async () => {
    for (const pageSize of PAGE_SIZES) {
      const seen: unknown[] = [];
      for (let page = 1; page <= Math.ceil(160 / pageSize); page += 1) {
        const answer = await rows('admin.cpns', url, body({ paginator: { page, pageSize } }));
        expect(answer.data.length).toBe(Math.min(pageSize, 160 - (page - 1) * pageSize));
        seen.push(...answer.data.map((row) => row.id));
      }
      expect(new Set(seen).size).toBe(160);
    }
    const past = await rows('admin.cpns', url, body({ paginator: { page: 99, pageSize: 100 } }));
    expect(past).toMatchObject({ data: [], recordsTotal: 160 });
  });

  it('finds names by the start of any word, without case or diacritics; NIK and nomor peserta by digits', async () => {
    const target = await api.ctx.db
      .selectFrom('pelamar')
      .select(['id', 'nik', 'no_peserta'])
      .where('instansi_id', '=', 3)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    await api.ctx.db
      .updateTable('pelamar')
      .set({ nama: 'Śiti Nurhalizá Qwertyani' })
      .where('id', '=', target.id)
      .execute();
    for (const term of ['NURHAL', 'siti nurh', 'qwerty', 'Qwértyani']) {
      const found = await rows('admin.cpns', url, body({ searchTerm: term }));
      expect(
        found.data.map((row) => row.id),
        term,
      ).toContain(Number(target.id));
    }
    expect((await rows('admin.cpns', url, body({ searchTerm: 'urhaliza' }))).data.map((row) => row.id)).not.toContain(
      Number(target.id),
    );
    expect((await rows('admin.cpns', url, body({ searchTerm: target.nik }))).data.map((row) => row.id)).toEqual([
      Number(target.id),
    ]);
    expect((await rows('admin.cpns', url, body({ searchTerm: target.no_peserta }))).data.map((row) => row.id)).toEqual([
      Number(target.id),
    ]);
    const prefix = await rows('admin.cpns', url, body({ searchTerm: target.no_peserta.slice(0, 6) }));
    expect(prefix.recordsTotal).toBe(160);
    expect((await rows('admin.cpns', url, body({ searchTerm: '100%_' }))).recordsTotal).toBe(0);
  });

  it('keeps each list to its own rows', async () => {
    const belum = await rows('verifikator.cpns', '/api/cpns/verifikator/filter');
    expect(belum.data.every((row) => row.statusVerifikasi === 'BELUM')).toBe(true);
    expect(belum.recordsTotal).toBe((await truth(`p.status_verifikasi = 'BELUM'`)).length);
    // The verifier's recap ("my-verifier" mode) holds exactly what this verifier decided.
    const verifierId = await userIdOf(api.ctx.db, 'verifikator.cpns');
    const mine = await api.ctx.db
      .updateTable('pelamar')
      .set({ verifikator_id: verifierId })
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('pelamar')
          .select('id')
          .where('instansi_id', '=', 3)
          .where('status_verifikasi', '<>', 'BELUM')
          .orderBy('id')
          .limit(5),
      )
      .returning('id')
      .execute();
    const done = await rows('verifikator.cpns', '/api/cpns/verifikator/filter?mode=my-verifier');
    expect(done.recordsTotal).toBe(5);
    expect(done.data.map((row) => row.id).sort()).toEqual(mine.map((row) => Number(row.id)).sort());
    expect(done.data.every((row) => row.statusVerifikasi !== 'BELUM')).toBe(true);
  });

  it('returns summaries per status matching the rows, for the whole view and a filtered one', async () => {
    const whole = await rows('admin.cpns', url);
    for (const summary of whole.summaries) {
      expect(summary.jumlah).toBe((await truth(`p.status_verifikasi = '${summary.statusVerifikasi}'`)).length);
    }
    const filtered = await rows('admin.cpns', url, body({ searchTerm: 'a', filter: { statusVerifikasi: 'MS' } }));
    const ms = filtered.summaries.find((summary) => summary.statusVerifikasi === 'MS');
    expect(filtered.recordsTotal).toBe(ms?.jumlah);
    expect(filtered.data.every((row) => row.statusVerifikasi === 'MS')).toBe(true);
  });
});

describe('bad bodies', () => {
  it.each([
    [{ filter: { rahasia: 1 } }, 'body.filter'],
    [{ sorting: { column: 'password', direction: 'asc' } }, 'body.sorting.column'],
    [{ sorting: { column: 'nama', direction: 'naik' } }, 'body.sorting.direction'],
    [{ paginator: { page: 1, pageSize: 7 } }, 'body.paginator.pageSize'],
    [{ paginator: { page: 0, pageSize: 10 } }, 'body.paginator.page'],
    [{ paginator: undefined }, 'body.paginator'],
    [{ filter: { tglDaftarDari: '20-08-2024' } }, 'body.filter.tglDaftarDari'],
    [{ filter: { statusVerifikasi: 'LULUS' } }, 'body.filter.statusVerifikasi'],
  ])('%j → 400 naming %s', async (overrides, field) => {
    const res = await list('admin.cpns', '/api/cpns/admin/filter', body(overrides));
    expect(res.statusCode).toBe(400);
    const answer = res.json();
    expect(answer.error).toBe('VALIDATION_ERROR');
    expect(answer.details.map((detail: { field: string }) => detail.field)).toContain(field);
  });
});
