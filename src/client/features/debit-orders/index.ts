export { DebitOrdersTab } from './debit-orders-tab';
