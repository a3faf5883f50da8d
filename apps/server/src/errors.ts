// The one error type of the server and its mapping to the JSON body {error, message, details}
// (STYLE.md). Messages are Indonesian; `error` is a stable code for programs.

import {
  DATABASE_UNAVAILABLE_MESSAGE,
  ERROR_CODES,
  type ValidationDetail,
  validationDetail,
  validationMessage,
} from '@portal/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isConnectionError, neverReachedDatabase } from './db/connection-errors.js';

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const unauthenticated = (message = 'Sesi tidak valid atau telah berakhir. Silakan masuk kembali.') =>
  new AppError(401, ERROR_CODES.unauthenticated, message);

export const forbidden = (message = 'Anda tidak berhak mengakses data ini.') =>
  new AppError(403, ERROR_CODES.forbidden, message);

/** Issue #17: the 503 every answer gives while the database cannot be reached. */
export function databaseUnavailable(commitUnknown = false): AppError {
  return commitUnknown
    ? new AppError(
        503,
        ERROR_CODES.databaseUnavailable,
        `${DATABASE_UNAVAILABLE_MESSAGE}. Sambungan terputus saat menyimpan: muat ulang untuk memeriksa apakah perubahan tersimpan.`,
        { tersimpan: 'tidak diketahui' },
      )
    : new AppError(503, ERROR_CODES.databaseUnavailable, DATABASE_UNAVAILABLE_MESSAGE, { tersimpan: false });
}

/** How long a client waits before trying again after a 503 (seconds). */
export const RETRY_AFTER_SECONDS = 5;

/**
 * Issue #30: SQLSTATE class 22 (data exception) — a value the database refuses: a date that does
 * not exist (22008, 22007), a number outside its column (22003), text it cannot read as the type
 * (22P02) or store at all (22021 NUL, 22P05), text too long (22001). The request's schema should
 * have refused it first; reaching here is a missing check (logged), but still the client's error.
 */
const DATA_EXCEPTION_REASONS: Record<string, string> = {
  '22007': 'format tanggal atau waktu tidak dikenali',
  '22008': 'tanggal atau waktu tidak ada atau di luar jangkauan',
  '22003': 'angka di luar jangkauan yang dapat disimpan',
  '22P02': 'nilai tidak sesuai dengan jenis datanya',
  '22021': 'mengandung karakter yang tidak diizinkan (NUL atau karakter Unicode tidak utuh)',
  '22P05': 'mengandung karakter yang tidak dapat disimpan',
  '22001': 'teks terlalu panjang',
};

/** The SQLSTATE of a data exception (class 22) in `error` or its causes, as node-postgres and PGlite give it. */
export function dataExceptionCode(error: unknown): string | null {
  for (let e = error, depth = 0; e instanceof Error && depth < 3; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)) return code;
  }
  return null;
}

/** The 400 a data exception is answered with. */
export function dataExceptionError(code: string): AppError {
  const reason = DATA_EXCEPTION_REASONS[code] ?? 'nilai tidak dapat diterima basis data';
  return new AppError(400, ERROR_CODES.validation, `Data tidak valid: ${reason}.`, { sqlstate: code });
}

/**
 * Issue #32: the 400 of refused fields — `details` names each one (path, name, words) and the
 * message names the first in words, never as a path like `body.username`. `fields` are full paths
 * (`body.selesai`), as the schemas' own refusals give them.
 */
export function validationError(fields: readonly { field: string; message: string }[]): AppError {
  const details = fields.map((f) => validationDetail(f.field, f.message));
  return new AppError(400, ERROR_CODES.validation, validationMessage(details), details);
}

/** zod's wording of a missing or mistyped value is English: said here in Indonesian. */
const TYPE_WORDS: Record<string, string> = {
  string: 'teks',
  number: 'angka',
  int: 'bilangan bulat',
  boolean: 'ya atau tidak',
  array: 'daftar',
  object: 'objek',
};

function issueMessage(v: { keyword?: string; message?: string; params?: Record<string, unknown> }): string {
  const message = v.message ?? 'tidak valid';
  if (v.keyword !== 'invalid_type' || !message.startsWith('Invalid input')) return message;
  if (/received undefined|received null/.test(message)) return 'wajib diisi';
  const expected = String(v.params?.expected ?? '');
  return `harus ${TYPE_WORDS[expected] ?? expected}`;
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
    // A query that failed because the database went away (restart, failover, network cut). A
    // write outside the transaction runner that lost its connection midway may have been saved.
    // spec §7: lists are read with POST {base}/{list}/filter.
    const reading =
      request.method === 'GET' || request.method === 'HEAD' || (request.routeOptions.url ?? '').endsWith('/filter');
    const dataException = dataExceptionCode(err);
    if (dataException) request.log.warn({ err }, 'nilai ditolak basis data: pemeriksaan skema permintaan terlewat');
    const error = isConnectionError(err)
      ? databaseUnavailable(!reading && !neverReachedDatabase(err))
      : dataException
        ? dataExceptionError(dataException)
        : err;
    if (error instanceof AppError) {
      if (error.statusCode === 503) {
        request.log.warn({ err }, error.message);
        reply.header('Retry-After', RETRY_AFTER_SECONDS);
      }
      return reply.status(error.statusCode).send({ error: error.code, message: error.message, details: error.details });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const details: ValidationDetail[] = err.validation
        .map((v) =>
          validationDetail(
            [err.validationContext, ...(v.instancePath ? v.instancePath.split('/').filter(Boolean) : [])]
              .filter(Boolean)
              .join('.'),
            issueMessage(v),
          ),
        )
        // Two checks of one field saying the same (a date's shape and its being a real day) are one.
        .filter((d, i, all) => all.findIndex((o) => o.field === d.field && o.message === d.message) === i);
      return reply.status(400).send({ error: ERROR_CODES.validation, message: validationMessage(details), details });
    }
    const status = err.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send({ error: ERROR_CODES.rateLimited, message: err.message });
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (malformed JSON, wrong content type, body too large).
      return reply.status(status).send({
        error: err.code ?? 'BAD_REQUEST',
        message:
          status === 413
            ? 'Data yang dikirim terlalu besar untuk permintaan ini.'
            : 'Permintaan tidak dapat diproses: format data tidak sesuai.',
        details: { reason: err.message },
      });
    }
    request.log.error({ err }, 'unhandled error');
    return reply
      .status(500)
      .send({ error: ERROR_CODES.internal, message: 'Terjadi kesalahan pada server. Silakan coba lagi.' });
  });

  app.setNotFoundHandler((request, reply) =>
    reply
      .status(404)
      .send({ error: ERROR_CODES.notFound, message: `Alamat ${request.method} ${request.url} tidak ditemukan.` }),
  );
}
