// The poll's answers written by fast-json-stringify say what the Zod serializer says: the same
// values for every shape a creator's list takes, nothing the schema does not name, and outside production a
// mismatch is an error rather than a silently different answer.
import { describe, expect, it } from 'vitest';
import { applicationListSchema } from '../../shared/schemas/applications';
import { errorResponseSchema } from '../../shared/schemas/common';
import { compileFastJson, fastSerializerCompiler, forFastJson } from './fast-serializer';

const instalment = (number: number, dueDate: string, outstanding: string) => ({
  number,
  dueDate,
  outstanding,
  fee: '6.88',
  total: '281.88',
});

/** A listed application as the mapper builds it; `overrides` replace top-level fields. */
function listed(overrides: Record<string, unknown> = {}) {
  return {
    id: 7,
    userId: 3,
    requestedAmount: 15000,
    approvedAmount: 15000,
    monthlyRevenue: '12000.00',
    socialMediaData: { youtube: { platform: 'youtube', verified: true, followers: 1200, tags: ['a', 'b'] } },
    manualPlatforms: [
      {
        platform: 'Patreon',
        username: 'cook "quoted" \\ slashed',
        estimatedFollowers: 300,
        estimatedRevenue: '450.50',
        proofFile: null,
        proofFileId: 12,
        proofStatus: 'pending',
        reviewedBy: 'kept: a loose object passes extra fields on',
      },
      {
        platform: 'Ko-fi',
        username: 'ünïcödé ☕',
        estimatedFollowers: 5,
        estimatedRevenue: 80,
        proofFile: 'x.pdf',
      },
    ],
    creditScore: 640,
    currency: 'ZAR',
    applicationType: 'personal',
    businessName: null,
    firstName: 'Thandi',
    lastName: 'Mokoena',
    amount: '15000.00',
    status: 'active',
    useOfFunds: ['equipment_purchase', 'working_capital'],
    otherUseOfFunds: null,
    termsAccepted: true,
    estimatedPeriod: 12,
    cancellationReason: null,
    rejectionReason: 'Line one\nline two\ttabbed',
    paymentReference: 'VUKA-000007-3',
    topUp: {
      ofApplicationId: 5,
      settled: false,
      settlesAmount: '800.00',
      platformFee: '20.00',
      creatorReceives: '14180.00',
    },
    createdAt: '2026-06-01T08:00:00.000Z',
    updatedAt: '2026-07-15T08:00:00.000Z',
    repaymentSchedule: {
      id: 4,
      applicationId: 7,
      startDate: '2026-06-01T08:00:00.000Z',
      endDate: '2027-06-01',
      totalAmount: '16500.00',
      remainingAmount: '13500.00',
      installmentAmount: '1375.00',
      installmentFee: '34.38',
      estimatedMonthlyWithholding: '2400.00',
      estimatedMonthlyWithholdingFee: '60.00',
      costAmount: '1500.00',
      costPercentage: '10.00',
      frequency: 'monthly',
      nextPaymentDate: '2026-08-01',
      status: 'active',
      paymentMethod: 'platform_earnings',
      withholdingPercentage: '20.00',
      platformFeeRate: '2.50',
      currency: 'ZAR',
      estimatedRemainingDuration: 11,
      estimatedPeriod: 12,
      paidOutOn: '2026-06-01',
      payoutAccount: 'FNB ..7890',
      payoutReference: 'FNB-20260601-7',
      forgiven: null,
      servicing: {
        amountDueNow: '275.00',
        feeDueNow: '6.88',
        totalDueNow: '281.88',
        amountOverdue: '0.00',
        daysPastDue: 0,
        delinquencyBucket: 'current',
        currentInstalment: instalment(2, '2026-08-01', '275.00'),
        nextInstalment: null,
        instalmentsRemaining: 11,
        instalmentsTotal: 12,
        renegotiationEligible: false,
      },
      payments: [
        {
          id: 17,
          amount: '1500.00',
          platformFee: '37.50',
          kind: 'manual',
          notes: null,
          channel: null,
          bankReference: null,
          paymentDate: '2026-07-01',
          createdAt: '2026-07-01T08:00:00.000Z',
          reversedOn: null,
          reversalReason: null,
        },
      ],
      paymentCount: 1,
      paidTotal: '1500.00',
      feesTotal: '37.50',
    },
    ...overrides,
  };
}

const zodJson = (data: unknown) => JSON.stringify(applicationListSchema.parse(data));

describe('the creator list written by fast-json-stringify', () => {
  const write = compileFastJson(applicationListSchema);

  it('says what the Zod serializer says, for every shape of the list', () => {
    const list = [
      listed(),
      // No schedule, no top-up, no platforms, a business with nulls where a person has names.
      listed({
        id: 6,
        repaymentSchedule: null,
        topUp: null,
        manualPlatforms: [],
        socialMediaData: {},
        creditScore: null,
        applicationType: 'business',
        businessName: 'Cook & Co',
        firstName: null,
        lastName: null,
        estimatedPeriod: null,
      }),
      // A schedule without its servicing position (absent, not null) and without payments.
      listed({
        id: 5,
        repaymentSchedule: { ...listed().repaymentSchedule, servicing: undefined, payments: [] },
      }),
    ];
    expect(JSON.parse(write(list))).toEqual(JSON.parse(zodJson(list)));
    expect(write([])).toBe('[]');
  });

  it('leaves out what the schema does not name, as the Zod serializer strips it', () => {
    const withExtras = [
      {
        ...listed(),
        creditScoreBreakdown: { total: 640 },
        notes: 'internal',
        repaymentSchedule: { ...listed().repaymentSchedule, internal: true },
      },
    ];
    const written = JSON.parse(write(withExtras));
    expect(written).toEqual(JSON.parse(zodJson(withExtras)));
    expect(written[0]).not.toHaveProperty('creditScoreBreakdown');
    expect(written[0]).not.toHaveProperty('notes');
    expect(written[0].repaymentSchedule).not.toHaveProperty('internal');
  });

  it("writes a nullable object's null and value through the simplified schema", () => {
    expect(forFastJson({ anyOf: [{ type: 'object', properties: {} }, { type: 'null' }] })).toEqual({
      type: 'object',
      properties: {},
      nullable: true,
    });
    expect(forFastJson({ anyOf: [{ type: 'integer', minimum: 0 }, { type: 'null' }] })).toEqual({
      type: ['integer', 'null'],
      minimum: 0,
    });
    // Any other union is left to fast-json-stringify as it is.
    const union = { anyOf: [{ type: 'string' }, { type: 'object' }] };
    expect(forFastJson(union)).toEqual(union);
  });
});

describe('the route serializer', () => {
  const compile = (check: boolean) =>
    fastSerializerCompiler({ check })({
      schema: applicationListSchema,
      method: 'GET',
      url: '/api/applications',
      httpStatus: '200',
    }) as (data: unknown) => string;

  it('outside production, refuses an answer the schema refuses instead of writing it', () => {
    const broken = [listed({ status: null })];
    expect(() => compile(true)(broken)).toThrow();
    // In production fast-json-stringify alone writes it (a null where text is due becomes "").
    expect(JSON.parse(compile(false)(broken))[0].status).toBe('');
  });

  it('writes the error answers of the route too', () => {
    const write = fastSerializerCompiler({ check: true })({
      schema: errorResponseSchema,
      method: 'GET',
      url: '/api/applications',
      httpStatus: '401',
    }) as (data: unknown) => string;
    const body = { message: 'Sign in', error: 'Sign in' };
    expect(JSON.parse(write(body))).toEqual(body);
  });
});
