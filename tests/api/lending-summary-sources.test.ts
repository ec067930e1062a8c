// The lending summary adds up loans from two sources (lending.repository.ts, summedLoans): unfiltered, or by
// period, delinquency bucket, creator or platform, from the schedules alone (the principal as total less cost, the status as the schedule's);
// with any filter on the applications, by joining them. Both must give the same figures: the whole read one way
// equals its parts read the other, in the production world, the testing world and both.
import Decimal from 'decimal.js';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  creatorPlatforms,
  financingApplications,
  repaymentSchedules,
  userPlatforms,
} from '../../src/server/db/schema';
import { applicationBody } from '../support/accounts';
import { acceptAndPayOut, adminLoan, quickUser, recordEarnings, type SignedIn } from '../support/servicing';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let admin: SignedIn;
let counter = 0;
// A database per test: each adds up the whole book, so another test's loans would be in its figures.
beforeEach(async () => {
  t = await createTestApp({ PLATFORM_FEE_RATE: '2.5' });
  admin = await quickUser(t, 'sources-admin@example.com', 'admin');
});
afterEach(() => t.close());

const ADDED = [
  'totalCreditDisbursed',
  'totalRepayments',
  'totalPlatformFees',
  'expectedReturns',
  'totalExpectedReturn',
  'returnedSoFar',
  'remainingReturns',
  'outstandingBalance',
  'outstandingOver30',
  'outstandingOver90',
] as const;
const COUNTED = ['activeApplicationsCount', 'defaultedCount', 'financedCount'] as const;
type Summary = Record<(typeof ADDED)[number], string> & Record<(typeof COUNTED)[number], number>;

async function summaryOf(query: string): Promise<Summary> {
  const res = await admin.get(`/api/lending-management/summary?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

const plus = (a: Summary, b: Summary): Summary => {
  const out = { ...a };
  for (const key of ADDED) out[key] = new Decimal(a[key]).plus(b[key]).toFixed(2);
  for (const key of COUNTED) out[key] = a[key] + b[key];
  return out;
};
const figures = (s: Summary) => Object.fromEntries([...ADDED, ...COUNTED].map((key) => [key, s[key]]));

const creator = () => quickUser(t, `sources-${++counter}@example.com`);

describe('the lending summary from the schedules alone', () => {
  it('adds up to the summaries by status, which read the applications, in each world', async () => {
    // Every kind of loan: active with a payment, repaid, defaulted, and a testing (rehearsal) one.
    const paying = await adminLoan(admin, await creator(), { requestedAmount: 6_000 });
    expect((await recordEarnings(admin, paying.id, 5_000)).statusCode).toBe(201);
    const repaid = await adminLoan(admin, await creator(), {
      requestedAmount: 2_000,
      withholdingPercentage: 100,
    });
    expect((await recordEarnings(admin, repaid.id, 90_000)).statusCode).toBe(201);
    // A defaulted loan as the daily review leaves it: the application and its schedule change together.
    const late = await adminLoan(admin, await creator(), { requestedAmount: 4_000 });
    await t.database.db
      .update(financingApplications)
      .set({ status: 'defaulted' })
      .where(eq(financingApplications.id, late.id));
    await t.database.db
      .update(repaymentSchedules)
      .set({ status: 'defaulted', nextPaymentDate: '2026-07-01', arrearsFrom: '2026-07-01' })
      .where(eq(repaymentSchedules.applicationId, late.id));
    const rehearsing = await creator();
    const rehearsal = (await rehearsing.post('/api/applications', applicationBody())).json().application;
    for (const payload of [{ testing: true }, { status: 'approved' }]) {
      const res = await admin.request({
        method: 'PATCH',
        url: `/api/admin/applications/${rehearsal.id}`,
        payload,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const setUp = await admin.post(`/api/applications/${rehearsal.id}/repayment-schedule`, {
      frequency: 'monthly',
      withholdingPercentage: 30,
      estimatedPeriod: 6,
    });
    expect(setUp.statusCode, setUp.body).toBe(200);
    await acceptAndPayOut(admin, rehearsing, rehearsal.id);

    const wholes: Summary[] = [];
    for (const [mode, suffix] of [
      ['production', ''],
      ['testing', '_testing'],
    ] as const) {
      const whole = await summaryOf(`mode=${mode}`);
      const parts = await Promise.all(
        ['active', 'completed', 'defaulted'].map((status) =>
          summaryOf(`mode=${mode}&status=${status}${suffix}`),
        ),
      );
      expect(figures(whole), mode).toEqual(figures(parts.reduce(plus)));
      wholes.push(whole);
    }
    const [production, testing] = wholes as [Summary, Summary];
    expect(figures(await summaryOf('mode=hybrid'))).toEqual(figures(plus(production, testing)));

    // A year reads the schedules and the payments alone too (summedLoans and periodFlows): in each world its figures,
    // the money that moved in it included, are those of its parts by status, which read the applications.
    for (const [mode, suffix] of [
      ['production', ''],
      ['testing', '_testing'],
    ] as const) {
      const year = await summaryOf(`mode=${mode}&year=2026`);
      const parts = await Promise.all(
        ['active', 'completed', 'defaulted'].map((status) =>
          summaryOf(`mode=${mode}&year=2026&status=${status}${suffix}`),
        ),
      );
      expect(figures(year), `${mode} 2026`).toEqual(figures(parts.reduce(plus)));
      const paidOut = (s: Summary) => (s as unknown as { paidOutInPeriod: number }).paidOutInPeriod;
      expect(paidOut(year)).toBe(parts.map(paidOut).reduce((a, b) => a + b));
      expect(paidOut(year)).toBeGreaterThan(0);
    }

    expect(production).toMatchObject({
      financedCount: 3,
      activeApplicationsCount: 1,
      defaultedCount: 1,
      totalCreditDisbursed: '12000.00',
      outstandingOver90: new Decimal(late.schedule.remainingAmount).toFixed(2),
    });
    expect(testing).toMatchObject({
      financedCount: 1,
      activeApplicationsCount: 1,
      defaultedCount: 0,
      totalCreditDisbursed: new Decimal(rehearsal.requestedAmount).toFixed(2),
    });
    // A bucket filter reads the schedules alone too: the late loan is the whole 90+ bucket.
    expect(await summaryOf('mode=production&bucket=90%2B')).toMatchObject({
      financedCount: 1,
      outstandingBalance: new Decimal(late.schedule.remainingAmount).toFixed(2),
    });
  });

  it('by creator and by platform too, giving what the applications give for the same loans', async () => {
    // Two of three creators are on the platform.
    const [platform] = await t.database.db
      .insert(creatorPlatforms)
      .values({ name: `Sources platform ${++counter}` })
      .returning({ id: creatorPlatforms.id });
    const onIt = [await creator(), await creator()];
    const elsewhere = await creator();
    await t.database.db
      .insert(userPlatforms)
      .values(onIt.map((c) => ({ userId: c.userId, platformId: platform!.id, username: `@${c.username}` })));
    const paying = await adminLoan(admin, onIt[0]!, { requestedAmount: 7_000 });
    expect((await recordEarnings(admin, paying.id, 4_000)).statusCode).toBe(201);
    const repaid = await adminLoan(admin, onIt[1]!, { requestedAmount: 3_000, withholdingPercentage: 100 });
    expect((await recordEarnings(admin, repaid.id, 90_000)).statusCode).toBe(201);
    await adminLoan(admin, elsewhere, { requestedAmount: 5_000 });

    const byPlatform = await summaryOf(`mode=production&platformId=${platform!.id}`);
    const parts = await Promise.all(
      ['active', 'completed', 'defaulted'].map((status) =>
        summaryOf(`mode=production&platformId=${platform!.id}&status=${status}`),
      ),
    );
    expect(figures(byPlatform)).toEqual(figures(parts.reduce(plus)));
    expect(byPlatform).toMatchObject({
      financedCount: 2,
      activeApplicationsCount: 1,
      totalCreditDisbursed: '10000.00',
    });

    const byCreator = await summaryOf(`mode=production&userId=${onIt[0]!.userId}`);
    expect(figures(byCreator)).toEqual(
      figures(await summaryOf(`mode=production&userId=${onIt[0]!.userId}&status=active`)),
    );
    expect(byCreator).toMatchObject({
      financedCount: 1,
      totalCreditDisbursed: '7000.00',
      remainingReturns: new Decimal(paying.schedule.remainingAmount)
        .minus(byCreator.totalRepayments)
        .toFixed(2),
    });
  });
});
