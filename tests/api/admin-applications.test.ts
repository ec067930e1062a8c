import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import {
  financingApplications,
  ledgerLines,
  payments,
  repaymentSchedules,
  userAdminActions,
} from '../../src/server/db/schema';
import { adminScheduleTerms } from '../../src/shared/finance/repayment-plan';
import { applicationBody, multipartFile, PDF_BYTES, signedInUser } from '../support/accounts';
import { firstLoanPricing } from '../support/pricing';
import { acceptAndPayOut, addBankAccount, ledgerTotals, payOutLoan, quickUser } from '../support/servicing';
import { Client, createTestApp, TEST_EPOCH, type TestApp } from '../support/test-app';

let t: TestApp;
let admin: Client;
let creator: Client;
let other: Client;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t, 'admin@example.com', 'admin');
  creator = await signedInUser(t, 'creator@example.com');
  other = await signedInUser(t, 'other@example.com');
});
afterAll(() => t.close());

const patch = (client: Client, id: number, payload: object) =>
  client.request({ method: 'PATCH', url: `/api/admin/applications/${id}`, payload });
const statusOf = async (id: number) =>
  (await t.database.db.select().from(financingApplications).where(eq(financingApplications.id, id)))[0]
    ?.status;
async function freshApplication(client: Client, extra: Record<string, unknown> = {}) {
  // One open application per creator: close the previous ones directly (a loan being repaid of this file's
  // two shared creators counts as open too, docs/lending.md).
  await t.database.db.execute(
    sql`update financing_applications set status = 'rejected' where status in ('pending_review', 'approved')`,
  );
  await t.database.db.execute(
    sql`update financing_applications set status = 'completed' where status = 'active'
        and user_id in (select id from users where username in ('creator@example.com', 'other@example.com'))`,
  );
  const res = await client.post('/api/applications', applicationBody(extra));
  return res.json().application as { id: number; userId: number; creditScore: number };
}

describe('admin routes refuse visitors (401) and creators (403)', () => {
  it.each([
    ['GET', '/api/admin/applications'],
    ['GET', '/api/admin/applications/1'],
    ['PATCH', '/api/admin/applications/1'],
    ['DELETE', '/api/admin/applications/1'],
    ['POST', '/api/admin/applications/1/payments'],
    ['POST', '/api/admin/applications/1/preview-terms'],
    ['POST', '/api/applications/1/repayment-schedule'],
    ['GET', '/api/admin/overview'],
    ['GET', '/api/admin/proof-files/1'],
  ])('%s %s', async (method, url) => {
    const payload = method === 'GET' || method === 'DELETE' ? undefined : {};
    const visitor = await new Client(t.app).request({
      method: method as 'GET',
      url,
      ...(payload ? { payload } : {}),
    });
    expect(visitor.statusCode).toBe(401);
    const asCreator = await creator.request({
      method: method as 'GET',
      url,
      ...(payload ? { payload } : {}),
    });
    expect(asCreator.statusCode).toBe(403);
  });
});

describe('review', () => {
  it('lists applications with their applicant (no bank details); the details mask the account number', async () => {
    await t.database.db.execute(
      sql`update users set account_number = '9876543210' where username = 'creator@example.com'`,
    );
    const app = await freshApplication(creator);
    const res = await admin.get('/api/admin/applications');
    expect(res.statusCode).toBe(200);
    const row = res.json().data.find((a: { id: number }) => a.id === app.id);
    expect(row.user).toEqual({
      id: app.userId,
      username: 'creator@example.com',
      firstName: expect.any(String),
      lastName: expect.any(String),
    });
    expect(row).not.toHaveProperty('creditScoreBreakdown');
    expect(JSON.stringify(res.json())).not.toContain('9876543210');
    expect(JSON.stringify(res.json())).not.toMatch(/passwordHash|argon2/);
    const details = await admin.get(`/api/admin/applications/${app.id}`);
    expect(details.json().user.accountNumber).toBe('••••••3210');
  });

  it('approves, rejects and reconsiders through the status machine, writing an audit row each time', async () => {
    const app = await freshApplication(creator);
    expect((await patch(admin, app.id, { notes: 'Called the creator; proofs look right.' })).statusCode).toBe(
      200,
    );
    const approved = await patch(admin, app.id, { status: 'approved', notes: 'Status updated by admin' });
    expect(approved.statusCode).toBe(200);
    // The status note goes to the audit log; the admin's saved notes are kept.
    expect(approved.json()).toMatchObject({
      success: true,
      data: { status: 'approved', notes: 'Called the creator; proofs look right.' },
    });
    // A rejection needs a reason written for the creator; the creator sees it, never the admins' notes.
    const bare = await patch(admin, app.id, { status: 'rejected' });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().fieldErrors.rejectionReason).toEqual([
      'Write the reason for the creator: they see it with their application.',
    ]);
    const reason = 'Your verified earnings do not yet cover the instalments for this amount.';
    const rejected = await patch(admin, app.id, { status: 'rejected', rejectionReason: reason });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().data).toMatchObject({
      rejectionReason: reason,
      notes: 'Called the creator; proofs look right.',
    });
    const seenByCreator = [
      (await creator.get('/api/applications')).json().find((a: { id: number }) => a.id === app.id),
      (await creator.get(`/api/applications/${app.id}`)).json(),
    ];
    for (const answer of seenByCreator) {
      expect(answer.rejectionReason).toBe(reason);
      expect(answer).not.toHaveProperty('notes');
      expect(JSON.stringify(answer)).not.toContain('Called the creator');
    }
    expect((await patch(admin, app.id, { status: 'pending_review' })).statusCode).toBe(200);
    expect((await creator.get(`/api/applications/${app.id}`)).json().rejectionReason).toBeNull();
    const audit = await t.database.db
      .select()
      .from(userAdminActions)
      .where(eq(userAdminActions.action, 'application_updated'));
    expect(audit.length).toBeGreaterThanOrEqual(3);
    expect(audit.every((a) => a.adminId !== null)).toBe(true);
    expect(audit.some((a) => a.notes?.includes('note: Status updated by admin'))).toBe(true);
  });

  it('refuses activation without a schedule and unknown statuses', async () => {
    const app = await freshApplication(creator);
    await patch(admin, app.id, { status: 'approved' });
    const active = await patch(admin, app.id, { status: 'active' });
    expect(active.statusCode).toBe(409);
    expect(await statusOf(app.id)).toBe('approved');
    expect((await patch(admin, app.id, { status: 'cancelled' })).statusCode).toBe(400);
    expect((await patch(admin, app.id, { role: 'admin' })).statusCode).toBe(400);
    expect((await patch(admin, app.id, { creditScore: 101 })).statusCode).toBe(400);
  });

  it('makes a test application one way, only while under review, and keeps it out of production figures', async () => {
    const app = await freshApplication(creator);
    const before = (await admin.get('/api/admin/overview')).json().totalApplications;
    expect((await patch(admin, app.id, { testing: 'yes' })).statusCode).toBe(400);
    expect((await patch(creator, app.id, { testing: true })).statusCode).toBe(403);
    const marked = await patch(admin, app.id, { testing: true });
    expect(marked.statusCode).toBe(200);
    expect(marked.json().data.status).toBe('pending_review_testing');
    expect((await admin.get('/api/admin/overview')).json().totalApplications).toBe(before - 1);
    expect(
      (await admin.get('/api/admin/applications')).json().data.some((a: { id: number }) => a.id === app.id),
    ).toBe(false);
    const lending = (await admin.get('/api/lending-management/details?mode=production')).json().data;
    expect(lending.some((r: { id: number }) => r.id === app.id)).toBe(false);
    // Inside its own world it moves like any other application.
    expect((await patch(admin, app.id, { status: 'approved' })).json().data.status).toBe('approved_testing');
    expect((await patch(admin, app.id, { testing: false })).statusCode).toBe(409);
    expect(await statusOf(app.id)).toBe('approved_testing');

    const approved = await freshApplication(creator);
    await patch(admin, approved.id, { status: 'approved' });
    expect((await patch(admin, approved.id, { testing: true })).statusCode).toBe(409);
    expect(await statusOf(approved.id)).toBe('approved');
  });

  it('edits amount and period only while under review, clamping the period to 1-36', async () => {
    const app = await freshApplication(creator);
    const edited = await patch(admin, app.id, { requestedAmount: 15_000, estimatedPeriod: 48 });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({ requestedAmount: 15000, estimatedPeriod: 36 });
    expect((await patch(admin, app.id, { estimatedPeriod: 0 })).json().data.estimatedPeriod).toBe(1);
    expect((await patch(admin, app.id, { requestedAmount: 1_000 })).statusCode).toBe(400);
    await patch(admin, app.id, { status: 'approved' });
    const late = await patch(admin, app.id, { requestedAmount: 20_000 });
    expect(late.statusCode).toBe(409);
  });

  it('deletes an application without money history, and refuses one with a schedule', async () => {
    const app = await freshApplication(creator);
    const gone = await admin.request({ method: 'DELETE', url: `/api/admin/applications/${app.id}` });
    expect(gone.statusCode).toBe(200);
    expect(await statusOf(app.id)).toBeUndefined();
    expect(
      (await admin.request({ method: 'DELETE', url: `/api/admin/applications/${app.id}` })).statusCode,
    ).toBe(404);
  });
});

describe('overview and proofs', () => {
  it('counts applications, users and risk bands in SQL for the dashboard mode', async () => {
    await freshApplication(creator);
    const res = await admin.get('/api/admin/overview');
    expect(res.statusCode).toBe(200);
    const o = res.json();
    const [counts] = await queryRows<{ total: number; low: number; pending: number; total_amount: string }>(
      t.database.db,
      sql`
        select count(*)::int as total,
          count(*) filter (where credit_score >= 80)::int as low,
          count(*) filter (where status = 'pending_review')::int as pending,
          coalesce(sum(requested_amount), 0)::numeric(14,2)::text as total_amount
        from financing_applications where status not like '%\_testing' escape '\'`,
    );
    expect(o.totalApplications).toBe(counts!.total);
    expect(o.pendingCount).toBe(counts!.pending);
    expect(o.totalRequestedAmount).toBe(counts!.total_amount);
    expect(o.riskDistribution.low).toBeCloseTo((counts!.low * 100) / counts!.total, 1);
    expect(o.riskDistribution.low + o.riskDistribution.medium + o.riskDistribution.high).toBeCloseTo(100, 0);
    expect(o.adminCount).toBeGreaterThanOrEqual(1);
    expect(o.otherStaffCount).toBe(0);
    expect(o.totalUsers).toBeGreaterThanOrEqual(3);
  });

  it('lets an admin download a proof of earnings as an attachment; unknown ids are 404', async () => {
    const upload = await creator.request({
      method: 'POST',
      url: '/api/proof-files',
      ...multipartFile('my march <earnings>.pdf', PDF_BYTES),
    });
    const { id } = upload.json();
    const res = await admin.get(`/api/admin/proof-files/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="my march _earnings_.pdf"');
    expect(res.rawPayload.equals(PDF_BYTES)).toBe(true);
    expect((await admin.get('/api/admin/proof-files/999999')).statusCode).toBe(404);
    expect((await admin.get('/api/admin/proof-files/abc')).statusCode).toBe(400);
  });
});

describe('servicing', () => {
  /**
   * An active loan of a creator of this test's own: R10,000 on R20,000 a month, with the schedule the admin's
   * defaults give, paid out on the test epoch's day (the payments below are dated that day).
   */
  async function activeLoan(username: string) {
    t.clock.set(TEST_EPOCH);
    const owner = await quickUser(t, username);
    const applied = await owner.post(
      '/api/applications',
      applicationBody({ requestedAmount: 10_000, monthlyRevenue: 20_000 }),
    );
    expect(applied.statusCode).toBe(201);
    const id = applied.json().application.id as number;
    expect((await patch(admin, id, { status: 'approved' })).statusCode).toBe(200);
    expect((await admin.post(`/api/applications/${id}/repayment-schedule`, {})).statusCode).toBe(200);
    const paid = await acceptAndPayOut(admin, owner, id);
    return { appId: id, owner, total: paid.repaymentSchedule.totalAmount as string };
  }

  it('sets up a schedule with the admin defaults, computed by the server', async () => {
    t.clock.set(TEST_EPOCH);
    const app = await freshApplication(other, { requestedAmount: 10_000, monthlyRevenue: 20_000 });
    const appId = app.id;
    expect((await admin.post(`/api/applications/${appId}/repayment-schedule`, {})).statusCode).toBe(409);
    await patch(admin, appId, { status: 'approved' });
    expect(
      (await admin.post(`/api/applications/${appId}/repayment-schedule`, { withholdingPercentage: 0 }))
        .statusCode,
    ).toBe(400);
    expect(
      (await admin.post(`/api/applications/${appId}/repayment-schedule`, { estimatedPeriod: 37 })).statusCode,
    ).toBe(400);
    const res = await admin.post(`/api/applications/${appId}/repayment-schedule`, {
      withholdingPercentage: 'abc',
    });
    expect(res.statusCode).toBe(200);
    const expected = adminScheduleTerms({
      legal: firstLoanPricing(t),
      requestedAmount: 10_000,
      monthlyRevenue: '20000.00',
      withholdingPercentage: 20,
      estimatedPeriod: 12,
      creditScore: app.creditScore,
    });
    // The setup is an offer: nothing starts until the creator accepts it and the payout is recorded.
    expect(res.json().data).toMatchObject({ status: 'offered', repaymentSchedule: null });
    const offer = (await other.get(`/api/applications/${appId}/quote`)).json();
    expect(offer).toMatchObject({
      kind: 'offer',
      status: 'open',
      frequency: 'automatic',
      instalmentAmount: expected.installmentAmount,
      totalRepayable: expected.totalAmount,
    });
    const early = await admin.post(`/api/admin/applications/${appId}/payout`, {
      paidOn: '2026-11-23',
      bankReference: 'EARLY-1',
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(
      'A payout can be recorded only once the creator has accepted the agreement.',
    );
    // No bank account on file: accepted, but no payout.
    expect((await other.post(`/api/applications/${appId}/accept`, { quoteId: offer.id })).statusCode).toBe(
      200,
    );
    const noBank = await admin.post(`/api/admin/applications/${appId}/payout`, {
      paidOn: '2026-11-23',
      bankReference: 'NOBANK-1',
    });
    expect(noBank.statusCode).toBe(409);
    expect(noBank.json().message).toMatch(/^The creator has no bank account on file: no payout\./);
    expect((await other.get(`/api/applications/${appId}`)).json()).toMatchObject({
      status: 'accepted',
      repaymentSchedule: null,
    });
    await addBankAccount(other);
    const paid = await payOutLoan(admin, appId);
    const schedule = paid.repaymentSchedule;
    expect(schedule).toMatchObject({
      frequency: 'automatic',
      paymentMethod: 'platform_earnings',
      withholdingPercentage: '20.00',
      totalAmount: expected.totalAmount,
      installmentAmount: expected.installmentAmount,
      estimatedPeriod: 12,
    });
    expect(paid.status).toBe('active');
    expect(schedule).toMatchObject({ payoutAccount: 'FNB ..7890', payoutReference: `PAYOUT-${appId}` });
  });

  it('validates a payment with its field messages', async () => {
    const { appId } = await activeLoan('validate-payment@example.com');
    const cases: Array<[object, string]> = [
      [{ paymentDate: '2026-11-23' }, 'Amount is required'],
      [{ amount: -5, paymentDate: '2026-11-23' }, 'Amount must be a positive number'],
      [{ amount: 0, paymentDate: '2026-11-23' }, 'Amount must be a positive number'],
      [{ amount: 10.001, paymentDate: '2026-11-23' }, 'Amount must be in steps of 0.01'],
      [{ amount: 100 }, 'Payment date is required'],
    ];
    for (const [payload, message] of cases) {
      const res = await admin.post(`/api/admin/applications/${appId}/payments`, payload);
      expect(res.statusCode).toBe(400);
      expect(Object.values(res.json().fieldErrors).flat()).toContain(message);
    }
    const none = await t.database.db.select().from(payments).where(eq(payments.applicationId, appId));
    expect(none).toHaveLength(0);
  });

  it('records a payment once per Idempotency-Key; a replay returns the first answer', async () => {
    const { appId, total } = await activeLoan('idempotent-payment@example.com');
    const send = (key: string, amount = 1000) =>
      admin.request({
        method: 'POST',
        url: `/api/admin/applications/${appId}/payments`,
        headers: { 'idempotency-key': key },
        payload: { amount, paymentDate: '2026-11-23', notes: 'November withholding' },
      });
    const first = await send('pay-key-0001');
    expect(first.statusCode).toBe(201);
    expect(first.json().message).toBe('The payment has been recorded successfully.');
    const replay = await send('pay-key-0001');
    expect(replay.statusCode).toBe(201);
    expect(replay.json()).toEqual(first.json());
    const different = await send('pay-key-0001', 999);
    expect(different.statusCode).toBe(409);
    const rows = await t.database.db.select().from(payments).where(eq(payments.applicationId, appId));
    expect(rows).toHaveLength(1);
    expect(first.json().data.remainingAmount).toBe((Number(total) - 1000).toFixed(2));
  });

  it('keeps how the money came in and its bank reference; the creator and the audit trail see them', async () => {
    const { appId, owner } = await activeLoan('channel-payment@example.com');
    const refused = [
      [{ channel: 'crypto' }, 'Choose how the money came in'],
      [{ bankReference: 'X'.repeat(101) }, 'Bank reference must be at most 100 characters'],
    ] as const;
    for (const [extra, message] of refused) {
      const res = await admin.post(`/api/admin/applications/${appId}/payments`, {
        amount: 100,
        paymentDate: '2026-11-23',
        ...extra,
      });
      expect(res.statusCode).toBe(400);
      expect(Object.values(res.json().fieldErrors).flat()).toContain(message);
    }
    expect(await t.database.db.select().from(payments).where(eq(payments.applicationId, appId))).toHaveLength(
      0,
    );

    const eft = await admin.post(`/api/admin/applications/${appId}/payments`, {
      amount: 500,
      paymentDate: '2026-11-23',
      channel: 'eft',
      bankReference: '  VUKA-NOV-0042 ',
    });
    expect(eft.statusCode).toBe(201);
    expect(eft.json().data.payment).toMatchObject({ channel: 'eft', bankReference: 'VUKA-NOV-0042' });
    // Without a channel it is an EFT; a blank reference is none.
    const plain = await admin.post(`/api/admin/applications/${appId}/payments`, {
      amount: 100,
      paymentDate: '2026-11-23',
      bankReference: '  ',
    });
    expect(plain.json().data.payment).toMatchObject({ channel: 'eft', bankReference: null });
    const cash = await admin.post(`/api/admin/applications/${appId}/payments`, {
      amount: 50,
      paymentDate: '2026-11-23',
      channel: 'cash_deposit',
    });
    expect(cash.json().data.payment).toMatchObject({ channel: 'cash_deposit', bankReference: null });

    const own = (await owner.get(`/api/applications/${appId}`)).json();
    const listed = (own.application ?? own).repaymentSchedule.payments as Array<Record<string, unknown>>;
    expect(listed.map((p) => [p.channel, p.bankReference]).sort()).toEqual([
      ['cash_deposit', null],
      ['eft', null],
      ['eft', 'VUKA-NOV-0042'],
    ]);
    const notes = await t.database.db
      .select({ notes: userAdminActions.notes })
      .from(userAdminActions)
      .where(eq(userAdminActions.action, 'payment_added'));
    expect(notes.map((n) => n.notes).join('\n')).toContain('by EFT (bank transfer), reference VUKA-NOV-0042');
    expect(notes.map((n) => n.notes).join('\n')).toContain('by Cash deposit at a bank (fee');
  });

  it('refuses an overpayment and changes nothing', async () => {
    const { appId } = await activeLoan('overpayment@example.com');
    const [before] = await t.database.db
      .select()
      .from(repaymentSchedules)
      .where(eq(repaymentSchedules.applicationId, appId));
    const res = await admin.post(`/api/admin/applications/${appId}/payments`, {
      amount: Number(before!.remainingAmount) + 0.01,
      paymentDate: '2026-11-23',
    });
    expect(res.statusCode).toBe(409);
    const [after] = await t.database.db
      .select()
      .from(repaymentSchedules)
      .where(eq(repaymentSchedules.applicationId, appId));
    expect(after!.remainingAmount).toBe(before!.remainingAmount);
  });

  it('a schedule paid in full becomes completed; the creator sees it repaid; the ledger balances', async () => {
    const { appId, owner } = await activeLoan('paid-in-full@example.com');
    const [schedule] = await t.database.db
      .select()
      .from(repaymentSchedules)
      .where(eq(repaymentSchedules.applicationId, appId));
    const res = await admin.post(`/api/admin/applications/${appId}/payments`, {
      amount: Number(schedule!.remainingAmount),
      paymentDate: '2026-11-23',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ remainingAmount: '0.00', completed: true });
    expect(await statusOf(appId)).toBe('completed');
    const mine = (await owner.get('/api/applications')).json().find((a: { id: number }) => a.id === appId);
    expect(mine.repaymentSchedule).toMatchObject({
      status: 'completed',
      remainingAmount: '0.00',
      nextPaymentDate: null,
    });
    const more = await admin.post(`/api/admin/applications/${appId}/payments`, {
      amount: 1,
      paymentDate: '2026-11-23',
    });
    expect(more.statusCode).toBe(409);

    const balances = await t.database.db
      .select({ account: ledgerLines.account, balance: sql<string>`sum(debit) - sum(credit)` })
      .from(ledgerLines)
      .groupBy(ledgerLines.account);
    expect(balances.reduce((s, b) => s + Number(b.balance), 0)).toBeCloseTo(0, 2);
    // This loan's own lines: everything owed was repaid, and every rand of its cost has been earned (other
    // tests' loans, still running, may hold deferred income of their own).
    const loanLines = await ledgerTotals(t.database.db, appId);
    expect(loanLines.reduce((s, b) => s + Number(b.debit) - Number(b.credit), 0)).toBeCloseTo(0, 2);
    const of = (account: string) => {
      const line = loanLines.find((b) => b.account === account);
      return line ? Number(line.debit) - Number(line.credit) : 0;
    };
    expect(of('loans_receivable')).toBeCloseTo(0, 2);
    expect(of('deferred_cost_income')).toBeCloseTo(0, 2);
  });
});
