// Where a loan in arrears stands under the National Credit Act (docs/compliance.md, "Default and enforcement"): the
// section 129 notice goes on the 20th business day in arrears; no enforcement step until 10 business days have
// elapsed since its delivery (s130(1)(a)); the notice before adverse information is reported to a credit bureau goes
// with it, and nothing adverse is reported until 20 business days have elapsed (regulation 19(4)); while the consumer
// is under debt review (s86) nothing is enforced (s88(3)) and no notice goes. Pure: the days come from the caller.
import { addDays, type IsoDate } from '../business-date';
import { addBusinessDays } from '../sa-business-days';
import { NCA_RULES } from './nca-rules';

/** The day `count` business days have fully elapsed after `from`: the next calendar day after the count-th. */
export function afterBusinessDays(from: IsoDate, count: number): IsoDate {
  return addDays(addBusinessDays(from, count), 1);
}

/** The day the section 129 notice is due for arrears from `arrearsFrom` (the oldest unpaid due date). */
export function section129DueOn(arrearsFrom: IsoDate): IsoDate {
  return addBusinessDays(arrearsFrom, NCA_RULES.section129ArrearsBusinessDays.value);
}

/** The first day an enforcement step is allowed after a notice delivered on `deliveredOn`. */
export function enforcementAllowedFrom(deliveredOn: IsoDate): IsoDate {
  return afterBusinessDays(deliveredOn, NCA_RULES.section130WaitBusinessDays.value);
}

/** The first day adverse information may be reported after the bureau notice of `noticeOn`. */
export function adverseListingAllowedFrom(noticeOn: IsoDate): IsoDate {
  return afterBusinessDays(noticeOn, NCA_RULES.bureauNoticeBusinessDays.value);
}

export type NcaStage =
  | 'current'
  | 'in_arrears'
  | 'notice_sent'
  | 'enforceable'
  | 'enforcement_started'
  | 'debt_review';

export interface NcaTimelineInput {
  today: IsoDate;
  /** The oldest unpaid due date of the arrears now; null when the loan is not in arrears. */
  arrearsFrom: IsoDate | null;
  /** The section 129 notice for these arrears: the day it was delivered (e-mailed), and a registered post record. */
  noticeDeliveredOn: IsoDate | null;
  registeredPost: { reference: string; postedOn: IsoDate } | null;
  /** The bureau notice for these arrears. */
  bureauNoticeOn: IsoDate | null;
  enforcementOn: IsoDate | null;
  underDebtReview: boolean;
}

export interface NcaTimeline {
  stage: NcaStage;
  /** In words, for the admin's screens. */
  summary: string;
  arrearsFrom: IsoDate | null;
  noticeDueOn: IsoDate | null;
  noticeDeliveredOn: IsoDate | null;
  registeredPost: { reference: string; postedOn: IsoDate } | null;
  enforcementAllowedFrom: IsoDate | null;
  bureauNoticeOn: IsoDate | null;
  adverseListingAllowedFrom: IsoDate | null;
  enforcementOn: IsoDate | null;
  underDebtReview: boolean;
  /** Whether an enforcement step may be taken today, and if not, why. */
  canEnforce: boolean;
  enforceRefusal: string | null;
}

export function ncaTimeline(input: NcaTimelineInput, formatDay: (day: IsoDate) => string): NcaTimeline {
  const noticeDueOn = input.arrearsFrom ? section129DueOn(input.arrearsFrom) : null;
  const allowedFrom = input.noticeDeliveredOn ? enforcementAllowedFrom(input.noticeDeliveredOn) : null;
  const listableFrom = input.bureauNoticeOn ? adverseListingAllowedFrom(input.bureauNoticeOn) : null;
  let stage: NcaStage;
  let summary: string;
  let enforceRefusal: string | null = null;
  if (input.underDebtReview) {
    stage = 'debt_review';
    summary = 'Under debt review: no notices and no enforcement while it lasts (s86, s88(3)).';
    enforceRefusal =
      'The consumer is under debt review: the agreement cannot be enforced while it lasts (s88(3)).';
  } else if (input.enforcementOn) {
    stage = 'enforcement_started';
    summary = `Enforcement started on ${formatDay(input.enforcementOn)}.`;
    enforceRefusal = `Enforcement already started on ${formatDay(input.enforcementOn)}.`;
  } else if (!input.arrearsFrom) {
    stage = 'current';
    summary = 'Not in arrears: nothing under sections 129-130.';
    enforceRefusal = 'The loan is not in arrears.';
  } else if (!input.noticeDeliveredOn || !allowedFrom) {
    stage = 'in_arrears';
    summary = `In arrears since ${formatDay(input.arrearsFrom)}: the section 129 notice goes on ${formatDay(noticeDueOn!)}.`;
    enforceRefusal = `No section 129 notice has been delivered: it goes on ${formatDay(noticeDueOn!)}, and enforcement waits 10 business days after it (s129(1), s130(1)(a)).`;
  } else if (input.today < allowedFrom) {
    stage = 'notice_sent';
    summary = `Section 129 notice delivered on ${formatDay(input.noticeDeliveredOn)}: no enforcement before ${formatDay(allowedFrom)}.`;
    enforceRefusal = `The section 129 notice was delivered on ${formatDay(input.noticeDeliveredOn)}: no enforcement step before ${formatDay(allowedFrom)} (10 business days, s130(1)(a)).`;
  } else {
    stage = 'enforceable';
    summary = `Section 129 notice delivered on ${formatDay(input.noticeDeliveredOn)}: enforcement allowed since ${formatDay(allowedFrom)}.`;
  }
  return {
    stage,
    summary,
    arrearsFrom: input.arrearsFrom,
    noticeDueOn,
    noticeDeliveredOn: input.noticeDeliveredOn,
    registeredPost: input.registeredPost,
    enforcementAllowedFrom: allowedFrom,
    bureauNoticeOn: input.bureauNoticeOn,
    adverseListingAllowedFrom: listableFrom,
    enforcementOn: input.enforcementOn,
    underDebtReview: input.underDebtReview,
    canEnforce: enforceRefusal === null,
    enforceRefusal,
  };
}
