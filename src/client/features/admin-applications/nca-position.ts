// Where a loan stands under the National Credit Act, in words for the admin's Application Details (docs/compliance.md,
// "Default and enforcement", "Debt review"): the stage as a badge, the timeline's days as rows, and which of the
// admin's records can be made now. Pure: every figure is the server's (GET /api/admin/applications/{id}/nca).
import type { NcaPosition } from '../../../shared/schemas/compliance';
import { PAID_OUT_STATUSES } from '../../../shared/status-machine';
import { formatDateInWords } from '../../lib/format';

type NcaStage = NcaPosition['timeline']['stage'];

/** The loans the Act's record is about: paid out (the server answers 409 for any other). */
const PAID_OUT = new Set<string>(PAID_OUT_STATUSES);
/** Loans still being repaid: the admin's records are about these. */
const BEING_REPAID = new Set(['active', 'defaulted']);

export const hasNcaRecord = (baseStatus: string) => PAID_OUT.has(baseStatus);

export const NCA_STAGE_BADGES: Record<
  NcaStage,
  { label: string; variant: 'secondary' | 'warning' | 'destructive' | 'info' }
> = {
  current: { label: 'Not in arrears', variant: 'secondary' },
  in_arrears: { label: 'In arrears: s129 notice due', variant: 'warning' },
  notice_sent: { label: 'Section 129 notice sent', variant: 'warning' },
  enforceable: { label: 'Enforceable', variant: 'destructive' },
  enforcement_started: { label: 'Handed over', variant: 'destructive' },
  debt_review: { label: 'Under debt review', variant: 'info' },
};

/** Only a loan with something to say under the Act gets a badge in the header. */
export const showsStageBadge = (stage: NcaStage) => stage !== 'current';

interface NcaRow {
  key: string;
  label: string;
  value: string;
  /** A second line under the value (a reference, a counsellor's registration number). */
  detail?: string;
}

type Event = NcaPosition['events'][number];

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value : null);

const STEP_WORDS: Record<string, string> = {
  collections: 'Handed over to collections',
  legal: 'Handed over to legal',
};

/** The latest event of a kind, after the event `after` (by id) when given. */
function latest(events: Event[], kind: Event['kind'], after?: Event): Event | undefined {
  return events.filter((e) => e.kind === kind && (!after || e.id > after.id)).at(-1);
}

const months = (n: number) => `${n} ${n === 1 ? 'month' : 'months'}`;

/** The timeline in words: only the days the loan has, in the order they come. */
export function ncaTimelineRows(position: NcaPosition, day = formatDateInWords): NcaRow[] {
  const { timeline: t, debtReview, events } = position;
  const rows: NcaRow[] = [];
  if (t.arrearsFrom) rows.push({ key: 'arrears', label: 'In arrears since', value: day(t.arrearsFrom) });
  if (t.noticeDeliveredOn) {
    rows.push({ key: 'notice', label: 'Section 129 notice sent by e-mail', value: day(t.noticeDeliveredOn) });
  } else if (t.noticeDueOn && !t.underDebtReview) {
    rows.push({ key: 'notice-due', label: 'Section 129 notice due', value: day(t.noticeDueOn) });
  }
  if (t.registeredPost) {
    rows.push({
      key: 'registered-post',
      label: 'Sent by registered post',
      value: day(t.registeredPost.postedOn),
      detail: `Reference ${t.registeredPost.reference}`,
    });
  }
  if (t.enforcementAllowedFrom && !t.enforcementOn) {
    rows.push({
      key: 'enforcement-from',
      label: 'Enforcement allowed from',
      value: day(t.enforcementAllowedFrom),
    });
  }
  if (t.bureauNoticeOn) {
    rows.push({ key: 'bureau', label: 'Credit bureau notice sent', value: day(t.bureauNoticeOn) });
  }
  if (t.adverseListingAllowedFrom) {
    rows.push({
      key: 'listing-from',
      label: 'Adverse listing allowed from',
      value: day(t.adverseListingAllowedFrom),
    });
  }
  if (t.enforcementOn) {
    const step = latest(events, 'enforcement');
    const words = STEP_WORDS[String(step?.details.step)];
    const note = text(step?.details.note);
    rows.push({
      key: 'enforcement',
      label: 'Enforcement started',
      value: day(t.enforcementOn),
      detail: [words, note].filter(Boolean).join(': ') || undefined,
    });
  }
  if (debtReview) {
    rows.push({ key: 'debt-review', label: 'Under debt review since', value: day(debtReview.since) });
    rows.push({
      key: 'counsellor',
      label: 'Debt counsellor',
      value: debtReview.counsellorName,
      detail: `NCR ${debtReview.counsellorNcrNumber} · reference ${debtReview.reference}`,
    });
    const review = latest(events, 'debt_review');
    const order = latest(events, 'debt_review_order', review);
    if (order) {
      const term = typeof order.details.months === 'number' ? months(order.details.months) : null;
      const reference = text(order.details.reference);
      rows.push({
        key: 'order',
        label: 'Restructuring order',
        value: day(order.occurredOn),
        detail: [term, reference ? `reference ${reference}` : null].filter(Boolean).join(' · ') || undefined,
      });
    }
  }
  return rows;
}

interface NcaActions {
  registeredPost: boolean;
  /** Hand over to collections or legal: allowed, or the server's reason why not. */
  handOver: { allowed: true } | { allowed: false; reason: string | null };
  recordDebtReview: boolean;
  recordOrder: boolean;
  endDebtReview: boolean;
}

/** What the admin can record now; a loan no longer being repaid takes no records. */
export function ncaActions(position: NcaPosition, baseStatus: string): NcaActions | null {
  if (!BEING_REPAID.has(baseStatus)) return null;
  const t = position.timeline;
  const underReview = t.underDebtReview || position.debtReview !== null;
  return {
    registeredPost: t.noticeDeliveredOn !== null && t.registeredPost === null,
    // A loan not in arrears says so in its summary already.
    handOver: t.canEnforce
      ? { allowed: true }
      : { allowed: false, reason: t.stage === 'current' ? null : t.enforceRefusal },
    recordDebtReview: !underReview,
    recordOrder: underReview,
    endDebtReview: underReview,
  };
}
