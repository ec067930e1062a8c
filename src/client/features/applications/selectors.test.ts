import { describe, expect, it } from 'vitest';
import {
  applicationDisplayName,
  combinedMonthlyEarnings,
  latestApplication,
  nextPayment,
  paymentsNewestFirst,
  remainingBalance,
  repaymentPlanApplications,
  rowActions,
  schedulePayload,
  statusLabel,
  totalPaid,
  visibleApplications,
} from './selectors';
import type { Application, Payment, RepaymentSchedule } from './types';

function schedule(overrides: Partial<RepaymentSchedule> = {}): RepaymentSchedule {
  return {
    id: 1,
    applicationId: 1,
    startDate: '2026-01-01T00:00:00.000Z',
    endDate: '2027-01-01T00:00:00.000Z',
    totalAmount: '13000.00',
    remainingAmount: '9000.00',
    installmentAmount: '1084.00',
    costAmount: '3000.00',
    costPercentage: '30',
    frequency: 'monthly',
    nextPaymentDate: '2026-03-01T00:00:00.000Z',
    status: 'active',
    paymentMethod: 'platform_earnings',
    withholdingPercentage: '25',
    platformFeeRate: '2',
    currency: 'ZAR',
    estimatedRemainingDuration: 8,
    estimatedPeriod: 12,
    payments: [],
    ...overrides,
  };
}

function app(overrides: Partial<Application> = {}): Application {
  return {
    id: 1,
    userId: 1,
    requestedAmount: 10000,
    monthlyRevenue: '12000.00',
    socialMediaData: null,
    manualPlatforms: [],
    creditScore: 50,
    creditScoreBreakdown: null,
    currency: 'ZAR',
    applicationType: 'personal',
    businessName: null,
    firstName: 'Thandi',
    lastName: 'Nkosi',
    status: 'pending_review',
    useOfFunds: ['advance'],
    otherUseOfFunds: null,
    termsAccepted: true,
    estimatedPeriod: 12,
    notes: null,
    cancellationReason: null,
    createdAt: '2026-01-01T10:00:00.000Z',
    updatedAt: '2026-01-01T10:00:00.000Z',
    repaymentSchedule: null,
    ...overrides,
  };
}

const payment = (id: number, amount: string, paymentDate: string): Payment => ({
  id,
  amount,
  platformFee: null,
  notes: null,
  paymentDate,
  createdAt: paymentDate,
});

describe('application lists', () => {
  it('hides cancelled applications and picks the newest other one', () => {
    const list = [
      app({ id: 1, createdAt: '2026-01-01T00:00:00Z' }),
      app({ id: 3, status: 'cancelled', createdAt: '2026-03-01T00:00:00Z' }),
      app({ id: 2, status: 'approved', createdAt: '2026-02-01T00:00:00Z' }),
      app({ id: 4, status: 'cancelled_testing', createdAt: '2026-04-01T00:00:00Z' }),
    ];
    expect(visibleApplications(list).map((a) => a.id)).toEqual([2, 1]);
    expect(latestApplication(list)?.id).toBe(2);
    expect(latestApplication([app({ status: 'cancelled' })])).toBeNull();
  });

  it('names a row by business, else by person', () => {
    expect(applicationDisplayName(app({ businessName: ' Studio X ' }))).toBe('Studio X');
    expect(applicationDisplayName(app({ businessName: '' }))).toBe('Thandi Nkosi');
    expect(applicationDisplayName(app({ firstName: null, lastName: null }))).toBe('-');
  });

  it('labels statuses as the spec shows them', () => {
    expect(statusLabel('pending_review')).toBe('Under Review');
    expect(statusLabel('completed')).toBe('Repaid');
    expect(statusLabel('approved')).toBe('approved');
    expect(statusLabel('pending_review_testing')).toBe('pending_review_testing');
  });

  it('offers the actions each status allows', () => {
    expect(rowActions(app({ status: 'approved' }))).toEqual({
      setupRepayment: true,
      viewDetails: false,
      cancel: true,
      scheduleActive: false,
    });
    expect(rowActions(app({ status: 'pending_review' }))).toMatchObject({
      setupRepayment: false,
      cancel: true,
    });
    expect(rowActions(app({ status: 'active', repaymentSchedule: schedule() }))).toEqual({
      setupRepayment: false,
      viewDetails: true,
      cancel: false,
      scheduleActive: true,
    });
    expect(rowActions(app({ status: 'active' }))).toMatchObject({ viewDetails: true, scheduleActive: false });
    expect(rowActions(app({ status: 'rejected' }))).toEqual({
      setupRepayment: false,
      viewDetails: false,
      cancel: false,
      scheduleActive: false,
    });
  });

  it('lists active and repaid applications with a schedule as plans', () => {
    const list = [
      app({ id: 1, status: 'active', repaymentSchedule: schedule() }),
      app({ id: 2, status: 'completed', repaymentSchedule: schedule() }),
      app({ id: 3, status: 'active' }),
      app({ id: 4, status: 'approved', repaymentSchedule: schedule() }),
    ];
    expect(repaymentPlanApplications(list).map((a) => a.id)).toEqual([2, 1]);
  });
});

describe('repayment figures', () => {
  it('sums payments, ignoring non-numeric amounts', () => {
    expect(totalPaid([payment(1, '100.10', '2026-01-01'), payment(2, 'x', '2026-02-01')])).toBe('100.10');
    expect(totalPaid(null)).toBe('0.00');
  });

  it('uses the stored balance, else total less paid', () => {
    expect(remainingBalance(schedule({ remainingAmount: '0.00' }))).toBe('0.00');
    expect(
      remainingBalance(
        schedule({ remainingAmount: null, payments: [payment(1, '3000.00', '2026-02-01T00:00:00Z')] }),
      ),
    ).toBe('10000.00');
  });

  it('orders payments latest first', () => {
    const list = [
      payment(1, '1', '2026-01-01'),
      payment(2, '2', '2026-03-01'),
      payment(3, '3', '2026-02-01'),
    ];
    expect(paymentsNewestFirst(list).map((p) => p.id)).toEqual([2, 3, 1]);
  });

  it('falls back to one month from today for the next payment', () => {
    const now = new Date(2026, 0, 31, 12);
    const assumed = nextPayment(schedule({ nextPaymentDate: null, paymentMethod: 'bank_debit' }), now);
    expect(assumed.assumed).toBe(true);
    expect(assumed.estimated).toBe(false);
    expect([assumed.date.getFullYear(), assumed.date.getMonth(), assumed.date.getDate()]).toEqual([
      2026, 1, 28,
    ]);
    const stored = nextPayment(schedule(), now);
    expect(stored.assumed).toBe(false);
    expect(stored.estimated).toBe(true);
    expect(stored.date.toISOString()).toBe('2026-03-01T00:00:00.000Z');
  });

  it('combines monthly earnings across platforms', () => {
    expect(
      combinedMonthlyEarnings({
        youtube: { monthlyEarnings: 1500.5 },
        visionary: { monthlyEarnings: '250' },
        other: { followers: 10 },
      }),
    ).toEqual({ total: '1750.50', platforms: 3 });
    expect(combinedMonthlyEarnings(null)).toEqual({ total: '0.00', platforms: 0 });
  });

  it('builds the schedule body from the shared plan rules', () => {
    const body = schedulePayload(
      app({ creditScore: 50 }),
      'platform_earnings',
      new Date('2026-01-15T10:00:00Z'),
    );
    expect(body).toMatchObject({
      applicationId: 1,
      paymentMethod: 'platform_earnings',
      termsAccepted: true,
      frequency: 'automatic',
      totalAmount: '13000.00',
      remainingAmount: '13000.00',
      installmentAmount: '3960.00',
      withholdingPercentage: '33',
      // 13000 / 3960 -> four monthly instalments, the last one R1,120.
      startDate: '2026-01-15',
      nextPaymentDate: '2026-02-15',
      endDate: '2026-05-15',
    });
    expect(schedulePayload(app({ creditScore: 500 }), 'platform_earnings')).toEqual({
      applicationId: 1,
      paymentMethod: 'platform_earnings',
      termsAccepted: true,
    });
  });
});
