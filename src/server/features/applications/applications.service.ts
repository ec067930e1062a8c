// Creator-side application rules: submit (scored by the server), cancel, preview terms, choose a plan.
// Submission runs in one transaction under the creator's row lock with an audit row; cancelling and choosing a
// plan are the application lifecycle's (features/lifecycle/application-lifecycle.service.ts).
import Decimal from 'decimal.js';
import type { z } from 'zod';
import { businessDate } from '../../../shared/business-date';
import { toMoneyString } from '../../../shared/finance/money';
import { previewTerms } from '../../../shared/finance/repayment-plan';
import { formatZarWhole } from '../../../shared/format';
import type {
  applicationFormSchema,
  cancelApplicationSchema,
  creatorScheduleSchema,
  previewTermsSchema,
} from '../../../shared/schemas/applications';
import { computeCreditScore } from '../../../shared/scoring/credit-score';
import { canPreviewTerms } from '../../../shared/status-machine';
import type { FinancingApplication, ManualPlatformEntry, ProofReviewStatus, User } from '../../db/types';
import type { Deps } from '../../lib/deps';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { recordAction } from '../audit/audit.repository';
import { cancelApplication, startRepayment } from '../lifecycle/application-lifecycle.service';
import { ownedProofFiles } from '../platforms/proof-files.repository';
import { loanServicing, requestSettlementQuote } from '../servicing/servicing.service';
import { findUserById, lockUser } from '../users/users.repository';
import { toApiApplication, toApiListedApplication } from './applications.mapper';
import {
  applicationOwnerId,
  findOwnedApplication,
  findScheduleByApplication,
  insertApplication,
  loadApplications,
  loadCreatorApplications,
  lockApplicationsOfUserIn,
} from './applications.repository';

/** Statuses that block a new application: one open request at a time, and none while in default. */
const BLOCKING_STATUSES = ['pending_review', 'approved', 'defaulted'];

function connectedPlatformsOf(user: User) {
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
  user: User,
) {
  return computeCreditScore({
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

export async function submitApplication(
  { db, clock }: Deps,
  user: User,
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
  );

  const now = clock.now();
  return db.transaction(async (tx) => {
    // One open request per creator, checked under the creator's row lock: a burst of submissions is handled
    // one at a time, so only the first finds nothing open (locking the open rows alone locks nothing when
    // there are none).
    await lockUser(tx, user.id);
    const open = await lockApplicationsOfUserIn(tx, user.id, BLOCKING_STATUSES);
    if (open.length > 0) {
      throw conflict(
        'You already have an application under review, approved or in default. Finish or cancel it before applying again.',
      );
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
      createdAt: now,
      updatedAt: now,
    });
    await recordAction(tx, {
      userId: user.id,
      action: 'application_submitted',
      notes: `Application #${app.id} for ${formatZarWhole(input.requestedAmount)}, score ${score.total}`,
      at: now,
    });
    const [record] = await loadApplications(tx, { ids: [app.id] });
    return toApiApplication(record!, businessDate(now));
  });
}

/** The creator's polled list: without score breakdowns (the detail route has them). */
export async function listOwnApplications({ db, clock }: Deps, userId: number) {
  const today = businessDate(clock.now());
  return (await loadCreatorApplications(db, userId)).map((app) => toApiListedApplication(app, today));
}

export async function getOwnApplication({ db, clock }: Deps, userId: number, id: number) {
  const app = await findOwnedApplication(db, id, userId);
  if (!app) throw notFound(`Could not find application with ID ${id}`);
  return toApiApplication(app, businessDate(clock.now()));
}

export async function cancelOwnApplication(
  deps: Deps,
  user: User,
  id: number,
  input: z.output<typeof cancelApplicationSchema>,
) {
  return cancelApplication(deps, { kind: 'creator', user }, id, input.reason, toApiApplication);
}

/** Terms for an application still being decided; the owner (or an admin, via the admin routes) asks. */
export async function previewApplicationTerms(
  { db }: Deps,
  app: {
    id: number;
    status: string;
    requestedAmount: string;
    monthlyRevenue: string;
    creditScore: number | null;
  },
  input: z.output<typeof previewTermsSchema>,
) {
  const schedule = await findScheduleByApplication(db, app.id);
  if (!canPreviewTerms(app.status, Boolean(schedule))) {
    throw conflict(
      'Terms can be previewed only for an application under review or approved, without a schedule.',
    );
  }
  return previewTerms({
    requestedAmount: input.requestedAmount ?? Number(app.requestedAmount),
    monthlyRevenue: app.monthlyRevenue,
    creditScore: app.creditScore,
    estimatedPeriod: input.estimatedPeriod,
  });
}

export async function previewOwnTerms(
  deps: Deps,
  userId: number,
  id: number,
  input: z.output<typeof previewTermsSchema>,
) {
  const app = await findOwnedApplication(deps.db, id, userId);
  if (!app) throw notFound(`Could not find application with ID ${id}`);
  return previewApplicationTerms(deps, app, input);
}

/**
 * The creator's plan choice. Every amount and date is computed here from the stored application; what the
 * browser sends besides the plan and the terms flag is ignored.
 */
export async function chooseRepaymentPlan(
  deps: Deps,
  user: User,
  id: number,
  input: z.output<typeof creatorScheduleSchema>,
) {
  if (input.paymentMethod === 'credit_card') {
    throw badRequest('The credit card plan is coming soon. Please choose Platform Earnings.');
  }
  return startRepayment(
    deps,
    { kind: 'creator', user },
    id,
    (app) => {
      const terms = previewTerms({
        requestedAmount: Number(app.requestedAmount),
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
      };
    },
    toApiApplication,
  );
}

/**
 * The instalment table and position of a loan: the owner's own, or any loan for an admin (as the statement).
 * While an admin impersonates, `user` is the creator, so the creator's rule applies.
 */
export async function servicingFor(deps: Deps, user: User, id: number) {
  const owner = await applicationOwnerId(deps.db, id);
  if (owner === undefined || (user.role !== 'admin' && owner !== user.id)) {
    throw notFound(`Could not find application with ID ${id}`);
  }
  return loanServicing(deps, id);
}

/** "Settle early": the creator asks for the amount that settles their loan today. */
export async function settlementQuoteFor(deps: Deps, user: User, id: number) {
  return requestSettlementQuote(deps, user, id);
}

export async function statementFor({ db, clock }: Deps, user: User, id: number) {
  // Admins open any creator's statement from Application Details; a creator only their own. While an admin
  // impersonates, `user` is the creator, so the creator's rule applies.
  const app =
    user.role === 'admin'
      ? (await loadApplications(db, { ids: [id] }))[0]
      : await findOwnedApplication(db, id, user.id);
  if (!app) throw notFound(`Could not find application with ID ${id}`);
  if (!app.schedule) throw notFound('This application has no repayment schedule yet.');
  const holder = app.userId === user.id ? user : await findUserById(db, app.userId);
  if (!holder) throw notFound(`Could not find application with ID ${id}`);
  const api = toApiApplication(app, businessDate(clock.now()));
  return {
    application: api,
    schedule: api.repaymentSchedule!,
    payments: api.repaymentSchedule!.payments,
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
