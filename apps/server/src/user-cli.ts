// `npm run user -- create --username <u> --email <e> --fullname "<nama>" [--role ROLE_…]…
// [--instansi-kode <kode> [--instansi-nama "<nama>"]]`: creates an account in the configured
// database (DATABASE_URL, else the embedded one) — above all the first super-admin of a production
// install, who then manages everyone else at /admin/pengguna. Prints a temporary password
// (three days; the first sign-in must replace it). The default role is ROLE_SUPERADMIN.

import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { flagsForRoles, isRole, penggunaCreateSchema, ROLES, TEMPORARY_PASSWORD_MINUTES } from '@portal/contract';
import { hashPassword } from './auth/passwords.js';
import { issueTemporaryPassword } from './auth/temporary-password.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { migrate } from './db/migrate.js';
import { recordAudit } from './modules/audit/audit.js';

const USAGE =
  'Pemakaian: npm run user -- create --username <nama> --email <email> --fullname "<nama lengkap>" ' +
  '[--role ROLE_SUPERADMIN]… [--instansi-kode <kode> [--instansi-nama "<nama>"]]';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    username: { type: 'string' },
    email: { type: 'string' },
    fullname: { type: 'string' },
    role: { type: 'string', multiple: true },
    'instansi-kode': { type: 'string', default: '4001' },
    'instansi-nama': { type: 'string', default: 'Badan Kepegawaian Negara' },
  },
});

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

if (positionals[0] !== 'create') fail(USAGE);
const roles = values.role ?? ['ROLE_SUPERADMIN'];
const unknownRole = roles.find((role) => !isRole(role));
if (unknownRole) fail(`Peran tidak dikenal: ${unknownRole}. Peran yang ada: ${ROLES.join(', ')}`);
const kode = values['instansi-kode'] ?? '4001';

const config = loadConfig();
const database = await openDatabase(config.database);
try {
  await migrate(database.db);
  const db = database.db;
  let instansi = await db.selectFrom('instansi').select('id').where('kode', '=', kode).executeTakeFirst();
  if (!instansi) {
    const next = await db
      .selectFrom('instansi')
      .select((eb) => eb.fn.coalesce(eb.fn.max('id'), eb.lit(0)).as('max'))
      .executeTakeFirstOrThrow();
    instansi = await db
      .insertInto('instansi')
      .values({ id: Number(next.max) + 1, kode, nama: values['instansi-nama'] ?? kode, jenis: 'pusat' })
      .returning('id')
      .executeTakeFirstOrThrow();
    console.info(`Instansi ${kode} dibuat.`);
  }
  const parsed = penggunaCreateSchema.safeParse({
    username: values.username,
    email: values.email,
    fullname: values.fullname,
    instansiId: instansi.id,
    roles,
  });
  if (!parsed.success) {
    fail(`${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('\n')}\n${USAGE}`);
  }
  const user = parsed.data;
  const clash = await db
    .selectFrom('app_user')
    .select('id')
    .where((eb) =>
      eb.or([eb(eb.fn('lower', ['username']), '=', user.username), eb(eb.fn('lower', ['email']), '=', user.email)]),
    )
    .executeTakeFirst();
  if (clash) fail('Nama pengguna atau email sudah dipakai akun lain.');
  const flags = flagsForRoles(user.roles);
  const created = await db
    .insertInto('app_user')
    .values({
      username: user.username,
      fullname: user.fullname,
      email: user.email,
      password_hash: await hashPassword(randomBytes(32).toString('base64url')),
      instansi_id: instansi.id,
      authorities: user.roles,
      is_cpns: flags.isCpns,
      is_pppk: flags.isPppk,
      is_pppk_guru: flags.isPppkGuru,
      is_pppk_nakes: flags.isPppkNakes,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const temporary = await issueTemporaryPassword(db, created.id, TEMPORARY_PASSWORD_MINUTES.akunBaru);
  await recordAudit(db, {
    action: 'user.create',
    actorUsername: 'npm run user',
    instansiId: instansi.id,
    entity: 'user',
    entityId: created.id,
    to: user.roles.join(','),
    details: { username: user.username, email: user.email, roles: user.roles, via: 'cli' },
  });
  console.info(`Akun ${user.username} (${user.roles.join(', ')}) dibuat di ${database.kind}.`);
  console.info(`Kata sandi sementara (berlaku 3 hari, harus diganti saat masuk pertama): ${temporary}`);
} finally {
  await database.close();
}
