// The fixture of the applicant list tests (lists.test.ts, detail.test.ts): applicants with
// documents on every track at five instansi, and the calls of a list as the table sends them.

import { expect } from 'vitest';
import { useApiFixture } from '../../test/api-fixture.js';

/** A list body as the table sends it (spec §7), first 100 rows by id unless overridden. */
export const body = (overrides: Record<string, unknown> = {}) => ({
  filter: {},
  paginator: { page: 1, pageSize: 100, total: 0, pageSizes: [] },
  sorting: { column: 'id', direction: 'asc' },
  searchTerm: '',
  grouping: { selectedRowIds: [], itemIds: [] },
  ...overrides,
});

export function usePelamarFixture() {
  const api = useApiFixture({
    applicants: {
      seed: 11,
      blocks: [
        { instansiId: 3, track: 'cpns', applicants: 160 },
        { instansiId: 7, track: 'cpns', applicants: 40 },
        { instansiId: 4, track: 'pppk', applicants: 30 },
        { instansiId: 5, track: 'pppk-guru', applicants: 30 },
        { instansiId: 6, track: 'nakes', applicants: 30 },
        { instansiId: 7, track: 'nakes', applicants: 20 },
      ],
    },
  });

  const list = (username: string, url: string, payload: Record<string, unknown> = body()) =>
    api.call(username, 'POST', url, payload);

  async function rows(username: string, url: string, payload?: Record<string, unknown>) {
    const res = await list(username, url, payload);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      data: Record<string, unknown>[];
      recordsTotal: number;
      summaries: { statusVerifikasi: string; jumlah: number }[];
    };
  }

  return { api, list, rows };
}
