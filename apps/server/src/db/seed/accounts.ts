// Demo accounts: the demo instansi (with the seat they sign documents at) and accounts of the
// contract (demo-accounts.ts).

import { DEMO_ACCOUNTS, DEMO_INSTANSI, DEMO_PASSWORD, DEMO_TOTP_SECRET, demoMenuPrincipal } from '@portal/contract';
import type { Kysely } from 'kysely';
import { hashPassword } from '../../auth/passwords.js';
import type { DB } from '../schema.js';

/**
 * Issue #31: where each demo instansi signs its documents ("Ditetapkan di {kota}"): its seat — the
 * ministries and BKN in Jakarta, a region at its capital (Kabupaten Bogor's is Cibinong, Raja
 * Ampat's Waisai). The rest of the letterhead is left for the admin to fill.
 */
export const KOTA_DEMO_INSTANSI: Readonly<Record<number, string>> = {
  1: 'Jakarta',
  2: 'Jakarta',
  3: 'Jakarta',
  4: 'Cibinong',
  5: 'Semarang',
  6: 'Jakarta',
  7: 'Bandung',
  8: 'Waisai',
};

/** Seeds the demo accounts once; returns false when the database already has users. */
export async function seedAccounts(db: Kysely<DB>): Promise<boolean> {
  const existing = await db.selectFrom('app_user').select('id').limit(1).executeTakeFirst();
  if (existing) return false;
  const hashes = await Promise.all(DEMO_ACCOUNTS.map(() => hashPassword(DEMO_PASSWORD)));
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('instansi')
      .values(DEMO_INSTANSI.map((i) => ({ ...i })))
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    await trx
      .insertInto('instansi_kop')
      .values(DEMO_INSTANSI.map((i) => ({ instansi_id: i.id, alamat: '', kota: KOTA_DEMO_INSTANSI[i.id] ?? '' })))
      .onConflict((oc) => oc.column('instansi_id').doNothing())
      .execute();
    await trx
      .insertInto('app_user')
      .values(
        DEMO_ACCOUNTS.map((a, i) => {
          const { isCpns, isPppk, isPppkGuru, isPppkNakes } = demoMenuPrincipal(a);
          return {
            username: a.username,
            fullname: a.fullname,
            email: `${a.username}@demo.portal-asn.go.id`,
            password_hash: hashes[i]!,
            instansi_id: a.instansiId,
            authorities: a.roles,
            is_cpns: isCpns,
            is_pppk: isPppk,
            is_pppk_guru: isPppkGuru,
            is_pppk_nakes: isPppkNakes,
            totp_secret: a.totp ? DEMO_TOTP_SECRET : null,
          };
        }),
      )
      .execute();
  });
  return true;
}
