// Issue #17: a full disk or a read-only store refuses a document with a clear error (507 / 503)
// and leaves no partial file; tried on a real, tiny tmpfs (mounting needs root, as CI runs).

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../errors.js';
import { sha256Of } from './berkas-store.js';
import { FolderBerkasStore } from './folder-berkas-store.js';

const root = process.getuid?.() === 0;
let dir: string;

/** Every file under the store, at any depth. */
const filesIn = (at: string): string[] =>
  readdirSync(at, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesIn(path.join(at, e.name)) : [path.join(at, e.name)],
  );

describe.skipIf(!root)('the document store on a full or read-only disk (issue #17; needs root to mount)', () => {
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'portal-berkas-'));
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', dir]);
  });
  afterAll(() => {
    execFileSync('umount', [dir]);
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers 507 when the disk is full and leaves no partial file', async () => {
    const store = new FolderBerkasStore(dir);
    const small = new Uint8Array(1000).fill(7);
    const hash = await store.put(small);
    expect(hash).toBe(sha256Of(small));
    const big = new Uint8Array(256 * 1024).fill(1);
    const error = await store.put(big).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ statusCode: 507, code: 'STORAGE_FULL' });
    expect((error as Error).message).toMatch(/penuh/);
    expect(filesIn(dir).map((f) => path.basename(f))).toEqual([hash]);
    expect(await store.open(sha256Of(big))).toBeUndefined();
  });

  it('answers 503 when the store cannot be written, and still serves what it holds', async () => {
    const store = new FolderBerkasStore(dir);
    execFileSync('mount', ['-o', 'remount,ro', dir]);
    try {
      const error = await store.put(new Uint8Array(100).fill(3)).catch((e: unknown) => e);
      expect(error).toMatchObject({ statusCode: 503, code: 'STORAGE_UNAVAILABLE' });
      expect(filesIn(dir)).toHaveLength(1);
      const held = await store.open(sha256Of(new Uint8Array(1000).fill(7)));
      const chunks: Buffer[] = [];
      for await (const chunk of held ?? []) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks)).toEqual(Buffer.alloc(1000, 7));
    } finally {
      execFileSync('mount', ['-o', 'remount,rw', dir]);
    }
  });
});
