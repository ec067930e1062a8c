// Public entry of the admin's reports (the Admin Panel's Reports tab: the NCR statistical return, Form 39).
export { ReportsTab } from './reports-tab';
