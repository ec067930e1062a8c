// The bank statement import's vocabulary (docs/bank-statements.md), shared by the schema's CHECKs,
// the API's schemas and the screens.

/** The banks whose statements can be loaded: OFX from any of them, CSV in each one's own layout. */
export const BANKS = ['fnb', 'standard_bank', 'absa', 'nedbank', 'capitec'] as const;
export type Bank = (typeof BANKS)[number];

export const BANK_NAMES: Record<Bank, string> = {
  fnb: 'FNB',
  standard_bank: 'Standard Bank',
  absa: 'Absa',
  nedbank: 'Nedbank',
  capitec: 'Capitec',
};

/**
 * What became of a statement line:
 * matched    its reference named a serviced loan: a payment (any excess over the balance waits in suspense)
 * suggested  no reference, but its amount and the creator's name fit one loan: waits in suspense for one click
 * suspense   nothing fits (or the loan named is closed): waits in suspense
 * duplicate  imported before (by this or another file): nothing done
 * failed     the line could not be read (its reason says why): nothing done
 * outgoing   money out of our account (a payout, a bank charge): kept for the record, not money in
 */
export const LINE_OUTCOMES = ['matched', 'suggested', 'suspense', 'duplicate', 'failed', 'outgoing'] as const;
export type LineOutcome = (typeof LINE_OUTCOMES)[number];

export const STATEMENT_STATUSES = ['importing', 'complete'] as const;

/** open: money left to place; allocated: all of it paid to loans; refunded: what was left sent back. */
export const SUSPENSE_STATUSES = ['open', 'allocated', 'refunded'] as const;
export type SuspenseStatus = (typeof SUSPENSE_STATUSES)[number];

/** The largest statement file accepted: a month of a busy account in CSV is well under 1 MB. */
export const STATEMENT_FILE_MAX_BYTES = 5 * 1024 * 1024;
