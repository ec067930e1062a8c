export { OperationsPage } from './operations-page';
