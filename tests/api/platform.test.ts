// The server as a platform: headers, errors, API docs, the data-dir lock, the admin CLI.

import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin } from '../../src/server/cli/create-admin';
import { DEVELOPMENT_LEGAL_SETTINGS } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/client';
import { DataDirLockedError } from '../../src/server/db/data-dir-lock';
import { users } from '../../src/server/db/schema';
import { PASSWORD, registration, signedInUser } from '../support/accounts';
import { Client, createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('HTTP platform', () => {
  it('sends security headers and a request id, and no X-Powered-By', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['x-request-id']).toMatch(/^[\w-]{8,}$/);
  });

  it('answers unknown API paths with the JSON error shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      message: 'No route for GET /api/nope',
      error: 'No route for GET /api/nope',
    });
  });

  it('serves the OpenAPI document built from the route schemas at /api/docs', async () => {
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
    const doc = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    const spec = doc.json();
    expect(spec.openapi).toMatch(/^3\./);
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining([
        '/api/login',
        '/api/register',
        '/api/verify-email',
        '/api/reset-password',
        '/api/user',
      ]),
    );
    expect(
      spec.paths['/api/login'].post.requestBody.content['application/json'].schema.properties,
    ).toHaveProperty('rememberMe');
  });

  it('refuses a state change whose Origin is not APP_URL, even when signed in', async () => {
    const client = await signedInUser(t, 'origin@example.com');
    const res = await client.request({
      method: 'POST',
      url: '/api/logout',
      headers: { origin: 'http://localhost:6666' },
    });
    expect(res.statusCode).toBe(403);
    expect((await client.get('/api/user')).statusCode).toBe(200);
  });

  it('refuses a cross-site fetch without Origin when the browser marks it cross-site', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'sec-fetch-site': 'cross-site' },
      payload: { username: 'origin@example.com', password: PASSWORD },
    });
    expect(res.statusCode).toBe(403);
  });

  it('the dev mailbox shows what the dev outbox kept (not in production)', async () => {
    await new Client(t.app).post('/api/register', registration('mailbox@example.com'));
    const json = await t.app.inject({ method: 'GET', url: '/dev/mailbox.json' });
    expect(json.json().messages[0]).toMatchObject({ to: 'mailbox@example.com' });
    const html = await t.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(html.headers['content-type']).toContain('text/html');
    expect(html.body).toContain('mailbox@example.com');
  });
});

describe('production', () => {
  it('has no development routes (mailbox, servicing clock, journey seeding)', async () => {
    const prod = await createTestApp({
      NODE_ENV: 'production',
      SETTLEMENT_ACCOUNT_NUMBER: '62012345678',
      ...DEVELOPMENT_LEGAL_SETTINGS,
    });
    try {
      const res = await prod.app.inject({ method: 'GET', url: '/dev/mailbox.json' });
      expect(res.statusCode).toBe(404);
      const devRoutes = prod.app.printRoutes({ commonPrefix: false });
      expect(devRoutes).not.toContain('/dev/');
      const seeded = await prod.app.inject({
        method: 'POST',
        url: '/dev/admin/seed-applications',
        payload: { lastName: 'Nobody', amounts: [5000] },
      });
      expect(seeded.statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});

describe('embedded database lock', () => {
  it('refuses a second open of the same data directory with a clear message', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'vuka-lock-'));
    const first = await openDatabase({ driver: 'pglite', dataDir: dir });
    try {
      await expect(openDatabase({ driver: 'pglite', dataDir: dir })).rejects.toThrow(DataDirLockedError);
      await expect(openDatabase({ driver: 'pglite', dataDir: dir })).rejects.toThrow(
        /in use by another process/,
      );
    } finally {
      await first.close();
    }
    const again = await openDatabase({ driver: 'pglite', dataDir: dir });
    await again.close();
  });

  it('a second server process on the same DATA_DIR exits with that message', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'vuka-lock-'));
    const first = await openDatabase({ driver: 'pglite', dataDir: dir });
    try {
      const run = promisify(execFile);
      // A process of its own (tsx, not npx: one resolution less), given time to start on a busy two-core machine.
      const error = await run(path.resolve('node_modules/.bin/tsx'), ['src/server/main.ts'], {
        env: { ...process.env, DATA_DIR: dir, PORT: '0', SEED_DEMO: 'false', DATABASE_URL: '' },
        timeout: 80_000,
      }).catch((e: { code: number; stderr: string }) => e);
      expect((error as { code: number }).code).toBe(1);
      expect((error as { stderr: string }).stderr).toMatch(/in use by another process/);
    } finally {
      await first.close();
    }
  }, 90_000);
});

describe('create-admin', () => {
  it('creates a verified admin who can sign in, and promotes an existing account', async () => {
    expect(
      await createAdmin(t.database.db, {
        email: 'Boss@Example.com',
        password: 'admin-pass-123',
        firstName: 'Boss',
        lastName: 'Admin',
      }),
    ).toBe('created');
    const login = await new Client(t.app).post('/api/login', {
      username: 'boss@example.com',
      password: 'admin-pass-123',
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().user).toMatchObject({ role: 'admin', verified: true });

    await new Client(t.app).post('/api/register', registration('promote@example.com'));
    expect(
      await createAdmin(t.database.db, {
        email: 'promote@example.com',
        password: PASSWORD,
        firstName: 'P',
        lastName: 'Q',
      }),
    ).toBe('promoted');
    const [user] = await t.database.db.select().from(users).where(eq(users.username, 'promote@example.com'));
    expect(user).toMatchObject({ role: 'admin', verified: true });
  });

  it('refuses bad arguments', async () => {
    await expect(
      createAdmin(t.database.db, {
        email: 'not-mail',
        password: 'admin-pass-123',
        firstName: 'A',
        lastName: 'B',
      }),
    ).rejects.toThrow();
    await expect(
      createAdmin(t.database.db, {
        email: 'a@example.com',
        password: 'short',
        firstName: 'A',
        lastName: 'B',
      }),
    ).rejects.toThrow();
  });

  it('the CLI prints its usage for missing arguments', async () => {
    const run = promisify(execFile);
    const error = await run('npx', ['tsx', 'src/server/cli/create-admin.ts', '--email', 'x@example.com'], {
      timeout: 30_000,
    }).catch((e: { code: number; stderr: string }) => e);
    expect((error as { code: number }).code).toBe(2);
    expect((error as { stderr: string }).stderr).toMatch(/Usage: npm run create-admin/);
  });
});
