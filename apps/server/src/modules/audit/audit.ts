// Writes audit events (DOMAIN.md: who, what, when, from → to, why). The table is append-only.

import type { StatusVerifikasi, TrackId } from '@portal/contract';
import { type Kysely, type QueryCreator, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';

export interface AuditEvent {
  action: string;
  actorId?: number | null;
  actorUsername?: string | null;
  instansiId?: number | null;
  entity?: string;
  entityId?: string | number;
  from?: string | null;
  to?: string | null;
  reason?: string | null;
  ip?: string | null;
  details?: Record<string, unknown>;
}

export async function recordAudit(db: Kysely<DB>, event: AuditEvent): Promise<void> {
  await recordAudits(db, [event]);
}

/** An event as its table row. */
export function auditRow(event: AuditEvent) {
  return {
    action: event.action,
    actor_id: event.actorId ?? null,
    actor_username: event.actorUsername ?? null,
    instansi_id: event.instansiId ?? null,
    entity: event.entity ?? null,
    entity_id: event.entityId === undefined ? null : String(event.entityId),
    from_value: event.from ?? null,
    to_value: event.to ?? null,
    reason: event.reason ?? null,
    ip: event.ip ?? null,
    details: event.details ? JSON.stringify(event.details) : null,
  };
}

/** Several events in one statement (a decision's document checks and the decision itself). */
export async function recordAudits(db: Kysely<DB>, events: AuditEvent[]): Promise<void> {
  if (events.length === 0) return;
  await db.insertInto('audit_event').values(events.map(auditRow)).execute();
}

/** Who makes a change (the signed-in user), as the audit trail records them. */
export interface Actor {
  id: number;
  username: string;
  instansiId: number;
  ip?: string;
}

export type Change = {
  action: string;
  from?: string | null;
  to?: string | null;
  reason?: string | null;
  details?: Record<string, unknown>;
};

/** The audit events of changes to one applicant, on the applicant's trail. */
export const pelamarEvents = (actor: Actor, pelamarId: number | string, changes: Change[]): AuditEvent[] =>
  changes.map((change) => ({
    actorId: actor.id,
    actorUsername: actor.username,
    instansiId: actor.instansiId,
    entity: 'pelamar',
    entityId: pelamarId,
    ip: actor.ip ?? null,
    ...change,
  }));

/** An applicant's move between verification statuses, which the per-status counters follow. */
export type StatusChange = { instansiId: number; track: TrackId; from: StatusVerifikasi; to: StatusVerifikasi };

/**
 * The audit events of one applicant's change, and the counters' deltas of its status change
 * (PERFORMANCE.md: appended, no hot counter row), as CTEs of the statement `creator` goes on to
 * build – the change's own UPDATE writes them, without a round trip of their own. (PostgreSQL
 * runs a data-modifying CTE once, whether or not the statement reads it.)
 */
export function withAuditPelamar(
  creator: QueryCreator<DB>,
  actor: Actor,
  pelamarId: number,
  changes: Change[],
  status?: StatusChange,
): QueryCreator<DB> {
  const rows = pelamarEvents(actor, pelamarId, changes).map(auditRow);
  // The CTEs' own names only widen the type, and nothing reads them: back to QueryCreator<DB>.
  const audited = creator.with('audit_rows', (db) =>
    db.insertInto('audit_event').values(rows),
  ) as unknown as QueryCreator<DB>;
  if (!status || status.from === status.to) return audited;
  const { instansiId, track, from, to } = status;
  return audited.with('status_delta', (db) =>
    db.insertInto('pelamar_status_delta').values([
      { instansi_id: instansiId, track, status_verifikasi: from, delta: -1 },
      { instansi_id: instansiId, track, status_verifikasi: to, delta: 1 },
    ]),
  ) as unknown as QueryCreator<DB>;
}

/** The same, in a statement of its own. */
export async function auditPelamar(
  trx: Transaction<DB>,
  actor: Actor,
  pelamarId: number,
  changes: Change[],
  status?: StatusChange,
): Promise<void> {
  await withAuditPelamar(trx, actor, pelamarId, changes, status).selectNoFrom(sql<number>`1`.as('written')).execute();
}
