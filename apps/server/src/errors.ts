// The one error type of the server and its mapping to the JSON body {error, message, details}
// (STYLE.md). Messages are Indonesian; `error` is a stable code for programs.

import { DATABASE_UNAVAILABLE_MESSAGE, ERROR_CODES } from '@portal/contract';
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

interface ValidationIssue {
  field: string;
  message: string;
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
    // A query that failed because the database went away (restart, failover, network cut). A
    // write outside the transaction runner that lost its connection midway may have been saved.
    // spec §7: lists are read with POST {base}/{list}/filter.
    const reading =
      request.method === 'GET' || request.method === 'HEAD' || (request.routeOptions.url ?? '').endsWith('/filter');
    const error = isConnectionError(err) ? databaseUnavailable(!reading && !neverReachedDatabase(err)) : err;
    if (error instanceof AppError) {
      if (error.statusCode === 503) {
        request.log.warn({ err }, error.message);
        reply.header('Retry-After', RETRY_AFTER_SECONDS);
      }
      return reply.status(error.statusCode).send({ error: error.code, message: error.message, details: error.details });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issues: ValidationIssue[] = err.validation.map((v) => ({
        field: [err.validationContext, ...(v.instancePath ? v.instancePath.split('/').filter(Boolean) : [])]
          .filter(Boolean)
          .join('.'),
        message: v.message ?? 'tidak valid',
      }));
      const first = issues[0];
      return reply.status(400).send({
        error: ERROR_CODES.validation,
        message: first ? `Data tidak valid pada ${first.field}: ${first.message}` : 'Data tidak valid.',
        details: issues,
      });
    }
    const status = err.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send({ error: ERROR_CODES.rateLimited, message: err.message });
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (malformed JSON, wrong content type, body too large).
      return reply.status(status).send({
        error: err.code ?? 'BAD_REQUEST',
        message: 'Permintaan tidak dapat diproses: format data tidak sesuai.',
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
