// The application lifecycle: every status change with money or audit behind it, in one place. Each change runs
// in one transaction with the application row (and the schedule row, where money moves) locked, checks the
// status machine (src/shared/status-machine.ts) for its actor, and writes its audit row, and its ledger journal
// where money moves, in that transaction (recordRepayment in the caller's, which may also hold an
// Idempotency-Key answer or a settlement quote):
//   (contract.service.ts)    offers, acceptance and the payout that starts a loan: approved -> offered -> accepted -> active
//   cancelApplication        under review / approved -> cancelled, by the creator or an admin
//   updateApplicationByAdmin the admin's review (approve, reject, test application) and edits
//   (repayments.service.ts)  a payment, the one place a balance falls (completion, cure of a default); cash of a
//                            fixed amount (a bank line, suspense) split into a repayment and its fee
//   restructureLoan          renegotiation of an eligible loan (a defaulted one returns to active)
//   reviewLoans              the loan review job: defaults, cures, renegotiation eligibility
// Callers (the applications, admin, lending and servicing services) validate their input and shape the answer;
// `view` turns the application as stored after the change into the caller's answer, inside the transaction.
// The rules are in docs/lending.md; "now" always comes from the injected clock.
// The creator's e-mail notices (decisions, cancellation, plan, receipt, paid-up letter, restructure, default) go
// to the outbox in the same transactions (features/notices, docs/notices.md).

import Decimal from 'decimal.js';
import type { z } from 'zod';
import { addDays, businessDate, type IsoDate, minDate } from '../../../shared/business-date';
import { lawfulFeeRate } from '../../../shared/compliance/lawful-pricing';
import { endsProbation, onTimeInARow } from '../../../shared/finance/forbearance';
import {
  asScheduleFrequency,
  DEFAULT_AFTER_DAYS,
  dueOnBusinessDays,
  outstandingOf,
  planRestructure,
  remainingMonthsFor,
  SHORTFALLS_FOR_RENEGOTIATION,
} from '../../../shared/finance/instalments';
import { toMoneyString } from '../../../shared/finance/money';
import { formatDate as day, formatDate, formatZarWhole } from '../../../shared/format';
import type { adminApplicationPatchSchema } from '../../../shared/schemas/admin-applications';
import {
  baseStatus,
  canTransition,
  isTestingStatus,
  sameWorld,
  statusLabel,
} from '../../../shared/status-machine';
import type { Db, DbOrTx } from '../../db/client';
import type { RepaymentInstalment } from '../../db/types';
import type { Clock } from '../../lib/clock';
import type { Deps } from '../../lib/deps';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { recordAction } from '../audit/audit.repository';
import { insertNcaEvent, ncaEventsOf } from '../nca/nca-events.repository';
import {
  noticeCancelled,
  noticeDecision,
  noticeDefault,
  noticeRestructure,
} from '../notices/notices.service';
import type { SessionUser } from '../sessions/sessions.service';
import {
  assessAmount,
  bureauForApproval,
  bureauSubjectOf,
  unaffordableMessage,
} from './affordability.service';
import {
  type ApplicationChanges,
  type ApplicationRecord,
  findApplicationRow,
  loadApplications,
  lockApplication,
  updateApplication,
} from './applications.repository';
import { closeOpenQuotes } from './credit-quotes.repository';
import { debtReviewOpen } from './enforcement.service';
import {
  asBalance,
  describeInstalments,
  money,
  SERVICED_STATUSES,
  scheduleDates,
  shortfallsOf,
} from './loan-position';
import {
  activeLoansPastDueBefore,
  closeInstalmentAtPaid,
  defaultedLoansUpToDate,
  insertInstalments,
  insertRestructure,
  instalmentsOf,
  instalmentsWithPaidOn,
  loansInArrearsNotYetRenegotiable,
  loansInProbation,
  lockScheduleByApplication,
  restructuresOf,
  updateSchedule,
  voidInstalments,
} from './servicing.repository';

/** Who asks for a change: the creator (for their own application only) or an admin. */
export type LifecycleActor = { kind: 'creator'; user: SessionUser } | { kind: 'admin'; admin: SessionUser };

/** Turns the application as stored after a change into the caller's answer (API or admin shape). */
export type ApplicationView<T> = (app: ApplicationRecord, today: IsoDate) => T;

/** The application with its schedule, payments and instalments, read in the change's transaction. */
export async function loadRecord(tx: DbOrTx, id: number): Promise<ApplicationRecord> {
  const [record] = await loadApplications(tx, { ids: [id] });
  if (!record) throw notFound(`Could not find application with ID ${id}`);
  return record;
}

// ---------------------------------------------------------------------------------------------------------
// Cancellation, by the creator or an admin

/** under review / approved (or their test versions) -> cancelled, with the reason and an audit row. */
export async function cancelApplication<T>(
  { db, clock }: Deps,
  actor: LifecycleActor,
  id: number,
  reason: string,
  view: ApplicationView<T>,
): Promise<T> {
  const now = clock.now();
  return db.transaction(async (tx) => {
    const app = await lockApplication(tx, id);
    if (!app || (actor.kind === 'creator' && app.userId !== actor.user.id)) {
      throw notFound(`Could not find application with ID ${id}`);
    }
    const target = sameWorld(app.status, 'cancelled');
    if (!canTransition(app.status, target, actor.kind)) {
      throw conflict(
        actor.kind === 'creator'
          ? 'Only applications under review or approved can be cancelled.'
          : 'Only applications under review or approved (or their test versions) can be cancelled.',
      );
    }
    await updateApplication(tx, id, { status: target, cancellationReason: reason }, now);
    await recordAction(tx, {
      userId: app.userId,
      adminId: actor.kind === 'admin' ? actor.admin.id : null,
      action: 'application_cancelled',
      notes: `#${id}: ${reason}`,
      at: now,
    });
    await noticeCancelled(tx, { ...app, status: target, cancellationReason: reason }, actor.kind, now);
    return view(await loadRecord(tx, id), businessDate(now));
  });
}

// ---------------------------------------------------------------------------------------------------------
// The admin's review

export const REJECTION_REASON_REQUIRED =
  'Write the reason for the creator: they see it with their application.';

/**
 * The admin's review and edit of an application: make it a test application, move it along the status machine
 * (a rejection with its reason for the creator; activation only with a schedule), edit amount, period, score
 * and notes. One transaction with the row locked and one audit row.
 */
/** The bureau's finding an approval of this application relies on (an unknown id answers nothing: the 404 follows). */
async function approvalBureau(db: Db, config: Deps['config'], id: number, now: Date) {
  const app = await findApplicationRow(db, id);
  if (!app) return { finding: null, note: null };
  return bureauForApproval(config, app.affordability ?? null, bureauSubjectOf(app), now);
}

export async function updateApplicationByAdmin<T>(
  { db, clock, config }: Deps,
  admin: SessionUser,
  id: number,
  input: z.output<typeof adminApplicationPatchSchema>,
  view: ApplicationView<T>,
): Promise<T> {
  const now = clock.now();
  // An approval's bureau enquiry, when it needs a new one, is made before the row is locked: a slow bureau never
  // holds the lock (the application read here is read again under it).
  const bureau =
    input.status && baseStatus(input.status) === 'approved'
      ? await approvalBureau(db, config, id, now)
      : { finding: null, note: null };
  return db.transaction(async (tx) => {
    const app = await lockApplication(tx, id);
    if (!app) throw notFound(`Could not find application with ID ${id}`);
    const changes: ApplicationChanges = {};
    const notes: string[] = [];
    if (input.testing === true && !isTestingStatus(app.status)) {
      // One way only, and only before money could move: a rehearsal never becomes a real loan (decision 008).
      if (app.status !== 'pending_review' || input.status) {
        throw conflict('Only an application under review can be made a test application, on its own.');
      }
      if (app.topUpOfApplicationId !== null) {
        throw conflict('A top-up settles a real loan: it cannot be made a test application.');
      }
      changes.status = 'pending_review_testing';
      notes.push('marked as a test application');
    } else if (input.testing === false && isTestingStatus(app.status)) {
      throw conflict('A test application stays a test application.');
    }
    if (input.status && input.status !== baseStatus(app.status)) {
      const target = sameWorld(app.status, input.status);
      if (!canTransition(app.status, target, 'admin')) {
        throw conflict(`An application cannot go from ${app.status} to ${target}.`);
      }
      if (baseStatus(target) === 'active') {
        throw conflict('A loan starts when its payout is recorded, not by a status change.');
      }
      changes.status = target;
      notes.push(`status ${statusLabel(app.status)} → ${statusLabel(target)}`);
      // Approval grants an amount, up to the one requested: the amount financed (docs/lending.md, "Approval and
      // payout"). Taking an approval back clears it and closes the plans and offers made on it.
      if (baseStatus(target) === 'approved') {
        // An offer withdrawn (offered -> approved) keeps the amount approved unless a new one is given.
        const withdrawingOffer = baseStatus(app.status) === 'offered';
        const approved =
          input.approvedAmount ??
          Number(withdrawingOffer && app.approvedAmount !== null ? app.approvedAmount : app.requestedAmount);
        if (new Decimal(approved).gt(app.requestedAmount)) {
          const message = `The approved amount cannot be more than the ${formatZarWhole(app.requestedAmount)} requested.`;
          throw badRequest(message, { approvedAmount: [message] });
        }
        changes.approvedAmount = String(approved);
        notes.push(`approved for ${formatZarWhole(approved)} of ${formatZarWhole(app.requestedAmount)}`);
        // The affordability assessment of the amount approved, kept with the application (docs/compliance.md).
        // Credit the consumer cannot afford is reckless (s80, s83): an approval that fails is refused, naming the
        // largest amount that fits, so the admin can approve that instead.
        const { assessment, largestAffordable } = await assessAmount(tx, config, app, approved, now, bureau);
        if (!assessment.passes) {
          const message = unaffordableMessage(approved, assessment.reason, largestAffordable);
          throw badRequest(message, { approvedAmount: [message] });
        }
        changes.affordability = assessment;
        notes.push(`affordability: ${assessment.passes ? 'passes' : 'fails'} (${assessment.reason})`);
        if (withdrawingOffer) {
          await closeOpenQuotes(tx, id, 'withdrawn');
          notes.push('the open offer withdrawn');
        }
      } else if (['approved', 'offered', 'accepted'].includes(baseStatus(app.status))) {
        changes.approvedAmount = null;
        await closeOpenQuotes(tx, id, 'withdrawn');
      }
      // A rejection tells the creator why, in words written for them; leaving 'rejected' clears it.
      if (baseStatus(target) === 'rejected') {
        if (!input.rejectionReason) {
          throw badRequest(REJECTION_REASON_REQUIRED, { rejectionReason: [REJECTION_REASON_REQUIRED] });
        }
        changes.rejectionReason = input.rejectionReason;
        changes.rejectedAt = now;
        notes.push(`reason for the creator: ${input.rejectionReason}`);
      } else {
        changes.rejectionReason = null;
        changes.rejectedAt = null;
      }
    } else if (input.rejectionReason !== undefined) {
      if (baseStatus(app.status) !== 'rejected') {
        throw badRequest('A reason for the creator goes with a rejection.', {
          rejectionReason: ['A reason for the creator goes with a rejection.'],
        });
      }
      changes.rejectionReason = input.rejectionReason;
      notes.push(`reason for the creator: ${input.rejectionReason}`);
    }
    if (input.approvedAmount !== undefined && baseStatus(changes.status ?? app.status) !== 'approved') {
      const message = 'An approved amount goes with an approval.';
      throw badRequest(message, { approvedAmount: [message] });
    }
    if (input.approvedAmount !== undefined && !changes.status) {
      throw conflict('The approved amount is set when the application is approved.');
    }
    if (input.requestedAmount !== undefined || input.estimatedPeriod !== undefined) {
      if (baseStatus(app.status) !== 'pending_review') {
        throw conflict('Amount and period can be edited only while the application is under review.');
      }
      if (input.requestedAmount !== undefined) {
        changes.requestedAmount = String(input.requestedAmount);
        changes.amount = String(input.requestedAmount);
        notes.push(
          `amount ${formatZarWhole(app.requestedAmount)} → ${formatZarWhole(input.requestedAmount)}`,
        );
      }
      if (input.estimatedPeriod !== undefined) {
        changes.estimatedPeriod = input.estimatedPeriod;
        notes.push(`period → ${input.estimatedPeriod} months`);
      }
    }
    if (input.creditScore !== undefined) {
      changes.creditScore = input.creditScore;
      notes.push(`score ${app.creditScore} → ${input.creditScore} (manual)`);
    }
    // A note sent with a status (the client's 'Status updated by admin') goes to the audit log only, so
    // picking a status never overwrites the notes an admin saved with 'Save Changes' (decision 008).
    if (input.notes !== undefined && input.status === undefined) changes.notes = input.notes;
    if (Object.keys(changes).length > 0) await updateApplication(tx, id, changes, now);
    if (changes.status) await noticeDecision(tx, { ...app, ...changes }, app.status, now);
    await recordAction(tx, {
      userId: app.userId,
      adminId: admin.id,
      action: 'application_updated',
      notes: `#${id}: ${[...notes, input.notes ? `note: ${input.notes}` : ''].filter(Boolean).join('; ') || 'no change'}`,
      at: now,
    });
    return view(await loadRecord(tx, id), businessDate(now));
  });
}

// ---------------------------------------------------------------------------------------------------------
// Renegotiation

/**
 * Restructures a loan that three consecutive shortfalls made eligible for renegotiation: the remaining
 * balance over a new period from today, at no extra cost. Paid instalments stay; instalments with part
 * paid are closed at what was paid; unpaid ones are replaced. The ledger does not change (the balance is
 * the same); a defaulted loan that is now up to date returns to active.
 */
/** An instalment a restructure keeps: paid, or with something paid on it (closed at that). The rest are replaced. */
const keptByRestructure = (i: RepaymentInstalment, today: IsoDate) =>
  (outstandingOf(i).lte(0) && i.dueDate <= today) || new Decimal(i.amountPaid).gt(0);

export async function restructureLoan(
  { db, clock }: Deps,
  admin: SessionUser,
  applicationId: number,
  months: number,
  /**
   * A debt review's restructuring order (s86(7)(c), s87; docs/compliance.md, "Debt review"): the loan must be under
   * debt review, needs no renegotiation eligibility, and the order is recorded with the new instalments.
   */
  order?: { reference: string; madeOn: IsoDate },
) {
  const now = clock.now();
  const today = businessDate(now);
  return db.transaction(async (tx) => {
    const app = await lockApplication(tx, applicationId);
    if (!app) throw notFound(`Could not find application with ID ${applicationId}`);
    const schedule = await lockScheduleByApplication(tx, applicationId);
    if (!schedule || !SERVICED_STATUSES.includes(baseStatus(app.status))) {
      throw conflict('Only financing that is being repaid can be restructured.');
    }
    if (order) {
      if (!debtReviewOpen(await ncaEventsOf(tx, applicationId))) {
        throw conflict('A restructuring order is recorded only for a loan under debt review.');
      }
      if (order.madeOn > today) {
        const message = 'The date cannot be in the future.';
        throw badRequest(message, { orderDate: [message] });
      }
    } else if (!schedule.renegotiationEligibleAt) {
      throw conflict(
        `This loan is not eligible for renegotiation: that takes ${SHORTFALLS_FOR_RENEGOTIATION} consecutive shortfall months.`,
      );
    }
    const remaining = new Decimal(schedule.remainingAmount);
    const frequency = asScheduleFrequency(schedule.frequency);
    const instalments = await instalmentsOf(tx, schedule.id);
    const businessDaysOnly = dueOnBusinessDays(schedule.paymentMethod);
    const plan = planRestructure({
      remaining,
      frequency,
      months,
      start: today,
      // Numbers run on from the instalments that stay (paid, or closed at what was paid): 1-4 then 5-10.
      firstNumber:
        Math.max(0, ...instalments.filter((i) => keptByRestructure(i, today)).map((i) => i.number)) + 1,
      businessDaysOnly,
    });
    if (!plan) {
      let most = months - 1;
      while (most > 1 && !planRestructure({ remaining, frequency, months: most, start: today })) most--;
      throw badRequest(
        `${money(remaining)} cannot be spread over ${months} months in instalments of whole cents; choose ${most} months or fewer.`,
        { estimatedPeriod: [`Choose ${most} months or fewer`] },
      );
    }
    const { instalment, planned } = plan;
    const unpaid: number[] = [];
    for (const i of instalments) {
      const open = outstandingOf(i).gt(0);
      if (!open && i.dueDate <= today) continue;
      if (new Decimal(i.amountPaid).gt(0))
        await closeInstalmentAtPaid(tx, i.id, minDate(i.dueDate, today), now);
      else unpaid.push(i.id);
    }
    // The open instalments are replaced, not deleted: voided, and shown in the statement's history.
    await voidInstalments(tx, unpaid, today, now);
    await insertInstalments(tx, schedule.id, planned, now);
    const cured = baseStatus(app.status) === 'defaulted';
    const restructureId = await insertRestructure(tx, {
      scheduleId: schedule.id,
      restructuredOn: today,
      balance: toMoneyString(remaining),
      months,
      instalmentAmount: toMoneyString(instalment),
      firstNumber: planned[0]!.number,
      lastNumber: planned.at(-1)!.number,
      previousInstalmentAmount: schedule.installmentAmount,
      previousEndDate: schedule.endDate,
      replacedCount: unpaid.length,
      wasDefaulted: cured,
      createdBy: admin.id,
      createdAt: now,
    });
    await updateSchedule(
      tx,
      schedule.id,
      {
        installmentAmount: toMoneyString(instalment),
        // A larger instalment keeps its fee within the R60 monthly service-fee ceiling (docs/compliance.md).
        platformFeeRate: lawfulFeeRate(schedule.platformFeeRate, instalment, frequency).toFixed(2),
        endDate: planned.at(-1)!.dueDate,
        ...scheduleDates(schedule, (await instalmentsOf(tx, schedule.id)).map(asBalance)),
        estimatedPeriod: months,
        estimatedRemainingDuration: remainingMonthsFor(planned.length, frequency),
        restructuredOn: today,
        renegotiationEligibleAt: null,
        status: 'active',
        // Forborne: in probation until three instalments of the new plan in a row are paid on time.
        forbearance: 'probation',
        forbearanceCuredOn: null,
      },
      now,
    );
    if (cured) await updateApplication(tx, app.id, { status: sameWorld(app.status, 'active') }, now);
    await recordAction(tx, {
      userId: app.userId,
      adminId: admin.id,
      action: 'loan_restructured',
      notes: `#${app.id}: remaining ${money(remaining)} over ${months} months, ${planned.length} instalments of ${money(instalment)} from ${day(planned[0]!.dueDate)}; no extra cost${cured ? '; back to active' : ''}${order ? `; debt review order ${order.reference} of ${formatDate(order.madeOn)}` : ''}`,
      at: now,
    });
    if (order) {
      await insertNcaEvent(tx, {
        applicationId,
        kind: 'debt_review_order',
        occurredOn: order.madeOn,
        recordedBy: admin.id,
        details: {
          reference: order.reference,
          months,
          instalmentAmount: toMoneyString(instalment),
          instalments: planned.length,
          firstDueDate: planned[0]!.dueDate,
        },
        at: now,
      });
    }
    // The new terms, a legal notice (docs/notices.md).
    await noticeRestructure(tx, {
      app,
      schedule,
      planned,
      balance: toMoneyString(remaining),
      installmentAmount: toMoneyString(instalment),
      months,
      backToActive: cured,
      restructureId,
      now,
    });
    return {
      instalments: planned.length,
      installmentAmount: toMoneyString(instalment),
      nextPaymentDate: planned[0]!.dueDate,
    };
  });
}

// ---------------------------------------------------------------------------------------------------------
// The loan review (a job under a lock): defaults, cures, renegotiation eligibility

/**
 * Marks loans defaulted whose oldest unpaid instalment is more than 90 days overdue; returns defaulted
 * loans that are up to date again to active; marks loans with three consecutive shortfall periods eligible
 * for renegotiation. Each change in its own transaction with the loan locked, each audited.
 */
export async function reviewLoans(db: Db, clock: Clock) {
  const now = clock.now();
  const today = businessDate(now);
  const result = {
    defaulted: [] as number[],
    cured: [] as number[],
    renegotiable: [] as number[],
    probationEnded: [] as number[],
  };

  for (const id of await activeLoansPastDueBefore(db, addDays(today, -DEFAULT_AFTER_DAYS))) {
    await db.transaction(async (tx) => {
      const app = await lockApplication(tx, id);
      const schedule = await lockScheduleByApplication(tx, id);
      if (!app || !schedule?.arrearsFrom || baseStatus(app.status) !== 'active') return;
      const { position } = describeInstalments(schedule, await instalmentsOf(tx, schedule.id), today);
      if (position.daysPastDue <= DEFAULT_AFTER_DAYS) return;
      const target = sameWorld(app.status, 'defaulted');
      if (!canTransition(app.status, target, 'system')) return;
      await updateApplication(tx, id, { status: target }, now);
      // The first default stays on the schedule: "ever defaulted", by payout cohort.
      await updateSchedule(
        tx,
        schedule.id,
        { status: 'defaulted', defaultedOn: schedule.defaultedOn ?? today },
        now,
      );
      await recordAction(tx, {
        userId: app.userId,
        action: 'application_defaulted',
        notes: `#${id}: late since the instalment due ${day(schedule.arrearsFrom)}, ${position.daysPastDue} days past due, ${money(position.amountOverdue)} overdue`,
        at: now,
      });
      await noticeDefault(tx, { app, position, balance: schedule.remainingAmount, now });
      result.defaulted.push(id);
    });
  }

  for (const id of await defaultedLoansUpToDate(db, today)) {
    await db.transaction(async (tx) => {
      const app = await lockApplication(tx, id);
      const schedule = await lockScheduleByApplication(tx, id);
      if (!app || !schedule || baseStatus(app.status) !== 'defaulted') return;
      const { position } = describeInstalments(schedule, await instalmentsOf(tx, schedule.id), today);
      if (position.daysPastDue > 0 || new Decimal(schedule.remainingAmount).isZero()) return;
      await updateApplication(tx, id, { status: sameWorld(app.status, 'active') }, now);
      await updateSchedule(tx, schedule.id, { status: 'active' }, now);
      await recordAction(tx, {
        userId: app.userId,
        action: 'loan_cured',
        notes: `#${id}: up to date, back to active`,
        at: now,
      });
      result.cured.push(id);
    });
  }

  // Three consecutive short periods leave the loan in arrears, so only loans in arrears are read.
  for (const id of await loansInArrearsNotYetRenegotiable(db, today)) {
    await db.transaction(async (tx) => {
      const app = await lockApplication(tx, id);
      const schedule = await lockScheduleByApplication(tx, id);
      if (!app || !schedule || schedule.renegotiationEligibleAt) return;
      const runs = await shortfallsOf(tx, schedule, await instalmentsOf(tx, schedule.id), today);
      if (runs.longest < SHORTFALLS_FOR_RENEGOTIATION) return;
      await updateSchedule(tx, schedule.id, { renegotiationEligibleAt: now }, now);
      const last = runs.periods.filter((p) => p.short).at(-1);
      await recordAction(tx, {
        userId: app.userId,
        action: 'renegotiation_eligible',
        notes: `#${id}: ${runs.longest} consecutive shortfall months (latest ending ${day(last?.to ?? today)})`,
        at: now,
      });
      result.renegotiable.push(id);
    });
  }
  // Forborne loans in probation: cured once three instalments of the new plan in a row were paid on time.
  for (const id of await loansInProbation(db)) {
    await db.transaction(async (tx) => {
      const app = await lockApplication(tx, id);
      const schedule = await lockScheduleByApplication(tx, id);
      if (!app || !schedule || schedule.forbearance !== 'probation') return;
      const last = (await restructuresOf(tx, schedule.id)).at(-1);
      if (!last) return;
      const lines = await instalmentsWithPaidOn(tx, schedule.id);
      const run = onTimeInARow(
        lines.map((l) => ({
          number: l.number,
          dueDate: l.due_date,
          amountDue: l.amount_due,
          amountPaid: l.amount_paid,
          amountRebated: l.amount_rebated,
          paidOn: l.paid_on,
        })),
        last.firstNumber,
        today,
      );
      if (!endsProbation(run)) return;
      await updateSchedule(tx, schedule.id, { forbearance: 'cured', forbearanceCuredOn: today }, now);
      await recordAction(tx, {
        userId: app.userId,
        action: 'forbearance_cured',
        notes: `#${id}: ${run} instalments of the plan restructured on ${day(last.restructuredOn)} paid on time in a row: out of probation`,
        at: now,
      });
      result.probationEnded.push(id);
    });
  }
  return result;
}
