// Financing application contracts shared by the /apply form, the dashboard and the routes.
import { z } from 'zod';
import { isIsoDate } from '../business-date';
import { AGREEMENT_CLASSES } from '../compliance/nca-rules';
import { saIdNumberProblem } from '../compliance/sa-id';
import {
  MAX_PERIOD_MONTHS,
  MAX_REQUESTED_AMOUNT,
  MIN_PERIOD_MONTHS,
  MIN_REQUESTED_AMOUNT,
  USE_OF_FUNDS,
} from '../constants';
import { DELINQUENCY_BUCKETS } from '../finance/instalments';
import { formatZarWhole } from '../finance/money';
import { MANUAL_PAYMENT_CHANNELS } from '../payment-channels';
import { historyPageSchema, PAGE_MAX, positiveInt } from './admin-lists';
import {
  calendarDayTextSchema,
  instantSchema,
  jsonObjectSchema,
  moneyTextSchema,
  successTrue,
} from './common';
import { moneyNumberSchema, recordIdSchema } from './fields';

/** The requested amount's limits in the one money rule ('R 2 000'): the form's hint and the refusals say the same. */
export const MIN_AMOUNT_MESSAGE = `Minimum amount: ${formatZarWhole(MIN_REQUESTED_AMOUNT)}`;
export const MAX_AMOUNT_MESSAGE = `Maximum amount: ${formatZarWhole(MAX_REQUESTED_AMOUNT)}`;
export const AMOUNT_RANGE_HINT = `${MIN_AMOUNT_MESSAGE} - Maximum: ${formatZarWhole(MAX_REQUESTED_AMOUNT)}`;

const name = (label: string) => z.string().trim().max(100, `${label} must be at most 100 characters`);

/** A manual platform on the form: the proof was uploaded first (POST /api/proof-files) and is referenced by id. */
// Each message names its field, as the manual-platform form labels it.
export const manualPlatformInputSchema = z.object({
  platform: z
    .string({ error: 'Platform name is required' })
    .trim()
    .min(1, 'Platform name is required')
    .max(50, 'Platform name must be at most 50 characters'),
  username: z
    .string({ error: 'Username is required' })
    .trim()
    .min(1, 'Username is required')
    .max(100, 'Username must be at most 100 characters'),
  estimatedFollowers: z
    .number({
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? 'Number of followers is required'
          : 'Number of followers must be a number',
    })
    .int('Number of followers must be a whole number')
    .min(0, 'Number of followers cannot be negative')
    .max(1_000_000_000, 'Number of followers is too large'),
  estimatedRevenue: moneyNumberSchema({
    sign: 'nonNegative',
    max: 100_000_000,
    messages: {
      required: 'Monthly earnings is required',
      invalid: 'Monthly earnings must be an amount in rand',
      sign: 'Monthly earnings cannot be negative',
      cents: 'Monthly earnings have at most 2 decimals',
      max: 'Monthly earnings are too large',
    },
  }),
  proofFileId: recordIdSchema('Upload proof of earnings'),
});
export type ManualPlatformInput = z.infer<typeof manualPlatformInputSchema>;

/** How a person proves who they are: an SA ID number, or a passport for a resident without one. */
export const IDENTITY_TYPES = ['sa_id', 'passport'] as const;
export type IdentityType = (typeof IDENTITY_TYPES)[number];
/** Letters and digits, 6 to 20 of them, as passports of most countries print them. */
const PASSPORT_NUMBER = /^[A-Za-z0-9]{6,20}$/;
/** A South African company or close corporation number as CIPC issues it: year/number/type. */
const REGISTRATION_NUMBER = /^\d{4}\/\d{6}\/\d{2}$/;

export const applicationFormSchema = z
  .object({
    applicationType: z.enum(['personal', 'business'], { error: 'Choose personal or business' }),
    firstName: name('First name').optional(),
    lastName: name('Last name').optional(),
    businessName: z.string().trim().max(200, 'Business name must be at most 200 characters').optional(),
    // The form turns null into 0, which then fails the minimum: an amount is required.
    requestedAmount: z.preprocess(
      (v) => (v === null ? 0 : v),
      z
        .number({ error: 'Enter the amount you need' })
        .int('Enter a whole number of rand')
        .min(MIN_REQUESTED_AMOUNT, MIN_AMOUNT_MESSAGE)
        .max(MAX_REQUESTED_AMOUNT, MAX_AMOUNT_MESSAGE),
    ),
    monthlyRevenue: moneyNumberSchema({
      sign: 'nonNegative',
      max: 10_000_000,
      messages: {
        required: 'Enter your monthly revenue',
        invalid: 'Enter your monthly revenue',
        sign: 'Monthly revenue cannot be negative',
        cents: 'Use at most 2 decimals',
        max: 'Monthly revenue is too large',
      },
    }),
    useOfFunds: z
      .array(z.enum(USE_OF_FUNDS), { error: 'Please select at least one use of funds' })
      .min(1, 'Please select at least one use of funds')
      .max(USE_OF_FUNDS.length),
    otherUseOfFunds: z.string().trim().max(500, 'At most 500 characters').optional(),
    termsAccepted: z.literal(true, { error: 'You must accept the terms and conditions to proceed' }),
    manualPlatforms: z.array(manualPlatformInputSchema).max(10, 'At most 10 manual platforms').default([]),
    /** A top-up: the creator's loan being repaid whose balance this application's payout settles first. */
    topUpOfApplicationId: recordIdSchema('Choose the financing this top-up settles').optional(),
    // Who applies (the National Credit Act: docs/compliance.md, "Who may apply" and "Scope"). A person: an SA ID
    // number, or a passport number with the date of birth for a resident without one. A business: its registration
    // number, annual turnover and asset value. The age (18 or older) is checked against today by the server.
    // For the affordability assessment (docs/compliance.md, "Affordability"): tax and other deductions, and
    // repayments on other debt, each a month; 0 when not given.
    monthlyDeductions: moneyNumberSchema({
      sign: 'nonNegative',
      max: 10_000_000,
      messages: {
        required: 'Enter your tax and other deductions a month',
        invalid: 'Enter your tax and other deductions a month in rand',
        sign: 'Deductions cannot be negative',
        cents: 'Use at most 2 decimals',
        max: 'Deductions are too large',
      },
    }).optional(),
    monthlyDebtRepayments: moneyNumberSchema({
      sign: 'nonNegative',
      max: 10_000_000,
      messages: {
        required: 'Enter what you repay on other debt a month',
        invalid: 'Enter what you repay on other debt a month in rand',
        sign: 'Debt repayments cannot be negative',
        cents: 'Use at most 2 decimals',
        max: 'Debt repayments are too large',
      },
    }).optional(),
    identityType: z.enum(IDENTITY_TYPES, { error: 'Choose SA ID number or passport' }).optional(),
    idNumber: z.string().trim().max(20, 'An SA ID number has 13 digits').optional(),
    passportNumber: z
      .string()
      .trim()
      .max(20, 'A passport number has at most 20 letters and digits')
      .optional(),
    dateOfBirth: z.string().trim().max(10, 'Enter your date of birth').optional(),
    registrationNumber: z
      .string()
      .trim()
      .max(20, 'A registration number looks like 2015/123456/07')
      .optional(),
    annualTurnover: moneyNumberSchema({
      sign: 'nonNegative',
      max: 10_000_000_000,
      messages: {
        required: "Enter the business's annual turnover",
        invalid: "Enter the business's annual turnover in rand",
        sign: 'Annual turnover cannot be negative',
        cents: 'Use at most 2 decimals',
        max: 'Annual turnover is too large',
      },
    }).optional(),
    assetValue: moneyNumberSchema({
      sign: 'nonNegative',
      max: 10_000_000_000,
      messages: {
        required: "Enter the value of the business's assets",
        invalid: "Enter the value of the business's assets in rand",
        sign: 'Asset value cannot be negative',
        cents: 'Use at most 2 decimals',
        max: 'Asset value is too large',
      },
    }).optional(),
  })
  .superRefine(
    (v, ctx) => {
      // A field that already failed (too long, wrong type) keeps its own message, not a second one.
      const require = (field: string, present: boolean, message: string) => {
        if (present || ctx.issues.some((issue) => issue.path?.[0] === field)) return;
        ctx.addIssue({ code: 'custom', path: [field], message });
      };
      // The check runs only on a field that passed its own (a number where text belongs never reaches it: zod runs
      // this refinement even after a field's type failed, and the fuzz sweep found an ID number sent as a number).
      const problem = (field: string, check: () => string | null) => {
        if (ctx.issues.some((issue) => issue.path?.[0] === field)) return;
        const message = check();
        if (message !== null) ctx.addIssue({ code: 'custom', path: [field], message });
      };
      if (v.applicationType === 'personal') {
        require('firstName', Boolean(v.firstName), 'First name is required');
        require('lastName', Boolean(v.lastName), 'Last name is required');
        require('identityType', Boolean(v.identityType), 'Choose SA ID number or passport');
        if (v.identityType === 'sa_id') {
          require('idNumber', Boolean(v.idNumber), 'Enter your SA ID number');
          if (v.idNumber) problem('idNumber', () => saIdNumberProblem(v.idNumber!));
        }
        if (v.identityType === 'passport') {
          require('passportNumber', Boolean(v.passportNumber), 'Enter your passport number');
          if (v.passportNumber) {
            problem('passportNumber', () =>
              PASSPORT_NUMBER.test(v.passportNumber!)
                ? null
                : 'A passport number is 6 to 20 letters and digits',
            );
          }
          require('dateOfBirth', Boolean(v.dateOfBirth), 'Enter your date of birth');
          if (v.dateOfBirth) {
            problem('dateOfBirth', () => (isIsoDate(v.dateOfBirth!) ? null : 'Enter your date of birth'));
          }
        }
      }
      if (v.applicationType === 'business') {
        require('businessName', Boolean(v.businessName), 'Business name is required');
        require('registrationNumber', Boolean(
          v.registrationNumber,
        ), "Enter the business's registration number");
        if (v.registrationNumber) {
          problem('registrationNumber', () =>
            REGISTRATION_NUMBER.test(v.registrationNumber!)
              ? null
              : 'A registration number looks like 2015/123456/07',
          );
        }
        require('annualTurnover', v.annualTurnover !== undefined, "Enter the business's annual turnover");
        require('assetValue', v.assetValue !== undefined, "Enter the value of the business's assets");
      }
      if (Array.isArray(v.useOfFunds) && v.useOfFunds.includes('other')) {
        require('otherUseOfFunds', Boolean(v.otherUseOfFunds), 'Please describe the other use of funds');
      }
    },
    // Zod skips an object's refinements once any field failed, so names were reported only in a second
    // round. These checks guard the values they read, so they run whenever the body is an object.
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  );
export type ApplicationForm = z.output<typeof applicationFormSchema>;

export const cancelApplicationSchema = z.object({
  reason: z
    .string({ error: 'Please give a reason for cancelling' })
    .trim()
    .min(1, 'Please give a reason for cancelling')
    .max(1000, 'At most 1000 characters'),
});

export const previewTermsSchema = z.object({
  requestedAmount: z
    .number()
    .int()
    .min(MIN_REQUESTED_AMOUNT, MIN_AMOUNT_MESSAGE)
    .max(MAX_REQUESTED_AMOUNT, MAX_AMOUNT_MESSAGE)
    .optional(),
  estimatedPeriod: z.number().int().min(MIN_PERIOD_MONTHS).max(MAX_PERIOD_MONTHS).optional(),
});

/**
 * The creator's plan choice. The original client also sends amounts and dates; they are accepted and ignored:
 * the server computes every figure itself.
 */
export const creatorScheduleSchema = z
  .object({
    paymentMethod: z.enum(['platform_earnings', 'credit_card'], { error: 'Choose a repayment plan' }),
    termsAccepted: z.literal(true, { error: 'You must accept the terms and conditions to proceed' }),
    /** The stored quote the creator's preview showed: choosing the plan accepts exactly that quote. */
    quoteId: recordIdSchema('Invalid quote id').optional(),
  })
  .passthrough();

/** POST /api/applications/{id}/accept: the creator accepts a stored quote of theirs (their plan's, or an offer). */
export const acceptQuoteSchema = z
  .object({ quoteId: recordIdSchema('Choose the quote you accept (quoteId)') })
  .strict();

// ---- answers (the routes' response schemas; the client can infer its types from them) ----

/**
 * The credit score with how it was reached (src/shared/scoring, docs/credit-scoring.md). Stored as JSON with
 * the application, so it is passed on as stored: older scores may lack `band` or `factors`.
 */
/** The repayment-history factor of a score (src/shared/scoring/repayment-history.ts). */
export const repaymentHistoryFactorSchema = z.looseObject({
  label: z.string(),
  points: z.number(),
  detail: z.string(),
  tips: z.array(z.string()),
});

export const creditScoreBreakdownSchema = z.looseObject({
  total: z.number(),
  band: z.string().optional(),
  /** Absent on scores from before the factor and for a creator without earlier financing. */
  history: repaymentHistoryFactorSchema.nullable().optional(),
  parts: z.array(
    z.looseObject({
      key: z.string(),
      label: z.string(),
      weight: z.number(),
      points: z.number(),
      max: z.number(),
      tips: z.array(z.string()),
      factors: z
        .array(z.looseObject({ label: z.string(), points: z.number(), max: z.number(), detail: z.string() }))
        .optional(),
    }),
  ),
});
export type CreditScoreBreakdown = z.infer<typeof creditScoreBreakdownSchema>;

/** A manual platform as stored on the application: its proof by id and file name, and the admin's review. */
export const manualPlatformSchema = z.looseObject({
  platform: z.string(),
  username: z.string(),
  estimatedFollowers: z.number(),
  estimatedRevenue: z.union([z.number(), z.string()]),
  proofFile: z.string().nullable(),
  proofFileId: z.number().int().nullable().optional(),
  proofStatus: z.enum(['pending', 'verified', 'rejected']).optional(),
});
export type ManualPlatform = z.infer<typeof manualPlatformSchema>;

/** A payment as the application's schedule lists it. */
export const paymentViewSchema = z.object({
  id: z.number().int(),
  amount: moneyTextSchema,
  platformFee: moneyTextSchema.nullable(),
  /** manual (recorded by an admin), earnings (withheld from a month's earnings) or settlement (early). */
  kind: z.string(),
  notes: z.string().nullable(),
  /** How a payment recorded by hand came in, and its bank statement reference (null for the others). */
  channel: z.enum(MANUAL_PAYMENT_CHANNELS).nullable(),
  bankReference: z.string().nullable(),
  paymentDate: calendarDayTextSchema,
  createdAt: instantSchema,
  /**
   * A reversed payment (bounced, or recorded in error): the day it was reversed and why. It stays in the history and
   * counts for nothing: not in what was paid, not against an instalment.
   */
  reversedOn: calendarDayTextSchema.nullable(),
  reversalReason: z.string().nullable(),
});
export type PaymentView = z.infer<typeof paymentViewSchema>;

const instalmentRef = z.object({
  number: z.number().int(),
  dueDate: calendarDayTextSchema,
  outstanding: moneyTextSchema,
  /** The platform fee on `outstanding` paid in one payment, and what the creator hands over for it in all. */
  fee: moneyTextSchema,
  total: moneyTextSchema,
});

/** The schedule's position today, computed from its instalments (docs/lending.md). */
const scheduleServicingSchema = z.object({
  amountDueNow: moneyTextSchema,
  /** The platform fee on `amountDueNow` paid now in one payment, and what the creator hands over in all. */
  feeDueNow: moneyTextSchema,
  totalDueNow: moneyTextSchema,
  amountOverdue: moneyTextSchema,
  daysPastDue: z.number().int(),
  delinquencyBucket: z.enum(DELINQUENCY_BUCKETS),
  currentInstalment: instalmentRef.nullable(),
  nextInstalment: instalmentRef.nullable(),
  instalmentsRemaining: z.number().int(),
  instalmentsTotal: z.number().int(),
  renegotiationEligible: z.boolean(),
});
export type ScheduleServicing = z.infer<typeof scheduleServicingSchema>;

export const repaymentScheduleViewSchema = z.object({
  id: z.number().int(),
  applicationId: z.number().int(),
  startDate: instantSchema,
  endDate: calendarDayTextSchema,
  totalAmount: moneyTextSchema,
  remainingAmount: moneyTextSchema,
  installmentAmount: moneyTextSchema,
  /** The platform fee on the regular instalment: what is handed over is the instalment plus this. */
  installmentFee: moneyTextSchema,
  estimatedMonthlyWithholding: moneyTextSchema,
  /** The platform fee on the estimated withholding: the month's earnings give up both. */
  estimatedMonthlyWithholdingFee: moneyTextSchema,
  costAmount: moneyTextSchema,
  costPercentage: z.string(),
  frequency: z.string(),
  nextPaymentDate: calendarDayTextSchema.nullable(),
  status: z.string(),
  paymentMethod: z.string(),
  withholdingPercentage: z.string().nullable(),
  platformFeeRate: z.string(),
  currency: z.string(),
  estimatedRemainingDuration: z.number().int().nullable(),
  estimatedPeriod: z.number().int().nullable(),
  /** The payout that started the loan: the day, where it went ('FNB ..7890') and the bank's reference. */
  paidOutOn: calendarDayTextSchema.nullable(),
  payoutAccount: z.string().nullable(),
  payoutReference: z.string().nullable(),
  /**
   * A written-off loan whose balance the lender forgave (docs/lending.md, "Forgiving a written-off balance"): the day
   * and the amount; the loan is then closed (completed) and reads "Balance forgiven", not "Repaid". Null otherwise.
   */
  forgiven: z.object({ on: calendarDayTextSchema, amount: moneyTextSchema }).nullable(),
  /** Absent where the list does not show it (the admin's lists); always on details. */
  servicing: scheduleServicingSchema.optional(),
  /**
   * The payments, oldest first. The creator's polled list sends only the latest PAYMENT_HISTORY_PREVIEW (what the
   * plan card shows); the rest come page by page from GET /api/applications/{id}/payments. The figures below are
   * of every payment, whichever are sent.
   */
  payments: z.array(paymentViewSchema),
  /** How many payments there are, reversed ones included. */
  paymentCount: z.number().int(),
  /** What the payments in force paid to the financing, and the platform fees they carried. */
  paidTotal: moneyTextSchema,
  feesTotal: moneyTextSchema,
});
export type RepaymentScheduleView = z.infer<typeof repaymentScheduleViewSchema>;

/** GET /api/applications/{id}/payments: which page of the payments, newest first (from 1). */
export const ownPaymentsQuerySchema = z.object({ page: positiveInt('page', PAGE_MAX).default(1) });

/** A page of one application's payments, newest first, CREATOR_PAYMENTS_PAGE_SIZE to a page. */
export const ownPaymentsPageSchema = historyPageSchema(paymentViewSchema);
export type OwnPaymentsPage = z.infer<typeof ownPaymentsPageSchema>;

/**
 * A top-up's link to the loan it settles (docs/lending.md, "Top-ups"): before the payout the figures are live
 * (that loan's balance today); once paid out they are what was settled, and stay so.
 */
export const topUpViewSchema = z.object({
  ofApplicationId: z.number().int(),
  /** True once the payout settled the old loan: the figures are then fixed. */
  settled: z.boolean(),
  /** What settles the old loan first: its settlement amount (the charge it has not earned is rebated). */
  settlesAmount: moneyTextSchema,
  /** Always 0.00: a settlement carries no fee (kept for clients that read it). */
  platformFee: moneyTextSchema,
  /** What reaches the creator: the amount financed less the settlement. */
  creatorReceives: moneyTextSchema,
});
export type TopUpView = z.infer<typeof topUpViewSchema>;

/** An application in the creator's polled list (GET /api/applications): no score breakdown. */
export const listedApplicationSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  /** Whole rand. */
  requestedAmount: z.number(),
  /** Whole rand: what the approval granted (up to the requested amount), the amount financed; null before. */
  approvedAmount: z.number().nullable(),
  monthlyRevenue: moneyTextSchema,
  socialMediaData: jsonObjectSchema,
  manualPlatforms: z.array(manualPlatformSchema),
  creditScore: z.number().int().nullable(),
  currency: z.string(),
  applicationType: z.string(),
  businessName: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  amount: z.string().nullable(),
  status: z.string(),
  useOfFunds: z.array(z.string()),
  otherUseOfFunds: z.string().nullable(),
  termsAccepted: z.boolean(),
  estimatedPeriod: z.number().int().nullable(),
  cancellationReason: z.string().nullable(),
  /** Why the application was rejected, written for the creator. */
  rejectionReason: z.string().nullable(),
  /** What the creator types as the reference of a payment to this loan ('VUKA-000123-0', with its check digit). */
  paymentReference: z.string(),
  /** A top-up: the loan it settles and how its payout is split (null for an ordinary application). */
  topUp: topUpViewSchema.nullable(),
  createdAt: instantSchema,
  updatedAt: instantSchema,
  repaymentSchedule: repaymentScheduleViewSchema.nullable(),
});
export type ListedApplication = z.infer<typeof listedApplicationSchema>;

/** One application with its score breakdown (GET /api/applications/{id} and the answers to changes). */
/**
 * Who applies, for the National Credit Act (docs/compliance.md): the identity masked (an SA ID number's date of birth
 * and last two digits: '900115*****86'; a passport's last three), the business's figures, whether the Act applies and
 * why, and whether living expenses make it consumer credit. The full numbers are never answered.
 */
export const applicantViewSchema = z.object({
  identityType: z.enum(IDENTITY_TYPES).nullable(),
  identityNumberMasked: z.string().nullable(),
  dateOfBirth: calendarDayTextSchema.nullable(),
  registrationNumber: z.string().nullable(),
  annualTurnover: moneyTextSchema.nullable(),
  assetValue: moneyTextSchema.nullable(),
  ncaApplies: z.boolean().nullable(),
  ncaScope: z.string().nullable(),
  consumerCredit: z.boolean(),
  /** The affordability assessment of the amount asked for, then of the amount approved; null before it was made. */
  affordability: z
    .object({
      grossMonthlyIncome: moneyTextSchema,
      incomeSource: z.enum(['declared', 'verified']),
      declaredIncome: moneyTextSchema,
      /** Connected platforms' earnings and verified proof, a month; null when the product sees none. */
      verifiedIncome: moneyTextSchema.nullable(),
      statutoryDeductions: moneyTextSchema,
      expenseNorm: moneyTextSchema,
      expenseNormSource: z.string(),
      debtRepayments: moneyTextSchema,
      declaredDebtRepayments: moneyTextSchema,
      bureauEnquiry: z
        .object({
          reference: z.string(),
          monthlyRepayments: moneyTextSchema,
          accounts: z.number().int(),
          enquiredOn: calendarDayTextSchema,
        })
        .nullable(),
      bureauNote: z.string().nullable(),
      discretionaryIncome: moneyTextSchema,
      instalment: moneyTextSchema,
      passes: z.boolean(),
      reason: z.string(),
      /** When it fails: the largest whole R1 000 from R2 000 that fits; null when none does. */
      largestAffordable: moneyTextSchema.nullable(),
    })
    .nullable(),
});
export type ApplicantView = z.infer<typeof applicantViewSchema>;

export const applicationSchema = listedApplicationSchema.extend({
  creditScoreBreakdown: creditScoreBreakdownSchema.nullable(),
  applicant: applicantViewSchema,
});
export type Application = z.infer<typeof applicationSchema>;

/** The same with the admins' internal notes: admin answers only. */
export const adminApplicationSchema = applicationSchema.extend({ notes: z.string().nullable() });

/** GET /api/applications. */
export const applicationListSchema = z.array(listedApplicationSchema);

/** `{ success: true, application }`: submit, cancel, plan choice. */
export const applicationAnswerSchema = z.object({ success: successTrue, application: applicationSchema });
export type ApplicationAnswer = z.infer<typeof applicationAnswerSchema>;

/**
 * The pre-agreement quote (src/shared/finance/quote.ts; docs/lending.md, "Quote"): the figures of the
 * instalments a plan creates, and the annualised cost rate from their cash flows.
 */
export const creditQuoteSchema = z.object({
  amountFinanced: moneyTextSchema,
  /** What the instalments add up to beyond the amount financed. */
  financeCharge: moneyTextSchema,
  /** Percent with two decimals ('2.50'), charged on each repayment. */
  platformFeeRate: z.string().describe('Percent with two decimals'),
  platformFees: moneyTextSchema,
  /** The finance charge plus the platform fees. */
  costOfCredit: moneyTextSchema,
  /** What the instalments add up to (the schedule's total). */
  totalRepayable: moneyTextSchema,
  /** The instalments plus the platform fees on them. */
  totalPayable: moneyTextSchema,
  instalmentAmount: moneyTextSchema,
  instalmentFee: moneyTextSchema,
  instalmentCount: z.number().int(),
  frequency: z.enum(['automatic', 'monthly', 'biweekly', 'weekly']),
  disbursementDate: calendarDayTextSchema,
  instalments: z.array(
    z.object({
      number: z.number().int(),
      dueDate: calendarDayTextSchema,
      amount: moneyTextSchema,
      fee: moneyTextSchema,
    }),
  ),
  /** Withholding % of the monthly revenue, to the cent; null where the plan is not repaid from earnings. */
  estimatedMonthlyWithholding: moneyTextSchema.nullable(),
  /** Effective annual rate of the cash flows (instalments with their fees), percent with two decimals ('76.42'). */
  annualCostRate: z.string().describe('Percent with two decimals'),
  /** The National Credit Act (docs/compliance.md): the class of the agreement; null on quotes from before. */
  agreementClass: z.enum(AGREEMENT_CLASSES).nullable().default(null),
  /** The largest cost of credit the Act's ceilings allow for this amount, term and class; null on quotes from before. */
  legalMaximumCost: moneyTextSchema.nullable().default(null),
  /** The list price's finance charge where a ceiling lowered it (the quote says so); else null. */
  listFinanceCharge: moneyTextSchema.nullable().default(null),
  /** The list platform fee rate where the service-fee ceiling lowered it; else null. */
  listPlatformFeeRate: z.string().nullable().default(null),
});

/**
 * A stored quote (docs/lending.md, "The quote is the contract"): the figures as shown, with the id the creator
 * accepts and the last day it holds. `plan`: the creator's own plan; `offer`: an admin's setup.
 */
export const storedQuoteSchema = creditQuoteSchema.extend({
  id: z.number().int(),
  validUntil: calendarDayTextSchema,
  kind: z.enum(['plan', 'offer']),
  status: z.enum(['open', 'accepted', 'superseded', 'withdrawn']),
});
export type StoredQuote = z.infer<typeof storedQuoteSchema>;

/** The preview of a plan's terms (src/shared/finance/repayment-plan.ts). */
export const previewTermsAnswerSchema = z.object({
  costAmount: moneyTextSchema,
  costPercentage: z.number(),
  totalAmount: moneyTextSchema,
  /** The original name for the instalment; same value as installmentAmount. */
  monthlyWithholding: moneyTextSchema,
  installmentAmount: moneyTextSchema,
  estimatedMonthlyWithholding: moneyTextSchema,
  withholdingPercentage: z.number(),
  estimatedPeriod: z.number().int(),
  /** How the National Credit Act's ceilings shaped the price (docs/compliance.md). */
  legal: z
    .object({
      agreementClass: z.enum(AGREEMENT_CLASSES),
      months: z.number().int(),
      listCostAmount: moneyTextSchema,
      costCapped: z.boolean(),
      chargeCeiling: moneyTextSchema,
      legalMaximumCost: moneyTextSchema,
    })
    .nullable(),
  /**
   * The quote of the plan if it were chosen today; for the creator's approved application, stored (with `id`,
   * `validUntil`, `kind`, `status`) so that choosing the plan accepts exactly it.
   */
  quote: creditQuoteSchema.extend(
    storedQuoteSchema.partial().pick({ id: true, validUntil: true, kind: true, status: true }).shape,
  ),
});
export type PreviewTermsAnswer = z.infer<typeof previewTermsAnswerSchema>;

/** GET /api/applications/{id}/statement: what the printable statement shows. */
export const statementAnswerSchema = z.object({
  application: applicationSchema,
  schedule: repaymentScheduleViewSchema,
  payments: z.array(paymentViewSchema),
  user: z.object({
    firstName: z.string(),
    lastName: z.string(),
    username: z.string(),
    country: z.string(),
    city: z.string(),
    creatorType: z.string(),
  }),
  /** The quote repeated for the loan's actual terms (its instalments as they stand); null without instalments. */
  quote: creditQuoteSchema.nullable(),
  /** Each restructure of the loan, oldest first (docs/lending.md, "Forbearance"). */
  restructures: z.array(
    z.object({
      restructuredOn: calendarDayTextSchema,
      balance: moneyTextSchema,
      months: z.number().int(),
      instalmentAmount: moneyTextSchema,
      firstNumber: z.number().int(),
      lastNumber: z.number().int(),
      previousInstalmentAmount: moneyTextSchema,
      previousEndDate: calendarDayTextSchema,
      replacedCount: z.number().int(),
      wasDefaulted: z.boolean(),
    }),
  ),
  /** A restructured loan: in probation until three instalments in a row are paid on time, then cured. */
  forbearance: z
    .object({ status: z.enum(['probation', 'cured']), curedOn: calendarDayTextSchema.nullable() })
    .nullable(),
});
export type StatementAnswer = z.infer<typeof statementAnswerSchema>;

/**
 * GET /api/applications/eligibility: whether the creator may apply now, and why not (the one-open-application
 * rule, decided by the server), and whether their loan being repaid has earned a top-up.
 */
export const applyEligibilitySchema = z.object({
  canApply: z.boolean(),
  /** Why a new application is not possible now, written for the creator (null when it is). */
  reason: z.string().nullable(),
  /** The application that keeps a new one from being filed: under review, approved, active or in default. */
  openApplication: z
    .object({
      id: z.number().int(),
      status: z.string(),
      /** Whole rand. */
      requestedAmount: z.number(),
      isTopUp: z.boolean(),
    })
    .nullable(),
  /**
   * The creator's score today (docs/credit-scoring.md, "Repayment history with Vuka"): the latest scored application's
   * parts with today's repayment history in place of the one it was scored with; null without a scored application.
   * `scoredTotal` is what that application scored when it was assessed (it decided its offer and is kept).
   */
  scoreToday: z
    .object({
      applicationId: z.number().int(),
      total: z.number().int(),
      scoredTotal: z.number().int(),
      history: repaymentHistoryFactorSchema.nullable(),
    })
    .nullable(),
  /** The creator's loan being repaid, and whether it has earned a top-up today (null without such a loan). */
  topUp: z
    .object({
      applicationId: z.number().int(),
      eligible: z.boolean(),
      /** Why not yet, written for the creator (null when eligible). */
      reason: z.string().nullable(),
      /** Share of the plan's total repaid, two decimals, rounded down. */
      repaidPercent: z.string(),
      /** The share a top-up needs (75). */
      thresholdPercent: z.number(),
      totalAmount: moneyTextSchema,
      remainingAmount: moneyTextSchema,
      /**
       * What settles that loan today (principal and the charge earned; the rest rebated): what a top-up pays first.
       */
      settlesAmount: moneyTextSchema,
      /** The platform fee rate of that loan's payments (a settlement carries no fee). */
      platformFeeRate: z.string(),
      /** Whole rand: the least a top-up can be, where the form starts (the loan's own amount), and the most. */
      minimumAmount: z.number().int(),
      suggestedAmount: z.number().int(),
      maximumAmount: z.number().int(),
    })
    .nullable(),
});
export type ApplyEligibility = z.infer<typeof applyEligibilitySchema>;
