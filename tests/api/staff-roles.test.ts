// Staff roles on every operation (docs/decisions/027-staff-roles.md): a table-driven matrix from the
// OpenAPI document. Each staff operation names its roles (`x-roles`); every other role gets 403 before its input is
// read, a creator 403, a visitor 401, and a role that may call it gets past the guard (its answer is then the route's
// own: 200, 400 for the empty input, 404 for an id that does not exist). A role is granted by an admin only.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { STAFF_DUTIES, STAFF_ROLES, type StaffDuty, type StaffRole } from '../../src/shared/staff-roles';
import { PASSWORD } from '../support/accounts';
import { withSecondApproval } from '../support/approvals';
import { quickUser, type SignedIn } from '../support/servicing';
import { Client, createTestApp, type TestApp } from '../support/test-app';

type Operation = { method: string; path: string; operationId: string; roles?: string[] };

/**
 * The policy, written out by hand (decision 027's table), so a route given the wrong duty fails here even though the
 * document's `x-roles` come from the same guard the server enforces. Every other GET is `read`.
 */
const DUTY_OF: Record<string, StaffDuty> = {
  // The books: closing a month and capital received move the accounts.
  closeAccountingPeriod: 'finance',
  recordCapital: 'finance',
  runProvisions: 'finance',
  computeVintageCurves: 'finance',
  // A file that marks the run sent and holds account numbers in full.
  downloadDebitOrderRunFile: 'finance',
  // Credit decisions.
  reviewProofFile: 'underwrite',
  updateAdminApplication: 'underwrite',
  previewAdminTerms: 'underwrite',
  setUpRepaymentSchedule: 'underwrite',
  cancelApplicationByAdmin: 'underwrite',
  analyzeUser: 'underwrite',
  // Loans in arrears.
  restructureLoan: 'collect',
  recordRegisteredPost: 'collect',
  recordEnforcementStep: 'collect',
  recordDebtReview: 'collect',
  recordDebtReviewOrder: 'collect',
  endDebtReview: 'collect',
  assignCollection: 'collect',
  logCollectionContact: 'collect',
  recordPaymentPromise: 'collect',
  closeHelpRequest: 'collect',
  // Money in and out.
  recordPayout: 'finance',
  settleQuote: 'finance',
  recordPayment: 'finance',
  reversePayment: 'finance',
  writeOffLoan: 'finance',
  forgiveBalance: 'finance',
  recordEarnings: 'finance',
  approveEarningsProposals: 'finance',
  rejectEarningsProposal: 'finance',
  importBankStatement: 'finance',
  allocateSuspense: 'finance',
  refundSuspense: 'finance',
  buildDebitOrderRun: 'finance',
  importDebitOrderResults: 'finance',
  cancelDebitMandateByAdmin: 'finance',
  // People and settings.
  deleteAdminApplication: 'administer',
  updateAdminUser: 'administer',
  startImpersonation: 'administer',
  createPlatform: 'administer',
  resetStaffMfa: 'administer',
  // One's own view of the book, not the book.
  setDashboardMode: 'read',
  // Dual control: every staff member reaches the queue's decisions; the service asks for the change's own duty
  // (tests/api/dual-control.test.ts).
  approveApproval: 'read',
  rejectApproval: 'read',
  withdrawApproval: 'read',
};

let t: TestApp;
let operations: Operation[] = [];
const staff = {} as Record<StaffRole, SignedIn>;
let creator: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, { operationId: string; 'x-roles'?: string[] }>>;
  };
  operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      operationId: op.operationId,
      roles: op['x-roles'],
    })),
  );
  for (const role of STAFF_ROLES) staff[role] = await quickUser(t, `staff-${role}@example.com`, role);
  creator = await quickUser(t, 'staff-matrix-creator@example.com');
});
afterAll(() => t.close());

/** A path with its parameters filled in: ids that do not exist, a month for a period. */
const concrete = (path: string) =>
  path
    .replace(/\{period\}/g, '2026-10')
    .replace(/\{[^}]+\}/g, (name) => (name === '{key}' ? 'patreon' : '999999'));

const call = (client: Client, op: Operation) =>
  client.request({
    method: op.method as 'GET',
    url: concrete(op.path),
    ...(op.method === 'GET' || op.method === 'DELETE' ? {} : { payload: {} }),
  });

describe('staff roles', () => {
  it('every admin operation names the roles that may call it (only ending a view-as is left open)', () => {
    const adminPaths = operations.filter(
      (op) =>
        /^\/api\/(admin|lending-management|platform-management|insights)\//.test(`${op.path}/`) ||
        op.operationId === 'setUpRepaymentSchedule',
    );
    expect(adminPaths.length).toBeGreaterThan(50);
    const open = adminPaths.filter((op) => !op.roles).map((op) => op.operationId);
    expect(open).toEqual(['stopImpersonation']);
    for (const op of adminPaths.filter((o) => o.roles)) {
      const duty = DUTY_OF[op.operationId] ?? (op.method === 'GET' ? 'read' : undefined);
      expect(duty, `${op.operationId} has no duty in the policy`).toBeDefined();
      expect(op.roles, op.operationId).toEqual([...STAFF_DUTIES[duty!]]);
    }
    // Every operation of the policy exists.
    const ids = new Set(operations.map((op) => op.operationId));
    expect(Object.keys(DUTY_OF).filter((id) => !ids.has(id))).toEqual([]);
  });

  it('each role is refused (403) every operation its role lacks, and passes the guard of every one it has', async () => {
    const refusedWrongly: string[] = [];
    const allowedWrongly: string[] = [];
    for (const op of operations.filter((o) => o.roles)) {
      for (const role of STAFF_ROLES) {
        const res = await call(staff[role], op);
        expect(res.statusCode, `${role} ${op.operationId}: ${res.body}`).toBeLessThan(500);
        const allowed = op.roles!.includes(role);
        if (allowed && res.statusCode === 403) refusedWrongly.push(`${role} ${op.operationId}: ${res.body}`);
        if (!allowed && res.statusCode !== 403)
          allowedWrongly.push(`${role} ${op.operationId} ${res.statusCode}`);
      }
      expect((await call(creator, op)).statusCode, `creator ${op.operationId}`).toBe(403);
      expect((await call(new Client(t.app), op)).statusCode, `visitor ${op.operationId}`).toBe(401);
    }
    expect(refusedWrongly).toEqual([]);
    expect(allowedWrongly).toEqual([]);
  });

  it('says who can when it refuses, and an auditor reads what an admin reads', async () => {
    const refused = await staff.auditor.post('/api/admin/applications/999999/payments', {
      amount: '100.00',
      paymentDate: '2026-11-23',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Only finance or an admin can do this');
    const underwriter = await staff.underwriter.post('/api/admin/payments/1/reverse', { reason: 'x' });
    expect(underwriter.json().message).toBe('Only finance or an admin can do this');
    const asAdmin = await staff.admin.get('/api/admin/applications?pageSize=5');
    const asAuditor = await staff.auditor.get('/api/admin/applications?pageSize=5');
    expect(asAuditor.statusCode).toBe(200);
    expect(asAuditor.json().total).toBe(asAdmin.json().total);
    // The overview counts the other staff beside the admins.
    expect((await staff.auditor.get('/api/admin/overview')).json().otherStaffCount).toBeGreaterThanOrEqual(4);
  });

  it('is granted by an admin only, audited, and takes effect on the next request', async () => {
    const person = await quickUser(t, 'staff-promoted@example.com');
    const byFinance = await staff.finance.request({
      method: 'PATCH',
      url: `/api/admin/users/${person.userId}`,
      payload: { role: 'finance' },
    });
    expect(byFinance.statusCode).toBe(403);
    const wrong = await staff.admin.request({
      method: 'PATCH',
      url: `/api/admin/users/${person.userId}`,
      payload: { role: 'boss' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fieldErrors.role[0]).toBe(
      'Role is user, admin, underwriter, collector, finance or auditor',
    );
    // A role grant waits for a second admin (tests/api/dual-control.test.ts); approved, it is made.
    const granted = await withSecondApproval(
      staff.admin,
      staff.admin.request({
        method: 'PATCH',
        url: `/api/admin/users/${person.userId}`,
        payload: { role: 'collector' },
      }),
    );
    expect(granted.statusCode, granted.body).toBe(200);
    const trail = await staff.admin.get(`/api/admin/audit?pageSize=5&action=user_role_changed`);
    expect(JSON.stringify(trail.json())).toContain('role User → Collector');
    // A new role starts with a new sign-in, and staff pass the second factor before anything else.
    expect((await person.get('/api/admin/applications')).statusCode).toBe(401);
    const again = await person.post('/api/login', { username: person.username, password: PASSWORD });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().mfa).toBe('enrol');
    const before = await person.get('/api/admin/applications');
    expect(before.statusCode).toBe(403);
    expect(before.json()).toMatchObject({ mfaRequired: true, mfa: 'enrol' });
  });
});

describe("a member of staff's lost authenticator", () => {
  it('is forgotten by an admin: the role stays, their sessions end, the next sign-in sets up a new one; audited', async () => {
    const collector = await quickUser(t, 'staff-lost-phone@example.com', 'collector');
    await t.database.db.execute(
      sql`update users set mfa_enabled_at = now(), mfa_secret = 'sealed' where id = ${collector.userId}`,
    );
    expect((await staff.finance.post(`/api/admin/users/${collector.userId}/reset-mfa`)).statusCode).toBe(403);
    const reset = await staff.admin.post(`/api/admin/users/${collector.userId}/reset-mfa`);
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json().message).toBe('Ada Test sets up a new authenticator at their next sign-in.');
    expect((await collector.get('/api/admin/applications')).statusCode).toBe(401);
    const [row] = await queryRows<{ role: string; mfa_secret: string | null; mfa_enabled_at: Date | null }>(
      t.database.db,
      sql`select role, mfa_secret, mfa_enabled_at from users where id = ${collector.userId}`,
    );
    expect(row).toEqual({ role: 'collector', mfa_secret: null, mfa_enabled_at: null });
    const again = await collector.post('/api/login', { username: collector.username, password: PASSWORD });
    expect(again.json().mfa).toBe('enrol');
    const trail = await staff.admin.get('/api/admin/audit?pageSize=5&action=authenticator_reset');
    expect(JSON.stringify(trail.json())).toContain('authenticator forgotten by an admin');
    // Not one's own, not a creator's, not someone who does not exist.
    expect((await staff.admin.post(`/api/admin/users/${staff.admin.userId}/reset-mfa`)).statusCode).toBe(409);
    expect((await staff.admin.post(`/api/admin/users/${creator.userId}/reset-mfa`)).statusCode).toBe(409);
    expect((await staff.admin.post('/api/admin/users/999999/reset-mfa')).statusCode).toBe(404);
  });
});
