import { describe, expect, it } from 'vitest';
import { creatorUser } from '../../../../tests/support/client-fixtures';
import { clampPeriod } from '../../../shared/finance/repayment-plan';
import type { AdminApplication, ApplicantSummary } from './admin-types';
import {
  adminRowActions,
  applicantName,
  applicationsApiQuery,
  applicationsStateFromParams,
  applicationsStateToParams,
  approvedAmountError,
  detailsEditable,
  hasApplicationFilters,
  previewApplies,
  scoreTone,
  statusChangeStep,
  statusChoices,
  toggled,
} from './application-filters';

function app(
  overrides: Omit<Partial<AdminApplication>, 'user'> & { user?: Partial<ApplicantSummary> } = {},
): AdminApplication {
  const { user, ...rest } = overrides;
  return {
    id: 7,
    userId: 3,
    requestedAmount: 10_000,
    approvedAmount: null,
    paymentReference: 'VUKA-000007-3',
    monthlyRevenue: '8000.00',
    socialMediaData: {},
    manualPlatforms: [],
    creditScore: 72,
    creditScoreBreakdown: null,
    currency: 'ZAR',
    applicationType: 'personal',
    businessName: null,
    firstName: 'Naledi',
    lastName: 'Khumalo',
    status: 'pending_review',
    useOfFunds: ['equipment_purchase'],
    otherUseOfFunds: null,
    termsAccepted: true,
    estimatedPeriod: null,
    amount: null,
    notes: null,
    cancellationReason: null,
    rejectionReason: null,
    topUp: null,
    createdAt: '2026-03-05T10:00:00.000Z',
    updatedAt: '2026-03-05T10:00:00.000Z',
    repaymentSchedule: null,
    applicant: {
      identityType: 'sa_id',
      identityNumberMasked: '900115*****86',
      dateOfBirth: '1990-01-15',
      registrationNumber: null,
      annualTurnover: null,
      assetValue: null,
      ncaApplies: true,
      ncaScope: 'A natural person: the National Credit Act applies (s4(1)).',
      consumerCredit: false,
      affordability: null,
    },
    ...rest,
    user: {
      ...creatorUser({
        id: 3,
        username: 'naledi@example.com',
        firstName: 'Naledi',
        lastName: 'Khumalo',
        city: 'Durban',
        createdAt: '2026-01-01T00:00:00.000Z',
      }),
      ...user,
    },
  };
}

const schedule = (remainingAmount = '5000.00') =>
  ({
    id: 1,
    applicationId: 7,
    startDate: '2026-03-06T10:00:00.000Z',
    endDate: '2027-03-06',
    totalAmount: '12800.00',
    remainingAmount,
    installmentAmount: '1066.67',
    installmentFee: '26.67',
    estimatedMonthlyWithholding: '1600.00',
    estimatedMonthlyWithholdingFee: '40.00',
    costAmount: '2800.00',
    costPercentage: '28',
    frequency: 'automatic',
    nextPaymentDate: null,
    status: 'active',
    paymentMethod: 'platform_earnings',
    withholdingPercentage: '20',
    platformFeeRate: '0',
    currency: 'ZAR',
    estimatedRemainingDuration: null,
    estimatedPeriod: 12,
    paidOutOn: '2026-01-01',
    payoutAccount: 'FNB ..7890',
    payoutReference: 'FNB-1',
    forgiven: null,
    payments: [],
    paymentCount: 0,
    paidTotal: '0.00',
    feesTotal: '0.00',
  }) satisfies AdminApplication['repaymentSchedule'];

describe('the list state in the address', () => {
  const read = (query: string) => applicationsStateFromParams(new URLSearchParams(query));

  it('reads nothing as page 1 of 50, newest first, every status', () => {
    expect(read('')).toEqual({ page: 1, pageSize: 50, sort: '-createdAt', search: '', status: [] });
  });

  it('reads every field it can show', () => {
    expect(
      read(
        'tab=applications&page=3&pageSize=200&sort=requestedAmount&search=%20thandi%20&status=approved,active',
      ),
    ).toEqual({
      page: 3,
      pageSize: 200,
      sort: 'requestedAmount',
      search: 'thandi',
      status: ['approved', 'active'],
    });
    expect(read('sort=-creditScore').sort).toBe('-creditScore');
  });

  it('ignores bad values one by one instead of the whole address', () => {
    expect(read('page=0&pageSize=30&sort=-password&status=approved,hacked,,approved')).toEqual({
      page: 1,
      pageSize: 50,
      sort: '-createdAt',
      search: '',
      status: ['approved'],
    });
    for (const page of ['-1', '1.5', '02', '1e3', 'abc', '100001']) expect(read(`page=${page}`).page).toBe(1);
    expect(read('pageSize=201').pageSize).toBe(50);
    expect(read('sort=createdAt,status').sort).toBe('-createdAt');
    expect(read(`search=${'x'.repeat(150)}`).search).toHaveLength(100);
  });

  it('keeps the chips in their own order, once each', () => {
    expect(read('status=cancelled,pending_review,cancelled').status).toEqual(['pending_review', 'cancelled']);
  });

  it('writes only what differs from the defaults and keeps the other params', () => {
    const base = new URLSearchParams('tab=applications&page=4');
    const state = { page: 1, pageSize: 50, sort: '-createdAt', search: '', status: [] } as const;
    expect(applicationsStateToParams({ ...state, status: [] }, base).toString()).toBe('tab=applications');
    expect(
      applicationsStateToParams({
        page: 2,
        pageSize: 25,
        sort: 'status',
        search: 'naledi k',
        status: ['active', 'approved'],
      }).toString(),
    ).toBe('search=naledi+k&sort=status&pageSize=25&page=2&status=approved%2Cactive');
  });

  it('round-trips: what it writes it reads back the same', () => {
    const state = applicationsStateFromParams(
      new URLSearchParams('page=7&pageSize=100&sort=-status&search=%2312&status=rejected,defaulted'),
    );
    expect(applicationsStateFromParams(applicationsStateToParams(state))).toEqual(state);
  });

  it('asks the API for the page, the size and the sort always, the rest when set', () => {
    const state = applicationsStateFromParams(new URLSearchParams(''));
    expect(applicationsApiQuery(state)).toBe('page=1&pageSize=50&sort=-createdAt');
    expect(applicationsApiQuery({ ...state, search: 'Cooks', status: ['approved', 'active'] })).toBe(
      'page=1&pageSize=50&sort=-createdAt&search=Cooks&status=approved%2Cactive',
    );
  });

  it('knows when the list is filtered', () => {
    expect(hasApplicationFilters({ search: '', status: [] })).toBe(false);
    expect(hasApplicationFilters({ search: 'x', status: [] })).toBe(true);
    expect(hasApplicationFilters({ search: '', status: ['approved'] })).toBe(true);
  });
});

describe('row rules', () => {
  it('offers Add Payment to a loan being repaid or in default, never to a repaid one', () => {
    expect(adminRowActions(app({ status: 'active', repaymentSchedule: schedule() })).addPayment).toBe(true);
    expect(adminRowActions(app({ status: 'defaulted', repaymentSchedule: schedule() })).addPayment).toBe(
      true,
    );
    expect(adminRowActions(app({ status: 'active_testing', repaymentSchedule: schedule() })).addPayment).toBe(
      true,
    );
    expect(
      adminRowActions(app({ status: 'completed', repaymentSchedule: schedule('0.00') })).addPayment,
    ).toBe(false);
    expect(adminRowActions(app({ status: 'approved' })).addPayment).toBe(false);
  });

  it('offers Setup Repayment only to approved applications without a schedule', () => {
    expect(adminRowActions(app({ status: 'approved' })).setupRepayment).toBe(true);
    expect(adminRowActions(app({ status: 'approved', repaymentSchedule: schedule() })).setupRepayment).toBe(
      false,
    );
    expect(adminRowActions(app({ status: 'pending_review' })).setupRepayment).toBe(false);
  });

  it('offers Change Offer while an offer waits, and Record Payout once the creator accepted', () => {
    expect(adminRowActions(app({ status: 'offered' }))).toEqual({
      setupRepayment: false,
      changeOffer: true,
      recordPayout: false,
      addPayment: false,
      remove: true,
    });
    expect(adminRowActions(app({ status: 'accepted' }))).toEqual({
      setupRepayment: false,
      changeOffer: false,
      recordPayout: true,
      addPayment: false,
      remove: true,
    });
    expect(adminRowActions(app({ status: 'accepted_testing' })).recordPayout).toBe(true);
    expect(adminRowActions(app({ status: 'approved' }))).toMatchObject({
      changeOffer: false,
      recordPayout: false,
    });
    expect(adminRowActions(app({ status: 'active', repaymentSchedule: schedule() }))).toMatchObject({
      changeOffer: false,
      recordPayout: false,
    });
  });

  it('asks before an approval (its amount), a rejection (its reason) and taking an approval back', () => {
    expect(statusChangeStep('pending_review', 'approved')).toBe('approve');
    expect(statusChangeStep('offered', 'approved')).toBe('approve');
    expect(statusChangeStep('pending_review', 'rejected')).toBe('reject');
    for (const current of ['approved', 'offered', 'accepted', 'accepted_testing']) {
      expect(statusChangeStep(current, 'pending_review')).toBe('takeBack');
    }
    // A reconsideration of a rejection tells the creator nothing was taken back.
    expect(statusChangeStep('rejected', 'pending_review')).toBe('save');
  });

  it('approves whole rand from the smallest financing up to the amount requested', () => {
    expect(approvedAmountError(10_000, 10_000)).toBeNull();
    expect(approvedAmountError(2_000, 10_000)).toBeNull();
    expect(approvedAmountError(undefined, 10_000)).toBe('Enter the approved amount');
    expect(approvedAmountError(7_500.5, 10_000)).toBe('The approved amount is a whole number of rand');
    expect(approvedAmountError(1_999, 10_000)).toBe('The approved amount is at least R\u00a02\u00a0000');
    expect(approvedAmountError(10_001, 10_000)).toBe(
      'The approved amount cannot be more than the R\u00a010\u00a0000 requested',
    );
  });

  it('previews terms without a schedule while under review, approved or offered; edits only under review', () => {
    expect(previewApplies(app({ status: 'pending_review' }))).toBe(true);
    expect(previewApplies(app({ status: 'offered' }))).toBe(true);
    expect(previewApplies(app({ status: 'accepted' }))).toBe(false);
    expect(previewApplies(app({ status: 'approved_testing' }))).toBe(true);
    expect(previewApplies(app({ status: 'active', repaymentSchedule: schedule() }))).toBe(false);
    expect(previewApplies(app({ status: 'rejected' }))).toBe(false);
    expect(detailsEditable(app({ status: 'pending_review' }))).toBe(true);
    expect(detailsEditable(app({ status: 'approved' }))).toBe(false);
  });

  it('offers Delete only before a schedule exists (the server keeps money history)', () => {
    expect(adminRowActions(app({ status: 'pending_review' })).remove).toBe(true);
    expect(adminRowActions(app({ status: 'rejected' })).remove).toBe(true);
    expect(adminRowActions(app({ status: 'active', repaymentSchedule: schedule() })).remove).toBe(false);
  });

  it('offers the current status and only the statuses the server accepts from it', () => {
    expect(statusChoices(app({ status: 'pending_review' }))).toEqual([
      'pending_review',
      'approved',
      'rejected',
    ]);
    expect(statusChoices(app({ status: 'approved' }))).toEqual(['pending_review', 'approved', 'rejected']);
    // Never Active: only the payout of an accepted agreement starts a loan.
    expect(statusChoices(app({ status: 'accepted' }))).toEqual(['pending_review', 'rejected']);
    expect(statusChoices(app({ status: 'rejected_testing' }))).toEqual(['pending_review', 'rejected']);
    expect(statusChoices(app({ status: 'active', repaymentSchedule: schedule() }))).toEqual(['active']);
    expect(statusChoices(app({ status: 'defaulted', repaymentSchedule: schedule() }))).toEqual([]);
    expect(statusChoices(app({ status: 'cancelled' }))).toEqual([]);
  });

  it('bands the score at 80 and 60', () => {
    expect([80, 79, 60, 59, 0, null].map(scoreTone)).toEqual([
      'excellent',
      'good',
      'good',
      'fair',
      'fair',
      'none',
    ]);
  });

  it('clamps the period to whole months 1-36', () => {
    expect([0, 1, 12.7, 36, 99, -4].map(clampPeriod)).toEqual([1, 1, 12, 36, 36, 1]);
  });

  it('names the applicant from the account, else from the application', () => {
    expect(applicantName(app())).toBe('Naledi Khumalo');
    expect(applicantName(app({ user: { firstName: '', lastName: '' }, firstName: 'Ama' }))).toBe(
      'Ama Khumalo',
    );
  });

  it('toggles a chip on and off without touching the original list', () => {
    const start = ['approved'];
    expect(toggled(start, 'active')).toEqual(['approved', 'active']);
    expect(toggled(start, 'approved')).toEqual([]);
    expect(start).toEqual(['approved']);
  });

  it('reads the row actions from a list row (a schedule summary, no payments)', () => {
    const row = { status: 'active', repaymentSchedule: { id: 1, remainingAmount: '10.00' } };
    expect(adminRowActions(row)).toEqual({
      setupRepayment: false,
      changeOffer: false,
      recordPayout: false,
      addPayment: true,
      remove: false,
    });
  });
});
