// GET /api/admin/users/{id} as the /admin/users/{id} screen reads it: the status card needs when and why
// the status last changed, and the admin-actions log names the admin who acted (null for the user's own
// actions and for the system).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema';
import { businessDate } from '../../src/shared/business-date';
import { applicationBody, signedInUser } from '../support/accounts';
import { adminLoan, payOk, quickUser } from '../support/servicing';
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

    const { user, adminActions: log } = (await admin.get(`/api/admin/users/${creatorId}`)).json();
    const adminActions = log.rows;
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

describe('the user page stays small with history', () => {
  it('pages the payments and the actions log, 20 at a time, and sends each schedule without its payments', async () => {
    const borrower = await quickUser(t, 'details-many-payments@example.com');
    const loan = await adminLoan(admin, borrower, { requestedAmount: 10_000 });
    const paidOn = businessDate(t.clock.now());
    for (let n = 0; n < 23; n += 1) await payOk(admin, loan.id, '10.00', paidOn);
    const url = `/api/admin/users/${borrower.userId}`;

    const first = (await admin.get(url)).json();
    expect(first.payments).toMatchObject({ total: 23, page: 1, pageSize: 20 });
    expect(first.payments.rows).toHaveLength(20);
    expect(first.applications[0].repaymentSchedule).not.toHaveProperty('payments');
    expect(first.applications[0].repaymentSchedule.remainingAmount).toBeDefined();
    // The payments are not read for the schedules, only what they add up to (in SQL), and it is what the
    // application's own page works out from every payment.
    const whole = (await admin.get(`/api/admin/applications/${loan.id}`)).json().application
      .repaymentSchedule;
    expect(first.applications[0].repaymentSchedule).toMatchObject({
      paymentCount: 23,
      paidTotal: '230.00',
      feesTotal: whole.feesTotal,
    });
    expect(whole).toMatchObject({ paymentCount: 23, paidTotal: '230.00' });

    const second = (await admin.get(`${url}?paymentsPage=2`)).json();
    expect(second.payments.rows).toHaveLength(3);
    const ids = [...first.payments.rows, ...second.payments.rows].map((p: { id: number }) => p.id);
    expect(new Set(ids).size).toBe(23);
    // Newest first: on one day, the latest recorded first.
    expect(ids).toEqual([...ids].sort((a, b) => b - a));

    const log = first.adminActions;
    expect(log.rows.length).toBe(Math.min(20, log.total));
    expect(log.total).toBeGreaterThan(23);
    const lastPage = Math.ceil(log.total / 20);
    const tail = (await admin.get(`${url}?actionsPage=${lastPage}`)).json().adminActions;
    expect(tail.rows).toHaveLength(log.total - (lastPage - 1) * 20);
    expect((await admin.get(`${url}?actionsPage=${lastPage + 1}`)).json().adminActions.rows).toEqual([]);

    for (const bad of ['paymentsPage=0', 'paymentsPage=x', 'actionsPage=-1', 'actionsPage=1.5']) {
      const res = await admin.get(`${url}?${bad}`);
      expect(res.statusCode).toBe(400);
    }
  });
});
