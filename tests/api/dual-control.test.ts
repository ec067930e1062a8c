// Dual control (docs/decisions/028-dual-control.md): a payout, a restructure, a reversal, a role
// grant, a score change and a large approval are asked for by one staff member and made only when a second, different
// staff member with the same duty approves them. Nothing changes while a request waits; the maker never approves
// their own; both names are audited; of 20 approvals at once one carries the change out.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { applicationBody } from '../support/accounts';
import { plain } from '../support/notices';
import {
  acceptCurrentQuote,
  addBankAccount,
  adminLoan,
  approvedApplication,
  offerTerms,
  payOk,
  quickUser,
  type SignedIn,
  travelTo,
} from '../support/servicing';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let admin: SignedIn;
let secondAdmin: SignedIn;
let finance: SignedIn;
let otherFinance: SignedIn;
let underwriter: SignedIn;
let auditor: SignedIn;
let n = 0;

beforeAll(async () => {
  t = await createTestApp({ DUAL_CONTROL_APPROVAL_ABOVE: '25000' });
  admin = await quickUser(t, 'dc-admin@example.com', 'admin');
  secondAdmin = await quickUser(t, 'dc-admin-2@example.com', 'admin');
  finance = await quickUser(t, 'dc-finance@example.com', 'finance');
  otherFinance = await quickUser(t, 'dc-finance-2@example.com', 'finance');
  underwriter = await quickUser(t, 'dc-underwriter@example.com', 'underwriter');
  auditor = await quickUser(t, 'dc-auditor@example.com', 'auditor');
});
afterAll(() => t?.close());

const newCreator = () => quickUser(t, `dc-creator-${++n}@example.com`);

/** An accepted agreement waiting for its payout. */
async function acceptedAgreement() {
  travelTo(t, '2026-11-23');
  const creator = await newCreator();
  const app = await approvedApplication(admin, creator);
  await offerTerms(admin, app.id);
  await addBankAccount(creator);
  await acceptCurrentQuote(creator, app.id);
  return { id: app.id, creator };
}

const askPayout = (who: SignedIn, id: number) =>
  who.post(`/api/admin/applications/${id}/payout`, { paidOn: '2026-11-23', bankReference: `PAY-${id}` });

const statusOf = async (id: number) =>
  (
    await queryRows<{ status: string; schedules: number }>(
      t.database.db,
      sql`select status, (select count(*)::int from repayment_schedules where application_id = ${id}) as schedules
        from financing_applications where id = ${id}`,
    )
  )[0]!;

const auditOf = (action: string, like: string) =>
  queryRows<{ admin_id: number; notes: string }>(
    t.database.db,
    sql`select admin_id, notes from user_admin_actions where action = ${action} and notes like ${like} order by id`,
  );

describe('a payout with a second pair of eyes', () => {
  it('waits for a second person: nothing is paid until then; the maker cannot approve it; both names are audited', async () => {
    const { id } = await acceptedAgreement();
    const asked = await askPayout(finance, id);
    expect(asked.statusCode, asked.body).toBe(202);
    const request = asked.json().pendingApproval;
    expect(request).toMatchObject({
      kind: 'payout',
      status: 'pending',
      applicationId: id,
      maker: { id: finance.userId, name: 'Ada Test' },
      checker: null,
      canDecide: false,
      canWithdraw: true,
    });
    expect(plain(request.summary)).toMatch(
      new RegExp(`^Payout of R 12 000,00 for application #${id}, paid on 23 Nov 2026`),
    );
    expect(request.subjectName).toBe('Zola Test');
    expect(asked.json().message).toContain(`request #${request.id}`);
    expect(await statusOf(id)).toEqual({ status: 'accepted', schedules: 0 });

    // In the queue, as each reader may act on it.
    const queueForOther = (await otherFinance.get('/api/admin/approvals')).json();
    expect(queueForOther.data).toContainEqual(expect.objectContaining({ id: request.id, canDecide: true }));
    expect(queueForOther.pendingCount).toBeGreaterThanOrEqual(1);
    const queueForAuditor = (await auditor.get('/api/admin/approvals')).json();
    expect(queueForAuditor.data).toContainEqual(
      expect.objectContaining({ id: request.id, canDecide: false }),
    );

    const own = await finance.post(`/api/admin/approvals/${request.id}/approve`);
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe('You asked for this change: a second person approves it.');
    const byUnderwriter = await underwriter.post(`/api/admin/approvals/${request.id}/approve`);
    expect(byUnderwriter.statusCode).toBe(403);
    expect(byUnderwriter.json().message).toBe('Only finance or an admin can decide this request');
    expect((await auditor.post(`/api/admin/approvals/${request.id}/approve`)).statusCode).toBe(403);
    expect(await statusOf(id)).toEqual({ status: 'accepted', schedules: 0 });

    const approved = await otherFinance.post(`/api/admin/approvals/${request.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data).toMatchObject({
      status: 'approved',
      maker: { id: finance.userId },
      checker: { id: otherFinance.userId },
    });
    expect(await statusOf(id)).toEqual({ status: 'active', schedules: 1 });
    // The payout itself is the maker's, as they asked it; the approval names both.
    const [payout] = await queryRows<{ created_by: number }>(
      t.database.db,
      sql`select created_by from ledger_entries where application_id = ${id} and kind = 'disbursement'`,
    );
    expect(payout?.created_by).toBe(finance.userId);
    // Both names in the trail: the maker's request and the checker's approval, under the request's number.
    expect(await auditOf('approval_requested', `#${request.id} %`)).toEqual([
      { admin_id: finance.userId, notes: `#${request.id} ${request.summary}` },
    ]);
    expect(await auditOf('approval_approved', `#${request.id} %`)).toEqual([
      { admin_id: otherFinance.userId, notes: `#${request.id} ${request.summary}` },
    ]);

    // Decided once: a second approval changes nothing.
    const again = await secondAdmin.post(`/api/admin/approvals/${request.id}/approve`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This request was already approved: nothing was changed.');
  });

  it('of 20 approvals at once, one carries the payout out and the others find it decided', async () => {
    const { id } = await acceptedAgreement();
    const request = (await askPayout(finance, id)).json().pendingApproval;
    const checkers = [otherFinance, admin, secondAdmin];
    const answers = await Promise.all(
      Array.from({ length: 21 }, (_, i) =>
        checkers[i % 3]!.post(`/api/admin/approvals/${request.id}/approve`),
      ),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(20);
    expect(await statusOf(id)).toEqual({ status: 'active', schedules: 1 });
    const [journals] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from ledger_entries where application_id = ${id} and kind = 'disbursement'`,
    );
    expect(journals?.n).toBe(1);
    expect(await auditOf('approval_approved', `#${request.id} %`)).toHaveLength(1);
  });

  it('is refused when asked if it could not be made now, and waits once per application', async () => {
    travelTo(t, '2026-11-23');
    const creator = await newCreator();
    const app = await approvedApplication(admin, creator);
    const before = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from approval_requests`,
    );
    const early = await askPayout(finance, app.id);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(
      'A payout can be recorded only once the creator has accepted the agreement.',
    );
    expect(
      await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from approval_requests`),
    ).toEqual(before);

    const { id } = await acceptedAgreement();
    const answers = await Promise.all(Array.from({ length: 20 }, () => askPayout(finance, id)));
    expect(answers.filter((a) => a.statusCode === 202)).toHaveLength(1);
    const waiting = answers.find((a) => a.statusCode === 202)!.json().pendingApproval.id;
    for (const refused of answers.filter((a) => a.statusCode !== 202)) {
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(
        `This payout already waits for approval (request #${waiting}): approve, reject or withdraw it first.`,
      );
    }
  });

  it('rejected with a reason, or withdrawn by its maker, changes nothing; only a second person rejects', async () => {
    const { id } = await acceptedAgreement();
    const request = (await askPayout(finance, id)).json().pendingApproval;
    const noReason = await otherFinance.post(`/api/admin/approvals/${request.id}/reject`, {});
    expect(noReason.statusCode).toBe(400);
    expect(
      (await finance.post(`/api/admin/approvals/${request.id}/reject`, { reason: 'Wrong account' }))
        .statusCode,
    ).toBe(403);
    const rejected = await otherFinance.post(`/api/admin/approvals/${request.id}/reject`, {
      reason: 'The bank reference is not on the statement',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().data).toMatchObject({
      status: 'rejected',
      checker: { id: otherFinance.userId },
      decisionNote: 'The bank reference is not on the statement',
    });
    expect(await statusOf(id)).toEqual({ status: 'accepted', schedules: 0 });
    expect((await otherFinance.post(`/api/admin/approvals/${request.id}/approve`)).statusCode).toBe(409);

    // Asked again, and withdrawn by the maker (nobody else may).
    const second = (await askPayout(finance, id)).json().pendingApproval;
    expect((await otherFinance.post(`/api/admin/approvals/${second.id}/withdraw`, {})).statusCode).toBe(403);
    const withdrawn = await finance.post(`/api/admin/approvals/${second.id}/withdraw`, { reason: 'Typo' });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json().data).toMatchObject({ status: 'withdrawn', checker: null });
    expect(await statusOf(id)).toEqual({ status: 'accepted', schedules: 0 });
    const decided = (await auditor.get('/api/admin/approvals?status=decided')).json().data;
    expect(decided.map((r: { id: number }) => r.id)).toEqual(expect.arrayContaining([request.id, second.id]));
    expect((await auditor.get('/api/admin/approvals/999999/approve')).statusCode).toBe(404);
    expect((await otherFinance.post('/api/admin/approvals/999999/approve')).statusCode).toBe(404);
  });

  it('waits while the maker may no longer make it: a suspended maker leaves the request to be rejected', async () => {
    const { id } = await acceptedAgreement();
    const maker = await quickUser(t, `dc-leaving-${++n}@example.com`, 'finance');
    const request = (await askPayout(maker, id)).json().pendingApproval;
    const suspended = await admin.request({
      method: 'PATCH',
      url: `/api/admin/users/${maker.userId}`,
      payload: { status: 'suspended', reason: 'Left the company' },
    });
    expect(suspended.statusCode, suspended.body).toBe(200);
    const approve = await otherFinance.post(`/api/admin/approvals/${request.id}/approve`);
    expect(approve.statusCode).toBe(409);
    expect(approve.json().message).toBe(
      'The person who asked for this change may no longer make it: reject the request.',
    );
    expect(await statusOf(id)).toEqual({ status: 'accepted', schedules: 0 });
    const [row] = await queryRows<{ status: string }>(
      t.database.db,
      sql`select status from approval_requests where id = ${request.id}`,
    );
    expect(row?.status).toBe('pending');
  });
});

describe('a request the rules no longer accept', () => {
  it('is refused at approval with a 409, not a server error, and keeps waiting', async () => {
    const { id } = await acceptedAgreement();
    const request = (await askPayout(finance, id)).json().pendingApproval;
    await t.database.db.execute(
      sql`update approval_requests set payload = ${JSON.stringify({ id, payout: { paidOn: '23/11/2026' } })}::jsonb
          where id = ${request.id}`,
    );
    const approve = await otherFinance.post(`/api/admin/approvals/${request.id}/approve`);
    expect(approve.statusCode).toBe(409);
    expect(approve.json().message).toBe(
      'This request was made under rules that have changed since: reject it and ask again.',
    );
    expect(await statusOf(id)).toEqual({ status: 'accepted', schedules: 0 });
  });
});

describe('the other changes that need two people', () => {
  it('an approval above DUAL_CONTROL_APPROVAL_ABOVE and a score change wait; a smaller approval does not', async () => {
    travelTo(t, '2026-11-23');
    const creator = await newCreator();
    const small = await creator.post(
      '/api/applications',
      applicationBody({ requestedAmount: 25_000, monthlyRevenue: 30_000 }),
    );
    const smallId = small.json().application.id as number;
    const direct = await underwriter.request({
      method: 'PATCH',
      url: `/api/admin/applications/${smallId}`,
      payload: { status: 'approved' },
    });
    expect(direct.statusCode, direct.body).toBe(200);

    const other = await newCreator();
    const large = await other.post(
      '/api/applications',
      applicationBody({ requestedAmount: 40_000, monthlyRevenue: 40_000 }),
    );
    const largeId = large.json().application.id as number;
    const asked = await underwriter.request({
      method: 'PATCH',
      url: `/api/admin/applications/${largeId}`,
      payload: { status: 'approved', approvedAmount: 30_000 },
    });
    expect(asked.statusCode, asked.body).toBe(202);
    expect(plain(asked.json().pendingApproval.summary)).toBe(`Application #${largeId}: approve R 30 000,00`);
    expect((await statusOf(largeId)).status).toBe('pending_review');
    // Finance may not decide an underwriting request.
    expect(
      (await finance.post(`/api/admin/approvals/${asked.json().pendingApproval.id}/approve`)).statusCode,
    ).toBe(403);
    const approved = await admin.post(`/api/admin/approvals/${asked.json().pendingApproval.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await statusOf(largeId)).status).toBe('approved');

    const scoreBefore = large.json().application.creditScore as number;
    const score = await underwriter.request({
      method: 'PATCH',
      url: `/api/admin/applications/${largeId}`,
      payload: { creditScore: scoreBefore === 90 ? 80 : 90, notes: 'Verified a second channel' },
    });
    expect(score.statusCode, score.body).toBe(202);
    expect(score.json().pendingApproval.summary).toContain(`score ${scoreBefore} → `);
    const [kept] = await queryRows<{ credit_score: number }>(
      t.database.db,
      sql`select credit_score from financing_applications where id = ${largeId}`,
    );
    expect(kept?.credit_score).toBe(scoreBefore);
    // Notes alone are written at once.
    const notes = await underwriter.request({
      method: 'PATCH',
      url: `/api/admin/applications/${largeId}`,
      payload: { notes: 'Called the creator' },
    });
    expect(notes.statusCode).toBe(200);
  });

  it('a role grant waits for a second admin; a status change does not', async () => {
    const person = await newCreator();
    const asked = await admin.request({
      method: 'PATCH',
      url: `/api/admin/users/${person.userId}`,
      payload: { role: 'underwriter' },
    });
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json().pendingApproval.summary).toBe(
      `Role of user #${person.userId}: Creator → Underwriter`,
    );
    const [before] = await queryRows<{ role: string }>(
      t.database.db,
      sql`select role from users where id = ${person.userId}`,
    );
    expect(before?.role).toBe('user');
    const approved = await secondAdmin.post(
      `/api/admin/approvals/${asked.json().pendingApproval.id}/approve`,
    );
    expect(approved.statusCode, approved.body).toBe(200);
    const [after] = await queryRows<{ role: string }>(
      t.database.db,
      sql`select role from users where id = ${person.userId}`,
    );
    expect(after?.role).toBe('underwriter');
    const [grant] = await auditOf('user_role_changed', 'role User → Underwriter');
    expect(grant?.admin_id).toBe(admin.userId);
  });

  it('a payment reversal waits for a second person, then the payment is reversed', async () => {
    travelTo(t, '2026-11-23');
    const creator = await newCreator();
    const loan = await adminLoan(admin, creator, { requestedAmount: 10_000 });
    const payment = await payOk(finance, loan.id, '500.00', '2026-11-23');
    const asked = await finance.post(`/api/admin/payments/${payment.payment.id}/reverse`, {
      reason: 'Bounced: insufficient funds',
    });
    expect(asked.statusCode, asked.body).toBe(202);
    expect(plain(asked.json().pendingApproval.summary)).toBe(
      `Reversal of payment #${payment.payment.id} of R 500,00 (23 Nov 2026) on application #${loan.id}`,
    );
    expect(asked.json().pendingApproval.reason).toBe('Bounced: insufficient funds');
    const [waiting] = await queryRows<{ reversed: boolean }>(
      t.database.db,
      sql`select reversed_at is not null as reversed from payments where id = ${payment.payment.id}`,
    );
    expect(waiting?.reversed).toBe(false);
    expect(
      (await otherFinance.post(`/api/admin/approvals/${asked.json().pendingApproval.id}/approve`)).statusCode,
    ).toBe(200);
    const [done] = await queryRows<{ reversed: boolean }>(
      t.database.db,
      sql`select reversed_at is not null as reversed from payments where id = ${payment.payment.id}`,
    );
    expect(done?.reversed).toBe(true);
  });

  it('an approval is measured by the amount it grants, not by a smaller amount sent beside it', async () => {
    travelTo(t, '2026-11-23');
    const creator = await newCreator();
    const large = await creator.post(
      '/api/applications',
      applicationBody({ requestedAmount: 40_000, monthlyRevenue: 40_000 }),
    );
    const id = large.json().application.id as number;
    const asked = await underwriter.request({
      method: 'PATCH',
      url: `/api/admin/applications/${id}`,
      payload: { status: 'approved', requestedAmount: 2_000 },
    });
    expect(asked.statusCode, asked.body).toBe(202);
    expect(plain(asked.json().pendingApproval.summary)).toBe(`Application #${id}: approve R 40 000,00`);
    // The amount is pinned in the request: the approval grants what the checker read.
    const [row] = await queryRows<{ approved: number }>(
      t.database.db,
      sql`select (payload->'patch'->>'approvedAmount')::int as approved from approval_requests
          where id = ${asked.json().pendingApproval.id}`,
    );
    expect(row?.approved).toBe(40_000);
    expect((await statusOf(id)).status).toBe('pending_review');
  });

  it('is never decided by the person it concerns, and a role goes on its own', async () => {
    const colleague = await quickUser(t, `dc-colleague-${++n}@example.com`, 'admin');
    const mixed = await admin.request({
      method: 'PATCH',
      url: `/api/admin/users/${colleague.userId}`,
      payload: { role: 'finance', adminNotes: 'Moves to finance' },
    });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().message).toBe(
      'Change the role on its own: a role change waits for a second admin, other changes do not.',
    );
    const asked = await admin.request({
      method: 'PATCH',
      url: `/api/admin/users/${colleague.userId}`,
      payload: { role: 'finance' },
    });
    expect(asked.statusCode, asked.body).toBe(202);
    const request = asked.json().pendingApproval;
    const queue = (await colleague.get('/api/admin/approvals')).json().data;
    expect(queue).toContainEqual(expect.objectContaining({ id: request.id, canDecide: false }));
    for (const decision of ['approve', 'reject']) {
      const own = await colleague.post(`/api/admin/approvals/${request.id}/${decision}`, {
        reason: 'Not me',
      });
      expect(own.statusCode).toBe(403);
      expect(own.json().message).toBe('This change concerns you: another person decides it.');
    }
    expect((await secondAdmin.post(`/api/admin/approvals/${request.id}/approve`)).statusCode).toBe(200);
    const [after] = await queryRows<{ role: string }>(
      t.database.db,
      sql`select role from users where id = ${colleague.userId}`,
    );
    expect(after?.role).toBe('finance');
  });
});
