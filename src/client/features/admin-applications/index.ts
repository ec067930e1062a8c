// Public entry of the admin Applications tab: the tab, and the application details dialog that the lending
// page opens too.
export { AdminApplicationDetailsDialog } from './application-details-dialog';
export { ApplicationsTab } from './applications-tab';
