// Refuses, for every route, text that PostgreSQL or a page cannot take (issue #30): U+0000, which
// PostgreSQL's text types refuse (SQLSTATE 22021), and lone UTF-16 surrogates, which the way to
// the database silently turns into U+FFFD. One preValidation hook over the query, the path and the
// body, so no route's schema has to remember it. Malformed JSON and bad values are errors.ts.

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { validationError } from './errors.js';

export const FORBIDDEN_TEXT_MESSAGE = 'mengandung karakter yang tidak diizinkan (NUL atau karakter Unicode tidak utuh)';

/** A surrogate without its pair: in `u` mode a pair is one code point, not in category Cs. */
const LONE_SURROGATE = /\p{Cs}/u;
const LONE_SURROGATES = /\p{Cs}/gu;

/** Whether PostgreSQL can store the text as it is: no NUL, no lone surrogate. */
export function isStorableText(text: string): boolean {
  return !text.includes('\u0000') && !LONE_SURROGATE.test(text);
}

const escaped = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** A key as a field path shows it: the characters that make it unstorable written as \uXXXX. */
const printable = (key: string) => key.replaceAll('\u0000', escaped('\u0000')).replace(LONE_SURROGATES, escaped);

/**
 * The path (from `root`) of the first string in `value` — a key or a value, at any depth — that
 * PostgreSQL cannot store; null when there is none. Walked without recursion: a body may be
 * nested thousands of levels deep.
 */
export function findUnstorableText(value: unknown, root: string): string | null {
  const stack: { value: unknown; path: string }[] = [{ value, path: root }];
  while (stack.length > 0) {
    const { value: current, path } = stack.pop() as { value: unknown; path: string };
    if (typeof current === 'string') {
      if (!isStorableText(current)) return path;
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) stack.push({ value: current[i], path: `${path}.${i}` });
    } else if (current !== null && typeof current === 'object' && !Buffer.isBuffer(current)) {
      const entries = Object.entries(current);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i] as [string, unknown];
        const childPath = `${path}.${printable(key)}`;
        if (!isStorableText(key)) return childPath;
        stack.push({ value: child, path: childPath });
      }
    }
  }
  return null;
}

/** A form body the route keeps as text (the identity provider's token endpoint): its fields. */
function bodyOf(request: FastifyRequest): unknown {
  const { body } = request;
  if (typeof body !== 'string') return body;
  const type = String(request.headers['content-type'] ?? '');
  return type.startsWith('application/x-www-form-urlencoded') ? Object.fromEntries(new URLSearchParams(body)) : body;
}

/** Registers the check on every route of `app` (called once, on the root instance). */
export function registerRequestGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    // The same field names as a schema's validation error (errors.ts): querystring, params, body.
    const field =
      findUnstorableText(request.query, 'querystring') ??
      findUnstorableText(request.params, 'params') ??
      findUnstorableText(bodyOf(request), 'body');
    if (field === null) return;
    throw validationError([{ field, message: FORBIDDEN_TEXT_MESSAGE }]);
  });
}
