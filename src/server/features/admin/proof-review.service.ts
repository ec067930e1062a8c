// An admin's review of a creator's proof of earnings (docs/credit-scoring.md 2): until verified, a
// self-declared platform adds at most one point to a score. The decision is kept on the file, copied into every
// application that cites it, and the applications still open to a decision are scored again, all in one
// transaction with an audit row naming the admin.

import { businessDate } from '../../../shared/business-date';
import type { ProofReviewDecision } from '../../../shared/schemas/admin-applications';
import { baseStatus } from '../../../shared/status-machine';
import type { Deps } from '../../lib/deps';
import { notFound } from '../../lib/errors';
import { scoreApplication } from '../applications/applications.service';
import { recordAction } from '../audit/audit.repository';
import { verifiedEarningsFor } from '../earnings/earnings-review.service';
import {
  type ApplicationChanges,
  lockApplicationsCitingProof,
  repaymentRecordsOf,
  updateApplication,
} from '../loans';
import { connectableForScore } from '../platforms/platforms.service';
import { lockProofFile, setProofReview } from '../platforms/proof-files.repository';
import type { SessionUser } from '../sessions/sessions.service';
import { findUserById } from '../users/users.repository';

/** A score may change only before the terms are set: the price of an active loan never moves. */
const RESCORED_STATUSES = new Set(['pending_review', 'approved']);

export async function reviewProofFile(
  { db, clock, config }: Deps,
  admin: SessionUser,
  id: number,
  decision: ProofReviewDecision,
  reason?: string,
) {
  const now = clock.now();
  return db.transaction(async (tx) => {
    const file = await lockProofFile(tx, id);
    if (!file) throw notFound(`Could not find proof file ${id}`);
    const reviewReason = decision === 'rejected' ? (reason ?? null) : null;
    await setProofReview(tx, id, {
      reviewStatus: decision,
      reviewedBy: admin.id,
      reviewedAt: now,
      reviewReason,
    });

    const owner = await findUserById(tx, file.userId);
    const citing = await lockApplicationsCitingProof(tx, file.userId, id);

    const rescored: string[] = [];
    for (const app of citing) {
      const manualPlatforms = app.manualPlatforms.map((m) =>
        m.proofFileId === id ? { ...m, proofStatus: decision } : m,
      );
      const change: ApplicationChanges = { manualPlatforms };
      if (owner && RESCORED_STATUSES.has(baseStatus(app.status))) {
        const score = scoreApplication({ ...app, manualPlatforms }, owner, {
          verifiedEarnings: await verifiedEarningsFor(tx, owner.id),
          connectable: connectableForScore(config),
          repaymentHistory: await repaymentRecordsOf(tx, owner.id, businessDate(now)),
        });
        change.creditScore = score.total;
        change.creditScoreBreakdown = score;
        rescored.push(`#${app.id} ${app.creditScore ?? '-'} → ${score.total}`);
      }
      await updateApplication(tx, app.id, change, now);
    }

    await recordAction(tx, {
      userId: file.userId,
      adminId: admin.id,
      action: decision === 'verified' ? 'proof_verified' : 'proof_rejected',
      notes: `Proof of earnings #${id} (${file.originalName}) ${decision}${reviewReason ? ` (${reviewReason})` : ''}. ${
        rescored.length > 0
          ? `Score: ${rescored.join(', ')}`
          : 'No application open to a decision was rescored'
      }`,
      at: now,
    });
    return {
      id,
      reviewStatus: decision,
      reviewedAt: now.toISOString(),
      reviewReason,
      rescoredApplications: rescored.length,
    };
  });
}
