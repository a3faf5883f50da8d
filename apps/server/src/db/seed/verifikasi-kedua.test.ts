// Issue #34: the demo's second verifications give every figure of Mutu Verifikasi data – Kemenkum's
// CPNS verifier judged on enough pairs, with agreement and kappa as the pairs make them – and the
// second verifier has applicants waiting for them, shown as such on their dashboard and list.

import { beforeAll, describe, expect, it } from 'vitest';
import { useApiFixture } from '../../test/api-fixture.js';
import { catatKeputusanLama } from '../keputusan-lama.js';
import { attributeDecisions } from './jadwal.js';
import { seedVerifikasiKedua } from './verifikasi-kedua.js';

const api = useApiFixture({ applicants: { seed: 11, blocks: [{ instansiId: 3, track: 'cpns', applicants: 120 }] } });

let made = { pasangan: 0, menunggu: 0 };

beforeAll(async () => {
  await attributeDecisions(api.ctx.db);
  await catatKeputusanLama(api.ctx.db, { durasiContoh: true });
  made = await seedVerifikasiKedua(api.ctx.db);
});

describe('the demo’s second verifications (issue #34)', () => {
  it('judges Kemenkum’s verifier on 40 pairs, 35 agreeing', async () => {
    expect(made).toEqual({ pasangan: 40, menunggu: 3 });
    const res = await api.call('supervisor.cpns', 'GET', '/api/cpns/mutu-verifikasi');
    expect(res.statusCode, res.body).toBe(200);
    const rina = res.json().verifikator.find((v: { nama: string }) => v.nama === 'Rina Marlina');
    expect(rina).toMatchObject({ pasangan: 40, kesepakatan: 35 / 40, cukup: true });
    expect(rina.kappa).toBeGreaterThan(0);
    expect(rina.kappa).toBeLessThan(1);
    // Seeding again adds nothing.
    expect(await seedVerifikasiKedua(api.ctx.db)).toEqual({ pasangan: 0, menunggu: 0 });
  });

  it('leaves three applicants waiting for the second verifier, hidden from nobody but their first decision', async () => {
    const dashboard = (await api.call('verifikator.cpns', 'GET', '/api/dashboard')).json();
    const cpns = dashboard.sections.find((s: { track: string }) => s.track === 'cpns');
    expect(cpns.cards.find((c: { key: string }) => c.key === 'verifikasiKedua')?.value).toBe(0);
    // Their own agreement, of their decisions verified again.
    expect(cpns.cards.find((c: { key: string }) => c.key === 'kesepakatanSaya')).toMatchObject({
      value: 35,
      total: 40,
    });

    const list = await api.call('verifikator.cpns', 'POST', '/api/cpns/verifikator/filter', {
      filter: { statusVerifikasi: 'BELUM' },
      paginator: { page: 1, pageSize: 100 },
    });
    const mine = list
      .json()
      .data.filter((r: { verifikasiKedua: string | null }) => r.verifikasiKedua === 'KEPUTUSAN_SAYA');
    expect(mine).toHaveLength(3);
    for (const row of mine) expect(row).toMatchObject({ statusVerifikasi: 'BELUM', verifikatorNama: null });
  });
});
