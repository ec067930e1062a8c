// The creator's application dialogs, loaded on first use (see the dashboard page).
import { lazy } from 'react';

// The dialogs (forms, validation, the plan quote, the offer) load with the first one opened, not with the page: most
// visits only look. Once loaded they stay mounted, so closing one returns focus as before.
export const RepaymentPlanDialog = lazy(() =>
  import('./repayment-plan-dialog').then((m) => ({
    default: m.RepaymentPlanDialog,
  })),
);
export const OfferDialog = lazy(() =>
  import('./offer-dialog').then((m) => ({
    default: m.OfferDialog,
  })),
);
export const CancelApplicationDialog = lazy(() =>
  import('./cancel-application-dialog').then((m) => ({
    default: m.CancelApplicationDialog,
  })),
);
export const ApplicationDetailsDialog = lazy(() =>
  import('./application-details-dialog').then((m) => ({
    default: m.ApplicationDetailsDialog,
  })),
);
