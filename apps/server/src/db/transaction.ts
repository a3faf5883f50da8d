// The one way a service runs a transaction (issue #17): retried where that cannot save twice,
// answered 503 when the database cannot be reached. Not here: which errors are which
// (connection-errors.ts), the pool's own event handling (database.ts).

import { ERROR_CODES } from '@portal/contract';
import type { Kysely, Transaction } from 'kysely';
import { AppError, databaseUnavailable } from '../errors.js';
import { isConnectionError, isRetryableConflict } from './connection-errors.js';
import type { DB } from './schema.js';

/** Attempts of one transaction in all, and the pause before each retry (ms, jittered). */
export const TRANSACTION_ATTEMPTS = 4;
const RETRY_PAUSE_MS = [100, 300, 900];

const pause = (attempt: number) =>
  new Promise((resolve) => setTimeout(resolve, (RETRY_PAUSE_MS[attempt - 1] ?? 900) * (0.5 + Math.random())));

/**
 * Runs `work` in one transaction. It is run again (a bounded number of times) only where that
 * cannot save twice: after a serialization failure or deadlock (PostgreSQL rolled everything
 * back), or after the connection was lost before COMMIT was sent. A connection lost while COMMIT
 * was on its way leaves the outcome unknown: never retried, reported as such (503), and the
 * record's version check makes the user's own retry safe. `work` must touch nothing but the
 * database, since it may run more than once.
 */
export async function transaction<T>(
  db: Kysely<DB>,
  work: (trx: Transaction<DB>) => Promise<T>,
  attempts = TRANSACTION_ATTEMPTS,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    let committing = false;
    try {
      return await db.transaction().execute(async (trx) => {
        const result = await work(trx);
        committing = true;
        return result;
      });
    } catch (error) {
      const lost = isConnectionError(error);
      const safe = isRetryableConflict(error) || (lost && !committing);
      if (safe && attempt < attempts) {
        await pause(attempt);
        continue;
      }
      if (lost) throw databaseUnavailable(committing);
      throw error;
    }
  }
}

/** One item's outcome in a bulk action: saved, or why not (its own message). */
export type ItemResult<T extends object> =
  | ({ id: number; ok: true } & T)
  | { id: number; ok: false; error: string; message: string };

/**
 * A bulk action (approve all, answer many): each id in its own transaction, so one refusal does
 * not undo the others, and each answered with its own result. Once the database cannot be
 * reached, the ids not yet tried are reported unsaved with that message instead of each waiting
 * through its own retries.
 */
export async function eachInTransaction<T extends object>(
  db: Kysely<DB>,
  ids: readonly number[],
  work: (trx: Transaction<DB>, id: number) => Promise<T>,
): Promise<ItemResult<T>[]> {
  const results: ItemResult<T>[] = [];
  let unreachable: AppError | undefined;
  for (const id of [...new Set(ids)]) {
    try {
      if (unreachable) throw unreachable;
      const done = await transaction(db, (trx) => work(trx, id));
      results.push({ id, ok: true, ...done });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      if (error.code === ERROR_CODES.databaseUnavailable) unreachable = databaseUnavailable();
      results.push({ id, ok: false, error: error.code, message: error.message });
    }
  }
  return results;
}
