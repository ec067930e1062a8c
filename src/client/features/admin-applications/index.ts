// Public entry of the admin Applications tab: the tab, and the application details, Add Payment and Edit (approve,
// reject) dialogs (with the rule for when a loan takes a payment) that the lending page opens too.
export { AddPaymentDialog } from './add-payment-dialog';
export { AdminApplicationDetailsDialog } from './application-details-dialog';
export { adminRowActions } from './application-filters';
export { ApplicationsTab } from './applications-tab';
export { EditApplicationDialog } from './edit-application-dialog';
