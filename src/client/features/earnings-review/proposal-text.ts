// How a proposal is put in words on the Earnings tab: its month, its source, its status, and the dollar figure with
// the rate it was converted at.
import Decimal from 'decimal.js';
import {
  EARNINGS_SOURCES,
  type EarningsProposalStatus,
  type EarningsSource,
} from '../../../shared/constants';
import { enZaNumber } from '../../../shared/finance/money';
import { joinedPlatformNames } from '../../../shared/platform-names';
import { formatDate, formatMonth, formatZar } from '../../lib/format';
import type { EarningsProposalRow } from './earnings-review-api';

export const monthName = (row: { year: number; month: number }) =>
  formatMonth(`${row.year}-${String(row.month).padStart(2, '0')}`);

export const SOURCE_LABELS: Record<EarningsSource, string> = {
  payout_verified: 'Payout-verified',
  platform_api: 'Platform API',
  proof: 'Verified proof',
  admin: 'Typed by admin',
};
export const SOURCE_OPTIONS = EARNINGS_SOURCES.map((value) => ({ value, label: SOURCE_LABELS[value] }));

export const STATUS_LABELS: Record<EarningsProposalStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
  needs_rate: 'Needs rate',
  failed: 'Failed',
};

/** 'YouTube + Patreon' for the platforms a proposal was read from; 'Admin' for earnings an admin typed ('admin'). */
export const platformName = (platform: string) =>
  platform === 'admin' ? 'Admin' : joinedPlatformNames(platform, ' + ');

/** '$ 123,45 at R 18,1234 on 31 Oct 2026': the dollar figure and its conversion; null for rand figures. */
export function conversionText(row: EarningsProposalRow): string | null {
  if (row.originalCurrency !== 'USD' || !row.originalAmount) return null;
  const usd = formatZar(row.originalAmount, { currency: 'USD' });
  if (!row.fxRate) return `${usd}, waiting for a rate`;
  const rate = enZaNumber(new Decimal(row.fxRate).toDecimalPlaces(6).toString());
  return `${usd} at R ${rate} on ${formatDate(row.fxDate)}`;
}

/** Only waiting proposals can be decided: pending ones approved; pending, failed and rate-less ones rejected. */
export const canApprove = (row: EarningsProposalRow) => row.status === 'pending';
export const canReject = (row: EarningsProposalRow) =>
  row.status === 'pending' || row.status === 'failed' || row.status === 'needs_rate';
