import { describe, expect, it } from 'vitest';
import {
  applicationDisplayName,
  awaitedPayout,
  financedAmount,
  instalmentWindow,
  latestApplication,
  nextPayment,
  paidOutText,
  paymentsNewestFirst,
  quoteAcceptable,
  remainingBalance,
  repaymentPlanApplications,
  rowActions,
  schedulePayload,
  statusLabel,
  visibleApplications,
} from './selectors';
import type { ListedApplication, Payment, RepaymentSchedule } from './types';

function schedule(overrides: Partial<RepaymentSchedule> = {}): RepaymentSchedule {
  return {
    id: 1,
    applicationId: 1,
    startDate: '2026-01-01T00:00:00.000Z',
    endDate: '2027-01-01T00:00:00.000Z',
    totalAmount: '13000.00',
    remainingAmount: '9000.00',
    installmentAmount: '1084.00',
    installmentFee: '27.10',
    estimatedMonthlyWithholding: '3000.00',
    estimatedMonthlyWithholdingFee: '75.00',
    costAmount: '3000.00',
    costPercentage: '30',
    frequency: 'monthly',
    nextPaymentDate: '2026-03-01',
    status: 'active',
    paymentMethod: 'platform_earnings',
    withholdingPercentage: '25',
    platformFeeRate: '2',
    currency: 'ZAR',
    estimatedRemainingDuration: 8,
    estimatedPeriod: 12,
    paidOutOn: '2026-01-01',
    payoutAccount: 'FNB ..7890',
    payoutReference: 'FNB-1',
    forgiven: null,
    payments: [],
    paymentCount: 0,
    paidTotal: '0.00',
    feesTotal: '0.00',
    ...overrides,
  };
}

function app(overrides: Partial<ListedApplication> = {}): ListedApplication {
  return {
    id: 1,
    userId: 1,
    requestedAmount: 10000,
    approvedAmount: null,
    paymentReference: 'VUKA-000007-3',
    monthlyRevenue: '12000.00',
    socialMediaData: {},
    manualPlatforms: [],
    creditScore: 50,
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
    amount: null,
    cancellationReason: null,
    rejectionReason: null,
    topUp: null,
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
  kind: 'manual',
  notes: null,
  channel: 'eft',
  bankReference: null,
  paymentDate,
  createdAt: paymentDate,
  reversedOn: null,
  reversalReason: null,
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

  it('labels statuses in words, Repaid and Under Review included', () => {
    expect(statusLabel('pending_review')).toBe('Under Review');
    expect(statusLabel('completed')).toBe('Repaid');
    expect(statusLabel('approved')).toBe('Approved');
    expect(statusLabel('pending_review_testing')).toBe('Under Review (test)');
    expect(statusLabel('approved_testing')).toBe('Approved (test)');
  });

  it('offers the actions each status allows', () => {
    expect(rowActions(app({ status: 'approved' }))).toEqual({
      setupRepayment: true,
      reviewOffer: false,
      viewDetails: false,
      cancel: true,
      scheduleActive: false,
    });
    // Under review: its details show where the review stands.
    expect(rowActions(app({ status: 'pending_review' }))).toMatchObject({
      setupRepayment: false,
      viewDetails: true,
      cancel: true,
    });
    expect(rowActions(app({ status: 'active', repaymentSchedule: schedule() }))).toEqual({
      setupRepayment: false,
      reviewOffer: false,
      viewDetails: true,
      cancel: false,
      scheduleActive: true,
    });
    expect(rowActions(app({ status: 'active' }))).toMatchObject({ viewDetails: true, scheduleActive: false });
    // A repaid or defaulted loan keeps its schedule and its details, but no 'Payment Schedule Active' beside
    // 'Repaid' or 'defaulted'.
    for (const status of ['completed', 'defaulted']) {
      expect(rowActions(app({ status, repaymentSchedule: schedule() }))).toMatchObject({
        viewDetails: true,
        scheduleActive: false,
      });
    }
    expect(rowActions(app({ status: 'rejected' }))).toEqual({
      setupRepayment: false,
      reviewOffer: false,
      viewDetails: false,
      cancel: false,
      scheduleActive: false,
    });
  });

  it('offers Review Offer while an offer waits, and cancelling until the payout', () => {
    expect(rowActions(app({ status: 'offered' }))).toEqual({
      setupRepayment: false,
      reviewOffer: true,
      viewDetails: false,
      cancel: true,
      scheduleActive: false,
    });
    // Accepted: nothing to choose or review any more, and nothing paid out, so it can still be cancelled.
    expect(rowActions(app({ status: 'accepted' }))).toEqual({
      setupRepayment: false,
      reviewOffer: false,
      viewDetails: false,
      cancel: true,
      scheduleActive: false,
    });
    expect(rowActions(app({ status: 'offered_testing' }))).toMatchObject({ reviewOffer: true });
  });

  it('finances the approved amount, else the amount requested', () => {
    expect(financedAmount(app({ requestedAmount: 10_000, approvedAmount: 8_000 }))).toBe(8_000);
    expect(financedAmount(app({ requestedAmount: 10_000, approvedAmount: null }))).toBe(10_000);
  });

  it('says where an accepted agreement will be paid out, or that a bank account is missing', () => {
    const bank = { bankName: 'First National Bank (FNB)', accountNumber: '•••••••7890' };
    expect(awaitedPayout(app({ status: 'accepted' }), bank)).toEqual({ account: 'FNB ..7890' });
    expect(awaitedPayout(app({ status: 'accepted' }), { bankName: null, accountNumber: null })).toEqual({
      account: null,
    });
    expect(awaitedPayout(app({ status: 'accepted_testing' }), null)).toEqual({ account: null });
    expect(awaitedPayout(app({ status: 'offered' }), bank)).toBeUndefined();
    expect(awaitedPayout(app({ status: 'active' }), bank)).toBeUndefined();
  });

  it('accepts a quote while it is open, up to and including its last South African day', () => {
    const lastDay = { status: 'open' as const, validUntil: '2026-12-04' };
    // 23:30 on 4 December in Johannesburg is still the 4th there.
    expect(quoteAcceptable(lastDay, new Date('2026-12-04T21:30:00Z'))).toBe(true);
    expect(quoteAcceptable(lastDay, new Date('2026-12-04T22:30:00Z'))).toBe(false);
    expect(quoteAcceptable({ ...lastDay, status: 'superseded' }, new Date('2026-12-01T10:00:00Z'))).toBe(
      false,
    );
    expect(quoteAcceptable({ ...lastDay, status: 'accepted' }, new Date('2026-12-01T10:00:00Z'))).toBe(false);
  });

  it('names the payout that started a loan', () => {
    expect(paidOutText(schedule({ paidOutOn: '2026-11-28', payoutAccount: 'FNB ..7890' }))).toBe(
      'Paid to FNB ..7890 on 28 Nov 2026',
    );
    expect(paidOutText(schedule({ paidOutOn: '2026-11-28', payoutAccount: null }))).toBe(
      'Paid out on 28 Nov 2026',
    );
    // Loans from before payouts were recorded keep no payout day.
    expect(paidOutText(schedule({ paidOutOn: null, payoutAccount: null }))).toBeNull();
    expect(paidOutText(null)).toBeNull();
  });

  it('lists active, defaulted and repaid applications with a schedule as plans', () => {
    const list = [
      app({ id: 1, status: 'active', repaymentSchedule: schedule() }),
      app({ id: 2, status: 'completed', repaymentSchedule: schedule() }),
      app({ id: 3, status: 'active' }),
      app({ id: 4, status: 'approved', repaymentSchedule: schedule() }),
      app({
        id: 5,
        status: 'defaulted',
        repaymentSchedule: schedule(),
        createdAt: '2025-12-01T10:00:00.000Z',
      }),
      app({ id: 6, status: 'cancelled', repaymentSchedule: schedule() }),
    ];
    expect(repaymentPlanApplications(list).map((a) => a.id)).toEqual([2, 1, 5]);
  });
});

describe('repayment figures', () => {
  it('uses the stored balance, else total less what the server says was paid', () => {
    expect(remainingBalance(schedule({ remainingAmount: '0.00' }))).toBe('0.00');
    // A reversed payment is left out of paidTotal by the server (tests/api/own-payments.test.ts).
    expect(
      remainingBalance({
        ...schedule({ paidTotal: '1000.00', totalAmount: '3000.00' }),
        remainingAmount: null,
      }),
    ).toBe('2000.00');
    expect(remainingBalance({ ...schedule({ paidTotal: '3000.00' }), remainingAmount: null })).toBe(
      '10000.00',
    );
  });

  it('orders payments latest first', () => {
    const list = [
      payment(1, '1', '2026-01-01'),
      payment(2, '2', '2026-03-01'),
      payment(3, '3', '2026-02-01'),
    ];
    expect(paymentsNewestFirst(list).map((p) => p.id)).toEqual([2, 3, 1]);
  });

  it('falls back to one month from today (South African calendar) only when no due date is known', () => {
    // 31 January 22:30 UTC is already 1 February in South Africa: one month later is 1 March.
    const now = new Date('2026-01-31T22:30:00Z');
    const assumed = nextPayment(schedule({ nextPaymentDate: null, paymentMethod: 'bank_debit' }), now);
    expect(assumed).toEqual({
      date: '2026-03-01',
      amountDueNow: null,
      amountOverdue: null,
      feeDueNow: null,
      totalDueNow: null,
      nextInstalment: null,
      daysPastDue: 0,
      assumed: true,
      estimated: false,
    });
    const endOfMonth = nextPayment(schedule({ nextPaymentDate: null }), new Date('2026-01-31T10:00:00Z'));
    expect(endOfMonth.date).toBe('2026-02-28');
  });

  it('reads the stored next due date as a calendar day', () => {
    const stored = nextPayment(schedule(), new Date('2026-01-15T10:00:00Z'));
    expect(stored).toMatchObject({ date: '2026-03-01', assumed: false, estimated: true });
    // An older answer with an instant: its South African day.
    expect(nextPayment(schedule({ nextPaymentDate: '2026-02-28T23:00:00.000Z' })).date).toBe('2026-03-01');
  });

  it("takes what is due now and the next instalment's date from the server's position", () => {
    const late = schedule({
      nextPaymentDate: '2025-12-01',
      servicing: {
        amountDueNow: '5807.00',
        feeDueNow: '145.18',
        totalDueNow: '5952.18',
        amountOverdue: '4500.00',
        daysPastDue: 45,
        delinquencyBucket: '31-60',
        currentInstalment: {
          number: 4,
          dueDate: '2026-02-01',
          outstanding: '1307.00',
          fee: '32.68',
          total: '1339.68',
        },
        nextInstalment: {
          number: 4,
          dueDate: '2026-02-01',
          outstanding: '1307.00',
          fee: '32.68',
          total: '1339.68',
        },
        instalmentsRemaining: 9,
        instalmentsTotal: 12,
        renegotiationEligible: false,
      },
    });
    expect(nextPayment(late)).toEqual({
      date: '2026-02-01',
      amountDueNow: '5807.00',
      amountOverdue: '4500.00',
      feeDueNow: '145.18',
      totalDueNow: '5952.18',
      nextInstalment: { outstanding: '1307.00', fee: '32.68', total: '1339.68' },
      daysPastDue: 45,
      assumed: false,
      estimated: true,
    });
    // Past the last due date nothing falls due later: the oldest unpaid due date is the one to show.
    const pastEnd = schedule({
      nextPaymentDate: '2025-12-01',
      servicing: {
        ...late.servicing!,
        currentInstalment: null,
        nextInstalment: null,
        amountDueNow: '4500.00',
      },
    });
    expect(nextPayment(pastEnd)).toMatchObject({ date: '2025-12-01', amountDueNow: '4500.00' });
    // The current instalment paid early: nothing is due now, and the next open one gives the date.
    const ahead = schedule({
      nextPaymentDate: '2026-03-01',
      servicing: {
        ...late.servicing!,
        amountDueNow: '0.00',
        amountOverdue: '0.00',
        daysPastDue: 0,
        delinquencyBucket: 'current',
        currentInstalment: null,
        nextInstalment: {
          number: 5,
          dueDate: '2026-03-01',
          outstanding: '1307.00',
          fee: '32.68',
          total: '1339.68',
        },
      },
    });
    expect(nextPayment(ahead)).toMatchObject({ date: '2026-03-01', amountDueNow: '0.00', daysPastDue: 0 });
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

describe('instalmentWindow', () => {
  const rows = (paid: number, count: number) =>
    Array.from({ length: count }, (_, i) => ({
      number: i + 1,
      amountDue: '100.00',
      amountPaid: i < paid ? '100.00' : '0.00',
    }));

  it('shows short tables whole', () => {
    expect(instalmentWindow(rows(0, 12))).toEqual({ rows: rows(0, 12), hidden: 0 });
  });

  it('opens long tables on the last paid instalment and what follows', () => {
    const { rows: shown, hidden } = instalmentWindow(rows(5, 26));
    expect(shown.map((r) => r.number)).toEqual([5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16]);
    expect(hidden).toBe(14);
    expect(instalmentWindow(rows(0, 26)).rows[0]!.number).toBe(1);
  });

  it('keeps a full window near the end and when everything is paid', () => {
    expect(instalmentWindow(rows(24, 26)).rows.map((r) => r.number)).toEqual([
      15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26,
    ]);
    expect(instalmentWindow(rows(26, 26)).rows[0]!.number).toBe(15);
  });

  it('counts a partly paid instalment as open', () => {
    const list = rows(3, 20).map((r) => (r.number === 4 ? { ...r, amountPaid: '50.00' } : r));
    expect(instalmentWindow(list).rows[0]!.number).toBe(3);
  });
});
