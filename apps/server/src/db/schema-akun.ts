// Kysely table types of the migrated schema (schema.ts): instansi, accounts, sessions, audit,
// secrets and the embedded identity provider's store.

import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './columns.js';

export interface InstansiTable {
  id: number;
  kode: string;
  nama: string;
  jenis: 'pusat' | 'daerah';
}

export interface AppUserTable {
  id: Generated<number>;
  username: string;
  fullname: string;
  email: string;
  password_hash: string;
  instansi_id: number;
  authorities: string[];
  is_cpns: boolean;
  is_pppk: boolean;
  is_pppk_guru: boolean;
  is_pppk_nakes: boolean;
  totp_secret: string | null;
  active: Generated<boolean>;
  temp_password_hash: Generated<string | null>;
  temp_password_expires_at: Timestamp | null;
  password_changed_at: Timestamp | null;
  totp_pending_secret: Generated<string | null>;
  version: Generated<number>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface AuthSessionTable {
  id: string;
  user_id: number;
  refresh_token_hash: string;
  created_at: Generated<Date>;
  expires_at: Timestamp;
  refresh_expires_at: Timestamp;
  revoked_at: Timestamp | null;
  ip: string | null;
  user_agent: string | null;
  /** How the session was opened: a password sign-in, or a personal access key (migration 0032). */
  via: Generated<SessionVia>;
  /** The first session of its chain of refreshes; null: its own (sessions older than 0032). */
  family_id: string | null;
  /** When its refresh token was exchanged for the next session of the family. */
  rotated_at: Timestamp | null;
}

export type SessionVia = 'password' | 'access-key';

export interface LoginLockoutTable {
  username: string;
  failures: number;
  window_started_at: Timestamp;
  locked_until: Timestamp | null;
}

export interface AuditEventTable {
  id: Generated<string>;
  at: Generated<Date>;
  instansi_id: number | null;
  actor_id: number | null;
  actor_username: string | null;
  action: string;
  entity: string | null;
  entity_id: string | null;
  from_value: string | null;
  to_value: string | null;
  reason: string | null;
  ip: string | null;
  details: ColumnType<unknown, string | null, never>;
}

export interface AppSecretTable {
  name: string;
  value: string;
  created_at: Generated<Date>;
}

export interface RecoveryCodeTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  used_at: Timestamp | null;
}

export interface AccessKeyTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  prefix: string;
  key_hash: string;
  created_at: Generated<Date>;
  expires_at: Timestamp;
  last_used_at: Timestamp | null;
  revoked_at: Timestamp | null;
  /** Made with the account's second factor (enabling TOTP revokes the keys made without). */
  with_totp: Generated<boolean>;
}

/** The last TOTP time step a user spent: a code of that step or an earlier one is refused. */
export interface TotpUsedStepTable {
  user_id: number;
  // bigint: pg reads it as a string, PGlite as a number; compared in SQL only.
  step: ColumnType<string | number, number, number>;
}

/** Identity-service access tokens revoked before they expire (logout), by jti. */
export interface RevokedTokenTable {
  jti: string;
  expires_at: Timestamp;
}

export interface DevMailTable {
  id: Generated<number>;
  at: Generated<Date>;
  recipient: string;
  subject: string;
  body: string;
}

export interface OidcPayloadTable {
  model: string;
  id: string;
  payload: ColumnType<Record<string, unknown>, string, string>;
  grant_id: string | null;
  user_code: string | null;
  uid: string | null;
  expires_at: Timestamp | null;
  consumed_at: Timestamp | null;
}
