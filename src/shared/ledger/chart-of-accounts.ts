// The chart of accounts (docs/accounting.md): every account a journal line may name, fixed here and in the database
// (a CHECK on ledger_lines.account lists the same keys), with the code an accounting package imports it under.
// The keys are the ones the journals have always used ('cash' is the bank account the lender's money sits in,
// 'cost_income' the finance charge earned), so no history is rewritten; the names and codes are what finance reads.
import { MONTH_NAMES } from '../business-date';

/** Which side an account normally carries: a debit balance (assets, expenses) or a credit balance. */
export type NormalSide = 'debit' | 'credit';

export type AccountClass = 'asset' | 'contra_asset' | 'liability' | 'equity' | 'income' | 'expense';

type AccountDefinition = { code: string; name: string; class: AccountClass; normalSide: NormalSide };

export const CHART_OF_ACCOUNTS = {
  cash: { code: '1000', name: 'Bank', class: 'asset', normalSide: 'debit' },
  loans_receivable: { code: '1100', name: 'Loans receivable', class: 'asset', normalSide: 'debit' },
  deferred_cost_income: {
    code: '1110',
    name: 'Unearned finance charge',
    class: 'contra_asset',
    normalSide: 'credit',
  },
  loss_allowance: { code: '1190', name: 'Loss allowance', class: 'contra_asset', normalSide: 'credit' },
  suspense: {
    code: '2100',
    name: 'Suspense (unallocated receipts)',
    class: 'liability',
    normalSide: 'credit',
  },
  funding_capital: { code: '3000', name: 'Funding capital', class: 'equity', normalSide: 'credit' },
  cost_income: { code: '4000', name: 'Finance charge income', class: 'income', normalSide: 'credit' },
  platform_fee_income: { code: '4100', name: 'Fee income', class: 'income', normalSide: 'credit' },
  recoveries: { code: '4200', name: 'Recoveries', class: 'income', normalSide: 'credit' },
  write_off_expense: { code: '5000', name: 'Write-off expense', class: 'expense', normalSide: 'debit' },
  impairment_expense: {
    code: '5100',
    name: 'Impairment expense (expected credit loss)',
    class: 'expense',
    normalSide: 'debit',
  },
} as const satisfies Record<string, AccountDefinition>;

export type LedgerAccount = keyof typeof CHART_OF_ACCOUNTS;

/** Every account, in the order of their codes (the trial balance's order). */
export const LEDGER_ACCOUNTS = (Object.keys(CHART_OF_ACCOUNTS) as LedgerAccount[]).sort((a, b) =>
  CHART_OF_ACCOUNTS[a].code.localeCompare(CHART_OF_ACCOUNTS[b].code),
);

export const isLedgerAccount = (value: string): value is LedgerAccount =>
  Object.hasOwn(CHART_OF_ACCOUNTS, value);

/** An account as finance reads it: "1000 Bank". */
export const accountLabel = (account: LedgerAccount) =>
  `${CHART_OF_ACCOUNTS[account].code} ${CHART_OF_ACCOUNTS[account].name}`;

/** 'YYYY-MM': an accounting period is a calendar month of South African days. */
export const PERIOD_PATTERN = /^2\d{3}-(0[1-9]|1[0-2])$/;

/** The period a calendar day is in. */
export const periodOf = (day: string) => day.slice(0, 7);

/** The last calendar day of a period. */
export function periodEnd(period: string): string {
  const [year, month] = period.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${period}-${String(last).padStart(2, '0')}`;
}

/** The period after `period`. */
export function nextPeriod(period: string): string {
  const [year, month] = period.split('-').map(Number) as [number, number];
  return month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, '0')}`;
}

/** "October 2026". */
export function periodLabel(period: string): string {
  const [year, month] = period.split('-').map(Number) as [number, number];
  return `${MONTH_NAMES[month - 1]} ${year}`;
}
