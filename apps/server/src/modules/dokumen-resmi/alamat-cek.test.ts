// Issue #31: the QR code of an official document points to PUBLIC_URL. Outside the demo nothing is
// issued while it points to this computer (unset defaults to http://localhost:PORT); the demo
// issues with a warning that the documents' panel shows.

import { DASAR_HUKUM_BAKU } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, TestClient } from '../../test/test-app.js';
import { alamatLokal } from './alamat-cek.js';

const pengumuman = {
  nomor: '800/1/UJI/2026',
  tanggal: '2026-11-24',
  dasarHukum: DASAR_HUKUM_BAKU,
  penandatangan: { jabatan: 'Ketua Panitia Seleksi', nama: 'Dr. Sri Rahayu, M.Si.', nip: '197501012000032001' },
};
const beritaAcara = { nomor: 'BA/1/2026', tanggal: '2026-11-24', penandatangan: [pengumuman.penandatangan] };

/** An app with a locked CPNS track of a new instansi and its admin signed in. */
async function portal(config: Parameters<typeof createTestApp>[0]) {
  const ctx = await createTestApp(config);
  const client = new TestClient(ctx.app);
  const admin = await createUser(ctx.db, { roles: ['ROLE_ADMIN_CPNS'], flags: { isCpns: true } });
  await ctx.db
    .insertInto('final_verifikasi')
    .values({ instansi_id: admin.instansiId, track: 'cpns', dikunci_oleh: admin.id })
    .execute();
  // Issue #31: documents are signed at the seat of the instansi, which its letterhead holds.
  await ctx.db
    .insertInto('instansi_kop')
    .values({ instansi_id: admin.instansiId, alamat: '', kota: 'Jakarta' })
    .execute();
  const token = await client.loginToken(admin.username, admin.password);
  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    client.request({ method, url: `/api/cpns/admin/dokumen-resmi${url}`, token, payload });
  return { ctx, call };
}

describe('where the QR code points (issue #31)', () => {
  let produksi: Awaited<ReturnType<typeof portal>>;
  let demo: Awaited<ReturnType<typeof portal>>;
  beforeAll(async () => {
    // Production: no demo accounts (PostgreSQL without SEED_DEMO); PUBLIC_URL left at its default.
    produksi = await portal({ seedDemo: false, publicUrl: 'http://localhost:3000' });
    demo = await portal({ seedDemo: true, publicUrl: 'http://localhost:3000' });
  }, 60_000);
  afterAll(async () => {
    await produksi?.ctx.close();
    await demo?.ctx.close();
  });

  it('refuses to issue outside the demo while PUBLIC_URL points to localhost, saying what to set', async () => {
    for (const [url, body] of [
      ['/pengumuman', pengumuman],
      ['/berita-acara', beritaAcara],
    ] as const) {
      const res = await produksi.call('POST', url, body);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({
        error: 'PUBLIC_URL_BELUM_DIATUR',
        message:
          'Atur PUBLIC_URL ke alamat portal yang dapat dijangkau publik sebelum menerbitkan dokumen resmi; kode QR pada dokumen menunjuk ke alamat itu.',
      });
    }
    const status = (await produksi.call('GET', '')).json();
    expect(status).toMatchObject({
      terkunci: true,
      dokumen: [],
      peringatanAlamat: expect.stringMatching(/PUBLIC_URL/),
    });
  });

  it('issues in the demo, with a warning on the panel', async () => {
    const status = (await demo.call('GET', '')).json();
    expect(status.peringatanAlamat).toMatch(/http:\/\/localhost:3000.*Atur PUBLIC_URL/);
    const made = await demo.call('POST', '/berita-acara', beritaAcara);
    expect(made.statusCode, made.body).toBe(201);
  });

  it('tells a local address from a public one', () => {
    for (const url of ['http://localhost:3000', 'http://127.0.0.1', 'http://[::1]:8080', 'http://portal.localhost']) {
      expect(alamatLokal(url), url).toBe(true);
    }
    for (const url of ['https://portal.bkn.go.id', 'http://10.1.2.3:3000']) expect(alamatLokal(url), url).toBe(false);
  });
});
