// The servicing of a loan as both sides see it: the query for its instalments and position (and the creator's
// request to settle early), the instalment table and the delinquency badge. The creator's plan cards, the admin's
// application details, the lending table and the collections worklist all use these.
export { DelinquencyBadge } from './delinquency-badge';
export { InstalmentTable } from './instalment-table';
export { loanServicingQueryOptions, useLoanServicing, useRequestSettlementQuote } from './servicing-api';
