// The fixture of the Non-ASN tests (nonasn.test.ts, nonasn-rekap.test.ts): unanswered records at
// Bogor, Jawa Tengah and Bandung; before each test every record unanswered again with its counters
// and the KONFIRMASI_NONASN window open. And the calls of the list, the dashboard and an answer.

import { beforeEach, expect } from 'vitest';
import { ensureJadwal } from '../../db/seed/jadwal.js';
import { recountNonAsn, seedNonAsn } from '../../db/seed/nonasn.js';
import { setWindow, useApiFixture } from '../../test/api-fixture.js';

export const BOGOR = 4; // admin.pppk
export const JATENG = 5; // admin.guru
export const BANDUNG = 7; // operator.multi (ROLE_ADMIN_PPPK_NAKES among others)

export const page = (filter: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) => ({
  filter,
  paginator: { page: 1, pageSize: 100 },
  sorting: { column: 'id', direction: 'asc' },
  ...extra,
});

export function useNonAsnFixture() {
  const api = useApiFixture({
    seed: async (api) => {
      await ensureJadwal(api.ctx.db);
      await seedNonAsn(
        api.ctx.db,
        [
          { instansiId: BOGOR, records: 40, unanswered: true },
          { instansiId: JATENG, records: 12, unanswered: true },
          { instansiId: BANDUNG, records: 8, unanswered: true },
        ],
        3,
      );
    },
  });
  const { call } = api;

  async function list(username: string, filter: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) {
    const res = await call(username, 'POST', '/api/pppk/nonasn/filter', page(filter, extra));
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      data: { id: number; nik: string; nama: string; statusKonfirmasi: string; instansi: { id: number } }[];
      recordsTotal: number;
      summaries: { statusKonfirmasi: string; jumlah: number }[];
    };
  }

  async function dashboard(username: string, body: Record<string, unknown> = {}) {
    const res = await call(username, 'POST', '/api/pppk/dashboard-konfirmasi/filter', {
      filter: {},
      paginator: { page: 1, pageSize: 100 },
      ...body,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      data: {
        id: string;
        instansi: { id: number };
        kategori: string;
        total: number;
        dikonfirmasi: number;
        tidakDiusulkan: number;
        belum: number;
        persen: number;
      }[];
      recordsTotal: number;
      summaries: {
        kategori: string | null;
        total: number;
        dikonfirmasi: number;
        tidakDiusulkan: number;
        belum: number;
      }[];
    };
  }

  async function idsOf(instansiId: number): Promise<number[]> {
    const rows = await api.ctx.db
      .selectFrom('nonasn')
      .where('instansi_id', '=', instansiId)
      .select('id')
      .orderBy('id')
      .execute();
    return rows.map((row) => Number(row.id));
  }

  async function versionOf(id: number): Promise<number> {
    const row = await api.ctx.db.selectFrom('nonasn').where('id', '=', id).select('version').executeTakeFirstOrThrow();
    return row.version;
  }

  const konfirmasi = (id: number, body: Record<string, unknown>, username = 'admin.pppk') =>
    call(username, 'PUT', `/api/pppk/nonasn/${id}`, body);

  beforeEach(async () => {
    await api.ctx.db
      .updateTable('nonasn')
      .set({ status_konfirmasi: 'BELUM', alasan: null, dikonfirmasi_oleh: null, dikonfirmasi_at: null, version: 1 })
      .execute();
    await recountNonAsn(api.ctx.db);
    await setWindow(api.ctx.db, 'KONFIRMASI_NONASN', true);
  });

  return { api, call, list, dashboard, idsOf, versionOf, konfirmasi };
}
