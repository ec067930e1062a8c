export { BankImportTab } from './bank-import-tab';
export { SuspenseTab } from './suspense-tab';
