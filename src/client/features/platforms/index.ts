// Public entry of platform connections: the connect panels used by the application form and the settings
// page, and the readers of a creator's connected platforms.

export { useConnectablePlatforms } from './api';
export type { ManualPlatformDraft } from './manual-platform-form';
export { PlatformConnections } from './platform-connections';
export { formatReportedCount, type PlatformEntry, readPlatformEntries } from './platform-entries';
export { SelfReportedPlatformFields } from './self-reported-fields';
export {
  EMPTY_SELF_REPORTED_PLATFORM,
  type SelfReportedPlatformValues,
  selfReportedPlatformFormSchema,
} from './self-reported-platform';
