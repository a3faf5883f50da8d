// The validation primitives every request schema shares (issue #30): values that reach a
// PostgreSQL column are checked against what the column can hold — a real calendar date, a real
// moment, an integer inside int4 — so bad input is a 400 with an Indonesian message, never a 500
// from the database. Text that PostgreSQL cannot store (NUL, broken Unicode) is refused for every
// string of a request in one place on the server (apps/server/src/request-guard.ts), not here.

import { z } from 'zod';

/** The largest value of PostgreSQL's `integer` (int4), the type of ids, versions and counts. */
export const INT4_MAX = 2_147_483_647;

const rangeMessage = (min: number, max: number) => `harus bilangan bulat ${min} sampai ${max}`;

/** A whole number in [min, max] (JSON numbers only); for fields that reach int4 columns. */
export function intRange(min: number, max: number = INT4_MAX, message = rangeMessage(min, max)) {
  return z.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message });
}

/** The same from a URL's text (path and query) or a list's filter state, which may carry "12". */
export function coercedIntRange(min: number, max: number = INT4_MAX, message = rangeMessage(min, max)) {
  return z.coerce
    .number({ error: message })
    .int({ error: message })
    .min(min, { error: message })
    .max(max, { error: message });
}

const ID_MESSAGE = `harus nomor identitas 1 sampai ${INT4_MAX}`;

/** A record's id in a JSON body (`ids`, `dokumenId`, `instansiId`). */
export const dbId = intRange(1, INT4_MAX, ID_MESSAGE);

/** A record's id in a path, a query or a list filter (text coerced to a number). */
export const idParam = coercedIntRange(1, INT4_MAX, ID_MESSAGE);

/** The version of a record the caller saw (optimistic locking; an int4 column). */
export const recordVersion = intRange(1, INT4_MAX, `versi harus bilangan bulat 1 sampai ${INT4_MAX}`);

/** The paginator's page: from 1, bounded so that the offset stays a sane bigint. */
export const pageNumber = intRange(1, 1_000_000);

export const ISO_DATE_MESSAGE = 'harus tanggal yang ada, berformat YYYY-MM-DD';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `value` is YYYY-MM-DD naming a day of the calendar, year 0001 to 9999. */
export function isRealDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] as number;
  return day <= days;
}

/**
 * A calendar date `YYYY-MM-DD` that exists (not 2024-02-30, not year 0000): PostgreSQL's `date`.
 * zod's ISO date checks months and leap years (and says `format: date` in the OpenAPI document).
 */
export const isoDate = z.iso.date({ error: ISO_DATE_MESSAGE }).refine(isRealDate, { error: ISO_DATE_MESSAGE });

export const ISO_DATETIME_MESSAGE =
  'harus waktu yang ada, berformat ISO 8601 dengan zona waktu (mis. 2024-08-20T08:00:00+07:00)';

/**
 * An instant with its offset (`2024-08-20T08:00:00+07:00`, or `Z`) that exists: zod checks the
 * calendar and the clock, the year must be 0001 or later (PostgreSQL's `timestamptz` has no year 0).
 */
export const isoDateTime = z.iso
  .datetime({ offset: true, error: ISO_DATETIME_MESSAGE })
  .refine((value) => isRealDate(value.slice(0, 10)) && Number.isFinite(Date.parse(value)), {
    error: ISO_DATETIME_MESSAGE,
  });

export const NIP_MESSAGE = 'NIP terdiri atas 18 angka';

/** A NIP as it is written ("19700101 199503 1 002", or with dots or dashes) as its 18 digits. */
export const normalisasiNip = (value: string): string => value.replace(/[\s.\-/]/g, '');

/**
 * A NIP (Nomor Induk Pegawai, 18 digits): typed in its usual written form with spaces, dots or
 * dashes between its parts, kept as the digits alone — the same on both sides, so the screen and
 * the server accept the same text. `overwrite`, not `transform`: the OpenAPI document still says string.
 */
export const nipSchema = z
  .string()
  .overwrite(normalisasiNip)
  .regex(/^\d{18}$/, NIP_MESSAGE);
