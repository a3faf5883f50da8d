// Issue #22: the three document stores keep the same promises — content-addressed, stored once,
// streamed back whole, unknown hashes answered "none" — and the folder's files move into the
// configured store intact. S3 is tried against a real S3-compatible server (s3rver) on loopback.

import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../test/test-app.js';
import { type BerkasStore, sha256Of } from './berkas-store.js';
import { FolderBerkasStore } from './folder-berkas-store.js';
import { pindahkanBerkas } from './pindah-berkas.js';
import { BAGIAN_BYTES, PostgresBerkasStore } from './postgres-berkas-store.js';
import { S3BerkasStore } from './s3-berkas-store.js';

const dirs: string[] = [];
const tempDir = (name: string) => {
  const dir = mkdtempSync(path.join(tmpdir(), `portal-${name}-`));
  dirs.push(dir);
  return dir;
};

let testDb: TestDb;
let s3rver: S3rver;
let s3Endpoint: string;

beforeAll(async () => {
  testDb = await createTestDb();
  s3rver = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: tempDir('s3rver') });
  const { port } = (await s3rver.run()) as AddressInfo;
  s3Endpoint = `http://127.0.0.1:${port}`;
  const admin = new S3Client({
    endpoint: s3Endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  await admin.send(new CreateBucketCommand({ Bucket: 'berkas-uji' }));
  admin.destroy();
}, 60_000);

afterAll(async () => {
  await testDb?.close();
  await s3rver?.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const s3Store = () =>
  new S3BerkasStore({
    endpoint: s3Endpoint,
    region: 'us-east-1',
    bucket: 'berkas-uji',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  });

async function bytesOf(stream: Readable | undefined): Promise<Buffer | undefined> {
  if (!stream) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** A file of `size` bytes that differs from every other one of the same size (seeded). */
const file = (size: number, seed: number) => {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 31 + seed) % 251;
  return bytes;
};

const stores: [string, () => BerkasStore][] = [
  ['folder', () => new FolderBerkasStore(tempDir('folder'))],
  ['PostgreSQL', () => new PostgresBerkasStore(testDb.db)],
  ['S3', s3Store],
];

describe.each(stores)('the %s document store', (_name, make) => {
  it('gives back what it stored, whole, across several parts', async () => {
    const store = make();
    const bytes = file(BAGIAN_BYTES * 2 + 1234, 1);
    const sha256 = await store.put(bytes);
    expect(sha256).toBe(sha256Of(bytes));
    expect(await bytesOf(await store.open(sha256))).toEqual(Buffer.from(bytes));
  });

  it('stores a file from disk without reading it whole (putFile)', async () => {
    const store = make();
    const bytes = file(BAGIAN_BYTES * 3 + 7, 5);
    const source = path.join(tempDir('sumber'), 'besar.pdf');
    writeFileSync(source, bytes);
    const sha256 = await store.putFile(source, sha256Of(bytes));
    expect(await bytesOf(await store.open(sha256))).toEqual(Buffer.from(bytes));
  });

  it('keeps the same bytes once, and an empty file too', async () => {
    const store = make();
    const bytes = file(5000, 2);
    expect(await store.put(bytes)).toBe(await store.put(bytes));
    const empty = await store.put(new Uint8Array(0));
    expect(await bytesOf(await store.open(empty))).toEqual(Buffer.alloc(0));
  });

  it('answers "none" for a hash it does not hold or that is no hash', async () => {
    const store = make();
    expect(await store.open(sha256Of(file(10, 99)))).toBeUndefined();
    expect(await store.open('../../etc/passwd')).toBeUndefined();
    expect(await store.exists(sha256Of(file(10, 99)))).toBe(false);
    expect(await store.exists('../../etc/passwd')).toBe(false);
  });

  it('tells what it holds without reading it (exists), and lists every stored hash', async () => {
    const store = make();
    const hashes = await Promise.all([3, 4, 5].map((seed) => store.put(file(BAGIAN_BYTES + seed, 40 + seed))));
    for (const sha256 of hashes) expect(await store.exists(sha256)).toBe(true);
    const listed: string[] = [];
    for await (const sha256 of store.list()) listed.push(sha256);
    expect(listed).toEqual(expect.arrayContaining(hashes));
    expect(new Set(listed).size).toBe(listed.length);
  });

  it('deletes a file whole (hapus), and a hash it does not hold is no error', async () => {
    const store = make();
    const bytes = file(BAGIAN_BYTES * 2 + 11, 77);
    const sha256 = await store.put(bytes);
    const other = await store.put(file(300, 78));
    await store.hapus(sha256);
    expect(await store.exists(sha256)).toBe(false);
    expect(await store.open(sha256)).toBeUndefined();
    const listed: string[] = [];
    for await (const hash of store.list()) listed.push(hash);
    expect(listed).not.toContain(sha256);
    expect(await store.exists(other)).toBe(true);
    await store.hapus(sha256);
    await store.hapus('../../etc/passwd');
    // Stored again after its deletion, it is there again.
    expect(await bytesOf(await store.open(await store.put(bytes)))).toEqual(Buffer.from(bytes));
  });

  it('streams a large file out in pieces rather than one buffer', async () => {
    const store = make();
    const bytes = file(BAGIAN_BYTES * 4 + 3, 9);
    const stream = await store.open(await store.put(bytes));
    let pieces = 0;
    let size = 0;
    for await (const chunk of stream ?? []) {
      pieces += 1;
      size += (chunk as Buffer).length;
    }
    expect(size).toBe(bytes.length);
    expect(pieces).toBeGreaterThan(1);
  });
});

describe('moving the folder into the configured store (npm run berkas:pindah)', () => {
  it('moves the folder into S3: every file there, checked by hash, nothing twice', async () => {
    const folderDir = tempDir('pindah-s3');
    const folder = new FolderBerkasStore(folderDir);
    const hashes = await Promise.all([7, 8].map((i) => folder.put(file(BAGIAN_BYTES * 2 + i, 60 + i))));
    const target = s3Store();
    const first = await pindahkanBerkas(folderDir, target);
    expect(first).toMatchObject({ dipindah: 2, sudahAda: 0, gagal: [] });
    for (const sha256 of hashes) {
      expect(await target.exists(sha256)).toBe(true);
      expect(sha256Of((await bytesOf(await target.open(sha256))) ?? Buffer.alloc(0))).toBe(sha256);
    }
    expect(await pindahkanBerkas(folderDir, target)).toMatchObject({ dipindah: 0, sudahAda: 2, gagal: [] });
  });

  it('copies every file, checked by hash; a second run finds them there; removes the source when asked', async () => {
    const folderDir = tempDir('pindah');
    const folder = new FolderBerkasStore(folderDir);
    const hashes = await Promise.all([1, 2, 3].map((i) => folder.put(file(BAGIAN_BYTES + i * 100, 10 + i))));
    const target = new PostgresBerkasStore(testDb.db);

    const first = await pindahkanBerkas(folderDir, target);
    expect(first).toMatchObject({ dipindah: 3, sudahAda: 0, gagal: [] });
    for (const sha256 of hashes)
      expect(sha256Of((await bytesOf(await target.open(sha256))) ?? Buffer.alloc(0))).toBe(sha256);

    const second = await pindahkanBerkas(folderDir, target, { hapusSumber: true });
    expect(second).toMatchObject({ dipindah: 0, sudahAda: 3, gagal: [] });
    expect(readdirSync(folderDir).flatMap((p) => readdirSync(path.join(folderDir, p)))).toEqual([]);
  });
});
