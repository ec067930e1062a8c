// Public entry of the creator's applications (history, plan dialogs, repayment plans, score breakdown).
// Other features, pages and the app import this file only, never the modules behind it.

export { ActiveRepaymentPlans } from './active-repayment-plans';
export {
  useApplications,
  useApplicationsOnce,
  useApplyEligibility,
  useDownloadStatementPdf,
  useStatement,
} from './api';
export { ApplicationHistory } from './application-history';
export { CreditDocumentButton, QuoteDocumentButtons } from './credit-document-button';
export { InstalmentTable } from './instalment-dates';
export {
  ApplicationDetailsDialog,
  CancelApplicationDialog,
  OfferDialog,
  RepaymentPlanDialog,
} from './lazy-dialogs';
export { AwaitingPayoutNote } from './payout-notes';
export { applicationsVersion } from './queries';
export {
  ApplicationScoreBreakdown,
  RepaymentHistoryRow,
  ScoreBreakdownList,
  ScoreBreakdownSkeleton,
} from './score-breakdown';
export {
  applicationDisplayName,
  financedAmount,
  latestApplication,
  newestFirst,
  paymentsNewestFirst,
  remainingBalance,
  repaymentPlanApplications,
  reversalNote,
} from './selectors';
export { TopUpNote } from './top-up-note';
export type {
  Application,
  ApplyEligibility,
  ListedApplication,
  ManualPlatform,
  Payment,
  PreviewTermsAnswer,
  RepaymentSchedule,
} from './types';
