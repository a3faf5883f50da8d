// Issue #32: a form's problems as one message per field, keyed by the field's path in the request
// body (`username`, `penandatangan.0.nip`) — from the contract's schema before sending, or from the
// server's 400 after. Shown by ErrorSummary and on the fields themselves (Mantine's `error`).

import type { ValidationDetail } from '@portal/contract';
import { ApiError } from '../../api/http';

export type FieldErrors = Record<string, string>;

/** Keyed by what a request named: no prototype, so `__proto__` or `constructor` is a key like any other. */
const empty = (): FieldErrors => Object.create(null) as FieldErrors;

interface Issue {
  path: readonly PropertyKey[];
  message: string;
}

/** zod issues (a contract schema's safeParse) as one message per field path, the first kept. */
export function issuesToFieldErrors(issues: readonly Issue[]): FieldErrors {
  const errors = empty();
  for (const issue of issues) {
    const path = issue.path.map(String).join('.');
    errors[path] ??= issue.message;
  }
  return errors;
}

const isDetail = (value: unknown): value is Pick<ValidationDetail, 'field' | 'message'> & Partial<ValidationDetail> =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as ValidationDetail).field === 'string' &&
  typeof (value as ValidationDetail).message === 'string';

/** A refusal naming one field and no more (`{field: 'newPassword'}`): its message is the error's. */
const isOneField = (value: unknown): value is { field: string } =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  typeof (value as { field?: unknown }).field === 'string';

const pathOf = (field: string) => field.replace(/^(body|querystring|params)\.?/, '');

/**
 * The fields a 400 VALIDATION_ERROR names (`details`, apps/server/src/errors.ts), by their path in
 * the body; empty for any other failure. A server from before `path` gives `body.username`; a
 * refusal naming one field only (the password policy, a wrong OTP code) is that field with the
 * error's own message.
 */
export function serverFieldErrors(error: unknown): FieldErrors {
  if (!(error instanceof ApiError) || error.status !== 400) return {};
  const errors = empty();
  if (isOneField(error.details)) {
    errors[pathOf(error.details.field)] = error.message;
    return errors;
  }
  if (!Array.isArray(error.details)) return {};
  for (const detail of error.details.filter(isDetail)) {
    const path = detail.path ?? pathOf(detail.field);
    errors[path] ??= detail.message;
  }
  return errors;
}

export const hasErrors = (errors: FieldErrors) => Object.keys(errors).length > 0;
