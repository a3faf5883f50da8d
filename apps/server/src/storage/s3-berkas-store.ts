// Documents in S3-compatible object storage (issue #22: MinIO, Ceph, a cloud bucket) through the
// AWS SDK. One object per hash under a two-letter prefix, as in the folder store.

import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  type ListObjectsV2CommandOutput,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { ERROR_CODES } from '@portal/contract';
import { AppError } from '../errors.js';
import { type BerkasStore, isSha256, sha256Of } from './berkas-store.js';

export interface S3Options {
  endpoint: string | null;
  region: string;
  bucket: string;
  accessKeyId: string | null;
  secretAccessKey: string | null;
  /** Bucket in the path (MinIO, Ceph and most self-hosted servers) rather than the host name. */
  forcePathStyle: boolean;
}

const keyOf = (sha256: string) => `${sha256.slice(0, 2)}/${sha256}`;

const notFound = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NotFound' || e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404;
};

/** The object store could not be reached or refused us: nothing was saved (503). */
const unavailable = (error: unknown) =>
  new AppError(
    503,
    ERROR_CODES.storageUnavailable,
    'Penyimpanan berkas sedang tidak dapat dijangkau; berkas tidak tersimpan. Coba lagi sebentar lagi atau hubungi admin portal.',
    { reason: error instanceof Error ? error.message : String(error) },
  );

export class S3BerkasStore implements BerkasStore {
  private readonly client: S3Client;

  constructor(private readonly options: S3Options) {
    this.client = new S3Client({
      region: options.region,
      forcePathStyle: options.forcePathStyle,
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      ...(options.accessKeyId && options.secretAccessKey
        ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
        : {}),
      // Checksums only where the service requires them: self-hosted S3 servers differ in which
      // of the newer checksum headers they understand.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  private async has(sha256: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.options.bucket, Key: keyOf(sha256) }));
      return true;
    } catch (error) {
      if (notFound(error)) return false;
      throw unavailable(error);
    }
  }

  async put(bytes: Uint8Array): Promise<string> {
    const sha256 = sha256Of(bytes);
    if (await this.has(sha256)) return sha256;
    try {
      // An object appears whole or not at all: S3 has no partial objects.
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.options.bucket,
          Key: keyOf(sha256),
          Body: bytes,
          ContentLength: bytes.length,
        }),
      );
    } catch (error) {
      throw unavailable(error);
    }
    return sha256;
  }

  async putFile(file: string, sha256: string): Promise<string> {
    if (await this.has(sha256)) return sha256;
    try {
      const { size } = await stat(file);
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.options.bucket,
          Key: keyOf(sha256),
          Body: createReadStream(file),
          ContentLength: size,
        }),
      );
    } catch (error) {
      throw unavailable(error);
    }
    return sha256;
  }

  async open(sha256: string): Promise<Readable | undefined> {
    if (!isSha256(sha256)) return undefined;
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.options.bucket, Key: keyOf(sha256) }));
      return object.Body as Readable;
    } catch (error) {
      if (notFound(error)) return undefined;
      throw unavailable(error);
    }
  }

  async exists(sha256: string): Promise<boolean> {
    return isSha256(sha256) && this.has(sha256);
  }

  /** S3 answers a delete of a missing object as done. */
  async hapus(sha256: string): Promise<void> {
    if (!isSha256(sha256)) return;
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: keyOf(sha256) }));
    } catch (error) {
      if (!notFound(error)) throw unavailable(error);
    }
  }

  /** The bucket's objects named like stored files, a listing page (1,000) at a time. */
  async *list(): AsyncIterable<string> {
    let token: string | undefined;
    do {
      let page: ListObjectsV2CommandOutput;
      try {
        page = await this.client.send(
          new ListObjectsV2Command({ Bucket: this.options.bucket, ...(token ? { ContinuationToken: token } : {}) }),
        );
      } catch (error) {
        throw unavailable(error);
      }
      for (const object of page.Contents ?? []) {
        const [prefix, name] = (object.Key ?? '').split('/');
        if (name && isSha256(name) && name.startsWith(prefix ?? '-')) yield name;
      }
      token = page.NextContinuationToken;
    } while (token);
  }

  close(): void {
    this.client.destroy();
  }
}
