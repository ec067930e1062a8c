// The financing application as the server serialises it: the types are inferred from the routes' response
// schemas (src/shared/schemas/applications.ts), so they cannot drift from what is sent. Money arrives as
// two-decimal text except requestedAmount (whole rand); instants as ISO text, calendar days 'YYYY-MM-DD'.
// The polled list (GET /api/applications) leaves out the score breakdown: its items are ListedApplication;
// the detail (GET /api/applications/{id}) and the answers to changes are Application.
export type {
  Application,
  ApplicationAnswer,
  ApplyEligibility,
  CreditScoreBreakdown,
  ListedApplication,
  ManualPlatform,
  PaymentView as Payment,
  PreviewTermsAnswer,
  RepaymentScheduleView as RepaymentSchedule,
  ScheduleServicing,
  StatementAnswer,
  StoredQuote,
  TopUpView,
} from '../../../shared/schemas/applications';
