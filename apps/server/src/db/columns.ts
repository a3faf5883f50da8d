// The column types the table types share (schema.ts).

import type { ColumnType } from 'kysely';

export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** A `date` column: read as a Date by pg, written as 'YYYY-MM-DD'. */
export type DateColumn = ColumnType<Date | string, Date | string, Date | string>;
/** numeric: pg returns strings to keep precision. */
export type Numeric = ColumnType<string, number | string, number | string>;

export type TrackColumn = 'cpns' | 'pppk' | 'pppk-guru' | 'nakes';
export type StatusVerifikasi = 'BELUM' | 'MS' | 'TMS';
