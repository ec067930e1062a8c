// The loans feature's public entry: what the features that answer the API and run the jobs may use of the loan
// (docs/ARCHITECTURE.md, "Layers"): its services, the loan position, and the reads and locks of its rows that
// another feature's transaction takes. Nothing else behind this file is theirs to import (biome.json).
export { assessAmount, bureauSubjectOf, enquireFor } from './affordability.service';
export {
  cancelApplication,
  restructureLoan,
  reviewLoans,
  updateApplicationByAdmin,
} from './application-lifecycle.service';
export {
  toAdminApplication,
  toApiApplication,
  toApiListedApplication,
  toPaymentView,
} from './applications.mapper';
export type { ApplicationChanges } from './applications.repository';
export {
  applicationHasPayments,
  applicationOwnerId,
  applicationsOfUserIn,
  deleteApplicationRow,
  findApplicationRow,
  findOwnedApplication,
  findScheduleByApplication,
  insertApplication,
  latestApplicationScore,
  loadApplications,
  loadCreatorApplications,
  lockApplication,
  lockApplicationsCitingProof,
  lockApplicationsOfUserIn,
  paymentsPage,
  repaymentRecordsOf,
  updateApplication,
} from './applications.repository';
export type { ConsentMeta, PayoutInput, StoredQuote } from './contract.service';
export {
  acceptQuote,
  insertQuote,
  legalPricingFor,
  makeOffer,
  payOut,
  signedQuote,
  storedQuoteView,
  storePlanQuote,
} from './contract.service';
export { agreementPdfFor, quotePdfFor } from './credit-documents.service';
export { currentQuoteOf } from './credit-quotes.repository';
export {
  endDebtReview,
  ncaPositionFor,
  recordDebtReview,
  recordEnforcement,
  recordRegisteredPost,
} from './enforcement.service';
export { forgiveBalance, forgivenessRefusal } from './forgiveness.service';
export {
  asBalance,
  describeInstalments,
  money,
  SERVICED_STATUSES,
  scheduleDates,
  scheduleStartDay,
  settlementOf,
  shortfallsOf,
} from './loan-position';
export { reversePayment } from './payment-reversal.service';
export { receiveCash, receiveCashAll, recordRepayment } from './repayments.service';
export {
  allocate,
  closeOpenQuote,
  findEarningsPayment,
  findOpenQuote,
  findPayment,
  findQuote,
  insertInstalments,
  insertQuote as insertSettlementQuote,
  instalmentsOf,
  instalmentsSettledEarly,
  loansOwedBy,
  lockScheduleByApplication,
  openQuotes,
  paymentsOf,
  paymentsOfUser,
  restructuresOf,
  schedulesWithoutInstalments,
  shiftLoanHistory,
  updateSchedule,
} from './servicing.repository';
export { writeOffLoan } from './write-off.service';
