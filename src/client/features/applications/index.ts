// Public entry of the creator's applications (history, plan dialogs, repayment plans, score breakdown).
// Other features, pages and the app import this file only, never the modules behind it.

export { ActiveRepaymentPlans } from './active-repayment-plans';
export { useApplications, useStatement } from './api';
export { ApplicationHistory } from './application-history';
export { ApplicationDetailsDialog, CancelApplicationDialog, RepaymentPlanDialog } from './lazy-dialogs';
export { ApplicationScoreBreakdown, ScoreBreakdownSkeleton } from './score-breakdown';
export {
  applicationDisplayName,
  combinedMonthlyEarnings,
  latestApplication,
  newestFirst,
  paymentsNewestFirst,
  remainingBalance,
  totalPaid,
} from './selectors';
export type {
  Application,
  ListedApplication,
  ManualPlatform,
  Payment,
  PreviewTermsAnswer,
  RepaymentSchedule,
} from './types';
