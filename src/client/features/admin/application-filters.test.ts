import { describe, expect, it } from 'vitest';
import type { AdminApplication, ApplicantSummary } from './admin-types';
import {
  adminRowActions,
  applicantName,
  clampPeriod,
  detailsEditable,
  filterApplications,
  matchesSearch,
  previewApplies,
  scoreTone,
  statusCounts,
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
    monthlyRevenue: '8000.00',
    socialMediaData: null,
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
    notes: null,
    cancellationReason: null,
    createdAt: '2026-03-05T10:00:00.000Z',
    updatedAt: '2026-03-05T10:00:00.000Z',
    repaymentSchedule: null,
    ...rest,
    user: {
      id: 3,
      username: 'naledi@example.com',
      firstName: 'Naledi',
      lastName: 'Khumalo',
      country: 'South Africa',
      city: 'Durban',
      creatorType: 'full-time',
      bio: null,
      role: 'user',
      status: 'active',
      verified: true,
      socialMediaData: null,
      bankName: null,
      accountNumber: null,
      branchCode: null,
      accountType: null,
      createdAt: '2026-01-01T00:00:00.000Z',
      ...user,
    },
  };
}

const schedule = (remainingAmount = '5000.00') =>
  ({
    id: 1,
    applicationId: 7,
    startDate: null,
    endDate: null,
    totalAmount: '12800.00',
    remainingAmount,
    installmentAmount: null,
    costAmount: null,
    costPercentage: null,
    frequency: 'automatic',
    nextPaymentDate: null,
    status: 'active',
    paymentMethod: 'platform_earnings',
    withholdingPercentage: '20',
    platformFeeRate: null,
    currency: 'ZAR',
    estimatedRemainingDuration: null,
    estimatedPeriod: 12,
    payments: [],
  }) as AdminApplication['repaymentSchedule'];

describe('matchesSearch', () => {
  const business = app({
    id: 42,
    applicationType: 'business',
    businessName: 'Thandi Cooks Media',
    user: { username: 'thandi@vuka.demo', firstName: 'Thandi', lastName: 'Nkosi' },
  });

  it('matches everything for an empty or blank query', () => {
    expect(matchesSearch(business, '')).toBe(true);
    expect(matchesSearch(business, '   ')).toBe(true);
  });

  it('matches the id exactly, with or without #', () => {
    expect(matchesSearch(business, '42')).toBe(true);
    expect(matchesSearch(business, '#42')).toBe(true);
    expect(matchesSearch(business, '4')).toBe(false);
    expect(matchesSearch(business, '420')).toBe(false);
  });

  it('matches part of the applicant name, business name or username, ignoring case and accents', () => {
    expect(matchesSearch(business, 'thandi nk')).toBe(true);
    expect(matchesSearch(business, 'COOKS media')).toBe(true);
    expect(matchesSearch(business, '@vuka.demo')).toBe(true);
    expect(matchesSearch(app({ user: { firstName: 'Zoë', lastName: 'Dlamini' } }), 'zoe')).toBe(true);
    expect(matchesSearch(business, 'sipho')).toBe(false);
  });

  it('matches the names on the application when they differ from the account holder', () => {
    const other = app({ firstName: 'Bongani', lastName: 'Zulu' });
    expect(matchesSearch(other, 'bongani')).toBe(true);
  });
});

describe('filterApplications', () => {
  const rows = [
    app({ id: 1, status: 'pending_review', createdAt: '2026-03-01T08:00:00Z' }),
    app({ id: 2, status: 'approved', createdAt: '2026-03-03T08:00:00Z' }),
    app({ id: 3, status: 'active_testing', createdAt: '2026-03-02T08:00:00Z' }),
    app({ id: 4, status: 'rejected', createdAt: '2026-03-02T08:00:00Z', user: { firstName: 'Sipho' } }),
  ];

  it('shows everything newest first with no search and no chip', () => {
    expect(filterApplications(rows, '', new Set()).map((a) => a.id)).toEqual([2, 4, 3, 1]);
  });

  it('keeps the chosen statuses, counting testing statuses as their base', () => {
    expect(filterApplications(rows, '', new Set(['active'])).map((a) => a.id)).toEqual([3]);
    expect(filterApplications(rows, '', new Set(['approved', 'pending_review'])).map((a) => a.id)).toEqual([
      2, 1,
    ]);
  });

  it('combines the search with the chips', () => {
    expect(filterApplications(rows, 'sipho', new Set(['rejected'])).map((a) => a.id)).toEqual([4]);
    expect(filterApplications(rows, 'sipho', new Set(['approved']))).toEqual([]);
  });

  it('counts each status for the chips', () => {
    expect(statusCounts(rows)).toMatchObject({ pending_review: 1, approved: 1, active: 1, rejected: 1 });
  });
});

describe('row rules', () => {
  it('offers Setup Repayment only to approved applications without a schedule', () => {
    expect(adminRowActions(app({ status: 'approved' })).setupRepayment).toBe(true);
    expect(adminRowActions(app({ status: 'approved', repaymentSchedule: schedule() })).setupRepayment).toBe(
      false,
    );
    expect(adminRowActions(app({ status: 'pending_review' })).setupRepayment).toBe(false);
  });

  it('offers Add Payment to active applications and to any with a schedule', () => {
    expect(adminRowActions(app({ status: 'active' })).addPayment).toBe(true);
    expect(adminRowActions(app({ status: 'defaulted', repaymentSchedule: schedule() })).addPayment).toBe(
      true,
    );
    expect(adminRowActions(app({ status: 'approved' })).addPayment).toBe(false);
  });

  it('previews terms without a schedule while under review or approved; edits only under review', () => {
    expect(previewApplies(app({ status: 'pending_review' }))).toBe(true);
    expect(previewApplies(app({ status: 'approved_testing' }))).toBe(true);
    expect(previewApplies(app({ status: 'active', repaymentSchedule: schedule() }))).toBe(false);
    expect(previewApplies(app({ status: 'rejected' }))).toBe(false);
    expect(detailsEditable(app({ status: 'pending_review' }))).toBe(true);
    expect(detailsEditable(app({ status: 'approved' }))).toBe(false);
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
    expect(applicantName(app({ user: { firstName: null, lastName: null }, firstName: 'Ama' }))).toBe(
      'Ama Khumalo',
    );
  });

  it('toggles a chip on and off without touching the original set', () => {
    const start = new Set(['approved']);
    expect([...toggled(start, 'active')]).toEqual(['approved', 'active']);
    expect([...toggled(start, 'approved')]).toEqual([]);
    expect([...start]).toEqual(['approved']);
  });
});
