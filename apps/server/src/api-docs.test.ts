// Issue #30: the OpenAPI description (/api/docs) names every operation, the admin ones too. It is
// public in the demo (where the demo accounts' password is printed anyway), needs a signed-in
// account elsewhere, and can be switched off (API_DOCS).

import { ERROR_CODES } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { createTestApp, createUser, TestClient, type TestContext } from './test/test-app.js';

const DOCS = ['/api/docs', '/api/docs/json', '/api/docs/yaml', '/api/docs/static/swagger-initializer.js'];

describe('which description the configuration asks for', () => {
  it('is public with the embedded demo, needs an account with a production database, as API_DOCS says', () => {
    expect(loadConfig({}).apiDocs).toBe('public');
    expect(loadConfig({ NODE_ENV: 'production' }).apiDocs).toBe('public');
    const production = { NODE_ENV: 'production', DATABASE_URL: 'postgres://portal@db.internal/portal' };
    expect(loadConfig(production).apiDocs).toBe('authenticated');
    // Demo accounts seeded into PostgreSQL: a demo again.
    expect(loadConfig({ ...production, SEED_DEMO: 'true' }).apiDocs).toBe('public');
    expect(loadConfig({ ...production, API_DOCS: 'off' }).apiDocs).toBe('off');
    expect(loadConfig({ API_DOCS: 'authenticated' }).apiDocs).toBe('authenticated');
    expect(() => loadConfig({ API_DOCS: 'terbuka' })).toThrow(/API_DOCS/);
  });
});

describe('the description behind a signed-in account (API_DOCS=authenticated)', () => {
  let ctx: TestContext;
  let client: TestClient;
  beforeAll(async () => {
    ctx = await createTestApp({ apiDocs: 'authenticated' });
    client = new TestClient(ctx.app);
  });
  afterAll(() => ctx.close());

  it('answers 401 in Indonesian without a valid token, and the description with one', async () => {
    for (const url of DOCS) {
      for (const token of [undefined, 'bukan.token.sah']) {
        const res = await client.request({ url, token });
        expect(res.statusCode, `${url} ${token}`).toBe(401);
        expect(res.json()).toMatchObject({
          error: ERROR_CODES.unauthenticated,
          message: expect.stringMatching(/masuk/),
        });
      }
    }
    const user = await createUser(ctx.db);
    const token = await client.loginToken(user.username, user.password);
    for (const url of DOCS) expect((await client.request({ url, token })).statusCode, url).toBe(200);
    const doc = (await client.request({ url: '/api/docs/json', token })).json();
    expect(doc.paths['/api/admin/pengguna/filter']).toBeDefined();
  });
});

describe('the description in the demo, and switched off', () => {
  let demo: TestContext;
  let off: TestContext;
  beforeAll(async () => {
    demo = await createTestApp({ apiDocs: 'public' });
    off = await createTestApp({ apiDocs: 'off' });
  });
  afterAll(async () => {
    await demo.close();
    await off.close();
  });

  it('is open to anyone in the demo and absent (404) when off', async () => {
    for (const url of DOCS) {
      expect((await demo.app.inject({ url })).statusCode, url).toBe(200);
      const absent = await off.app.inject({ url });
      expect(absent.statusCode, url).toBe(404);
      expect(absent.json().error).toBe(ERROR_CODES.notFound);
    }
  });
});
