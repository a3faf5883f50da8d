// Writes audit events (DOMAIN.md: who, what, when, from → to, why). The table is append-only.

import type { Kysely } from 'kysely';
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
