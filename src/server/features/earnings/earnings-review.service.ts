// The earnings review queue (docs/platform-earnings.md): the admins' paged list, approval (each proposal in its own
// transaction, through the one earnings-payment path, so a refusal of one leaves the others approved) and rejection
// with a reason; and the admin's typed earnings kept as the month's record with source 'admin'.
import Decimal from 'decimal.js';
import type { z } from 'zod';
import { monthLabel, monthNumber } from '../../../shared/business-date';
import { EARNINGS_PROPOSAL_STATUSES } from '../../../shared/constants';
import { toMoneyString } from '../../../shared/finance/money';
import { paymentReferenceFor } from '../../../shared/finance/payment-reference';
import { joinedPlatformNames } from '../../../shared/platform-names';
import type {
  ApproveEarningsAnswer,
  EarningsProposalsPage,
  earningsProposalsQuerySchema,
} from '../../../shared/schemas/earnings';
import { verifiedEarningsOf } from '../../../shared/scoring/credit-score';
import type { DbOrTx, Tx } from '../../db/client';
import type { Deps } from '../../lib/deps';
import { AppError, conflict, notFound } from '../../lib/errors';
import { recordAction } from '../audit/audit.repository';
import { lockApplication } from '../loans';
import type { SessionUser } from '../sessions/sessions.service';
import { recordEarningsPayment } from './earnings-payment.service';
import {
  decideProposal,
  findProposal,
  listProposals,
  lockProposal,
  proposalCounts,
  recordTypedEarnings,
  verifiedMonthsOf,
} from './earnings-proposals.repository';

const SOURCE_WORDS: Record<string, string> = {
  payout_verified: 'payout-verified',
  platform_api: 'read from the platform',
  proof: 'from a verified proof',
  admin: 'typed by an admin',
};

/** 'from YouTube, payout-verified': where an approved figure came from, on its payment's notes. */
function originOf(platform: string, source: string) {
  return `(from ${joinedPlatformNames(platform, ' and ')}, ${SOURCE_WORDS[source] ?? source})`;
}

export async function earningsProposals(
  { db, config }: Deps,
  query: z.output<typeof earningsProposalsQuerySchema>,
): Promise<EarningsProposalsPage> {
  const { page, pageSize, status, platform, source } = query;
  const [{ rows, total }, counts] = await Promise.all([
    listProposals(db, { status, platform, source }, { page, pageSize }),
    proposalCounts(db),
  ]);
  return {
    data: rows.map(({ proposal: p, ...r }) => ({
      id: p.id,
      applicationId: p.applicationId,
      paymentReference: paymentReferenceFor(p.applicationId),
      creatorName: r.creatorName || r.creatorUsername,
      creatorUsername: r.creatorUsername,
      year: p.year,
      month: p.month,
      platform: p.platform,
      source: p.source as EarningsProposalsPage['data'][number]['source'],
      status: p.status as EarningsProposalsPage['data'][number]['status'],
      earningsAmount: p.earningsAmount,
      originalCurrency: p.originalCurrency,
      originalAmount: p.originalAmount,
      fxRate: p.fxRate,
      fxDate: p.fxDate,
      fxSource: p.fxSource,
      proposedPayment: p.proposedPayment,
      proposedFee: p.proposedFee,
      remainingAmount: r.remainingAmount,
      withholdingPercentage: r.withholdingPercentage,
      parts: p.parts,
      reason: p.reason,
      paymentId: p.paymentId,
      decidedAt: p.decidedAt?.toISOString() ?? null,
      createdAt: p.createdAt.toISOString(),
    })),
    total,
    page,
    pageSize,
    statusCounts: Object.fromEntries(
      EARNINGS_PROPOSAL_STATUSES.map((s) => [s, counts[s] ?? 0]),
    ) as EarningsProposalsPage['statusCounts'],
    autoApproveVerified: config.earningsAutoApproveVerified,
  };
}

/**
 * Approves one pending proposal: its earnings become the month's earnings payment (the withholding worked out on the
 * balance as it is now). The application is locked before the proposal, the order the admin's typed earnings take.
 * `adminId` null: approved by the setting for payout-verified figures.
 */
export async function approveProposal({ db, clock }: Deps, id: number, adminId: number | null) {
  const now = clock.now();
  return db.transaction(async (tx) => {
    const seen = await findProposal(tx, id);
    if (!seen) throw notFound(`Could not find earnings proposal ${id}`);
    await lockApplication(tx, seen.applicationId);
    const proposal = (await lockProposal(tx, id))!;
    if (proposal.status !== 'pending')
      throw conflict(`This proposal is ${proposal.status.replace('_', ' ')}, not pending.`);
    if (proposal.earningsAmount === null) throw conflict('This proposal has no earnings figure.');
    const result = await recordEarningsPayment(tx, {
      applicationId: proposal.applicationId,
      earnings: new Decimal(proposal.earningsAmount),
      month: proposal.month,
      year: proposal.year,
      origin: originOf(proposal.platform, proposal.source),
      createdBy: adminId,
      now,
    });
    await decideProposal(
      tx,
      id,
      { status: 'approved', paymentId: result.paymentId, decidedBy: adminId, reason: null },
      now,
    );
    return {
      id,
      applicationId: proposal.applicationId,
      payment: result.payment,
      platformFee: result.platformFee,
      remainingAmount: result.remainingAmount,
      completed: result.completed,
    };
  });
}

/** Bulk approval: each in its own transaction; what was approved, and what was refused with the reason. */
export async function approveProposals(
  deps: Deps,
  admin: SessionUser,
  ids: number[],
): Promise<ApproveEarningsAnswer> {
  const answer: ApproveEarningsAnswer = { approved: [], refused: [] };
  for (const id of [...new Set(ids)]) {
    try {
      answer.approved.push(await approveProposal(deps, id, admin.id));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      answer.refused.push({ id, reason: error.message });
    }
  }
  return answer;
}

export async function rejectProposal({ db, clock }: Deps, admin: SessionUser, id: number, reason: string) {
  const now = clock.now();
  return db.transaction(async (tx) => {
    const proposal = await lockProposal(tx, id);
    if (!proposal) throw notFound(`Could not find earnings proposal ${id}`);
    if (proposal.status === 'approved' || proposal.status === 'rejected') {
      throw conflict(`This proposal is already ${proposal.status}.`);
    }
    await decideProposal(tx, id, { status: 'rejected', reason, decidedBy: admin.id }, now);
    await recordAction(tx, {
      userId: proposal.userId,
      adminId: admin.id,
      action: 'earnings_proposal_rejected',
      notes: `#${proposal.applicationId} ${monthLabel(monthNumber(proposal.year, proposal.month))}: ${reason}`,
      at: now,
    });
    return { id, status: 'rejected' as const, reason };
  });
}

/** The admin's typed earnings as the month's earnings record (source 'admin'), in the payment's transaction. */
export async function keepTypedEarnings(
  tx: Tx,
  input: {
    applicationId: number;
    userId: number;
    year: number;
    month: number;
    earnings: Decimal;
    paymentId: number;
    payment: string;
    platformFee: string;
    adminId: number;
    now: Date;
  },
) {
  const earnings = toMoneyString(input.earnings);
  await recordTypedEarnings(
    tx,
    {
      applicationId: input.applicationId,
      userId: input.userId,
      year: input.year,
      month: input.month,
      platform: 'admin',
      source: 'admin',
      status: 'approved',
      earningsAmount: earnings,
      originalCurrency: 'ZAR',
      originalAmount: earnings,
      fxRate: null,
      fxDate: null,
      fxSource: null,
      proposedPayment: input.payment,
      proposedFee: input.platformFee,
      parts: [],
      reason: null,
      paymentId: input.paymentId,
      decidedBy: input.adminId,
    },
    input.now,
  );
}

/**
 * The creator's monthly earnings verified from the platforms, as the credit score uses them (docs/credit-scoring.md):
 * the average of the latest approved months read by API, payout-verified or from a verified proof; null without any.
 */
export async function verifiedEarningsFor(db: DbOrTx, userId: number) {
  return verifiedEarningsOf(await verifiedMonthsOf(db, userId, 12));
}
