// User administration (issue #6) against the real database and HTTP layer: an instansi admin
// sees and manages only their own instansi's accounts and grants only their track's roles below
// admin; the super-admin creates instansi admins; every change is audited.

import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSmtp, type TestSmtp, temporaryPasswordIn } from '../../test/smtp.js';
import { createInstansi, createTestApp, createUser, TestClient, type TestContext } from '../../test/test-app.js';

let ctx: TestContext;
let client: TestClient;
let smtp: TestSmtp;
let instansiA: number;
let instansiB: number;
let adminA: string;
let adminB: string;
let superadmin: string;
let userB: Awaited<ReturnType<typeof createUser>>;
let otherTrackA: Awaited<ReturnType<typeof createUser>>;

const LIST = { paginator: { page: 1, pageSize: 50 }, sorting: { column: 'id', direction: 'asc' }, searchTerm: '' };

beforeAll(async () => {
  smtp = await startTestSmtp();
  ctx = await createTestApp({ smtpUrl: smtp.url });
  client = new TestClient(ctx.app);
  instansiA = await createInstansi(ctx.db, 'Instansi A');
  instansiB = await createInstansi(ctx.db, 'Instansi B');
  const a = await createUser(ctx.db, { roles: ['ROLE_ADMIN_CPNS'], flags: { isCpns: true }, instansiId: instansiA });
  const b = await createUser(ctx.db, {
    roles: ['ROLE_ADMIN_PPPK_NAKES'],
    flags: { isPppkNakes: true },
    instansiId: instansiB,
  });
  const s = await createUser(ctx.db, { roles: ['ROLE_SUPERADMIN'] });
  userB = await createUser(ctx.db, { roles: ['ROLE_VERIFIKATOR_PPPK_NAKES'], instansiId: instansiB });
  otherTrackA = await createUser(ctx.db, { roles: ['ROLE_SUPERVISOR_PPPK'], instansiId: instansiA });
  [adminA, adminB, superadmin] = await Promise.all([
    client.loginToken(a.username, a.password),
    client.loginToken(b.username, b.password),
    client.loginToken(s.username, s.password),
  ]);
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const list = (token: string, body: Record<string, unknown> = {}) =>
  client.request({ method: 'POST', url: '/api/admin/pengguna/filter', token, payload: { ...LIST, ...body } });
const create = (token: string, payload: Record<string, unknown>) =>
  client.request({ method: 'POST', url: '/api/admin/pengguna', token, payload });
const update = (token: string, id: number, payload: Record<string, unknown>) =>
  client.request({ method: 'PUT', url: `/api/admin/pengguna/${id}`, token, payload });
/** A new account as the create form sends it; its email follows the username. */
const akunBaru = (username: string, instansiId: number, roles: string[], fullname = 'Calon Pengguna') => ({
  username,
  fullname,
  email: `${username.toLowerCase()}@uji.go.id`,
  instansiId,
  roles,
});

describe('an instansi admin', () => {
  it('sees only the accounts of their own instansi', async () => {
    const res = await list(adminA);
    expect(res.statusCode).toBe(200);
    const rows = res.json().data as { instansi: { id: number }; username: string; bisaDiubah: boolean }[];
    expect(rows.length).toBeGreaterThanOrEqual(2);
    expect(rows.every((row) => row.instansi.id === instansiA)).toBe(true);
    // The other track's supervisor is listed but not editable.
    expect(rows.find((row) => row.username === otherTrackA.username)?.bisaDiubah).toBe(false);
    expect((await list(adminA, { filter: { instansiId: instansiB } })).statusCode).toBe(403);
    expect(
      (await client.request({ method: 'GET', url: `/api/admin/pengguna/${userB.id}`, token: adminA })).statusCode,
    ).toBe(404);
    const edit = await update(adminA, userB.id, {
      fullname: 'Diambil Alih',
      email: 'ambil@uji.go.id',
      roles: [],
      active: false,
      version: 1,
    });
    expect(edit.statusCode).toBe(404);
    const unchanged = await ctx.db
      .selectFrom('app_user')
      .selectAll()
      .where('id', '=', userB.id)
      .executeTakeFirstOrThrow();
    expect(unchanged.active).toBe(true);
  });

  it('grants only their own track’s roles below admin, only in their instansi', async () => {
    const otherTrack = await create(adminA, akunBaru('calon.satu', instansiA, ['ROLE_VERIFIKATOR_PPPK_NAKES']));
    expect(otherTrack.statusCode).toBe(403);
    expect(otherTrack.json().message).toBe(
      'Anda tidak berhak memberikan atau mencabut peran ROLE_VERIFIKATOR_PPPK_NAKES.',
    );
    const admin = await create(adminA, akunBaru('calon.dua', instansiA, ['ROLE_ADMIN_CPNS']));
    expect(admin.statusCode).toBe(403);
    const elsewhere = await create(adminA, akunBaru('calon.tiga', instansiB, ['ROLE_VERIFIKATOR_CPNS']));
    expect(elsewhere.statusCode).toBe(403);
    const options = (await client.request({ method: 'GET', url: '/api/admin/pengguna/options', token: adminA })).json();
    expect(options).toEqual({
      roles: ['ROLE_VERIFIKATOR_CPNS', 'ROLE_SUPERVISOR_CPNS', 'ROLE_MONITORING_CPNS_INSTANSI'],
      instansi: [{ id: instansiA, kode: `U${instansiA}`, nama: 'Instansi A' }],
    });
    // Nor may they edit an account holding another track's role.
    const row = await ctx.db
      .selectFrom('app_user')
      .select('version')
      .where('id', '=', otherTrackA.id)
      .executeTakeFirstOrThrow();
    const edit = await update(adminA, otherTrackA.id, {
      fullname: 'Nama Baru',
      email: `${otherTrackA.username}@uji.go.id`,
      roles: ['ROLE_SUPERVISOR_PPPK'],
      active: false,
      version: row.version,
    });
    expect(edit.statusCode).toBe(403);
  });

  it('creates a verifier who signs in with the mailed temporary password and sees the verifier menu', async () => {
    const res = await create(
      adminA,
      akunBaru('Verifikator.Baru', instansiA, ['ROLE_VERIFIKATOR_CPNS'], 'Verifikator Baru'),
    );
    expect(res.statusCode).toBe(201);
    const { pengguna, temporaryPassword } = res.json();
    expect(pengguna).toEqual(
      expect.objectContaining({ username: 'verifikator.baru', roles: ['ROLE_VERIFIKATOR_CPNS'], active: true }),
    );
    expect(temporaryPasswordIn(await smtp.waitFor('verifikator.baru@uji.go.id'))).toBe(temporaryPassword);

    expect((await client.login('verifikator.baru', temporaryPassword)).statusCode).toBe(403);
    const reset = await client.request({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { username: 'verifikator.baru', oldPassword: temporaryPassword, newPassword: 'lembar-kerja-rapi' },
    });
    expect(reset.statusCode).toBe(200);
    const token = await client.loginToken('verifikator.baru', 'lembar-kerja-rapi');
    const principal = (await client.request({ method: 'GET', url: '/api/auth/check-token', token })).json().mapData
      .data;
    expect(principal.isCpns).toBe(true);
    expect(principal.menus.map((m: { page: string }) => m.page)).toEqual([
      '/cpns/verifikasi',
      '/cpns/rekap-verifikasi',
    ]);

    // Edit (roles) on the version seen now (the password change bumped it), then deactivate: the
    // sessions end at once.
    const seen = (
      await client.request({ method: 'GET', url: `/api/admin/pengguna/${pengguna.id}`, token: adminA })
    ).json();
    expect(seen.version).toBeGreaterThan(pengguna.version);
    const editRoles = (roles: string[], active: boolean, version: number) =>
      update(adminA, pengguna.id, {
        fullname: 'Verifikator Baru',
        email: 'verifikator.baru@uji.go.id',
        roles,
        active,
        version,
      });
    const edited = await editRoles(['ROLE_VERIFIKATOR_CPNS', 'ROLE_SUPERVISOR_CPNS'], true, seen.version);
    expect(edited.statusCode).toBe(200);
    // The user's next call already has the new role (their session's check was remembered a
    // moment ago: a change made through the app ends it, auth/sessions.ts).
    const after = (await client.request({ method: 'GET', url: '/api/auth/check-token', token })).json().mapData.data;
    expect(after.menus.map((m: { page: string }) => m.page)).toContain('/cpns/supervisi');
    const stale = await editRoles([], false, seen.version);
    expect(stale.statusCode).toBe(409);
    const deactivated = await editRoles(
      ['ROLE_VERIFIKATOR_CPNS', 'ROLE_SUPERVISOR_CPNS'],
      false,
      edited.json().version,
    );
    expect(deactivated.statusCode).toBe(200);
    expect((await client.request({ method: 'GET', url: '/api/auth/check-token', token })).statusCode).toBe(401);
    expect((await client.login('verifikator.baru', 'lembar-kerja-rapi')).statusCode).toBe(401);

    const trail = await ctx.db
      .selectFrom('audit_event')
      .select(['action', 'actor_username', 'from_value', 'to_value', 'instansi_id'])
      .where('entity', '=', 'user')
      .where('entity_id', '=', String(pengguna.id))
      .where('action', 'like', 'user.%')
      .orderBy('id')
      .execute();
    const adminName = (
      await ctx.db
        .selectFrom('app_user')
        .select('username')
        .where('authorities', '@>', sql<string[]>`ARRAY['ROLE_ADMIN_CPNS']`)
        .where('instansi_id', '=', instansiA)
        .executeTakeFirstOrThrow()
    ).username;
    expect(trail).toEqual([
      {
        action: 'user.create',
        actor_username: adminName,
        from_value: null,
        to_value: 'ROLE_VERIFIKATOR_CPNS',
        instansi_id: instansiA,
      },
      {
        action: 'user.update',
        actor_username: adminName,
        from_value: 'ROLE_VERIFIKATOR_CPNS',
        to_value: 'ROLE_VERIFIKATOR_CPNS,ROLE_SUPERVISOR_CPNS',
        instansi_id: instansiA,
      },
      {
        action: 'user.deactivate',
        actor_username: adminName,
        from_value: null,
        to_value: null,
        instansi_id: instansiA,
      },
    ]);
  });
});

describe('the super-admin', () => {
  it('creates an instansi admin anywhere, but no other super-admin', async () => {
    const res = await create(
      superadmin,
      akunBaru('admin.nakes.b', instansiB, ['ROLE_ADMIN_PPPK_NAKES'], 'Admin Nakes B'),
    );
    expect(res.statusCode).toBe(201);
    const row = await ctx.db
      .selectFrom('app_user')
      .selectAll()
      .where('username', '=', 'admin.nakes.b')
      .executeTakeFirstOrThrow();
    expect(row).toEqual(expect.objectContaining({ instansi_id: instansiB, is_pppk_nakes: true, is_cpns: false }));
    // The new admin's own instansi B is what adminB of that instansi sees too.
    const seenByB = (await list(adminB)).json().data.map((r: { username: string }) => r.username);
    expect(seenByB).toContain('admin.nakes.b');

    const again = await create(superadmin, akunBaru('super.dua', instansiA, ['ROLE_SUPERADMIN'], 'Super Dua'));
    expect(again.statusCode).toBe(403);
    const all = (await list(superadmin, { searchTerm: 'admin.nakes' })).json();
    expect(all.recordsTotal).toBe(1);
  });
});

it('is closed to a verifier (403, the page is not in their menu)', async () => {
  const verifier = await createUser(ctx.db, { roles: ['ROLE_VERIFIKATOR_CPNS'], flags: { isCpns: true } });
  const token = await client.loginToken(verifier.username, verifier.password);
  expect((await list(token)).statusCode).toBe(403);
});
