// The NCR statistical return (Form 39, regulation 66) for a calendar quarter: agreements granted by class and income
// band, applications received and declined, and the book in arrears at the quarter's end (docs/compliance.md, "NCR
// statistical return (Form 39)"). The rules are src/shared's: the class (agreementClassFor), the bands
// (FORM39_INCOME_BANDS) and the days past due (loanPosition, the servicing rule the Lending page's buckets follow).
import Decimal from 'decimal.js';
import { businessDate, minDate } from '../../../shared/business-date';
import { agreementClassFor } from '../../../shared/compliance/ceilings';
import {
  form39Csv,
  grantedFigures,
  previousQuarter,
  quarterBounds,
  quarterOf,
} from '../../../shared/compliance/form39';
import { AGREEMENT_CLASSES, type AgreementClass } from '../../../shared/compliance/nca-rules';
import {
  DELINQUENCY_BUCKET_LABELS,
  DELINQUENCY_BUCKETS,
  type DelinquencyBucket,
} from '../../../shared/finance/instalments';
import { toMoneyString } from '../../../shared/finance/money';
import type { Form39Answer, Form39Query } from '../../../shared/schemas/reports';
import type { Deps } from '../../lib/deps';
import { badRequest } from '../../lib/errors';
import { bookPositions } from './book-positions';
import { declinedInQuarter, grantedInQuarter, receivedInQuarter } from './form39.repository';

/** The words a rejection without a reason is counted under. */
const NO_REASON_GIVEN = 'No reason given';

const isAgreementClass = (value: string | null): value is AgreementClass =>
  value !== null && (AGREEMENT_CLASSES as ReadonlyArray<string>).includes(value);

export async function form39Return({ db, clock }: Deps, query: Form39Query): Promise<Form39Answer> {
  const today = businessDate(clock.now());
  const currentQuarter = quarterOf(today);
  // Unasked, the return to file: the last quarter that has ended.
  const quarter = query.quarter ?? previousQuarter(currentQuarter);
  const { from, to } = quarterBounds(quarter);
  if (from > today) {
    const message = `${quarter} has not begun: a return is made for a quarter that has started.`;
    throw badRequest(message, { quarter: [message] });
  }
  // The book is read at the quarter's end; while the quarter runs, today (a preview of the return to come).
  const bookDate = minDate(to, today);

  const granted = (await grantedInQuarter(db, from, to)).map((row) => ({
    // The class the contract carries; a quote from before it was kept is classed by the same rule now.
    agreementClass: isAgreementClass(row.agreement_class)
      ? row.agreement_class
      : agreementClassFor(row.principal, row.months ?? Number.MAX_SAFE_INTEGER),
    principal: row.principal,
    monthlyIncome: row.monthly_revenue,
  }));

  const reasons = await declinedInQuarter(db, from, to);
  const declinedByReason = reasons.map((r) => ({ reason: r.reason ?? NO_REASON_GIVEN, count: r.declined }));

  const buckets = new Map<DelinquencyBucket, { count: number; balance: Decimal }>(
    DELINQUENCY_BUCKETS.map((bucket) => [bucket, { count: 0, balance: new Decimal(0) }]),
  );
  for (const position of await bookPositions(db, bookDate)) {
    const line = buckets.get(position.bucket)!;
    line.count += 1;
    line.balance = line.balance.plus(position.balance);
  }
  const bucketLines = DELINQUENCY_BUCKETS.map((bucket) => ({
    bucket,
    label: DELINQUENCY_BUCKET_LABELS[bucket],
    count: buckets.get(bucket)!.count,
    balance: toMoneyString(buckets.get(bucket)!.balance),
  }));

  return {
    quarter,
    currentQuarter,
    from,
    to,
    bookDate,
    granted: grantedFigures(granted),
    applications: {
      received: await receivedInQuarter(db, from, to),
      declined: reasons.reduce((n, r) => n + r.declined, 0),
      declinedFailingAffordability: reasons.reduce((n, r) => n + r.failing_affordability, 0),
      declinedByReason,
    },
    arrears: {
      buckets: bucketLines,
      total: {
        count: bucketLines.reduce((n, b) => n + b.count, 0),
        balance: toMoneyString(bucketLines.reduce((sum, b) => sum.plus(b.balance), new Decimal(0))),
      },
    },
  };
}

/** The return as a CSV file (src/shared/compliance/form39.ts form39Csv) and its name. */
export async function form39CsvFile(deps: Deps, query: Form39Query) {
  const report = await form39Return(deps, query);
  return { fileName: `ncr-form-39-${report.quarter}.csv`, text: form39Csv(report) };
}
