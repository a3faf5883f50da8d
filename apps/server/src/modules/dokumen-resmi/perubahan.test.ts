// Issue #31: a change is a new document naming the one it amends — the minutes like the
// announcement — and an amendment always names the latest: when another document of its kind was
// recorded while it was being made, it is refused (409) and nothing of it is kept.

import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FolderBerkasStore } from '../../storage/folder-berkas-store.js';
import { buatPengumuman } from './service.js';
import { penandaTangan } from './tte.js';
import { BERITA_ACARA, INSTANSI, PENGUMUMAN, siapkanDokumen, terbitkan, type UjiDokumen } from './uji-dokumen.js';

let u: UjiDokumen;

beforeAll(async () => {
  u = await siapkanDokumen({ applicants: 24, seed: 37 });
}, 90_000);

afterAll(() => u.close());

const teks = (bytes: Buffer) => {
  const file = path.join(u.dir, `p-${Math.random()}.pdf`);
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', file, '-']).toString();
};

describe('amendments (issue #31)', () => {
  it('makes later minutes an amendment of the latest minutes, which stay as issued', async () => {
    const first = await terbitkan(u.ctx, u.client, u.token, 'berita-acara');
    expect(teks(first.bytes)).not.toContain('PERUBAHAN ATAS');

    const second = await terbitkan(u.ctx, u.client, u.token, 'berita-acara');
    const text = teks(second.bytes);
    expect(text).toContain(`PERUBAHAN ATAS BERITA ACARA NOMOR ${BERITA_ACARA.nomor}`);
    expect(text.replace(/\s+/g, ' ')).toContain(
      `Perubahan atas Berita Acara Nomor ${BERITA_ACARA.nomor} tanggal 27 November 2026 (kode dokumen ${first.kode})`,
    );
    const status = await u.client.request({ url: '/api/cpns/admin/dokumen-resmi', token: u.token });
    const dokumen = status.json().dokumen as { kode: string; mengubah: unknown; diubahOleh: unknown }[];
    expect(dokumen.find((d) => d.kode === second.kode)).toMatchObject({ mengubah: { kode: first.kode } });
    expect(dokumen.find((d) => d.kode === first.kode)).toMatchObject({ diubahOleh: { kode: second.kode } });
    // The first minutes are served as issued, and still check as authentic.
    const again = await u.client.request({ url: `/api/cpns/admin/dokumen-resmi/${first.kode}`, token: u.token });
    expect(Buffer.compare(again.rawPayload, first.bytes)).toBe(0);
    // An announcement does not amend minutes: the kinds keep their own chains.
    const pengumuman = await terbitkan(u.ctx, u.client, u.token, 'pengumuman');
    expect(teks(pengumuman.bytes)).not.toContain('PERUBAHAN ATAS');
  });

  it('refuses an announcement when another was recorded while it was made (409 PENGUMUMAN_BERUBAH), keeping nothing of it', async () => {
    const scope = { instansiId: INSTANSI, track: 'cpns' as const };
    const actor = { id: 1, username: 'admin.uji', instansiId: INSTANSI };
    const penanda = await penandaTangan(u.ctx.db, { p12: null, p12Dir: null, password: '', demo: true })(INSTANSI);
    const store = new FolderBerkasStore(u.dir);
    const terakhir = await u.ctx.db
      .selectFrom('dokumen_resmi')
      .select('kode')
      .where('jenis', '=', 'PENGUMUMAN')
      .orderBy('dibuat_at', 'desc')
      .executeTakeFirstOrThrow();
    const admin = await u.ctx.db
      .selectFrom('app_user')
      .select('id')
      .where('username', '=', 'admin.cpns')
      .executeTakeFirstOrThrow();
    // While this one is being made (its PDF stored, not yet recorded), another is recorded.
    let disela = false;
    const files = Object.assign(Object.create(store), {
      putFile: async (file: string, sha256: string) => {
        if (!disela) {
          disela = true;
          await u.ctx.db
            .insertInto('dokumen_resmi')
            .values({
              kode: 'SELA234567',
              jenis: 'PENGUMUMAN',
              instansi_id: INSTANSI,
              track: 'cpns',
              nomor: '800/10/BKPSDM/2026',
              tanggal: '2026-11-27',
              sha256: 'a'.repeat(64),
              ukuran: 1,
              halaman: 1,
              mengubah_kode: terakhir.kode,
              isian: '{}',
              dibuat_oleh: admin.id,
            })
            .execute();
        }
        return store.putFile(file, sha256);
      },
    });
    const count = () =>
      u.ctx.db
        .selectFrom('dokumen_resmi')
        .select(sql<number>`count(*)::int`.as('n'))
        .executeTakeFirstOrThrow()
        .then((r) => r.n);
    const before = await count();
    await expect(
      buatPengumuman(u.ctx.db, files, scope, actor, PENGUMUMAN, 'https://portal.uji.go.id', penanda, 0),
    ).rejects.toMatchObject({
      statusCode: 409,
      code: 'PENGUMUMAN_BERUBAH',
      message: expect.stringMatching(/Muat ulang/),
    });
    expect(disela).toBe(true);
    // Only the one recorded in between was added; the refused announcement left no row.
    expect(await count()).toBe(before + 1);
  });
});
