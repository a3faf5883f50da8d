// User administration rules (issue #6, docs/decisions.md "User administration"): an instansi admin
// sees the accounts of their own instansi and manages those holding only roles they may grant
// (contract GRANTABLE_BY_ADMIN); the super-admin manages every account but another super-admin.

import {
  flagsForRoles,
  grantableRoles,
  isSuperadmin,
  type PenggunaRow,
  type Principal,
  type Role,
} from '@portal/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { forbidden } from '../../errors.js';

export interface Manager {
  id: number;
  superadmin: boolean;
  instansiId: number;
  grantable: ReadonlySet<Role>;
}

export function managerOf(principal: Principal): Manager {
  const authorities = principal.authorities.map((a) => a.authority);
  return {
    id: principal.id,
    superadmin: isSuperadmin(authorities),
    instansiId: principal.instansi.id,
    grantable: new Set(grantableRoles(authorities)),
  };
}

interface Target {
  instansi_id: number;
  authorities: readonly string[];
}

export function canSee(manager: Manager, target: Target): boolean {
  return manager.superadmin || target.instansi_id === manager.instansiId;
}

/** Every role the account holds is one the manager grants (so no other track's account). */
export function canEdit(manager: Manager, target: Target): boolean {
  return canSee(manager, target) && target.authorities.every((role) => manager.grantable.has(role as Role));
}

/** Refuses (403) roles the manager may not grant, naming the first. */
export function assertGrantable(manager: Manager, roles: readonly string[]): void {
  const refused = roles.find((role) => !manager.grantable.has(role as Role));
  if (refused) throw forbidden(`Anda tidak berhak memberikan atau mencabut peran ${refused}.`);
}

export function roleColumns(roles: readonly string[]) {
  const flags = flagsForRoles(roles);
  return {
    authorities: [...roles],
    is_cpns: flags.isCpns,
    is_pppk: flags.isPppk,
    is_pppk_guru: flags.isPppkGuru,
    is_pppk_nakes: flags.isPppkNakes,
  };
}

/** The rows of the list and of single reads, with their instansi. */
export function penggunaQuery(db: Kysely<DB>) {
  return db
    .selectFrom('app_user as u')
    .innerJoin('instansi as i', 'i.id', 'u.instansi_id')
    .select([
      'u.id',
      'u.username',
      'u.fullname',
      'u.email',
      'u.instansi_id',
      'u.authorities',
      'u.active',
      'u.totp_secret',
      'u.created_at',
      'u.version',
      'i.kode as instansi_kode',
      'i.nama as instansi_nama',
    ]);
}

type PenggunaSelect = Awaited<ReturnType<ReturnType<typeof penggunaQuery>['executeTakeFirstOrThrow']>>;

export function toPenggunaRow(manager: Manager, row: PenggunaSelect): PenggunaRow {
  return {
    id: row.id,
    username: row.username,
    fullname: row.fullname,
    email: row.email,
    instansi: { id: row.instansi_id, kode: row.instansi_kode, nama: row.instansi_nama },
    roles: row.authorities,
    active: row.active,
    totpEnabled: row.totp_secret !== null,
    createdAt: row.created_at.toISOString(),
    version: row.version,
    bisaDiubah: canEdit(manager, row) && row.id !== manager.id,
  };
}
