export { ApprovalsLink } from './approvals-link';
export { ApprovalsPage } from './approvals-page';
