// Builds the principal of spec §3 (+ menus of spec §6) from a user row.

import { allowedPages, type Principal } from '@portal/contract';
import type { Kysely, Selectable } from 'kysely';
import type { AppUserTable, DB, InstansiTable } from '../db/schema.js';

export type UserRow = Selectable<AppUserTable>;

export function toPrincipal(user: UserRow, instansi: Selectable<InstansiTable>): Principal {
  const base = {
    authorities: user.authorities.map((authority) => ({ authority })),
    isCpns: user.is_cpns,
    isPppk: user.is_pppk,
    isPppkGuru: user.is_pppk_guru,
    isPppkNakes: user.is_pppk_nakes,
  };
  return {
    id: user.id,
    username: user.username,
    fullname: user.fullname,
    email: user.email,
    instansi: { id: instansi.id, kode: instansi.kode, nama: instansi.nama },
    ...base,
    menus: allowedPages(base),
  };
}

export async function loadInstansi(db: Kysely<DB>, id: number): Promise<Selectable<InstansiTable>> {
  return db.selectFrom('instansi').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}
