// The NCR's statistical return (Form 39, regulation 66): the calendar quarters it is made for, the income bands it
// counts agreements in, and its CSV layout (docs/compliance.md, "NCR statistical return (Form 39)"). Pure: the
// server adds up the quarter (features/reports), the admin's screen and the CSV read the same labels from here.
import Decimal from 'decimal.js';
import { addDays, addMonths, type IsoDate } from '../business-date';
import { toMoneyString } from '../finance/money';
import { AGREEMENT_CLASS_LABELS, type AgreementClass, type Sourced } from './nca-rules';

/** A calendar quarter as the API names it: '2026-Q4'. */
export const QUARTER_PATTERN = /^(\d{4})-Q([1-4])$/;

/** The first and last South African calendar day of a quarter ('2026-Q4' -> 2026-10-01 to 2026-12-31). */
export function quarterBounds(quarter: string): { from: IsoDate; to: IsoDate } {
  const parts = QUARTER_PATTERN.exec(quarter);
  if (!parts) throw new RangeError(`Not a quarter: ${quarter}`);
  const from = `${parts[1]}-${String((Number(parts[2]) - 1) * 3 + 1).padStart(2, '0')}-01`;
  return { from, to: addDays(addMonths(from, 3), -1) };
}

/** The quarter a calendar day falls in: '2026-11-28' -> '2026-Q4'. */
export function quarterOf(date: IsoDate): string {
  const month = Number(date.slice(5, 7));
  return `${date.slice(0, 4)}-Q${Math.floor((month - 1) / 3) + 1}`;
}

/** The quarter before (or `steps` before): '2026-Q1' -> '2025-Q4'. */
export function previousQuarter(quarter: string, steps = 1): string {
  return quarterOf(addMonths(quarterBounds(quarter).from, -3 * steps));
}

/** 'Q4 2026: October to December'. */
export function quarterLabel(quarter: string): string {
  const parts = QUARTER_PATTERN.exec(quarter);
  if (!parts) return quarter;
  const names = [
    ['January', 'March'],
    ['April', 'June'],
    ['July', 'September'],
    ['October', 'December'],
  ] as const;
  const [first, last] = names[Number(parts[2]) - 1]!;
  return `Q${parts[2]} ${parts[1]}: ${first} to ${last}`;
}

/** An income band of the return: gross monthly income from `from` up to and including `to` (no `to`: no ceiling). */
export interface IncomeBand {
  key: string;
  from: string;
  to: string | null;
  label: string;
}

/**
 * The gross monthly income bands the NCR's Form 39 counts agreements in (the product's income is the application's
 * declared monthly revenue). One place: the service, the screen and the CSV read them from here.
 */
export const FORM39_INCOME_BANDS: Sourced<ReadonlyArray<IncomeBand>> = {
  value: [
    { key: 'r0_3500', from: '0.00', to: '3500.00', label: 'Up to R3 500' },
    { key: 'r3500_5500', from: '3500.01', to: '5500.00', label: 'Over R3 500 up to R5 500' },
    { key: 'r5500_10000', from: '5500.01', to: '10000.00', label: 'Over R5 500 up to R10 000' },
    { key: 'r10000_15000', from: '10000.01', to: '15000.00', label: 'Over R10 000 up to R15 000' },
    { key: 'over_15000', from: '15000.01', to: null, label: 'Over R15 000' },
  ],
  source:
    "Regulation 66 and the NCR's Form 39 (statistical return of registered credit providers): gross monthly income bands",
};

/** The band a gross monthly income falls in (a negative or unreadable income counts in the lowest). */
export function incomeBandFor(monthlyIncome: Decimal | string): IncomeBand {
  const income = new Decimal(monthlyIncome);
  const bands = FORM39_INCOME_BANDS.value;
  return bands.find((band) => band.to !== null && income.lte(band.to)) ?? bands[bands.length - 1]!;
}

/** What the return counts each granted agreement by. */
export interface GrantedAgreement {
  agreementClass: AgreementClass;
  principal: string;
  monthlyIncome: string;
}

export interface CountAndValue {
  count: number;
  value: string;
}

/** Agreements granted by class and by income band, every class and band listed (zero rows too), and the total. */
export function grantedFigures(agreements: ReadonlyArray<GrantedAgreement>) {
  const add = (list: ReadonlyArray<GrantedAgreement>): CountAndValue => ({
    count: list.length,
    value: toMoneyString(list.reduce((sum, a) => sum.plus(a.principal), new Decimal(0))),
  });
  return {
    byClass: (Object.keys(AGREEMENT_CLASS_LABELS) as AgreementClass[]).map((agreementClass) => ({
      class: agreementClass,
      label: AGREEMENT_CLASS_LABELS[agreementClass],
      ...add(agreements.filter((a) => a.agreementClass === agreementClass)),
    })),
    byIncomeBand: FORM39_INCOME_BANDS.value.map((band) => ({
      band: band.key,
      label: band.label,
      ...add(agreements.filter((a) => incomeBandFor(a.monthlyIncome).key === band.key)),
    })),
    total: add(agreements),
  };
}

/** The return as the API answers it (src/shared/schemas/reports.ts) and as its CSV is written. */
export interface Form39Figures {
  quarter: string;
  currentQuarter: string;
  from: IsoDate;
  to: IsoDate;
  bookDate: IsoDate;
  granted: ReturnType<typeof grantedFigures>;
  applications: {
    received: number;
    declined: number;
    declinedFailingAffordability: number;
    declinedByReason: Array<{ reason: string; count: number }>;
  };
  arrears: {
    buckets: Array<{ bucket: string; label: string; count: number; balance: string }>;
    total: { count: number; balance: string };
  };
}

const FORM39_CSV_COLUMNS = ['quarter', 'section', 'item', 'count', 'value'] as const;

/**
 * A CSV cell: quoted when it holds a comma, quote or line break; a cell a spreadsheet would run as a formula
 * (=, +, -, @, tab, carriage return first) is written with a leading apostrophe. Reasons are an admin's free text.
 */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * The return as CSV: a header row, then one row per line item in the order of the screen (granted by class, by income
 * band, applications, declined by reason, the book in arrears by bucket), each group ending in its Total row. CRLF line
 * ends; money as 0.00 without grouping; the value column is empty where a line has no money.
 */
export function form39Csv(report: Form39Figures): string {
  const rows: Array<[string, string, number, string]> = [];
  const granted = (section: string, items: ReadonlyArray<{ label: string } & CountAndValue>) => {
    for (const item of items) rows.push([section, item.label, item.count, item.value]);
    rows.push([section, 'Total', report.granted.total.count, report.granted.total.value]);
  };
  granted('Agreements granted by class', report.granted.byClass);
  granted('Agreements granted by gross monthly income', report.granted.byIncomeBand);
  const apps = report.applications;
  rows.push(['Applications', 'Received', apps.received, '']);
  rows.push(['Applications', 'Declined', apps.declined, '']);
  rows.push([
    'Applications',
    'Declined that failed the affordability assessment',
    apps.declinedFailingAffordability,
    '',
  ]);
  for (const { reason, count } of apps.declinedByReason) rows.push(['Declined by reason', reason, count, '']);
  rows.push(['Declined by reason', 'Total', apps.declined, '']);
  const book = `Book in arrears at ${report.bookDate}`;
  for (const b of report.arrears.buckets) rows.push([book, b.label, b.count, b.balance]);
  rows.push([book, 'Total', report.arrears.total.count, report.arrears.total.balance]);
  return [
    FORM39_CSV_COLUMNS.join(','),
    ...rows.map((row) => [report.quarter, ...row].map(csvCell).join(',')),
  ].join('\r\n');
}
