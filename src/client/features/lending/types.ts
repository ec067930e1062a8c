// What the lending-management calls answer (src/server/features/lending/lending.service.ts), inferred from
// the routes' response schemas (src/shared/schemas/lending.ts and admin-lists.ts). Money comes as two-decimal
// text, except requestedAmount (whole rand, a number); rates are numbers in percent; calendar days (due
// dates) as 'YYYY-MM-DD'.

import type { LendingDetailRow } from '../../../shared/schemas/admin-lists';
import type { LendingSummaryAnswer } from '../../../shared/schemas/lending';

export type { RecordEarningsAnswer } from '../../../shared/schemas/lending';
export type { Platform } from '../../../shared/schemas/platform-management';

/** GET /api/lending-management/summary's figures (SQL aggregates). */
export type LendingSummary = LendingSummaryAnswer['data'];

/** A row of GET /api/lending-management/details (the contract's row schema). */
export type LendingRow = LendingDetailRow;
