// Issue #31: the official PDFs carry a PAdES-B signature that poppler's pdfsig verifies as valid
// and covering the whole document; one changed byte makes it invalid. The demo signs with its
// own demo certificate per instansi, a deployment with the PKCS#12 it is given (a file per
// instansi before the one for all), and outside the demo nothing is issued without one. The
// public check names the signer.

import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import forge from 'node-forge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { TestClient, type TestContext } from '../../test/test-app.js';
import { bacaP12, penandaTangan } from './tte.js';
import { BERITA_ACARA, INSTANSI, siapkanDokumen, terbitkan, type UjiDokumen } from './uji-dokumen.js';

let u: UjiDokumen;
let ctx: TestContext;
let client: TestClient;
let dir: string;
let admin: { username: string; password: string };
let token: string;
let instansiNama: string;

/** pdfsig's report of a PDF (its exit status differs for invalid signatures: the text says it all). */
function pdfsig(bytes: Buffer): string {
  const file = path.join(process.env.KEEP_PDF ?? dir, `s-${Math.random()}.pdf`);
  writeFileSync(file, bytes);
  const run = spawnSync('pdfsig', [file], { encoding: 'utf8' });
  return `${run.stdout}${run.stderr}`;
}

/** A CA and a certificate it issued, as a password-protected PKCS#12 file (an agency's TTE). */
function p12Agensi(cn: string, password: string): string {
  const buat = (subject: string, issuer: { cert: forge.pki.Certificate; key: forge.pki.rsa.PrivateKey } | null) => {
    const keys = forge.pki.rsa.generateKeyPair(2048);
    const cert = forge.pki.createCertificate();
    cert.publicKey = keys.publicKey;
    cert.serialNumber = `0${Math.floor(Math.random() * 1e9)}`;
    cert.validity.notBefore = new Date(Date.now() - 3600_000);
    cert.validity.notAfter = new Date(Date.now() + 365 * 24 * 3600_000);
    const attrs = [
      { shortName: 'CN', value: subject },
      { shortName: 'O', value: 'Badan Siber dan Sandi Negara (uji)' },
    ];
    cert.setSubject(attrs);
    cert.setIssuer(issuer ? issuer.cert.subject.attributes : attrs);
    cert.setExtensions([{ name: 'basicConstraints', cA: !issuer }]);
    cert.sign(issuer?.key ?? keys.privateKey, forge.md.sha256.create());
    return { cert, key: keys.privateKey };
  };
  const ca = buat('CA Uji Tanda Tangan Elektronik', null);
  const leaf = buat(cn, ca);
  const asn = forge.pkcs12.toPkcs12Asn1(leaf.key, [leaf.cert, ca.cert], password, { algorithm: '3des' });
  const file = path.join(dir, `${Math.random()}.p12`);
  writeFileSync(file, Buffer.from(forge.asn1.toDer(asn).getBytes(), 'binary'));
  return file;
}

beforeAll(async () => {
  u = await siapkanDokumen({ applicants: 40, seed: 31 });
  ({ ctx, client, dir, admin, token, instansiNama } = u);
}, 90_000);

afterAll(() => u.close());

describe('electronic signatures on official documents (issue #31)', () => {
  it('signs the announcement as PAdES over the whole file; pdfsig finds it valid, and invalid after one changed byte', async () => {
    const { kode, bytes } = await terbitkan(ctx, client, token, 'pengumuman');
    const report = pdfsig(bytes);
    expect(report).toContain('Signature Validation: Signature is Valid.');
    expect(report).toContain('Total document signed');
    expect(report).toContain('Signature Type: ETSI.CAdES.detached');
    expect(report).toContain(`Signer Certificate Common Name: ${instansiNama}`);
    expect(report).toContain('DEMO Portal Verifikasi ASN');

    // One byte of the document's information (the producer's name), inside the signed range.
    const altered = Buffer.from(bytes);
    const at = altered.indexOf('(Portal Verifikasi ASN)');
    expect(at).toBeGreaterThan(0);
    altered[at + 1] = 'p'.charCodeAt(0);
    const after = pdfsig(altered);
    expect(after).not.toContain('Signature is Valid.');
    expect(after).toMatch(/Digest Mismatch|Signature is Invalid/);

    // The public check names the signer, as the certificate does, and says it is a demo one.
    const cek = await client.request({ url: `/api/cek-dokumen/${kode}` });
    expect(cek.json()).toMatchObject({
      penandaTangan: {
        nama: instansiNama,
        organisasi: 'DEMO Portal Verifikasi ASN',
        penerbit: 'CA Demo Portal Verifikasi ASN',
        demo: true,
        sidikJari: expect.stringMatching(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/),
      },
    });
  });

  it('signs the minutes too, with the same demo certificate of the instansi (kept in the database)', async () => {
    const first = await ctx.db.selectFrom('dokumen_resmi').select('penanda_tangan').executeTakeFirstOrThrow();
    const { kode, bytes } = await terbitkan(ctx, client, token, 'berita-acara');
    expect(pdfsig(bytes)).toContain('Signature Validation: Signature is Valid.');
    const row = await ctx.db
      .selectFrom('dokumen_resmi')
      .select('penanda_tangan')
      .where('kode', '=', kode)
      .executeTakeFirstOrThrow();
    expect((row.penanda_tangan as { sidikJari: string }).sidikJari).toBe(
      (first.penanda_tangan as { sidikJari: string }).sidikJari,
    );
    const secrets = await ctx.db.selectFrom('app_secret').select('name').where('name', 'like', 'tte-demo-%').execute();
    expect(secrets.map((s) => s.name).sort()).toEqual(['tte-demo-ca', `tte-demo-instansi-${INSTANSI}`]);
  });

  it("signs with the agency's PKCS#12 from configuration, a file of the instansi before the deployment's", async () => {
    const semua = p12Agensi('Sekretariat Panitia Seleksi Nasional', 'rahasia-1');
    const instansiDir = mkdtempSync(path.join(dir, 'p12-'));
    const kode = (
      await ctx.db.selectFrom('instansi').select('kode').where('id', '=', INSTANSI).executeTakeFirstOrThrow()
    ).kode;
    const milik = p12Agensi(`${instansiNama} (TTE)`, 'rahasia-1');
    copyFileSync(milik, path.join(instansiDir, `${kode}.p12`));

    const app = await buildApp({
      config: { ...ctx.config, tte: { p12: semua, p12Dir: instansiDir, password: 'rahasia-1' } },
      db: ctx.db,
    });
    try {
      const c = new TestClient(app);
      const t = await c.loginToken(admin.username, admin.password);
      const { bytes } = await terbitkan(ctx, c, t, 'berita-acara');
      const report = pdfsig(bytes);
      expect(report).toContain('Signature Validation: Signature is Valid.');
      expect(report).toContain(`Signer Certificate Common Name: ${instansiNama} (TTE)`);
    } finally {
      await app.close();
    }
    // Another instansi has no file of its own: the deployment's certificate signs for it.
    const cari = penandaTangan(ctx.db, { p12: semua, p12Dir: instansiDir, password: 'rahasia-1', demo: false });
    const lain = await ctx.db.selectFrom('instansi').select('id').where('id', '<>', INSTANSI).executeTakeFirstOrThrow();
    expect((await cari(lain.id)).pemilik).toMatchObject({
      nama: 'Sekretariat Panitia Seleksi Nasional',
      penerbit: 'CA Uji Tanda Tangan Elektronik',
      demo: false,
    });
    // A wrong password is a clear refusal, not a failure of the server.
    await expect(bacaP12(semua, 'salah')).rejects.toMatchObject({
      statusCode: 409,
      code: 'SERTIFIKAT_TTE_TIDAK_TERBACA',
    });
  });

  it('outside the demo, issues nothing until a certificate is configured, and says what to set', async () => {
    const app = await buildApp({
      config: { ...ctx.config, seedDemo: false, tte: { p12: null, p12Dir: null, password: '' } },
      db: ctx.db,
    });
    try {
      const c = new TestClient(app);
      const t = await c.loginToken(admin.username, admin.password);
      const before = await ctx.db
        .selectFrom('dokumen_resmi')
        .select(sql<number>`count(*)::int`.as('n'))
        .executeTakeFirstOrThrow();
      const res = await c.request({
        method: 'POST',
        url: '/api/cpns/admin/dokumen-resmi/berita-acara',
        token: t,
        payload: BERITA_ACARA,
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        error: 'SERTIFIKAT_TTE_BELUM_DIATUR',
        message: expect.stringMatching(/TTE_P12/),
      });
      const after = await ctx.db
        .selectFrom('dokumen_resmi')
        .select(sql<number>`count(*)::int`.as('n'))
        .executeTakeFirstOrThrow();
      expect(after.n).toBe(before.n);
    } finally {
      await app.close();
    }
  });
});
