// The embedded provider's storage (oidc-provider's Adapter interface) in PostgreSQL/PGlite: one
// row per stored object in `oidc_payload` (migration 0014), so every instance sees the same
// sessions, codes and refresh tokens. Expired rows are ignored on read and swept now and then.

import { type Kysely, sql } from 'kysely';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { DB } from '../db/schema.js';

export function databaseAdapter(db: Kysely<DB>) {
  return class DatabaseAdapter implements Adapter {
    constructor(readonly model: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      const row = {
        model: this.model,
        id,
        payload: JSON.stringify(payload),
        grant_id: payload.grantId ?? null,
        user_code: payload.userCode ?? null,
        uid: payload.uid ?? null,
        expires_at: expiresIn ? sql<Date>`now() + make_interval(secs => ${expiresIn})` : null,
      };
      await db
        .insertInto('oidc_payload')
        .values(row)
        .onConflict((oc) =>
          oc.columns(['model', 'id']).doUpdateSet({
            payload: (eb) => eb.ref('excluded.payload'),
            grant_id: (eb) => eb.ref('excluded.grant_id'),
            user_code: (eb) => eb.ref('excluded.user_code'),
            uid: (eb) => eb.ref('excluded.uid'),
            expires_at: (eb) => eb.ref('excluded.expires_at'),
          }),
        )
        .execute();
    }

    async findBy(column: 'id' | 'uid' | 'user_code', value: string): Promise<AdapterPayload | undefined> {
      const row = await db
        .selectFrom('oidc_payload')
        .select(['payload', 'consumed_at'])
        .where('model', '=', this.model)
        .where(column, '=', value)
        .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', sql<Date>`now()`)]))
        .executeTakeFirst();
      if (!row) return undefined;
      const payload = row.payload as AdapterPayload;
      return row.consumed_at ? { ...payload, consumed: Math.floor(row.consumed_at.getTime() / 1000) } : payload;
    }

    find(id: string) {
      return this.findBy('id', id);
    }

    findByUid(uid: string) {
      return this.findBy('uid', uid);
    }

    findByUserCode(userCode: string) {
      return this.findBy('user_code', userCode);
    }

    async consume(id: string): Promise<void> {
      await db
        .updateTable('oidc_payload')
        .set({ consumed_at: sql<Date>`now()` })
        .where('model', '=', this.model)
        .where('id', '=', id)
        .execute();
    }

    async destroy(id: string): Promise<void> {
      await db.deleteFrom('oidc_payload').where('model', '=', this.model).where('id', '=', id).execute();
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await db.deleteFrom('oidc_payload').where('grant_id', '=', grantId).execute();
    }
  };
}

/**
 * Ends a grant as the provider's own revocation does (issue #30: logout with its access token):
 * the grant and everything issued under it (refresh tokens, codes). Its JWT access tokens are not
 * stored; the API refuses them once their grant is gone (bearer.ts).
 */
export async function revokeGrant(db: Kysely<DB>, grantId: string): Promise<void> {
  await db
    .deleteFrom('oidc_payload')
    .where((eb) => eb.or([eb('grant_id', '=', grantId), eb.and([eb('model', '=', 'Grant'), eb('id', '=', grantId)])]))
    .execute();
}

/** Removes rows expired for more than an hour (called periodically). */
export async function sweepExpired(db: Kysely<DB>): Promise<void> {
  await db.deleteFrom('oidc_payload').where('expires_at', '<', sql<Date>`now() - interval '1 hour'`).execute();
}
