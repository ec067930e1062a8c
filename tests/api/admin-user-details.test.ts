// GET /api/admin/users/{id} as the /admin/users/{id} screen reads it: the status card needs when and why
// the status last changed, and the admin-actions log names the admin who acted (null for the user's own
// actions and for the system).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema';
import { applicationBody, signedInUser } from '../support/accounts';
import { type Client, createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let admin: Client;
let creator: Client;
let creatorId: number;
let adminId: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t, 'details-admin@example.com', 'admin');
  creator = await signedInUser(t, 'details-maker@example.com');
  const all = await t.database.db.select().from(users);
  creatorId = all.find((u) => u.username === 'details-maker@example.com')!.id;
  adminId = all.find((u) => u.username === 'details-admin@example.com')!.id;
});
afterAll(() => t.close());

describe('user details for the admin screen', () => {
  it('has no status change before one happens', async () => {
    await signedInUser(t, 'details-untouched@example.com');
    const [untouched] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.username, 'details-untouched@example.com'));
    const res = await admin.get(`/api/admin/users/${untouched!.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ lastStatusChange: null, statusChangeReason: null });
  });

  it('reports the last status change with its reason, and names the admin in the actions log', async () => {
    await creator.post('/api/applications', applicationBody());
    const suspended = await admin.request({
      method: 'PATCH',
      url: `/api/admin/users/${creatorId}`,
      payload: { status: 'suspended', reason: 'Documents under review' },
    });
    expect(suspended.statusCode).toBe(200);

    const { user, adminActions } = (await admin.get(`/api/admin/users/${creatorId}`)).json();
    expect(user.status).toBe('suspended');
    expect(user.statusChangeReason).toBe('Documents under review');
    // Dated by the app's clock, as every business moment is.
    expect(user.lastStatusChange).toBe(t.clock.now().toISOString());

    const change = adminActions.find((a: { action: string }) => a.action === 'user_status_changed');
    expect(change).toMatchObject({
      adminId,
      admin: { id: adminId, firstName: 'Ada', lastName: 'Test' },
      notes: 'status active → suspended (Documents under review)',
    });
    const submitted = adminActions.find((a: { action: string }) => a.action === 'application_submitted');
    expect(submitted).toBeDefined();
    expect(submitted.admin).toBeNull();
  });
});
