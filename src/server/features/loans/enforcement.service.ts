// Default, enforcement and debt review under the National Credit Act (docs/compliance.md, "Default and enforcement",
// "Debt review"): where each loan stands on the section 129-130 timeline, the admin's records (a notice sent again by
// registered post, an enforcement step, a debt counsellor's Form 17.1 notice, its end), each in one transaction with
// the application's row locked and an audit row. An enforcement step is refused until the Act allows it.
import { businessDate, type IsoDate } from '../../../shared/business-date';
import type { NcaEventKind } from '../../../shared/compliance/nca-events';
import { ncaTimeline } from '../../../shared/compliance/nca-timeline';
import { formatDateInWords } from '../../../shared/format';
import type {
  DebtReviewEndInput,
  DebtReviewInput,
  EnforcementInput,
  NcaPosition,
  RegisteredPostInput,
} from '../../../shared/schemas/compliance';
import { baseStatus, isTestingStatus, PAID_OUT_STATUSES } from '../../../shared/status-machine';
import type { DbOrTx } from '../../db/client';
import type { Deps } from '../../lib/deps';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { recordAction } from '../audit/audit.repository';
import { insertNcaEvent, type NcaEventRow, ncaEventsOf } from '../nca/nca-events.repository';
import type { SessionUser } from '../sessions/sessions.service';
import { findApplicationRow, findScheduleByApplication, lockApplication } from './applications.repository';

/** Loans the Act's timeline is about: paid out, not a rehearsal. */
const LOAN_STATUSES = new Set<string>(PAID_OUT_STATUSES);

const arrearsOf = (event: NcaEventRow) => (event.details as { arrearsFrom?: string }).arrearsFrom ?? null;

function latest(events: NcaEventRow[], kind: NcaEventKind, arrearsFrom?: string | null) {
  return events
    .filter((e) => e.kind === kind && (arrearsFrom === undefined || arrearsOf(e) === arrearsFrom))
    .at(-1);
}

/** Whether the latest debt counsellor's notice has not been followed by its end. */
export function debtReviewOpen(events: NcaEventRow[]): NcaEventRow | undefined {
  const review = latest(events, 'debt_review');
  const ended = latest(events, 'debt_review_ended');
  return review && (!ended || ended.id < review.id) ? review : undefined;
}

async function positionFrom(db: DbOrTx, applicationId: number, today: IsoDate): Promise<NcaPosition> {
  const schedule = await findScheduleByApplication(db, applicationId);
  const events = await ncaEventsOf(db, applicationId);
  // The schedule keeps the due date its arrears count from even before that day comes (docs/lending.md): the loan is
  // in arrears only on a day after it, as days past due count.
  const lateFrom = (schedule?.arrearsFrom as IsoDate | null | undefined) ?? null;
  const arrearsFrom = lateFrom !== null && lateFrom < today ? lateFrom : null;
  const notice = arrearsFrom ? latest(events, 's129_notice', arrearsFrom) : undefined;
  const post = arrearsFrom ? latest(events, 's129_registered_post', arrearsFrom) : undefined;
  const bureau = arrearsFrom ? latest(events, 'bureau_adverse_notice', arrearsFrom) : undefined;
  const enforcement = arrearsFrom ? latest(events, 'enforcement', arrearsFrom) : undefined;
  const review = debtReviewOpen(events);
  const timeline = ncaTimeline(
    {
      today,
      arrearsFrom,
      noticeDeliveredOn: (notice?.occurredOn as IsoDate | undefined) ?? null,
      registeredPost: post
        ? { reference: String(post.details.reference), postedOn: post.occurredOn as IsoDate }
        : null,
      bureauNoticeOn: (bureau?.occurredOn as IsoDate | undefined) ?? null,
      enforcementOn: (enforcement?.occurredOn as IsoDate | undefined) ?? null,
      underDebtReview: review !== undefined,
    },
    formatDateInWords,
  );
  return {
    timeline,
    debtReview: review
      ? {
          since: review.occurredOn,
          counsellorName: String(review.details.counsellorName ?? ''),
          counsellorNcrNumber: String(review.details.counsellorNcrNumber ?? ''),
          reference: String(review.details.reference ?? ''),
        }
      : null,
    events: events.map((e) => ({
      id: e.id,
      kind: e.kind as NcaEventKind,
      occurredOn: e.occurredOn,
      byAdmin: e.recordedBy !== null,
      details: e.details,
    })),
  };
}

async function loanOrNotFound(db: DbOrTx, applicationId: number, lock: boolean) {
  const app = lock ? await lockApplication(db, applicationId) : await findApplicationRow(db, applicationId);
  if (!app || isTestingStatus(app.status))
    throw notFound(`Could not find application with ID ${applicationId}`);
  if (!LOAN_STATUSES.has(baseStatus(app.status))) {
    throw conflict('Only a loan that has been paid out has a record under the National Credit Act.');
  }
  return app;
}

/** GET /api/admin/applications/{id}/nca: where the loan stands, and everything recorded. */
export async function ncaPositionFor({ db, clock }: Deps, applicationId: number): Promise<NcaPosition> {
  await loanOrNotFound(db, applicationId, false);
  return positionFrom(db, applicationId, businessDate(clock.now()));
}

/** One admin record about a loan: locked, checked against where it stands, recorded with its audit row. */
async function recordFor(
  { db, clock }: Deps,
  admin: SessionUser,
  applicationId: number,
  decide: (
    position: NcaPosition,
    today: IsoDate,
  ) => { kind: NcaEventKind; occurredOn: IsoDate; details: Record<string, unknown>; note: string },
): Promise<NcaPosition> {
  const now = clock.now();
  const today = businessDate(now);
  return db.transaction(async (tx) => {
    const app = await loanOrNotFound(tx, applicationId, true);
    const event = decide(await positionFrom(tx, applicationId, today), today);
    await insertNcaEvent(tx, { applicationId, ...event, recordedBy: admin.id, at: now });
    await recordAction(tx, {
      userId: app.userId,
      adminId: admin.id,
      action: `nca_${event.kind}`,
      notes: `#${applicationId}: ${event.note}`,
      at: now,
    });
    return positionFrom(tx, applicationId, today);
  });
}

function notAfterToday(day: IsoDate, today: IsoDate, field: string) {
  if (day > today) {
    const message = 'The date cannot be in the future.';
    throw badRequest(message, { [field]: [message] });
  }
}

/** The section 129 notice sent again by registered post, with the Post Office's reference. */
export function recordRegisteredPost(deps: Deps, admin: SessionUser, id: number, input: RegisteredPostInput) {
  return recordFor(deps, admin, id, ({ timeline }, today) => {
    if (!timeline.noticeDeliveredOn || !timeline.arrearsFrom) {
      throw conflict('No section 129 notice has been sent for the arrears now: there is nothing to post.');
    }
    notAfterToday(input.postedOn, today, 'postedOn');
    if (input.postedOn < timeline.noticeDeliveredOn) {
      const message = `The notice was sent on ${formatDateInWords(timeline.noticeDeliveredOn)}: it cannot have been posted before.`;
      throw badRequest(message, { postedOn: [message] });
    }
    return {
      kind: 's129_registered_post',
      occurredOn: input.postedOn,
      details: { reference: input.reference, arrearsFrom: timeline.arrearsFrom },
      note: `section 129 notice sent by registered post on ${input.postedOn}, reference ${input.reference}`,
    };
  });
}

const STEP_WORDS = { collections: 'handed over to collections', legal: 'handed over to legal' } as const;

/** An enforcement step: refused (409, with the reason) until the Act allows it. */
export function recordEnforcement(deps: Deps, admin: SessionUser, id: number, input: EnforcementInput) {
  return recordFor(deps, admin, id, ({ timeline }, today) => {
    if (!timeline.canEnforce) throw conflict(timeline.enforceRefusal ?? 'The loan cannot be enforced.');
    return {
      kind: 'enforcement',
      occurredOn: today,
      details: { step: input.step, note: input.note ?? null, arrearsFrom: timeline.arrearsFrom },
      note: `${STEP_WORDS[input.step]}${input.note ? `: ${input.note}` : ''}`,
    };
  });
}

/** A debt counsellor's notice (Form 17.1) that the consumer applied for debt review: the loan is under review. */
export function recordDebtReview(deps: Deps, admin: SessionUser, id: number, input: DebtReviewInput) {
  return recordFor(deps, admin, id, ({ debtReview }, today) => {
    if (debtReview) {
      throw conflict(`The loan is already under debt review since ${formatDateInWords(debtReview.since)}.`);
    }
    notAfterToday(input.noticeDate, today, 'noticeDate');
    return {
      kind: 'debt_review',
      occurredOn: input.noticeDate,
      details: {
        counsellorName: input.counsellorName,
        counsellorNcrNumber: input.counsellorNcrNumber,
        reference: input.reference,
      },
      note: `under debt review (Form 17.1 of ${input.noticeDate} from ${input.counsellorName}, ${input.counsellorNcrNumber}, reference ${input.reference})`,
    };
  });
}

/** Debt review ended: notices and enforcement follow the agreement again. */
export function endDebtReview(deps: Deps, admin: SessionUser, id: number, input: DebtReviewEndInput) {
  return recordFor(deps, admin, id, ({ debtReview }, today) => {
    if (!debtReview) throw conflict('The loan is not under debt review.');
    return {
      kind: 'debt_review_ended',
      occurredOn: today,
      details: { reason: input.reason },
      note: `debt review ended: ${input.reason}`,
    };
  });
}
