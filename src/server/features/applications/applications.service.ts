// Creator-side application rules: submit (scored by the server), cancel, preview terms, choose a plan.
// Submission runs in one transaction under the creator's row lock with an audit row; cancelling and choosing a
// plan are the application lifecycle's (features/loans/application-lifecycle.service.ts).

import Decimal from 'decimal.js';
import type { z } from 'zod';
import { businessDate, type IsoDate } from '../../../shared/business-date';
import type { LegalPricing } from '../../../shared/compliance/lawful-pricing';
import { NCA_RULES } from '../../../shared/compliance/nca-rules';
import { ageOn, checkSaIdNumber } from '../../../shared/compliance/sa-id';
import { isConsumerCredit, ncaScope } from '../../../shared/compliance/scope';
import { CREATOR_PAYMENTS_PAGE_SIZE } from '../../../shared/constants';
import { financedAmount } from '../../../shared/finance/amount-financed';
import { asScheduleFrequency } from '../../../shared/finance/instalments';
import { toMoneyString } from '../../../shared/finance/money';
import { creditQuote, type ScheduleToQuote, scheduleQuote } from '../../../shared/finance/quote';
import { estimatedMonthlyWithholding, previewTerms } from '../../../shared/finance/repayment-plan';
import { buildStatement } from '../../../shared/finance/statement';
import {
  TOP_UP_REPAID_PERCENT,
  topUpAmounts,
  topUpEligibility,
  topUpSplit,
} from '../../../shared/finance/top-up';
import { formatPercent, formatZar, formatZarWhole } from '../../../shared/format';
import type {
  ApplyEligibility,
  acceptQuoteSchema,
  applicationFormSchema,
  cancelApplicationSchema,
  creatorScheduleSchema,
  IdentityType,
  previewTermsSchema,
} from '../../../shared/schemas/applications';
import { computeCreditScore, type VerifiedEarnings } from '../../../shared/scoring/credit-score';
import {
  type RepaymentRecord,
  repaymentHistoryFactor,
  totalWithHistory,
} from '../../../shared/scoring/repayment-history';
import { scoreSetByAdmin } from '../../../shared/scoring/score-source';
import { isStaff } from '../../../shared/staff-roles';
import { baseStatus, canPreviewTerms } from '../../../shared/status-machine';
import type { DbOrTx } from '../../db/client';
import type {
  FinancingApplication,
  ManualPlatformEntry,
  ProofReviewStatus,
  QuoteTerms,
} from '../../db/types';
import type { Deps } from '../../lib/deps';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { platformFeeRate } from '../app-settings/app-settings.service';
import { recordAction } from '../audit/audit.repository';
import { verifiedEarningsFor } from '../earnings/earnings-review.service';
import {
  acceptQuote,
  applicationOwnerId,
  applicationsOfUserIn,
  assessAmount,
  bureauSubjectOf,
  type ConsentMeta,
  cancelApplication,
  currentQuoteOf,
  describeInstalments,
  enquireFor,
  findOwnedApplication,
  findScheduleByApplication,
  insertApplication,
  insertQuote,
  instalmentsOf,
  latestApplicationScore,
  legalPricingFor,
  loadApplications,
  loadCreatorApplications,
  lockApplicationsOfUserIn,
  paymentsPage,
  repaymentRecordsOf,
  restructuresOf,
  type StoredQuote,
  settlementOf,
  signedQuote,
  storedQuoteView,
  storePlanQuote,
  toApiApplication,
  toApiListedApplication,
  toPaymentView,
} from '../loans';
import { noticeApplicationReceived } from '../notices/notices.service';
import { connectableForScore } from '../platforms/platforms.service';
import { ownedProofFiles } from '../platforms/proof-files.repository';
import { loanServicing, requestSettlementQuote } from '../servicing/servicing.service';
import type { SessionUser } from '../sessions/sessions.service';
import { findUserById, lockUser } from '../users/users.repository';
import { renderStatementPdf } from './statement-pdf';

/**
 * Statuses that block a new application: one open application at a time (under review, approved, or a loan
 * being repaid or in default). A loan being repaid lets one application through: its top-up, once earned.
 */
const BLOCKING_STATUSES = ['pending_review', 'approved', 'offered', 'accepted', 'active', 'defaulted'];

type OpenApplication = Awaited<ReturnType<typeof lockApplicationsOfUserIn>>[number];

/** Why an open application keeps a new one from being filed, written for the creator. */
function openApplicationReason(open: OpenApplication): string {
  const what = `${open.topUpOfApplicationId === null ? 'application' : 'top-up'} #${open.id} for ${formatZarWhole(open.requestedAmount)}`;
  const where: Record<string, string> = {
    pending_review: 'is under review. You can apply again once it is decided, or cancel it.',
    approved: 'is approved and waits for its repayment plan. Set it up or cancel it before applying again.',
    active: `is being repaid. A top-up is offered once ${formatPercent(TOP_UP_REPAID_PERCENT, { decimals: 0 })} of it is repaid with nothing overdue.`,
    defaulted: 'is in default. Please contact us to agree a way forward before applying again.',
  };
  return `You already have an application open: your ${what} ${where[open.status] ?? 'is open.'}`;
}

/**
 * Whether a creator's loan earns a top-up today (the shared rule with the loan's real position), and the split
 * the payout would make with a given amount. Read with the loan locked when the answer decides a submission.
 */
async function topUpStateOf(tx: DbOrTx, loan: OpenApplication, today: IsoDate) {
  const schedule = await findScheduleByApplication(tx, loan.id);
  if (!schedule) return null;
  const instalments = await instalmentsOf(tx, schedule.id);
  const { position } = describeInstalments(schedule, instalments, today);
  return {
    schedule,
    /** What settles that loan today: what a top-up's payout would pay first. */
    settlement: await settlementOf(tx, schedule, instalments, today),
    eligibility: topUpEligibility({
      status: loan.status,
      totalAmount: schedule.totalAmount,
      remainingAmount: schedule.remainingAmount,
      amountOverdue: position.amountOverdue,
    }),
  };
}

function connectedPlatformsOf(user: SessionUser) {
  return Object.entries(user.socialMediaData ?? {}).map(([key, p]) => ({
    platform: String(p.platform ?? key),
    verified: p.verified === true && p.status === 'connected',
    followers: typeof p.followers === 'number' ? p.followers : undefined,
    engagement: typeof p.engagement === 'number' ? p.engagement : undefined,
    monthlyEarnings: typeof p.monthlyEarnings === 'number' ? p.monthlyEarnings : undefined,
  }));
}

/**
 * The credit score of an application from what was submitted (revenue, amount, use of funds, the platforms as
 * they were then) and the creator's profile now. Proof of a self-declared platform counts in full only once an
 * admin has verified it (docs/credit-scoring.md, 3.1). Submission and proof review score the same way.
 */
export function scoreApplication(
  app: Pick<FinancingApplication, 'monthlyRevenue' | 'requestedAmount' | 'useOfFunds' | 'socialMediaData'> & {
    manualPlatforms: ManualPlatformEntry[];
  },
  user: SessionUser,
  evidence: {
    /** Earnings verified from the platforms (earnings-review.service.ts, verifiedEarningsFor); they replace the stated revenue. */
    verifiedEarnings: VerifiedEarnings | null;
    /** The verifiable platforms this server can connect (connectableForScore): the tips offer only these. */
    connectable: ReadonlyArray<string>;
    /** The creator's other loans with Vuka today (repaymentRecordsOf): the repayment-history factor. */
    repaymentHistory: ReadonlyArray<RepaymentRecord>;
  },
) {
  const { verifiedEarnings, connectable, repaymentHistory } = evidence;
  return computeCreditScore({
    connectable,
    repaymentHistory,
    verifiedEarnings,
    monthlyRevenue: app.monthlyRevenue,
    requestedAmount: Number(app.requestedAmount),
    useOfFunds: app.useOfFunds,
    creatorType: user.creatorType,
    bio: user.bio,
    country: user.country,
    city: user.city,
    hasBankDetails: Boolean(user.bankName && user.accountNumber && user.branchCode && user.accountType),
    connectedPlatforms: connectedPlatformsOf({ ...user, socialMediaData: app.socialMediaData ?? {} }),
    // A platform whose proof an admin rejected is evidence of nothing: it leaves the score (it must not score as
    // a platform without proof, which would count for more than one awaiting review).
    manualPlatforms: app.manualPlatforms
      .filter((m) => m.proofStatus !== 'rejected')
      .map((m) => ({
        platform: m.platform,
        estimatedFollowers: m.estimatedFollowers,
        estimatedRevenue: m.estimatedRevenue,
        hasProof: m.proofFileId !== undefined,
        proofVerified: m.proofStatus === 'verified',
      })),
  });
}

/**
 * Who applies, as the National Credit Act needs it (docs/compliance.md): the identity checked against today (18 or
 * older, from the SA ID number's date of birth or the passport holder's), whether the Act applies and why, and
 * whether living expenses make it consumer credit. Under 18: 400 with the reason, nothing stored.
 */
function applicantOf(input: z.output<typeof applicationFormSchema>, today: IsoDate) {
  let identity: {
    identityType: IdentityType;
    idNumber: string | null;
    passportNumber: string | null;
    dateOfBirth: string;
  } | null = null;
  if (input.applicationType === 'personal' && input.identityType === 'sa_id' && input.idNumber) {
    const check = checkSaIdNumber(input.idNumber, today);
    if (!check.ok) throw badRequest(check.reason, { idNumber: [check.reason] });
    identity = {
      identityType: 'sa_id',
      idNumber: input.idNumber.replace(/\s+/g, ''),
      passportNumber: null,
      dateOfBirth: check.dateOfBirth,
    };
  }
  if (
    input.applicationType === 'personal' &&
    input.identityType === 'passport' &&
    input.passportNumber &&
    input.dateOfBirth
  ) {
    if (input.dateOfBirth > today || ageOn(input.dateOfBirth, today) < NCA_RULES.minimumAge.value) {
      const message = `You must be ${NCA_RULES.minimumAge.value} or older to apply.`;
      throw badRequest(message, { dateOfBirth: [message] });
    }
    identity = {
      identityType: 'passport',
      idNumber: null,
      passportNumber: input.passportNumber.toUpperCase(),
      dateOfBirth: input.dateOfBirth,
    };
  }
  const business = input.applicationType === 'business';
  const scope = ncaScope({
    applicationType: input.applicationType,
    annualTurnover: business ? input.annualTurnover : null,
    assetValue: business ? input.assetValue : null,
    principal: input.requestedAmount,
  });
  return {
    identityType: identity?.identityType ?? null,
    idNumber: identity?.idNumber ?? null,
    passportNumber: identity?.passportNumber ?? null,
    dateOfBirth: identity?.dateOfBirth ?? null,
    registrationNumber: business ? (input.registrationNumber ?? null) : null,
    annualTurnover:
      business && input.annualTurnover !== undefined
        ? toMoneyString(new Decimal(input.annualTurnover))
        : null,
    assetValue:
      business && input.assetValue !== undefined ? toMoneyString(new Decimal(input.assetValue)) : null,
    ncaApplies: scope.applies,
    ncaScope: scope.reason,
    consumerCredit: isConsumerCredit(input.useOfFunds),
  };
}

export async function submitApplication(
  { db, clock, config }: Deps,
  user: SessionUser,
  input: z.output<typeof applicationFormSchema>,
) {
  const proofIds = input.manualPlatforms.map((m) => m.proofFileId);
  const proofs = proofIds.length ? await ownedProofFiles(db, proofIds, user.id) : [];
  // A proof id that is not this creator's own upload is as good as no proof.
  const manualPlatforms: ManualPlatformEntry[] = input.manualPlatforms.map((m, i) => {
    const proof = proofs.find((p) => p.id === m.proofFileId);
    if (!proof)
      throw badRequest('Upload proof of earnings', {
        [`manualPlatforms.${i}.proofFileId`]: ['Upload proof of earnings'],
      });
    return {
      platform: m.platform,
      username: m.username,
      estimatedFollowers: m.estimatedFollowers,
      estimatedRevenue: m.estimatedRevenue,
      proofFile: proof.originalName,
      proofFileId: proof.id,
      proofStatus: proof.reviewStatus as ProofReviewStatus,
    };
  });

  const score = scoreApplication(
    {
      monthlyRevenue: String(input.monthlyRevenue),
      requestedAmount: String(input.requestedAmount),
      useOfFunds: input.useOfFunds,
      socialMediaData: user.socialMediaData ?? {},
      manualPlatforms,
    },
    user,
    {
      verifiedEarnings: await verifiedEarningsFor(db, user.id),
      connectable: connectableForScore(config),
      repaymentHistory: await repaymentRecordsOf(db, user.id, businessDate(clock.now())),
    },
  );

  const now = clock.now();
  const applicant = applicantOf(input, businessDate(now));
  // The affordability assessment of the amount asked for (docs/compliance.md, "Affordability"), made again for the
  // amount approved.
  const declared = {
    monthlyDeductions: toMoneyString(new Decimal(input.monthlyDeductions ?? 0)),
    monthlyDebtRepayments: toMoneyString(new Decimal(input.monthlyDebtRepayments ?? 0)),
  };
  const bureau = await enquireFor(config, bureauSubjectOf({ ...input, ...applicant }), now);
  const { assessment } = await assessAmount(
    db,
    config,
    {
      userId: user.id,
      monthlyRevenue: toMoneyString(new Decimal(input.monthlyRevenue)),
      creditScore: score.total,
      ...declared,
      socialMediaData: user.socialMediaData ?? {},
      manualPlatforms,
    },
    input.requestedAmount,
    now,
    bureau,
  );
  return db.transaction(async (tx) => {
    // One open request per creator, checked under the creator's row lock: a burst of submissions is handled
    // one at a time, so only the first finds nothing open (locking the open rows alone locks nothing when
    // there are none). A top-up is the one exception, checked under the same lock: the open application
    // must be the loan it names, being repaid and eligible today (docs/lending.md, "Top-ups").
    await lockUser(tx, user.id);
    const open = await lockApplicationsOfUserIn(tx, user.id, BLOCKING_STATUSES);
    const topUpOf = input.topUpOfApplicationId;
    const blocking = open.find((a) => a.id !== topUpOf);
    if (blocking) throw conflict(openApplicationReason(blocking));
    if (topUpOf !== undefined) {
      const loan = open.find((a) => a.id === topUpOf);
      const state = loan ? await topUpStateOf(tx, loan, businessDate(now)) : null;
      if (!state) {
        throw conflict('A top-up can be asked for only on your own financing that is being repaid.');
      }
      if (!state.eligibility.eligible) throw conflict(state.eligibility.reason);
      const split = topUpSplit(input.requestedAmount, state.settlement.amount);
      if (new Decimal(split.creatorReceives).lte(0)) {
        const message = `A top-up must be more than the ${formatZar(split.settlesAmount)} it settles.`;
        throw badRequest(message, { requestedAmount: [message] });
      }
    }
    const app = await insertApplication(tx, {
      userId: user.id,
      applicationType: input.applicationType,
      firstName: input.applicationType === 'personal' ? input.firstName : null,
      lastName: input.applicationType === 'personal' ? input.lastName : null,
      businessName: input.applicationType === 'business' ? input.businessName : null,
      requestedAmount: String(input.requestedAmount),
      amount: String(input.requestedAmount),
      monthlyRevenue: toMoneyString(new Decimal(input.monthlyRevenue)),
      useOfFunds: input.useOfFunds,
      otherUseOfFunds: input.useOfFunds.includes('other') ? (input.otherUseOfFunds ?? null) : null,
      termsAccepted: true,
      socialMediaData: user.socialMediaData ?? {},
      manualPlatforms,
      creditScore: score.total,
      creditScoreBreakdown: score,
      status: 'pending_review',
      topUpOfApplicationId: topUpOf ?? null,
      ...applicant,
      ...declared,
      affordability: assessment,
      createdAt: now,
      updatedAt: now,
    });
    await recordAction(tx, {
      userId: user.id,
      action: 'application_submitted',
      notes: `Application #${app.id} for ${formatZarWhole(input.requestedAmount)}, score ${score.total}${topUpOf === undefined ? '' : `, top-up of #${topUpOf}`}`,
      at: now,
    });
    await noticeApplicationReceived(tx, user, app);
    const [record] = await loadApplications(tx, { ids: [app.id] });
    return toApiApplication(record!, businessDate(now));
  });
}

/**
 * GET /api/applications/eligibility: may the creator apply now, and if not, which application keeps them from
 * it; and whether their loan being repaid has earned a top-up. A read without locks that answers what the
 * submission (the authority, under the creator's row lock) would decide now.
 */
export async function applyEligibility({ db, clock }: Deps, user: SessionUser): Promise<ApplyEligibility> {
  const today = businessDate(clock.now());
  const open = await applicationsOfUserIn(db, user.id, BLOCKING_STATUSES);
  const blocking = open[0] ?? null;
  const loan = open.find((a) => baseStatus(a.status) === 'active' || baseStatus(a.status) === 'defaulted');
  const state = loan ? await topUpStateOf(db, loan, today) : null;
  // A top-up also needs nothing else open (a top-up already asked for included).
  const other = loan ? open.find((a) => a.id !== loan.id) : undefined;
  const topUpEarned = Boolean(loan && state?.eligibility.eligible && !other);
  return {
    canApply: blocking === null,
    scoreToday: await scoreToday(db, user.id, today),
    reason: topUpEarned
      ? `Your financing #${loan!.id} is being repaid and has earned a top-up: request one instead of a new application.`
      : blocking
        ? openApplicationReason(other ?? blocking)
        : null,
    openApplication: blocking
      ? {
          id: (other ?? blocking).id,
          status: (other ?? blocking).status,
          requestedAmount: Number((other ?? blocking).requestedAmount),
          isTopUp: (other ?? blocking).topUpOfApplicationId !== null,
        }
      : null,
    topUp:
      loan && state
        ? {
            applicationId: loan.id,
            eligible: topUpEarned,
            reason: other
              ? openApplicationReason(other)
              : state.eligibility.eligible
                ? null
                : state.eligibility.reason,
            repaidPercent: state.eligibility.repaidPercent,
            thresholdPercent: TOP_UP_REPAID_PERCENT,
            totalAmount: state.schedule.totalAmount,
            remainingAmount: state.schedule.remainingAmount,
            settlesAmount: state.settlement.amount,
            platformFeeRate: state.schedule.platformFeeRate,
            ...topUpAmounts(Number(loan.approvedAmount ?? loan.requestedAmount), state.settlement.amount),
          }
        : null,
  };
}

/**
 * The creator's score today: the latest application's parts (as scored) with today's repayment history in place of
 * the one it was scored with, so a creator who falls behind sees it on the dashboard (a creator 45 days late is not
 * "Good"). A score an admin set has no parts: it stands, with today's history added to it as to parts.
 */
async function scoreToday(
  db: DbOrTx,
  userId: number,
  today: IsoDate,
): Promise<ApplyEligibility['scoreToday']> {
  const latest = await latestApplicationScore(db, userId);
  if (!latest || latest.creditScore === null) return null;
  const parts = latest.breakdown?.parts ?? [];
  // An admin's score stands as the base (its parts are the automatic assessment's, not what was set).
  const base =
    parts.length > 0 && !scoreSetByAdmin(latest.creditScore, latest.breakdown)
      ? parts.reduce((sum, part) => sum + part.points, 0)
      : latest.creditScore;
  const history = repaymentHistoryFactor(await repaymentRecordsOf(db, userId, today));
  return {
    applicationId: latest.id,
    total: totalWithHistory(base, history),
    scoredTotal: latest.creditScore,
    history,
  };
}

/**
 * The creator's polled list: without score breakdowns (the detail route has them), and with each schedule's latest
 * PAYMENT_HISTORY_PREVIEW payments only (what the plan card shows; its figures are of every payment, summed by the
 * database). The rest are read a page at a time (ownPaymentsPage), so a long history does not ride on every poll.
 */
export async function listOwnApplications({ db, clock }: Deps, userId: number) {
  const today = businessDate(clock.now());
  return (await loadCreatorApplications(db, userId)).map((app) => toApiListedApplication(app, today));
}

/** GET /api/applications/{id}/payments: a page of the creator's own application's payments, newest first. */
export async function ownPaymentsPage({ db }: Deps, userId: number, id: number, page: number) {
  if ((await applicationOwnerId(db, id)) !== userId)
    throw notFound(`Could not find application with ID ${id}`);
  const { rows, total } = await paymentsPage(db, id, {
    limit: CREATOR_PAYMENTS_PAGE_SIZE,
    offset: (page - 1) * CREATOR_PAYMENTS_PAGE_SIZE,
  });
  return { rows: rows.map(toPaymentView), total, page, pageSize: CREATOR_PAYMENTS_PAGE_SIZE };
}

export async function getOwnApplication({ db, clock }: Deps, userId: number, id: number) {
  const app = await findOwnedApplication(db, id, userId);
  if (!app) throw notFound(`Could not find application with ID ${id}`);
  return toApiApplication(app, businessDate(clock.now()));
}

export async function cancelOwnApplication(
  deps: Deps,
  user: SessionUser,
  id: number,
  input: z.output<typeof cancelApplicationSchema>,
) {
  return cancelApplication(deps, { kind: 'creator', user }, id, input.reason, toApiApplication);
}

/** The application fields a preview prices from. */
type PreviewedApplication = {
  id: number;
  status: string;
  requestedAmount: string;
  approvedAmount: string | null;
  monthlyRevenue: string;
  creditScore: number | null;
  userId: number;
};

/**
 * Terms for an application still being decided; an admin asks through the admin routes with the schedule its setup
 * would offer (`scheduleToQuote`). The quote is of the instalments a payout today would write.
 */
export async function previewApplicationTerms(
  { db, config, clock }: Deps,
  app: PreviewedApplication,
  input: z.output<typeof previewTermsSchema>,
  scheduleToQuote: (requestedAmount: number, legal: LegalPricing) => ScheduleToQuote,
) {
  const schedule = await findScheduleByApplication(db, app.id);
  if (!canPreviewTerms(app.status, Boolean(schedule))) {
    throw conflict(
      'Terms can be previewed only for an application under review, approved or offered, without a schedule.',
    );
  }
  const requestedAmount = input.requestedAmount ?? Number(financedAmount(app));
  const legal = await legalPricingFor(db, config, app.userId, clock.now());
  const terms = previewTerms({
    legal,
    requestedAmount,
    monthlyRevenue: app.monthlyRevenue,
    creditScore: app.creditScore,
    estimatedPeriod: input.estimatedPeriod,
  });
  // The platform fee rate a payout today would copy onto the schedule.
  const feeRate = await platformFeeRate(db, config);
  const today = businessDate(clock.now());
  return {
    ...terms,
    quote: scheduleQuote(scheduleToQuote(requestedAmount, legal), requestedAmount, today, feeRate),
  };
}

/** The creator's plan for an application: priced from what is stored, never from what the browser sent. */
function creatorPlanTerms(
  app: Pick<FinancingApplication, 'requestedAmount' | 'approvedAmount' | 'monthlyRevenue' | 'creditScore'>,
  legal: LegalPricing,
): QuoteTerms {
  const terms = previewTerms({
    legal,
    requestedAmount: Number(financedAmount(app)),
    monthlyRevenue: app.monthlyRevenue,
    creditScore: app.creditScore,
  });
  return {
    totalAmount: terms.totalAmount,
    costAmount: terms.costAmount,
    costPercentage: terms.costPercentage,
    installmentAmount: terms.installmentAmount,
    instalmentCount: terms.estimatedPeriod,
    withholdingPercentage: terms.withholdingPercentage,
    estimatedPeriod: terms.estimatedPeriod,
    // Automatic plans are withheld from earnings and fall due monthly.
    frequency: 'automatic',
    paymentMethod: 'platform_earnings',
    legal: terms.legal,
  };
}

/**
 * The creator's preview of their plan (the quote is the contract). Once the application is approved
 * the quote they see is stored and can be accepted as it is; a parameter the plan would not honour (another amount or
 * period) is refused with the plan's own, rather than quoted and then replaced by something else.
 */
export async function previewOwnTerms(
  deps: Deps,
  user: SessionUser,
  id: number,
  input: z.output<typeof previewTermsSchema>,
) {
  const app = await findOwnedApplication(deps.db, id, user.id);
  if (!app) throw notFound(`Could not find application with ID ${id}`);
  const plan = creatorPlanTerms(app, await legalPricingFor(deps.db, deps.config, user.id, deps.clock.now()));
  if (
    input.requestedAmount !== undefined &&
    !new Decimal(input.requestedAmount).equals(financedAmount(app))
  ) {
    const message = `Your plan finances the amount of your application, ${formatZar(financedAmount(app))}.`;
    throw badRequest(message, { requestedAmount: [message] });
  }
  if (input.estimatedPeriod !== undefined && input.estimatedPeriod !== plan.estimatedPeriod) {
    const message = `Your plan's period follows from your instalment: ${plan.estimatedPeriod} months.`;
    throw badRequest(message, { estimatedPeriod: [message] });
  }
  const preview = await previewApplicationTerms(deps, app, {}, () => ({
    ...plan,
    estimatedMonthlyWithholding: toMoneyString(
      estimatedMonthlyWithholding(app.monthlyRevenue, plan.withholdingPercentage),
    ),
  }));
  // Approved: the quote shown is stored, to be accepted as it is within 5 business days.
  const quote: Omit<StoredQuote, 'id' | 'validUntil' | 'kind' | 'status'> & Partial<StoredQuote> =
    baseStatus(app.status) === 'approved' ? await storePlanQuote(deps, user, app, plan) : preview.quote;
  return { ...preview, quote };
}

/**
 * The creator's plan choice: accepts the quote of their plan (`quoteId`, the one their preview showed; without it,
 * the plan's quote is made now, as clients before quotes were kept expect). Nothing is paid out yet.
 */
export async function chooseRepaymentPlan(
  deps: Deps,
  user: SessionUser,
  id: number,
  input: z.output<typeof creatorScheduleSchema>,
  meta: ConsentMeta,
) {
  if (input.paymentMethod === 'credit_card') {
    throw badRequest('The credit card plan is coming soon. Please choose Platform Earnings.');
  }
  const feeRate = await platformFeeRate(deps.db, deps.config);
  const now = deps.clock.now();
  const legal = await legalPricingFor(deps.db, deps.config, user.id, now);
  return acceptQuote(deps, user, id, input.quoteId, meta, toApiApplication, (tx, app) =>
    insertQuote(tx, {
      app,
      kind: 'plan',
      madeBy: user.id,
      terms: creatorPlanTerms(app, legal),
      feeRate,
      now,
    }),
  );
}

/** The creator accepts a quote of theirs: their plan's, or the admin's offer (`POST /api/applications/{id}/accept`). */
export async function acceptOwnQuote(
  deps: Deps,
  user: SessionUser,
  id: number,
  input: z.output<typeof acceptQuoteSchema>,
  meta: ConsentMeta,
) {
  return acceptQuote(deps, user, id, input.quoteId, meta, toApiApplication);
}

/**
 * The quote on the creator's table (`GET /api/applications/{id}/quote`): the accepted one (the contract), else the
 * open offer, else their plan's open quote. The owner's only; staff may read any.
 */
export async function currentQuote({ db }: Deps, user: SessionUser, id: number) {
  const owner = await applicationOwnerId(db, id);
  if (owner === undefined || (!isStaff(user.role) && owner !== user.id)) {
    throw notFound(`Could not find application with ID ${id}`);
  }
  const row = await currentQuoteOf(db, id);
  if (!row) throw notFound('This application has no quote yet.');
  return storedQuoteView(row);
}

/**
 * The instalment table and position of a loan: the owner's own, or any loan for staff (as the statement).
 * While an admin impersonates, `user` is the creator, so the creator's rule applies.
 */
export async function servicingFor(deps: Deps, user: SessionUser, id: number) {
  const owner = await applicationOwnerId(deps.db, id);
  if (owner === undefined || (!isStaff(user.role) && owner !== user.id)) {
    throw notFound(`Could not find application with ID ${id}`);
  }
  return loanServicing(deps, id);
}

/** "Settle early": the creator asks for the amount that settles their loan today. */
export async function settlementQuoteFor(deps: Deps, user: SessionUser, id: number) {
  return requestSettlementQuote(deps, user, id);
}

export async function statementFor({ db, clock }: Deps, user: SessionUser, id: number) {
  // Staff open any creator's statement from Application Details; a creator only their own. While an admin
  // impersonates, `user` is the creator, so the creator's rule applies.
  const app = isStaff(user.role)
    ? (await loadApplications(db, { ids: [id] }))[0]
    : await findOwnedApplication(db, id, user.id);
  if (!app) throw notFound(`Could not find application with ID ${id}`);
  if (!app.schedule) throw notFound('This application has no repayment schedule yet.');
  const holder = app.userId === user.id ? user : await findUserById(db, app.userId);
  if (!holder) throw notFound(`Could not find application with ID ${id}`);
  const api = toApiApplication(app, businessDate(clock.now()));
  const schedule = app.schedule;
  // The quote of the loan's actual terms: its instalments as they stand (after a restructure too), with what the
  // accepted quote said of the National Credit Act's ceilings (its class, the largest cost, the list prices).
  const signed = await signedQuote(db, schedule.quoteId);
  const quote = schedule.instalments?.length
    ? creditQuote({
        legal: {
          agreementClass: signed?.agreementClass ?? null,
          legalMaximumCost: signed?.legalMaximumCost ?? null,
          listFinanceCharge: signed?.listFinanceCharge ?? null,
          listPlatformFeeRate: signed?.listPlatformFeeRate ?? null,
        },
        amountFinanced: financedAmount(app),
        frequency: asScheduleFrequency(schedule.frequency),
        disbursementDate: schedule.paidOutOn ?? businessDate(schedule.startDate),
        instalmentAmount: schedule.installmentAmount,
        instalments: schedule.instalments,
        estimatedMonthlyWithholding:
          schedule.paymentMethod === 'platform_earnings'
            ? api.repaymentSchedule!.estimatedMonthlyWithholding
            : null,
        platformFeeRate: schedule.platformFeeRate,
      })
    : null;
  const restructures = await restructuresOf(db, schedule.id);
  return {
    application: api,
    schedule: api.repaymentSchedule!,
    payments: api.repaymentSchedule!.payments,
    quote,
    // The history: each restructure, what it replaced and with what; forbearance while on probation.
    restructures: restructures.map((r) => ({
      restructuredOn: r.restructuredOn,
      balance: r.balance,
      months: r.months,
      instalmentAmount: r.instalmentAmount,
      firstNumber: r.firstNumber,
      lastNumber: r.lastNumber,
      previousInstalmentAmount: r.previousInstalmentAmount,
      previousEndDate: r.previousEndDate,
      replacedCount: r.replacedCount,
      wasDefaulted: r.wasDefaulted,
    })),
    forbearance: schedule.forbearance
      ? { status: schedule.forbearance as 'probation' | 'cured', curedOn: schedule.forbearanceCuredOn }
      : null,
    user: {
      firstName: holder.firstName,
      lastName: holder.lastName,
      username: holder.username,
      country: holder.country,
      city: holder.city,
      creatorType: holder.creatorType,
    },
  };
}

/** The statement as a PDF to keep: the printable statement's content and rules (buildStatement), made here. */
export async function statementPdfFor(deps: Deps, user: SessionUser, id: number) {
  const data = await statementFor(deps, user, id);
  const now = deps.clock.now();
  const view = buildStatement(data.application, data.schedule, data.payments, data.user, now, data.quote, {
    restructures: data.restructures,
    forbearance: data.forbearance,
  });
  if (!view) throw notFound('This application has no repayment schedule yet.');
  return { fileName: `vuka-capital-statement-${id}.pdf`, data: await renderStatementPdf(view, now) };
}
