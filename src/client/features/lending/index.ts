// Public entry of lending management (/admin/lending).
export { LendingPage } from './lending-page';
