export { DebitMandatePanel } from './debit-mandate-panel';
export { DebitOrdersTab } from './debit-orders-tab';
