// Decision 011: while an admin views as a creator, the server refuses every write (403, one
// message) and stores nothing, on every write route of the OpenAPI document, including routes added later.
// Reads stay open; stopping the view and signing out are recorded with the admin as the actor.
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { userAdminActions } from '../../src/server/db/schema';
import { IMPERSONATION_READ_ONLY_MESSAGE } from '../../src/server/plugins/session';
import { applicationBody } from '../support/accounts';
import { databaseFingerprint } from '../support/db-fingerprint';
import { quickUser, type SignedIn } from '../support/servicing';
import { createTestApp, type TestApp } from '../support/test-app';

/** The routes that stay open while viewing as a creator: they end the view or the session. */
const ALLOWED = new Set(['POST /api/logout', 'POST /api/admin/stop-impersonate']);

let t: TestApp;
let admin: SignedIn;
let creator: SignedIn;
let applicationId: number;
let writeRoutes: Array<{ method: string; path: string }>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await quickUser(t, 'viewer@example.com', 'admin');
  creator = await quickUser(t, 'viewed@example.com');
  const applied = await creator.post('/api/applications', applicationBody());
  expect(applied.statusCode, applied.body).toBe(201);
  applicationId = applied.json().application.id;
  const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  writeRoutes = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.keys(methods)
      .map((method) => ({ method: method.toUpperCase(), path }))
      .filter((route) => !['GET', 'HEAD', 'OPTIONS'].includes(route.method)),
  );
});
afterAll(() => t.close());

/** Each test starts viewing as the creator itself, and stops afterwards, so none depends on another's order. */
beforeEach(async () => {
  const started = await admin.post(`/api/admin/impersonate/${creator.userId}`);
  expect(started.statusCode, started.body).toBe(200);
});
afterEach(async () => {
  const stopped = await admin.post('/api/admin/stop-impersonate');
  expect([200, 409]).toContain(stopped.statusCode);
});

/** A plausible request for the route: real ids, a body the creator could have sent. */
function urlOf(path: string) {
  return path.replace(/\{[^}]+\}/g, String(applicationId));
}

describe('viewing as a creator', () => {
  it('refuses every write route of the API with the one message, and stores nothing', async () => {
    expect(writeRoutes.length).toBeGreaterThan(30);
    const before = await databaseFingerprint(t.database.db);
    const answers: string[] = [];
    for (const route of writeRoutes) {
      if (ALLOWED.has(`${route.method} ${route.path}`)) continue;
      const res = await admin.request({
        method: route.method as 'POST',
        url: urlOf(route.path),
        payload: route.path === '/api/applications' ? applicationBody() : { reason: 'as the admin' },
      });
      answers.push(`${route.method} ${route.path} ${res.statusCode} ${res.json().message}`);
    }
    expect(answers.filter((a) => !a.endsWith(`403 ${IMPERSONATION_READ_ONLY_MESSAGE}`))).toEqual([]);
    expect(await databaseFingerprint(t.database.db)).toEqual(before);
  });

  it('still shows what the creator sees', async () => {
    const list = await admin.get('/api/applications');
    expect(list.statusCode).toBe(200);
    expect(list.json().map((a: { id: number }) => a.id)).toEqual([applicationId]);
    expect((await admin.get('/api/user')).json()).toMatchObject({
      id: creator.userId,
      impersonatedBy: { id: admin.userId },
    });
  });

  it('records stopping the view with the admin as the actor', async () => {
    const endedRows = () =>
      t.database.db
        .select()
        .from(userAdminActions)
        .where(
          and(
            eq(userAdminActions.userId, creator.userId),
            eq(userAdminActions.action, 'impersonation_ended'),
          ),
        );
    const before = (await endedRows()).length;
    const stopped = await admin.post('/api/admin/stop-impersonate');
    expect(stopped.statusCode, stopped.body).toBe(200);
    const rows = await endedRows();
    expect(rows).toHaveLength(before + 1);
    expect(rows.every((r) => r.adminId === admin.userId)).toBe(true);
    // Back to the admin's own rights: the creator's application is not theirs to cancel, but admin routes answer.
    expect((await admin.get(`/api/admin/applications/${applicationId}`)).statusCode).toBe(200);
  });
});
