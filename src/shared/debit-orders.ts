// Debit orders (docs/debit-orders.md): the facts both sides need. The banks a mandate can name with
// their universal branch codes, the account types, the statuses of a mandate, a run and an item, and the unpaid
// reason codes the South African banks answer in a collection's result, with what each means for the creator.
import Decimal from 'decimal.js';
import { roundToCent, toDecimal, toMoneyString } from './finance/money';

/** The banks a creator can debit, each with its universal branch code (any branch of the bank is reached by it). */
export const SA_BANKS = [
  { name: 'ABSA', branchCode: '632005' },
  { name: 'African Bank', branchCode: '430000' },
  { name: 'Capitec', branchCode: '470010' },
  { name: 'Discovery Bank', branchCode: '679000' },
  { name: 'FNB', branchCode: '250655' },
  { name: 'Investec', branchCode: '580105' },
  { name: 'Nedbank', branchCode: '198765' },
  { name: 'Standard Bank', branchCode: '051001' },
  { name: 'TymeBank', branchCode: '678910' },
] as const;
export const SA_BANK_NAMES = SA_BANKS.map((b) => b.name) as unknown as readonly [
  (typeof SA_BANKS)[number]['name'],
  ...(typeof SA_BANKS)[number]['name'][],
];
export type SaBankName = (typeof SA_BANKS)[number]['name'];

export const universalBranchCode = (bank: string): string | null =>
  SA_BANKS.find((b) => b.name === bank)?.branchCode ?? null;

/** The account types a debit order can be drawn on; the run file writes them as the banks' codes 1, 2 and 3. */
export const DEBIT_ACCOUNT_TYPES = ['cheque', 'savings', 'transmission'] as const;
export type DebitAccountType = (typeof DEBIT_ACCOUNT_TYPES)[number];
export const DEBIT_ACCOUNT_TYPE_CODES: Record<DebitAccountType, string> = {
  cheque: '1',
  savings: '2',
  transmission: '3',
};

export const MANDATE_STATUSES = ['active', 'suspended', 'cancelled'] as const;
export type MandateStatus = (typeof MANDATE_STATUSES)[number];

/** A run: built (items listed), submitted (its file downloaded for the bank), completed (every item has a result). */
export const RUN_STATUSES = ['built', 'submitted', 'completed'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

/** An item: waiting for the bank's result (pending), or its result. */
export const ITEM_STATUSES = ['pending', 'paid', 'unpaid'] as const;
export type ItemStatus = (typeof ITEM_STATUSES)[number];

/** What a failed collection leads to: tried again on a later run, the mandate suspended, or nothing more. */
export const FAILURE_OUTCOMES = ['represent', 'suspend', 'exhausted'] as const;
export type FailureOutcome = (typeof FAILURE_OUTCOMES)[number];

/** The version of the mandate text the creator consents to; a changed text gets a new version. */
export const MANDATE_TEXT_VERSION = 'debit-mandate-v1';

/** The maximum a collection may be, as a multiple of the instalment with its fee (shown and consented). */
export const MANDATE_MAXIMUM_FACTOR = '1.5';

export const mandateMaximum = (instalment: string): string =>
  toMoneyString(roundToCent((toDecimal(instalment) ?? new Decimal(0)).times(MANDATE_MAXIMUM_FACTOR)));

/** The unpaid reason codes of the South African banks (the ones a collection's result can carry). */
export const UNPAID_REASONS: Readonly<Record<string, string>> = {
  '02': 'Not provided for',
  '03': 'Debits not allowed to this account',
  '04': 'Payment stopped by account holder',
  '06': 'Account frozen',
  '08': 'Account in sequestration',
  '10': 'Account in liquidation',
  '12': 'Account closed',
  '18': 'Account holder deceased',
  '22': 'Account effects not cleared',
  '26': 'No such account',
  '30': 'No authority to debit',
  '32': 'Debit in contravention of payer’s authority',
  '34': 'Authorisation cancelled',
  '36': 'Previously stopped via stop payment advice',
};
export const UNPAID_REASON_CODES = Object.keys(UNPAID_REASONS);

export const unpaidReasonText = (code: string | null | undefined): string | null =>
  code ? (UNPAID_REASONS[code] ?? null) : null;

/** What a person reads about a mandate's account: 'FNB cheque ..7890'. Never more than the last 4 digits. */
export const mandateAccountText = (bank: string, accountType: string, last4: string) =>
  `${bank} ${accountType} ..${last4}`;
