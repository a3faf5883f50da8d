// Issue #31: the official PDFs are signed electronically (tanda tangan elektronik, TTE) as a
// PAdES-B signature (ETSI.CAdES.detached) that any reader — Acrobat, poppler's pdfsig — verifies,
// with a visible mark in the signature block. The certificate is the agency's PKCS#12 from
// configuration (TTE_P12_DIR/{kode instansi}.p12 for one instansi, TTE_P12 for the deployment);
// the demo makes its own CA at first start and a certificate per instansi from it, both named as
// demo certificates and kept in the database so every instance signs with the same one.
//
// The placeholder (signature dictionary, form field, widget) is @signpdf's for pdfkit. The rest
// is done on the file rather than with @signpdf/signpdf, which takes the whole PDF as one Buffer
// (and its P12 signer copies it again into a binary string): a 250,000-applicant announcement is
// 25 MB, so the byte range is written in place and hashed from disk, and only the CMS — built by
// PKI.js, signed with WebCrypto — is held in memory.

import {
  createHash,
  createPrivateKey,
  generateKeyPairSync,
  randomBytes,
  type webcrypto,
  X509Certificate,
} from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { open, readFile } from 'node:fs/promises';
import path from 'node:path';
import { formatTanggalPanjang, formatWaktuPanjang, type PenandaTangan } from '@portal/contract';
import { pdfkitAddPlaceholder } from '@signpdf/placeholder-pdfkit';
import { DEFAULT_BYTE_RANGE_PLACEHOLDER, SUBFILTER_ETSI_CADES_DETACHED } from '@signpdf/utils';
import * as asn1js from 'asn1js';
import type { Kysely } from 'kysely';
import forge from 'node-forge';
import * as pkijs from 'pkijs';
import type { DB } from '../../db/schema.js';
import { AppError } from '../../errors.js';

/** Where the certificates come from (configuration: TTE_P12, TTE_P12_DIR, TTE_P12_PASSWORD). */
export interface TteConfig {
  /** One PKCS#12 file for every instansi of the deployment. */
  p12: string | null;
  /** A folder of PKCS#12 files named by instansi code ({kode}.p12), taken before `p12`. */
  p12Dir: string | null;
  password: string;
  /** No certificate configured: the demo signs with its own demo certificates; elsewhere refused. */
  demo: boolean;
}

/** A certificate ready to sign with: the key, the chain (signer first, DER) and who it names. */
export interface Penanda {
  kunci: webcrypto.CryptoKey;
  rantai: Buffer[];
  pemilik: Omit<PenandaTangan, 'waktu'>;
}

/** Bytes reserved for the CMS (hex doubles it): a 4096-bit chain of three fits with room. */
const PANJANG_TANDA_TANGAN = 12_000;

const OID = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
};

const belumDiatur = () =>
  new AppError(
    409,
    'SERTIFIKAT_TTE_BELUM_DIATUR',
    'Sertifikat elektronik instansi belum diatur, sehingga dokumen resmi tidak dapat ditandatangani. Atur TTE_P12 (atau TTE_P12_DIR berisi {kode instansi}.p12) dan TTE_P12_PASSWORD, lalu mulai ulang portal.',
  );

const tidakTerbaca = (berkas: string, sebab: string) =>
  new AppError(
    409,
    'SERTIFIKAT_TTE_TIDAK_TERBACA',
    `Sertifikat elektronik ${path.basename(berkas)} tidak dapat dibaca (${sebab}). Periksa berkas PKCS#12 dan TTE_P12_PASSWORD.`,
  );

/** The DER of a forge certificate. */
const derOf = (cert: forge.pki.Certificate) =>
  Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes(), 'binary');

/** An attribute of a distinguished name ("CN=…\nO=…" as Node prints it). */
function bagian(dn: string, kunci: string): string | null {
  for (const line of dn.split('\n')) {
    if (line.startsWith(`${kunci}=`)) return line.slice(kunci.length + 1);
  }
  return null;
}

/** The signing key (RSA, PEM) as a WebCrypto key PKI.js signs with. */
async function kunciWebCrypto(pem: string): Promise<webcrypto.CryptoKey> {
  const der = createPrivateKey(pem).export({ type: 'pkcs8', format: 'der' });
  return globalThis.crypto.subtle.importKey('pkcs8', der, { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' }, false, [
    'sign',
  ]);
}

async function penandaDari(kunciPem: string, rantai: Buffer[], demo: boolean): Promise<Penanda> {
  const [pertama] = rantai;
  if (!pertama) throw new Error('rantai sertifikat kosong');
  const cert = new X509Certificate(pertama);
  if (new Date(cert.validTo).getTime() < Date.now()) {
    throw new AppError(
      409,
      'SERTIFIKAT_TTE_KEDALUWARSA',
      `Sertifikat elektronik "${bagian(cert.subject, 'CN') ?? cert.subject}" berakhir pada ${formatTanggalPanjang(new Date(cert.validTo))}. Pasang sertifikat yang berlaku sebelum menerbitkan dokumen resmi.`,
    );
  }
  return {
    kunci: await kunciWebCrypto(kunciPem),
    rantai,
    pemilik: {
      nama: bagian(cert.subject, 'CN') ?? cert.subject,
      organisasi: bagian(cert.subject, 'O'),
      penerbit: bagian(cert.issuer, 'CN') ?? cert.issuer,
      nomorSeri: cert.serialNumber,
      berlakuSampai: new Date(cert.validTo).toISOString(),
      sidikJari: cert.fingerprint256,
      demo,
    },
  };
}

/** Reads a PKCS#12 file: the private key and its certificate first, then the rest of the chain. */
export async function bacaP12(berkas: string, password: string): Promise<Penanda> {
  let key: forge.pki.rsa.PrivateKey | undefined;
  let certs: forge.pki.Certificate[];
  try {
    const bytes = await readFile(berkas);
    const p12 = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(bytes.toString('binary')), password);
    const keys = [
      ...(p12.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag ?? '' })[
        forge.pki.oids.pkcs8ShroudedKeyBag ?? ''
      ] ?? []),
      ...(p12.getBags({ bagType: forge.pki.oids.keyBag ?? '' })[forge.pki.oids.keyBag ?? ''] ?? []),
    ];
    key = keys.find((bag) => bag.key)?.key as forge.pki.rsa.PrivateKey | undefined;
    certs = (p12.getBags({ bagType: forge.pki.oids.certBag ?? '' })[forge.pki.oids.certBag ?? ''] ?? [])
      .map((bag) => bag.cert)
      .filter((c): c is forge.pki.Certificate => Boolean(c));
  } catch (error) {
    throw tidakTerbaca(berkas, (error as Error).message);
  }
  if (!key) throw tidakTerbaca(berkas, 'tidak ada kunci privat RSA');
  const signer = certs.find((c) => (c.publicKey as forge.pki.rsa.PublicKey).n?.equals(key.n));
  if (!signer) throw tidakTerbaca(berkas, 'tidak ada sertifikat untuk kunci privatnya');
  const rantai = [signer, ...certs.filter((c) => c !== signer)].map(derOf);
  return penandaDari(forge.pki.privateKeyToPem(key), rantai, false);
}

// ---- The demo's certificates -------------------------------------------------------------

interface Pasangan {
  kunci: string;
  sertifikat: string;
}

const DEMO_O = 'DEMO Portal Verifikasi ASN';
const DEMO_OU = 'Sertifikat demo - bukan tanda tangan elektronik resmi';

/** A certificate made with forge (keys by Node), issued by `penerbit` or self-signed. */
function buatSertifikat(
  subjek: Record<string, string>,
  options: { ca: boolean; tahun: number; penerbit?: Pasangan },
): Pasangan {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey);
  // Positive and unique: a leading byte below 0x80, then 15 random bytes.
  cert.serialNumber = `10${randomBytes(15).toString('hex')}`;
  cert.validity.notBefore = new Date(Date.now() - 60_000);
  cert.validity.notAfter = new Date(Date.now() + options.tahun * 365 * 24 * 3600 * 1000);
  const attrs = Object.entries(subjek).map(([shortName, value]) => ({
    shortName,
    value,
    valueTagClass: forge.asn1.Type.UTF8 as unknown as forge.asn1.Class,
  }));
  const issuer = options.penerbit ? forge.pki.certificateFromPem(options.penerbit.sertifikat) : null;
  cert.setSubject(attrs);
  cert.setIssuer(issuer ? issuer.subject.attributes : attrs);
  cert.setExtensions([
    { name: 'basicConstraints', cA: options.ca, critical: true },
    options.ca
      ? { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true }
      : { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, critical: true },
    { name: 'subjectKeyIdentifier' },
    ...(issuer
      ? [{ name: 'authorityKeyIdentifier', keyIdentifier: issuer.generateSubjectKeyIdentifier().getBytes() }]
      : []),
  ]);
  cert.sign(forge.pki.privateKeyFromPem(options.penerbit?.kunci ?? privateKey), forge.md.sha256.create());
  return { kunci: privateKey, sertifikat: forge.pki.certificateToPem(cert) };
}

/** A demo pair kept in app_secret under `nama`, made once (the first instance to ask wins). */
async function pasanganDemo(db: Kysely<DB>, nama: string, buat: () => Pasangan): Promise<Pasangan> {
  const ada = await db.selectFrom('app_secret').select('value').where('name', '=', nama).executeTakeFirst();
  if (!ada) {
    await db
      .insertInto('app_secret')
      .values({ name: nama, value: JSON.stringify(buat()) })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
  }
  const row = await db.selectFrom('app_secret').select('value').where('name', '=', nama).executeTakeFirstOrThrow();
  return JSON.parse(row.value) as Pasangan;
}

/** The demo CA, made at first start (main.ts) or at the first signature. */
export function caDemo(db: Kysely<DB>): Promise<Pasangan> {
  return pasanganDemo(db, 'tte-demo-ca', () =>
    buatSertifikat({ CN: 'CA Demo Portal Verifikasi ASN', O: DEMO_O, OU: DEMO_OU, C: 'ID' }, { ca: true, tahun: 10 }),
  );
}

async function penandaDemo(db: Kysely<DB>, instansi: { id: number; nama: string }): Promise<Penanda> {
  const ca = await caDemo(db);
  const milik = await pasanganDemo(db, `tte-demo-instansi-${instansi.id}`, () =>
    buatSertifikat({ CN: instansi.nama, O: DEMO_O, OU: DEMO_OU, C: 'ID' }, { ca: false, tahun: 3, penerbit: ca }),
  );
  const der = (pem: string) => derOf(forge.pki.certificateFromPem(pem));
  return penandaDari(milik.kunci, [der(milik.sertifikat), der(ca.sertifikat)], true);
}

/**
 * The certificates of a deployment: which one signs for an instansi, read once per file (a
 * configuration change needs a restart, like every other setting).
 */
export function penandaTangan(db: Kysely<DB>, config: TteConfig) {
  const terbaca = new Map<string, Promise<Penanda>>();
  /** Each certificate made ready once; one that failed is tried again next time (it may be fixed). */
  const sekali = (kunci: string, siapkan: () => Promise<Penanda>) => {
    let penanda = terbaca.get(kunci);
    if (!penanda) {
      penanda = siapkan();
      penanda.catch(() => terbaca.delete(kunci));
      terbaca.set(kunci, penanda);
    }
    return penanda;
  };
  const baca = (berkas: string) => sekali(berkas, () => bacaP12(berkas, config.password));
  return async (instansiId: number): Promise<Penanda> => {
    const instansi = await db
      .selectFrom('instansi')
      .where('id', '=', instansiId)
      .select(['id', 'kode', 'nama'])
      .executeTakeFirstOrThrow();
    if (config.p12Dir) {
      // The code names a file: only its own characters, never a path.
      const berkas = path.join(config.p12Dir, `${instansi.kode.replace(/[^A-Za-z0-9_-]/g, '_')}.p12`);
      if (existsSync(berkas)) return baca(berkas);
    }
    if (config.p12) return baca(config.p12);
    if (config.demo) return sekali(`demo-${instansi.id}`, () => penandaDemo(db, instansi));
    throw belumDiatur();
  };
}

// ---- Signing ------------------------------------------------------------------------------

/** A signature laid out in a PDF being written, to be completed once the file is on disk. */
export interface TandaTanganTertunda {
  /** Where the signature dictionary begins in the file (pdfkit's offset of "n 0 obj"). */
  readonly offset: number;
}

/**
 * Adds the signature's placeholder to the current page of `doc`, its widget over `kotak` (the mark
 * drawn there): the signature dictionary is written into the file at once, so its offset is known.
 */
export function tempatTandaTangan(
  doc: PDFKit.PDFDocument,
  kotak: { x: number; y: number; width: number; height: number },
  pemilik: Penanda['pemilik'],
  waktu: Date,
): TandaTanganTertunda {
  const tinggi = doc.page.height;
  const { signature } = pdfkitAddPlaceholder({
    pdf: doc,
    pdfBuffer: Buffer.alloc(0),
    reason: 'Dokumen resmi diterbitkan melalui Portal Verifikasi ASN',
    contactInfo: '',
    name: pemilik.nama,
    location: 'Indonesia',
    signingTime: waktu,
    signatureLength: PANJANG_TANDA_TANGAN,
    subFilter: SUBFILTER_ETSI_CADES_DETACHED,
    // PDF user space: from the bottom of the page, where pdfkit draws from the top.
    widgetRect: [kotak.x, tinggi - kotak.y - kotak.height, kotak.x + kotak.width, tinggi - kotak.y],
    // Written as a PDF name, which may not hold a space.
    appName: 'PortalVerifikasiASN',
  });
  return signature as unknown as TandaTanganTertunda;
}

/** The SigningCertificateV2 attribute's value (RFC 5035): the signer's certificate by SHA-256. */
function signingCertificateV2(der: Buffer) {
  const hash = createHash('sha256').update(der).digest();
  return new asn1js.Sequence({
    value: [
      new asn1js.Sequence({ value: [new asn1js.Sequence({ value: [new asn1js.OctetString({ valueHex: hash })] })] }),
    ],
  });
}

/** A detached CMS SignedData over a SHA-256 digest: PAdES-B's signed attributes, no signing time. */
async function cms(digest: Buffer, penanda: Penanda): Promise<Buffer> {
  const certs = penanda.rantai.map((der) => pkijs.Certificate.fromBER(der));
  const [signer] = certs;
  const [signerDer] = penanda.rantai;
  if (!signer || !signerDer) throw new Error('rantai sertifikat kosong');
  const signedData = new pkijs.SignedData({
    version: 1,
    encapContentInfo: new pkijs.EncapsulatedContentInfo({ eContentType: OID.data }),
    signerInfos: [
      new pkijs.SignerInfo({
        version: 1,
        sid: new pkijs.IssuerAndSerialNumber({ issuer: signer.issuer, serialNumber: signer.serialNumber }),
        signedAttrs: new pkijs.SignedAndUnsignedAttributes({
          type: 0,
          attributes: [
            new pkijs.Attribute({ type: OID.contentType, values: [new asn1js.ObjectIdentifier({ value: OID.data })] }),
            new pkijs.Attribute({ type: OID.messageDigest, values: [new asn1js.OctetString({ valueHex: digest })] }),
            new pkijs.Attribute({ type: OID.signingCertificateV2, values: [signingCertificateV2(signerDer)] }),
          ],
        }),
      }),
    ],
    certificates: certs,
  });
  await signedData.sign(penanda.kunci, 0, 'SHA-256');
  const info = new pkijs.ContentInfo({ contentType: OID.signedData, content: signedData.toSchema(true) });
  return Buffer.from(info.toSchema().toBER(false));
}

async function sha256Rentang(berkas: string, rentang: [number, number][]): Promise<Buffer> {
  const hash = createHash('sha256');
  for (const [mulai, panjang] of rentang) {
    if (panjang === 0) continue;
    for await (const chunk of createReadStream(berkas, { start: mulai, end: mulai + panjang - 1 })) {
      hash.update(chunk as Buffer);
    }
  }
  return hash.digest();
}

/**
 * Completes the signature of a written PDF in place: the byte range (all of the file but the
 * signature's own hex string) written over its placeholder of equal length, the range hashed from
 * disk, and the CMS written into the reserved hex string. The file's length does not change.
 */
export async function tandatanganiBerkas(berkas: string, tertunda: TandaTanganTertunda, penanda: Penanda) {
  const fh = await open(berkas, 'r+');
  try {
    const { size } = await fh.stat();
    const awal = tertunda.offset;
    const wilayah = Buffer.alloc(Math.min(size - awal, PANJANG_TANDA_TANGAN * 2 + 8192));
    await fh.read(wilayah, 0, wilayah.length, awal);
    const teks = wilayah.toString('latin1');
    const ph = DEFAULT_BYTE_RANGE_PLACEHOLDER;
    const rentangPh = `/ByteRange [0 /${ph} /${ph} /${ph}]`;
    const posRentang = teks.indexOf(rentangPh);
    const posIsi = teks.indexOf('/Contents <');
    const akhirIsi = posIsi < 0 ? -1 : teks.indexOf('>', posIsi);
    if (posRentang < 0 || posIsi < 0 || akhirIsi < 0) throw new Error('tempat tanda tangan tidak ditemukan di PDF');
    const isiMulai = awal + posIsi + '/Contents '.length; // the '<'
    const isiSelesai = awal + akhirIsi + 1; // after the '>'
    const rentang: [number, number][] = [
      [0, isiMulai],
      [isiSelesai, size - isiSelesai],
    ];
    const nyata = `/ByteRange [0 ${isiMulai} ${isiSelesai} ${size - isiSelesai}]`;
    if (nyata.length > rentangPh.length) throw new Error('rentang tanda tangan tidak muat');
    await fh.write(Buffer.from(nyata.padEnd(rentangPh.length, ' '), 'latin1'), 0, rentangPh.length, awal + posRentang);
    const hex = (await cms(await sha256Rentang(berkas, rentang), penanda)).toString('hex');
    const ruang = isiSelesai - isiMulai - 2;
    if (hex.length > ruang) throw new Error(`tanda tangan ${hex.length / 2} B melebihi ruang ${ruang / 2} B`);
    await fh.write(Buffer.from(hex, 'latin1'), 0, hex.length, isiMulai + 1);
  } finally {
    await fh.close();
  }
}

/** WIB, as the rest of the document writes moments (contract format.ts). */
const waktuWib = (date: Date) => formatWaktuPanjang(date);

/**
 * The visible mark in the signature block (where a wet signature and stamp would go): who signed
 * electronically, with which certificate and when; a demo certificate says so in red. The reader's
 * own signature panel shows whether it is valid; the mark only says where to look.
 */
export function gambarTandaTangan(
  doc: PDFKit.PDFDocument,
  kotak: { x: number; y: number; width: number; height: number },
  pemilik: Penanda['pemilik'],
  waktu: Date,
): void {
  const pad = 4;
  const width = kotak.width - 2 * pad;
  doc.save();
  doc.roundedRect(kotak.x, kotak.y, kotak.width, kotak.height, 3).lineWidth(0.6).strokeColor('#1f4e79').stroke();
  doc.fillColor('#1f4e79');
  let y = kotak.y + pad;
  const baris = (teks: string, font: 'regular' | 'bold', size: number) => {
    doc.font(font).fontSize(size);
    doc.text(teks, kotak.x + pad, y, { width, lineBreak: false, ellipsis: true, height: size + 2 });
    y += size + 2.2;
  };
  baris('Ditandatangani secara elektronik oleh', 'regular', 6.5);
  baris(pemilik.nama, 'bold', 7.5);
  baris(`Sertifikat: ${pemilik.penerbit}`, 'regular', 6.5);
  baris(waktuWib(waktu), 'regular', 6.5);
  if (pemilik.demo) {
    doc.fillColor('#b42318');
    baris('SERTIFIKAT DEMO - BUKAN TANDA TANGAN RESMI', 'bold', 6.5);
  }
  doc.restore();
  doc.fillColor('black').strokeColor('black');
}
