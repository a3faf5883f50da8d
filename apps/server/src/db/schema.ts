// Kysely table types of the migrated schema (db/migrations). Column names are snake_case in SQL.

import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

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
}

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

export interface DB {
  instansi: InstansiTable;
  app_user: AppUserTable;
  auth_session: AuthSessionTable;
  login_lockout: LoginLockoutTable;
  audit_event: AuditEventTable;
  app_secret: AppSecretTable;
}
