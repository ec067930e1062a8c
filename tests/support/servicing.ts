// Helpers for the servicing API tests: loans made through the real routes (apply, approve, set up or choose a
// plan), travel on the app's clock in South African time, and what is stored about one loan, so a refusal
// can be checked to have stored nothing.
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../src/server/db/client';
import { users } from '../../src/server/db/schema';
import { hashPassword } from '../../src/server/lib/passwords';
import type { UserRole } from '../../src/shared/constants';
import type { LoanServicing } from '../../src/shared/schemas/servicing';
import { applicationBody, PASSWORD, passMfaAsTestSetup } from './accounts';
import { withSecondApproval } from './approvals';
import { Client, type TestApp } from './test-app';

/** Sets the clock to a wall-clock time in Johannesburg (SAST, UTC+2): `travelTo(t, '2026-12-23', '00:30')`. */
export function travelTo(t: TestApp, date: string, time = '10:00') {
  t.clock.set(`${date}T${time}:00+02:00`);
}

let passwordHash: Promise<string> | undefined;

/** The bank account test creators put on file before a payout; payouts go to 'FNB ..7890'. */
export const TEST_BANK_ACCOUNT = {
  bankName: 'First National Bank (FNB)',
  accountNumber: '62001237890',
  branchCode: '250655',
  accountType: 'current',
} as const;

/**
 * A verified account inserted directly, and a client signed in as it. The password hash is computed once per
 * file (argon2 is the slow part of making users), and the login is the real one.
 */
export async function quickUser(t: TestApp, username: string, role: UserRole = 'user') {
  passwordHash ??= hashPassword(PASSWORD);
  const [row] = await t.database.db
    .insert(users)
    .values({
      username,
      passwordHash: await passwordHash,
      firstName: role === 'user' ? 'Zola' : 'Ada',
      lastName: 'Test',
      role,
      verified: true,
    })
    .returning({ id: users.id });
  const client = new Client(t.app);
  const res = await client.post('/api/login', { username, password: PASSWORD });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
  if (role !== 'user') await passMfaAsTestSetup(t, client);
  return Object.assign(client, { userId: row!.id, username });
}
export type SignedIn = Awaited<ReturnType<typeof quickUser>>;

export type LoanOptions = {
  requestedAmount?: number;
  monthlyRevenue?: number;
  frequency?: 'automatic' | 'monthly' | 'biweekly';
  withholdingPercentage?: number;
  estimatedPeriod?: number;
};

export type ApiSchedule = {
  id: number;
  startDate: string;
  endDate: string | null;
  totalAmount: string;
  remainingAmount: string;
  installmentAmount: string;
  frequency: string;
  nextPaymentDate: string | null;
  status: string;
  estimatedRemainingDuration: number;
  estimatedPeriod: number;
  servicing: {
    amountDueNow: string;
    amountOverdue: string;
    daysPastDue: number;
    delinquencyBucket: string;
    currentInstalment: { number: number; dueDate: string; outstanding: string } | null;
    instalmentsRemaining: number;
    instalmentsTotal: number;
    renegotiationEligible: boolean;
  };
  payments: Array<{ id: number; amount: string; kind: string; paymentDate: string }>;
  /** Of every payment, whichever are listed (the creator's list sends the latest few). */
  paymentCount: number;
  paidTotal: string;
  feesTotal: string;
};

export type Loan = { id: number; creditScore: number; creator: SignedIn; schedule: ApiSchedule };

/** A creator's application, approved by the admin (the clock decides when). */
export async function approvedApplication(admin: Client, creator: SignedIn, options: LoanOptions = {}) {
  const res = await creator.post(
    '/api/applications',
    applicationBody({
      requestedAmount: options.requestedAmount ?? 12_000,
      monthlyRevenue: options.monthlyRevenue ?? 8_000,
    }),
  );
  if (res.statusCode !== 201) throw new Error(`apply failed: ${res.body}`);
  const app = res.json().application as { id: number; creditScore: number };
  const approved = await withSecondApproval(
    admin,
    admin.request({
      method: 'PATCH',
      url: `/api/admin/applications/${app.id}`,
      payload: { status: 'approved' },
    }),
  );
  if (approved.statusCode !== 200) throw new Error(`approve failed: ${approved.body}`);
  return app;
}

/**
 * The admin's payout of an accepted agreement (on `paidOn`, default: the day the accepted quote was made, which is
 * today for a loan made in one go), approved by a second admin: the loan starts. Answers the admin's view of the
 * application.
 */
export async function payOutLoan(admin: Client, id: number, paidOn?: string) {
  const day = paidOn ?? (await admin.get(`/api/applications/${id}/quote`)).json().disbursementDate;
  const res = await withSecondApproval(
    admin,
    admin.post(`/api/admin/applications/${id}/payout`, { paidOn: day, bankReference: `PAYOUT-${id}` }),
  );
  if (res.statusCode !== 200) throw new Error(`payout failed: ${res.body}`);
  const details = await admin.get(`/api/admin/applications/${id}`);
  return details.json().application as { status: string; repaymentSchedule: ApiSchedule };
}

/** The admin's setup: an offer of these terms (monthly, 12 months and 20 % unless told). */
export async function offerTerms(admin: Client, id: number, options: LoanOptions = {}) {
  const res = await admin.post(`/api/applications/${id}/repayment-schedule`, {
    frequency: options.frequency ?? 'monthly',
    withholdingPercentage: options.withholdingPercentage ?? 20,
    estimatedPeriod: options.estimatedPeriod ?? 12,
  });
  if (res.statusCode !== 200) throw new Error(`offer failed: ${res.body}`);
  return res.json().data as { status: string };
}

/**
 * The creator puts their bank account on file in Settings (a payout needs one). After the application is scored, so
 * the profile points it earns do not change the figures a test worked out.
 */
export async function addBankAccount(creator: Client) {
  const me = (await creator.get('/api/user')).json() as { id: number; accountNumber: string | null };
  if (me.accountNumber) return;
  const res = await creator.request({
    method: 'PATCH',
    url: `/api/users/${me.id}`,
    payload: TEST_BANK_ACCOUNT,
  });
  if (res.statusCode !== 200) throw new Error(`bank details refused: ${res.body}`);
}

/** The creator accepts the quote on their table (the admin's offer, or their plan's): the id it accepted. */
export async function acceptCurrentQuote(creator: Client, id: number) {
  const quote = (await creator.get(`/api/applications/${id}/quote`)).json() as { id: number };
  const res = await creator.post(`/api/applications/${id}/accept`, { quoteId: quote.id });
  if (res.statusCode !== 200) throw new Error(`accept failed: ${res.body}`);
  return quote.id;
}

/**
 * After the admin's offer: the creator puts a bank account on file and accepts it, and the admin pays out today.
 * Answers the admin's view of the application (status `active`, its schedule).
 */
export async function acceptAndPayOut(admin: Client, creator: Client, id: number) {
  await addBankAccount(creator);
  await acceptCurrentQuote(creator, id);
  return payOutLoan(admin, id);
}

/**
 * A loan the admin set up (monthly, 12 months and 20 % unless told): offered, accepted by the creator and paid out
 * at the clock's now.
 */
export async function adminLoan(admin: Client, creator: SignedIn, options: LoanOptions = {}): Promise<Loan> {
  const app = await approvedApplication(admin, creator, options);
  await offerTerms(admin, app.id, options);
  await addBankAccount(creator);
  await acceptCurrentQuote(creator, app.id);
  const paid = await payOutLoan(admin, app.id);
  return { id: app.id, creditScore: app.creditScore, creator, schedule: paid.repaymentSchedule };
}

/** A loan whose creator chose the platform-earnings plan (the quote their preview showed), paid out at once. */
export async function creatorPlanLoan(admin: Client, creator: SignedIn, options: LoanOptions = {}) {
  const app = await approvedApplication(admin, creator, options);
  const preview = await creator.post(`/api/applications/${app.id}/preview-terms`, {});
  if (preview.statusCode !== 200) throw new Error(`preview failed: ${preview.body}`);
  const res = await creator.post(`/api/applications/${app.id}/schedule`, {
    paymentMethod: 'platform_earnings',
    termsAccepted: true,
    quoteId: preview.json().quote.id,
  });
  if (res.statusCode !== 200) throw new Error(`plan choice failed: ${res.body}`);
  await addBankAccount(creator);
  const paid = await payOutLoan(admin, app.id);
  return { id: app.id, creditScore: app.creditScore, creator, schedule: paid.repaymentSchedule };
}

export async function servicingOf(client: Client, id: number): Promise<LoanServicing> {
  const res = await client.get(`/api/applications/${id}/servicing`);
  if (res.statusCode !== 200) throw new Error(`servicing ${id}: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** The creator's own view of one application (GET /api/applications). */
export async function ownApplication(creator: Client, id: number) {
  const res = await creator.get('/api/applications');
  const app = (res.json() as Array<{ id: number; status: string; repaymentSchedule: ApiSchedule }>).find(
    (a) => a.id === id,
  );
  if (!app) throw new Error(`application ${id} not in the creator's list`);
  return app;
}

/** The admin's lending row of one application. */
export async function lendingRow(admin: Client, id: number, query = '') {
  const res = await admin.get(`/api/lending-management/details?${query}`);
  if (res.statusCode !== 200) throw new Error(`lending details: ${res.body}`);
  return (res.json().data as Array<Record<string, unknown> & { id: number }>).find((r) => r.id === id);
}

export const pay = (admin: Client, id: number, amount: string | number, paymentDate: string) =>
  admin.post(`/api/admin/applications/${id}/payments`, { amount, paymentDate });

/** A month of platform earnings recorded by the admin (November 2026 unless told): its withholding is a payment. */
export const recordEarnings = (
  admin: Client,
  applicationId: number,
  earningsAmount: number,
  earningsMonth = 11,
  earningsYear = 2026,
) =>
  admin.post('/api/lending-management/record-earnings', {
    applicationId,
    earningsMonth,
    earningsYear,
    earningsAmount,
  });

export async function payOk(admin: Client, id: number, amount: string | number, paymentDate: string) {
  const res = await pay(admin, id, amount, paymentDate);
  if (res.statusCode !== 201) throw new Error(`payment refused: ${res.statusCode} ${res.body}`);
  return res.json().data as {
    payment: { id: number };
    remainingAmount: string;
    completed: boolean;
    application: { status: string };
  };
}

export const sum = (values: Array<string | number>) =>
  values.reduce<Decimal>((acc, v) => acc.plus(v), new Decimal(0)).toFixed(2);

/**
 * Everything stored about one loan's money: payments, allocations, instalments, the schedule's balance and
 * dates, its ledger lines and quotes. Two snapshots are equal when nothing was stored in between.
 */
export async function storedState(db: Db, applicationId: number) {
  const [row] = await queryRows<Record<string, string | number | null>>(
    db,
    sql`select
      (select count(*)::int from payments where application_id = ${applicationId}) as payments,
      (select count(*)::int from payment_allocations pa join payments p on p.id = pa.payment_id
        where p.application_id = ${applicationId}) as allocations,
      (select string_agg(i.number || ':' || i.due_date::text || ':' || i.amount_due::text || ':' || i.amount_paid::text, ',' order by i.number)
        from repayment_instalments i join repayment_schedules s on s.id = i.schedule_id
        where s.application_id = ${applicationId}) as instalments,
      (select remaining_amount::text || '|' || coalesce(next_payment_date::text, '-') || '|' || status
        || '|' || estimated_remaining_duration from repayment_schedules where application_id = ${applicationId}) as schedule,
      (select status from financing_applications where id = ${applicationId}) as application_status,
      (select count(*)::int from ledger_lines l join ledger_entries e on e.id = l.entry_id
        where e.application_id = ${applicationId}) as ledger_lines,
      (select count(*)::int from settlement_quotes where application_id = ${applicationId}) as quotes,
      (select string_agg(status, ',' order by id) from settlement_quotes where application_id = ${applicationId}) as quote_statuses`,
  );
  return row!;
}

/** Ledger totals of one loan, by account (debit and credit sums as text). */
export async function ledgerTotals(db: Db, applicationId: number) {
  return queryRows<{ account: string; debit: string; credit: string }>(
    db,
    sql`select l.account, sum(l.debit)::numeric(14,2)::text as debit, sum(l.credit)::numeric(14,2)::text as credit
        from ledger_lines l join ledger_entries e on e.id = l.entry_id
        where e.application_id = ${applicationId}
        group by l.account order by l.account`,
  );
}

/** Payments in force of one loan whose allocations in force do not add up to the payment (should be none). */
export async function unallocatedPayments(db: Db, applicationId: number) {
  return queryRows<{ id: number; amount: string; allocated: string }>(
    db,
    sql`select p.id, p.amount::text, coalesce(sum(a.amount), 0)::numeric(14,2)::text as allocated
        from payments p left join payment_allocations a on a.payment_id = p.id and a.reversed_at is null
        where p.application_id = ${applicationId} and p.reversed_at is null
        group by p.id, p.amount having coalesce(sum(a.amount), 0) <> p.amount`,
  );
}

/** One payment's allocations in force as instalment number -> amount. */
export async function allocationsOf(db: Db, paymentId: number) {
  return queryRows<{ number: number; amount: string }>(
    db,
    sql`select i.number, a.amount::text from payment_allocations a
        join repayment_instalments i on i.id = a.instalment_id
        where a.payment_id = ${paymentId} and a.reversed_at is null order by i.number`,
  );
}

/** Audit rows of one creator with one action. */
export async function auditRows(db: Db, userId: number, action: string) {
  return queryRows<{ admin_id: number | null; notes: string | null }>(
    db,
    sql`select admin_id, notes from user_admin_actions where user_id = ${userId} and action = ${action} order by id`,
  );
}

/** Each account's balance (debits less credits) in one loan's journals, accounts at zero left out. */
export async function loanBooks(db: Db, applicationId: number): Promise<Record<string, string>> {
  const rows = await queryRows<{ account: string; balance: string }>(
    db,
    sql`select l.account, sum(l.debit - l.credit)::numeric(14,2)::text as balance
      from ledger_lines l join ledger_entries e on e.id = l.entry_id
      where e.application_id = ${applicationId} group by l.account`,
  );
  return Object.fromEntries(rows.filter((r) => r.balance !== '0.00').map((r) => [r.account, r.balance]));
}
