// The audit trail of one record as the screens show it (DOMAIN.md: who, what, when, from → to,
// why), read by the applicant and the Non-ASN details. Writing events is modules/audit's.

import type { Riwayat } from '@portal/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { momentText } from './list-sql.js';

/** The audit events of one record (an applicant, a Non-ASN record), oldest first. */
export async function riwayat(db: Kysely<DB>, entity: 'pelamar' | 'nonasn', id: number): Promise<Riwayat[]> {
  const rows = await db
    .selectFrom('audit_event as a')
    .leftJoin('app_user as u', 'u.id', 'a.actor_id')
    .where('a.entity', '=', entity)
    .where('a.entity_id', '=', String(id))
    .select([
      momentText('a.at').as('at'),
      'a.action',
      'u.fullname',
      'a.actor_username',
      'a.from_value',
      'a.to_value',
      'a.reason',
    ])
    .orderBy('a.at')
    .orderBy('a.id')
    .execute();
  return rows.map((row) => {
    // Issue #32: people by name, never by username — also where an event's value is its actor (a claim).
    const nama = (value: string | null) =>
      value !== null && value === row.actor_username && row.fullname ? row.fullname : value;
    return {
      at: row.at ?? '',
      aksi: row.action,
      oleh: row.fullname ?? row.actor_username,
      olehUsername: row.actor_username,
      dari: nama(row.from_value),
      ke: nama(row.to_value),
      alasan: row.reason,
    };
  });
}
