// Public entry of collections: the worklist and a loan's case (staff), and the creator's request for help.
export { CollectionCasePage } from './collection-case-page';
export { CollectionsPage } from './collections-page';
export { HelpRequestPanel } from './help-request-panel';
