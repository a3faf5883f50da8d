// The stage windows: the seeded schedule, GET /api/jadwal, and the refusal outside a window.

import { TAHAP, TRACK_IDS } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureJadwal } from '../../db/seed/jadwal.js';
import { createTestApp, createUser, TestClient, type TestContext } from '../../test/test-app.js';
import { requireWindow } from './window.js';

let ctx: TestContext;
let client: TestClient;

beforeAll(async () => {
  ctx = await createTestApp();
  client = new TestClient(ctx.app);
  await ensureJadwal(ctx.db);
});
afterAll(() => ctx.close());

describe('jadwal tahap', () => {
  it('gives every signed-in user every stage of every track, and nobody else', async () => {
    expect((await client.request({ url: '/api/jadwal' })).statusCode).toBe(401);
    const user = await createUser(ctx.db);
    const token = await client.loginToken(user.username, user.password);
    const res = await client.request({ url: '/api/jadwal', token });
    expect(res.statusCode).toBe(200);
    const rows = res.json() as { track: string; tahap: string; mulai: string; selesai: string }[];
    expect(rows).toHaveLength(TRACK_IDS.length * TAHAP.length);
    const sanggah = rows.find((row) => row.track === 'nakes' && row.tahap === 'JAWAB_SANGGAH');
    expect(new Date(sanggah?.mulai ?? 0).getTime()).toBeLessThan(Date.now());
    expect(new Date(sanggah?.selesai ?? 0).getTime()).toBeGreaterThan(Date.now());
  });

  it('refuses outside the window, naming it, and when no window is set', async () => {
    await expect(requireWindow(ctx.db, 'cpns', 'JAWAB_SANGGAH')).resolves.toBeUndefined();
    await ctx.db
      .updateTable('jadwal_tahap')
      .set({ mulai: '2024-10-01T00:00:00+07:00', selesai: '2024-10-03T23:59:00+07:00' })
      .where('track', '=', 'cpns')
      .where('tahap', '=', 'JAWAB_SANGGAH')
      .execute();
    await expect(requireWindow(ctx.db, 'cpns', 'JAWAB_SANGGAH')).rejects.toMatchObject({
      statusCode: 403,
      code: 'DI_LUAR_JADWAL',
      message: expect.stringMatching(/^Di luar jadwal jawab sanggah CPNS \(1 Oktober 2024.*3 Oktober 2024.*WIB\)\.$/),
    });
    await ctx.db.deleteFrom('jadwal_tahap').where('track', '=', 'pppk').where('tahap', '=', 'AFIRMASI').execute();
    await expect(requireWindow(ctx.db, 'pppk', 'AFIRMASI')).rejects.toMatchObject({
      code: 'DI_LUAR_JADWAL',
      message: 'Jadwal validasi afirmasi PPPK Teknis belum ditetapkan.',
    });
  });
});
