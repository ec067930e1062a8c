// The creator's own repayment history with Vuka as a scored, explained factor (docs/credit-scoring.md, "Repayment
// history with Vuka"). It is added to the four parts' total (which stays out of 100), so a creator who pays late or
// defaulted scores lower on every later application and top-up, and one who repaid scores a little higher; the total
// stays between 0 and 100. Pure: the server reads the records, this decides.
import { bucketFor, type DelinquencyBucket } from '../finance/instalments';

/** One of the creator's loans with Vuka, as it stands today. */
export type RepaymentRecord = {
  applicationId: number;
  /** Being repaid, in default, or closed (repaid, settled early, or forgiven after a default). */
  status: 'active' | 'defaulted' | 'completed';
  /** Days since the oldest amount still overdue fell due (0 when up to date). */
  daysPastDue: number;
  /** The loan went into default at some time (kept after a cure, a restructure, a write-off or a forgiveness). */
  everDefaulted: boolean;
};

export type RepaymentHistoryFactor = {
  label: 'Repayment history with Vuka';
  /** Added to the parts' total: negative for lateness or a default, positive for loans repaid. */
  points: number;
  /** What it is based on, in words: 'Financing #2 is 45 days late'. */
  detail: string;
  /** What would raise it, with the points. */
  tips: string[];
};

/** The points of each standing (docs/credit-scoring.md). A default outweighs everything else. */
export const REPAYMENT_HISTORY_POINTS = {
  defaulted: -40,
  late: { current: 0, '1-30': -10, '31-60': -25, '61-90': -35, '90+': -40 } satisfies Record<
    DelinquencyBucket,
    number
  >,
  /** Each loan repaid in full without a default, up to `repaidMax`. */
  repaid: 5,
  repaidMax: 10,
} as const;

const LABEL = 'Repayment history with Vuka' as const;
const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;
const points = (n: number) => `${n > 0 ? '+' : ''}${n} ${Math.abs(n) === 1 ? 'point' : 'points'}`;

/** The factor for these loans; null for a creator with no loan with Vuka yet (no history: no points either way). */
export function repaymentHistoryFactor(
  records: ReadonlyArray<RepaymentRecord>,
): RepaymentHistoryFactor | null {
  if (records.length === 0) return null;
  const defaulted = records.filter((r) => r.everDefaulted || r.status === 'defaulted');
  if (defaulted.length > 0) {
    const open = defaulted.find((r) => r.status !== 'completed');
    return {
      label: LABEL,
      points: REPAYMENT_HISTORY_POINTS.defaulted,
      detail: `Financing #${defaulted[0]!.applicationId} went into default`,
      tips: open
        ? [
            `Bring financing #${open.applicationId} up to date: a default stays in your history, but paying what is overdue stops it growing`,
          ]
        : [],
    };
  }
  const late = records
    .filter((r) => r.status === 'active' && r.daysPastDue > 0)
    .sort((a, b) => b.daysPastDue - a.daysPastDue)[0];
  if (late) {
    const bucket = bucketFor(late.daysPastDue);
    const lost = REPAYMENT_HISTORY_POINTS.late[bucket];
    return {
      label: LABEL,
      points: lost,
      detail: `Financing #${late.applicationId} is ${days(late.daysPastDue)} late`,
      tips: [`Pay what is overdue on financing #${late.applicationId} (${points(-lost)})`],
    };
  }
  const repaid = records.filter((r) => r.status === 'completed');
  const gain = Math.min(REPAYMENT_HISTORY_POINTS.repaidMax, repaid.length * REPAYMENT_HISTORY_POINTS.repaid);
  if (repaid.length > 0) {
    return {
      label: LABEL,
      points: gain,
      detail: `${repaid.length === 1 ? `Financing #${repaid[0]!.applicationId}` : `${repaid.length} financings`} repaid in full, never in default`,
      tips: [],
    };
  }
  return {
    label: LABEL,
    points: 0,
    detail: `Financing #${records[0]!.applicationId} is being repaid on time`,
    tips: [
      `Repay financing #${records[0]!.applicationId} in full without falling behind (${points(REPAYMENT_HISTORY_POINTS.repaid)})`,
    ],
  };
}

/** The total with the history factor: the parts' points and the factor's, kept between 0 and 100. */
export function totalWithHistory(
  partsTotal: number,
  factor: RepaymentHistoryFactor | null | undefined,
): number {
  return Math.max(0, Math.min(100, partsTotal + (factor?.points ?? 0)));
}
