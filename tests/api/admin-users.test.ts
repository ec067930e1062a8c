import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userAdminActions, users } from '../../src/server/db/schema';
import { formatZar } from '../../src/shared/finance/money';
import { applicationBody, signedInUser } from '../support/accounts';
import { withSecondApproval } from '../support/approvals';
import { adminLoan, quickUser } from '../support/servicing';
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

/** A creator of this test's own with one application under review. */
async function creatorWithApplication(username: string) {
  const owner = await quickUser(t, username);
  const applied = await owner.post('/api/applications', applicationBody());
  expect(applied.statusCode).toBe(201);
  return Object.assign(owner, { applicationId: applied.json().application.id as number });
}

describe('users', () => {
  it('lists users and shows one with applications and the admin-actions log, masking the account number', async () => {
    const listed = await quickUser(t, 'listed@example.com');
    const listedId = listed.userId;
    await t.database.db.update(users).set({ accountNumber: '11223344' }).where(eq(users.id, listedId));
    expect((await listed.post('/api/applications', applicationBody())).statusCode).toBe(201);
    const list = await admin.get('/api/admin/users');
    expect(list.statusCode).toBe(200);
    const row = list.json().data.find((u: { id: number }) => u.id === listedId);
    expect(row).toMatchObject({ username: 'listed@example.com', applicationCount: 1 });
    // The list carries what its table shows: no bank details at all.
    expect(row).not.toHaveProperty('accountNumber');
    expect(JSON.stringify(list.json())).not.toContain('11223344');
    const one = await admin.get(`/api/admin/users/${listedId}`);
    expect(one.json().applications).toHaveLength(1);
    expect(one.json().adminActions.rows.map((a: { action: string }) => a.action)).toContain(
      'application_submitted',
    );
    expect(JSON.stringify(one.json())).not.toContain('11223344');
    expect((await admin.get('/api/admin/users/999999')).statusCode).toBe(404);
  });

  it('changes a role, and refuses bad values and self-demotion', async () => {
    const { userId: targetId } = await quickUser(t, 'promote-me@example.com');
    // A role change waits for a second admin (decision 028); approved, it is made.
    const changeRole = (role: string) => withSecondApproval(admin, patchUser(admin, targetId, { role }));
    const roleOf = async () => (await admin.get(`/api/admin/users/${targetId}`)).json().user.role;
    expect((await changeRole('admin')).statusCode).toBe(200);
    expect(await roleOf()).toBe('admin');
    expect((await changeRole('user')).statusCode).toBe(200);
    expect(await roleOf()).toBe('user');
    expect((await patchUser(admin, targetId, { role: 'owner' })).statusCode).toBe(400);
    expect((await patchUser(admin, targetId, { verified: true })).statusCode).toBe(400);
    expect((await patchUser(admin, adminId, { role: 'user' })).statusCode).toBe(409);
    // The two changes are logged; the refused ones (on the target or the admin's own account) are not.
    const log = await t.database.db
      .select()
      .from(userAdminActions)
      .where(
        and(
          eq(userAdminActions.action, 'user_role_changed'),
          inArray(userAdminActions.userId, [targetId, adminId]),
        ),
      );
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
    // An admin of this test's own, so a failure half-way leaves no other test's admin viewing as a creator.
    const viewer = await quickUser(t, 'viewer-admin@example.com', 'admin');
    const viewerId = viewer.userId;
    const viewed = await creatorWithApplication('viewed@example.com');
    const viewedId = viewed.userId;
    const started = await viewer.post(`/api/admin/impersonate/${viewedId}`);
    expect(started.statusCode).toBe(200);
    expect(started.json().user).toMatchObject({ id: viewedId, impersonatedBy: { id: viewerId } });
    const me = await viewer.get('/api/user');
    expect(me.json()).toMatchObject({ id: viewedId, role: 'user', impersonatedBy: { id: viewerId } });
    expect((await viewer.get('/api/applications')).json()[0].userId).toBe(viewedId);
    // Admin rights are off while viewing as a creator.
    expect((await viewer.get('/api/admin/users')).statusCode).toBe(403);
    // Impersonation is for looking: even a second impersonation is a write, refused with the read-only message.
    const again = await viewer.post(`/api/admin/impersonate/${viewedId}`);
    expect(again.statusCode).toBe(403);
    expect(again.json().message).toMatch(/viewing as this creator/);
    const stopped = await viewer.post('/api/admin/stop-impersonate');
    expect(stopped.json().user).toMatchObject({ id: viewerId, role: 'admin' });
    expect((await viewer.get('/api/admin/users')).statusCode).toBe(200);
    const actions = await t.database.db
      .select()
      .from(userAdminActions)
      .where(eq(userAdminActions.userId, viewedId));
    expect(actions.map((a) => a.action)).toEqual(
      expect.arrayContaining(['impersonation_started', 'impersonation_ended']),
    );
    expect(
      actions.filter((a) => a.action.startsWith('impersonation')).every((a) => a.adminId === viewerId),
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
    type Row = { id: number; status: string };
    const listed = async () => (await admin.get('/api/admin/applications')).json().data as Row[];
    const isTesting = (row: Row) => row.status.endsWith('_testing');
    const { applicationId } = await creatorWithApplication('mode-creator@example.com');
    const production = await creatorWithApplication('mode-production@example.com');
    try {
      expect((await admin.get('/api/platform-management/dashboard/mode')).json().data.mode).toBe(
        'production',
      );
      expect(
        (await admin.post('/api/platform-management/dashboard/mode', { mode: 'staging' })).statusCode,
      ).toBe(400);
      expect((await listed()).map((a) => a.id)).toContain(applicationId);
      await t.database.db.execute(
        `update financing_applications set status = 'pending_review_testing' where id = ${applicationId}`,
      );
      // Production shows no test application; testing shows only them; hybrid shows both.
      const inProduction = await listed();
      expect(inProduction.map((a) => a.id)).not.toContain(applicationId);
      expect(inProduction.map((a) => a.id)).toContain(production.applicationId);
      expect(inProduction.filter(isTesting)).toHaveLength(0);
      expect(
        (await admin.post('/api/platform-management/dashboard/mode', { mode: 'testing' })).json().data.mode,
      ).toBe('testing');
      const inTesting = await listed();
      expect(inTesting.map((a) => a.id)).toContain(applicationId);
      expect(inTesting.every(isTesting)).toBe(true);
      await admin.post('/api/platform-management/dashboard/mode', { mode: 'hybrid' });
      const inHybrid = (await listed()).map((a) => a.id);
      expect(inHybrid).toContain(applicationId);
      expect(inHybrid).toContain(production.applicationId);
      // Each member of staff's own view: another admin, and an auditor, still see the live book, and an auditor
      // may switch their own view (it changes nothing of the book).
      const other = await quickUser(t, 'mode-other-admin@example.com', 'admin');
      expect((await other.get('/api/platform-management/dashboard/mode')).json().data.mode).toBe(
        'production',
      );
      const theirs = (await other.get('/api/admin/applications')).json().data as Row[];
      expect(theirs.map((a) => a.id)).not.toContain(applicationId);
      const auditor = await quickUser(t, 'mode-auditor@example.com', 'auditor');
      const switched = await auditor.post('/api/platform-management/dashboard/mode', { mode: 'testing' });
      expect(switched.statusCode, switched.body).toBe(200);
      expect((await admin.get('/api/platform-management/dashboard/mode')).json().data.mode).toBe('hybrid');
    } finally {
      await admin.post('/api/platform-management/dashboard/mode', { mode: 'production' });
    }
  });
});

describe('deleting a borrower', () => {
  it('is refused while they owe a balance, naming it and the loan, and nothing changes; once repaid it is allowed', async () => {
    const borrower = await quickUser(t, 'borrower-owes@example.com');
    const loan = await adminLoan(admin, borrower, { requestedAmount: 2_000 });
    const refused = await patchUser(admin, borrower.userId, { status: 'deleted', reason: 'Asked to leave' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.replace(/\s/g, ' ')).toBe(
      `This creator still owes ${formatZar(loan.schedule.totalAmount).replace(/\s/g, ' ')} on loan #${loan.id}: a borrower with a balance cannot be deleted. Suspend the account instead.`,
    );
    const [row] = await t.database.db.select().from(users).where(eq(users.id, borrower.userId));
    expect(row!.status).toBe('active');
    expect((await borrower.get('/api/user')).statusCode).toBe(200);

    const paid = await admin.post(`/api/admin/applications/${loan.id}/payments`, {
      amount: loan.schedule.totalAmount,
      paymentDate: '2026-11-23',
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const deleted = await patchUser(admin, borrower.userId, { status: 'deleted', reason: 'Asked to leave' });
    expect(deleted.statusCode, deleted.body).toBe(200);
  });
});
