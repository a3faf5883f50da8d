// Compression of the API's answers on the wire (issue #22: verifiers on slow regional links).
// The SPA's built files are compressed once at build time and served by spa.ts; this covers what
// is made per request. Files that are compressed already (PDF, JPEG, PNG, ZIP, XLSX) pass as they are.

import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Below this many bytes the headers and the CPU cost more than compression saves. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Text the server writes: JSON (and problem+json), HTML, CSV exports, JavaScript and SVG. Not
 * `application/octet-stream` (the plugin's default takes it): documents may be sent that way,
 * and they are PDFs and photos. Not `text/event-stream`: a progress stream must flush per event.
 * Other types fall back to mime-db's own "compressible" flag, which is false for PDF, JPEG, PNG,
 * ZIP and the Office formats.
 */
const COMPRESSIBLE = /^text\/(?!event-stream)|[+/]json(?:;|$)|[+/]xml(?:;|$)|^application\/javascript(?:;|$)/;

export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    threshold: COMPRESS_THRESHOLD_BYTES,
    // Brotli first for browsers (at the plugin's quality 4: per request, quality 11 costs far more
    // CPU than it saves bytes), gzip for everything else.
    encodings: ['br', 'gzip'],
    customTypes: COMPRESSIBLE,
  });
}
