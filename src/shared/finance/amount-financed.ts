// The amount a loan finances (docs/lending.md, "Approval and payout"): what the approval granted, up to the amount
// requested; before the approved amount was kept (and before approval), the amount requested.

export type FinancedAmountSource = { requestedAmount: string; approvedAmount: string | null };

export const financedAmount = (app: FinancedAmountSource): string =>
  app.approvedAmount ?? app.requestedAmount;
