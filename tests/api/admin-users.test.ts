import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userAdminActions, users } from '../../src/server/db/schema';
import { applicationBody, signedInUser } from '../support/accounts';
import { Client, createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let admin: Client;
let creator: Client;
let creatorId: number;
let adminId: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t, 'boss@example.com', 'admin');
  creator = await signedInUser(t, 'maker@example.com');
  const all = await t.database.db.select().from(users);
  creatorId = all.find((u) => u.username === 'maker@example.com')!.id;
  adminId = all.find((u) => u.username === 'boss@example.com')!.id;
});
afterAll(() => t.close());

const patchUser = (client: Client, id: number, payload: object) =>
  client.request({ method: 'PATCH', url: `/api/admin/users/${id}`, payload });

describe('admin user routes refuse visitors (401) and creators (403)', () => {
  it.each([
    ['GET', '/api/admin/users'],
    ['GET', '/api/admin/users/1'],
    ['PATCH', '/api/admin/users/1'],
    ['GET', '/api/platform-management'],
    ['POST', '/api/platform-management'],
    ['GET', '/api/platform-management/dashboard/mode'],
    ['POST', '/api/platform-management/dashboard/mode'],
  ])('%s %s', async (method, url) => {
    const payload = method === 'GET' ? {} : { payload: {} };
    expect((await new Client(t.app).request({ method: method as 'GET', url, ...payload })).statusCode).toBe(
      401,
    );
    expect((await creator.request({ method: method as 'GET', url, ...payload })).statusCode).toBe(403);
  });

  it('impersonation needs a signed-in admin', async () => {
    expect((await new Client(t.app).post(`/api/admin/impersonate/${creatorId}`)).statusCode).toBe(401);
    expect((await creator.post(`/api/admin/impersonate/${adminId}`)).statusCode).toBe(403);
    expect((await creator.post('/api/admin/stop-impersonate')).statusCode).toBe(409);
  });
});

describe('users', () => {
  it('lists users and shows one with applications and the admin-actions log, masking the account number', async () => {
    await t.database.db.update(users).set({ accountNumber: '11223344' }).where(eq(users.id, creatorId));
    await creator.post('/api/applications', applicationBody());
    const list = await admin.get('/api/admin/users');
    expect(list.statusCode).toBe(200);
    const row = list.json().data.find((u: { id: number }) => u.id === creatorId);
    expect(row).toMatchObject({ username: 'maker@example.com', applicationCount: 1 });
    // The list carries what its table shows: no bank details at all.
    expect(row).not.toHaveProperty('accountNumber');
    expect(JSON.stringify(list.json())).not.toContain('11223344');
    const one = await admin.get(`/api/admin/users/${creatorId}`);
    expect(one.json().applications).toHaveLength(1);
    expect(one.json().adminActions.map((a: { action: string }) => a.action)).toContain(
      'application_submitted',
    );
    expect(JSON.stringify(one.json())).not.toContain('11223344');
    expect((await admin.get('/api/admin/users/999999')).statusCode).toBe(404);
  });

  it('changes a role, and refuses bad values and self-demotion', async () => {
    const promoted = await patchUser(admin, creatorId, { role: 'admin' });
    expect(promoted.json().user.role).toBe('admin');
    expect((await patchUser(admin, creatorId, { role: 'user' })).json().user.role).toBe('user');
    expect((await patchUser(admin, creatorId, { role: 'owner' })).statusCode).toBe(400);
    expect((await patchUser(admin, creatorId, { verified: true })).statusCode).toBe(400);
    expect((await patchUser(admin, adminId, { role: 'user' })).statusCode).toBe(409);
    const log = await t.database.db
      .select()
      .from(userAdminActions)
      .where(eq(userAdminActions.action, 'user_role_changed'));
    expect(log.length).toBe(2);
  });

  it('suspending needs a reason and ends the user’s sessions', async () => {
    const victim = await signedInUser(t, 'suspend-me@example.com');
    const [row] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.username, 'suspend-me@example.com'));
    expect((await patchUser(admin, row!.id, { status: 'suspended' })).statusCode).toBe(400);
    const res = await patchUser(admin, row!.id, { status: 'suspended', reason: 'Fraud check' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.status).toBe('suspended');
    expect((await victim.get('/api/user')).statusCode).toBe(401);
    expect((await patchUser(admin, row!.id, { status: 'active' })).json().user.status).toBe('active');
  });
});

describe('impersonation', () => {
  it('views as the creator with only the creator’s rights, keeps the admin identity, and is audited', async () => {
    const started = await admin.post(`/api/admin/impersonate/${creatorId}`);
    expect(started.statusCode).toBe(200);
    expect(started.json().user).toMatchObject({ id: creatorId, impersonatedBy: { id: adminId } });
    const me = await admin.get('/api/user');
    expect(me.json()).toMatchObject({ id: creatorId, role: 'user', impersonatedBy: { id: adminId } });
    expect((await admin.get('/api/applications')).json()[0].userId).toBe(creatorId);
    // Admin rights are off while viewing as a creator.
    expect((await admin.get('/api/admin/users')).statusCode).toBe(403);
    // Impersonation is for looking: even a second impersonation is a write, refused with the read-only message.
    const again = await admin.post(`/api/admin/impersonate/${creatorId}`);
    expect(again.statusCode).toBe(403);
    expect(again.json().message).toMatch(/viewing as this creator/);
    const stopped = await admin.post('/api/admin/stop-impersonate');
    expect(stopped.json().user).toMatchObject({ id: adminId, role: 'admin' });
    expect((await admin.get('/api/admin/users')).statusCode).toBe(200);
    const actions = await t.database.db
      .select()
      .from(userAdminActions)
      .where(eq(userAdminActions.userId, creatorId));
    expect(actions.map((a) => a.action)).toEqual(
      expect.arrayContaining(['impersonation_started', 'impersonation_ended']),
    );
    expect(
      actions.filter((a) => a.action.startsWith('impersonation')).every((a) => a.adminId === adminId),
    ).toBe(true);
  });

  it('refuses to impersonate an admin or an unknown user', async () => {
    await signedInUser(t, 'other-admin@example.com', 'admin');
    const [other] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.username, 'other-admin@example.com'));
    expect((await admin.post(`/api/admin/impersonate/${other!.id}`)).statusCode).toBe(403);
    expect((await admin.post('/api/admin/impersonate/999999')).statusCode).toBe(404);
    expect((await admin.post('/api/admin/impersonate/abc')).statusCode).toBe(400);
  });
});

describe('platforms and dashboard mode', () => {
  it('creates platforms with unique names and validated URLs', async () => {
    const ok = await admin.post('/api/platform-management', {
      name: 'Patreon',
      websiteUrl: 'https://patreon.com',
      logoUrl: '',
    });
    expect(ok.statusCode).toBe(201);
    expect((await admin.post('/api/platform-management', { name: 'patreon' })).statusCode).toBe(409);
    const cases: Array<[object, string]> = [
      [{ name: 'P' }, 'Platform name must be at least 2 characters'],
      [{ name: 'x'.repeat(51) }, 'Platform name cannot exceed 50 characters'],
      [{ name: 'Kick', websiteUrl: 'not a url' }, 'Must be a valid URL'],
    ];
    for (const [payload, message] of cases) {
      const res = await admin.post('/api/platform-management', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const list = await admin.get('/api/platform-management');
    expect(list.json().data.map((p: { name: string }) => p.name)).toEqual(['Patreon']);
  });

  it('keeps the dashboard mode on the server, and the mode decides which applications admins see', async () => {
    expect((await admin.get('/api/platform-management/dashboard/mode')).json().data.mode).toBe('production');
    expect(
      (await admin.post('/api/platform-management/dashboard/mode', { mode: 'staging' })).statusCode,
    ).toBe(400);
    const [app] = (await admin.get('/api/admin/applications')).json().data;
    await t.database.db.execute(
      `update financing_applications set status = 'pending_review_testing' where id = ${app.id}`,
    );
    expect((await admin.get('/api/admin/applications')).json().data).toHaveLength(0);
    expect(
      (await admin.post('/api/platform-management/dashboard/mode', { mode: 'testing' })).json().data.mode,
    ).toBe('testing');
    expect((await admin.get('/api/admin/applications')).json().data).toHaveLength(1);
    await admin.post('/api/platform-management/dashboard/mode', { mode: 'hybrid' });
    expect((await admin.get('/api/admin/applications')).json().data).toHaveLength(1);
  });
});
