// The servicing of a loan as both sides see it: the query for its instalments and position (and the creator's
// request to settle early), the instalment table and the delinquency badge; the creator's "How to pay", the
// Settle early dialog and the servicing sentences (overdue notice, payoff projection); the admin's Restructure
// dialog. The creator's plan cards, the admin's application details, the lending table and the collections
// worklist all use these.
export { DelinquencyBadge } from './delinquency-badge';
export { HowToPay } from './how-to-pay';
export { InstalmentTable } from './instalment-table';
export { RestructureDialog, type RestructureTarget } from './restructure-dialog';
export { loanServicingQueryOptions, useLoanServicing, useRequestSettlementQuote } from './servicing-api';
export {
  instalmentCountText,
  instalmentsLeftText,
  overdueText,
  payoffSummary,
  percentText,
} from './servicing-text';
export { SettleEarlyDialog } from './settle-early-dialog';
