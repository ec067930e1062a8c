// The lending dashboard's filters and the Lending Data list's page, page size
// and sort (the server pages and sorts), kept in the URL's search params so a reload or a shared
// link shows the same view. Pure: the page and the unit tests both use these.
import Decimal from 'decimal.js';
import { MONTH_NAMES as SHARED_MONTH_NAMES } from '../../../shared/business-date';
import {
  APPLICATION_STATUSES,
  type ApplicationStatus,
  DASHBOARD_MODES,
  type DashboardMode,
} from '../../../shared/constants';
import {
  DELINQUENCY_BUCKET_LABELS,
  DELINQUENCY_BUCKETS,
  type DelinquencyBucket,
} from '../../../shared/finance/instalments';
import { LENDING_SORTS } from '../../../shared/schemas/admin-lists';
import {
  baseStatus,
  isCancellable,
  isServicedStatus,
  PAID_OUT_STATUSES,
  statusLabel,
} from '../../../shared/status-machine';
import { formatCountOf } from '../../lib/format';
import {
  DEFAULT_PAGE_SIZE,
  type PageSize,
  readPage,
  readPageSize,
  readSort,
  type SortValue,
} from '../../lib/list-params';

export interface LendingFilters {
  month?: number;
  year?: number;
  userId?: number;
  /** Any of these statuses (the book: active and defaulted); every status when absent. */
  status?: ApplicationStatus[];
  platformId?: number;
  mode?: DashboardMode;
  search?: string;
  /** Delinquency bucket by days past due; only loans being repaid have one. */
  bucket?: DelinquencyBucket;
}

export { MONTH_NAMES } from '../../../shared/business-date';

/**
 * The period a month and/or year filter picks, in words ("November 2026", "2026", "November, every year"), or null
 * without one: the money cards add up what moved in it (docs/lending.md, "Figures").
 */
export function periodLabel(filters: Pick<LendingFilters, 'month' | 'year'>): string | null {
  const month = filters.month ? SHARED_MONTH_NAMES[filters.month - 1] : undefined;
  if (month && filters.year) return `${month} ${filters.year}`;
  if (month) return `${month}, every year`;
  return filters.year ? String(filters.year) : null;
}

export const MODE_LABELS: Record<DashboardMode, string> = {
  production: 'Live',
  testing: 'Test',
  hybrid: 'Mixed',
};

export const SEARCH_MAX_LENGTH = 100;
const YEARS_BACK = 5;

/** The current year and the 5 before it, newest first. */
export function yearOptions(now: Date = new Date()): number[] {
  const current = now.getFullYear();
  return Array.from({ length: YEARS_BACK + 1 }, (_, i) => current - i);
}

/** The Days past due filter's choices (besides All), in the order of lateness. */
export const BUCKET_OPTIONS: ReadonlyArray<{ value: DelinquencyBucket; label: string }> =
  DELINQUENCY_BUCKETS.map((value) => ({ value, label: DELINQUENCY_BUCKET_LABELS[value] }));

/** The loan book: the loans being repaid and those in default (the Status filter's one-click choice). */
export const BOOK_STATUSES: ApplicationStatus[] = ['active', 'defaulted'];

/** "All statuses", "Under Review", "active, defaulted" or "4 statuses": what the Status filter holds, in words. */
export function statusFilterText(statuses: readonly ApplicationStatus[] | undefined): string {
  if (!statuses || statuses.length === 0) return 'All statuses';
  if (statuses.length <= 2) return statuses.map(statusLabel).join(', ');
  return `${statuses.length} statuses`;
}

/**
 * What the list counts, named for what it lists: loans when every chosen status is one of a paid-out loan, else
 * applications (a list of every status holds applications not yet paid out).
 */
export function listedNoun(statuses: readonly ApplicationStatus[] | undefined): readonly [string, string] {
  const loansOnly =
    statuses !== undefined &&
    statuses.length > 0 &&
    statuses.every((status) => (PAID_OUT_STATUSES as readonly string[]).includes(baseStatus(status)));
  return loansOnly ? (['loan', 'loans'] as const) : (['application', 'applications'] as const);
}

/**
 * The Lending Data subtitle: what the list holds, and how many of them are loans when it holds applications too
 * ('40 applications · 12 loans'; `loans` is the summary's count of financings within the same filters, left out while
 * it is not known). A list of loans only is counted once ('12 loans').
 */
export function lendingCountText(
  total: number,
  listed: readonly [string, string],
  loans: number | undefined,
): string {
  const counted = formatCountOf(total, listed[0], listed[1]);
  return listed[0] === 'application' && loans !== undefined
    ? `${counted} · ${formatCountOf(loans, 'loan')}`
    : counted;
}

/** Every status, production ones first, then their _testing twins (the Status filter's choices). */
export const STATUS_OPTIONS: ReadonlyArray<{ value: ApplicationStatus; label: string }> =
  APPLICATION_STATUSES.map((value) => ({ value, label: statusLabel(value) }));

// Cancellation is allowed before the payout only (docs/lending.md, "Cancel"); the server enforces it.
export function canCancel(status: string): boolean {
  return isCancellable(status);
}

/**
 * Record Earnings is offered only where earnings can be recorded (the server's rule, docs/lending.md): a schedule with
 * a withholding percentage and something still owed. A repaid loan, or an application not yet paid out, has none.
 */
export function canRecordEarnings(row: {
  remainingAmount: string | null;
  withholdingRate: number | null;
}): boolean {
  return (
    row.remainingAmount !== null &&
    new Decimal(row.remainingAmount).gt(0) &&
    row.withholdingRate !== null &&
    row.withholdingRate > 0
  );
}

function positiveInt(value: string | null): number | undefined {
  if (value === null || !/^\d{1,9}$/.test(value)) return undefined;
  const n = Number(value);
  return n > 0 ? n : undefined;
}

/**
 * Reads the filters from the URL. Anything the controls could not show (a 13th month, a year outside the
 * list, an unknown status or mode) is dropped rather than sent on to the server.
 */
export function filtersFromSearchParams(params: URLSearchParams, now: Date = new Date()): LendingFilters {
  const filters: LendingFilters = {};
  const month = positiveInt(params.get('month'));
  if (month !== undefined && month <= 12) filters.month = month;
  const year = positiveInt(params.get('year'));
  if (year !== undefined && yearOptions(now).includes(year)) filters.year = year;
  const userId = positiveInt(params.get('userId'));
  if (userId !== undefined) filters.userId = userId;
  const statuses = [
    ...new Set(
      (params.get('status') ?? '')
        .split(',')
        .filter((status) => (APPLICATION_STATUSES as readonly string[]).includes(status)),
    ),
  ] as ApplicationStatus[];
  if (statuses.length > 0) filters.status = statuses;
  const platformId = positiveInt(params.get('platformId'));
  if (platformId !== undefined) filters.platformId = platformId;
  const mode = params.get('mode');
  if (mode && (DASHBOARD_MODES as readonly string[]).includes(mode)) filters.mode = mode as DashboardMode;
  const search = params.get('search')?.trim().slice(0, SEARCH_MAX_LENGTH);
  if (search) filters.search = search;
  const bucket = params.get('bucket');
  if (bucket && (DELINQUENCY_BUCKETS as readonly string[]).includes(bucket)) {
    filters.bucket = bucket as DelinquencyBucket;
  }
  return filters;
}

const ORDER = ['month', 'year', 'userId', 'status', 'platformId', 'mode', 'search', 'bucket'] as const;

/** The filters as search params, in a fixed order and without empty values (also the API's query). */
export function filtersToSearchParams(filters: LendingFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of ORDER) {
    const value = filters[key];
    if (isEmpty(value)) continue;
    params.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  return params;
}

/** '?month=3&search=naledi&bucket=31-60', or '' without filters (the bucket as `bucket`, as the API reads it). */
export function filtersQueryString(filters: LendingFilters): string {
  const query = filtersToSearchParams(filters).toString();
  return query ? `?${query}` : '';
}

/** No filter: nothing, an empty text or no status chosen. */
const isEmpty = (value: unknown) =>
  value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

export function hasActiveFilters(filters: LendingFilters): boolean {
  return ORDER.some((key) => !isEmpty(filters[key]));
}

/** The filters with one changed; undefined (or '') removes it. */
export function withFilter<K extends keyof LendingFilters>(
  filters: LendingFilters,
  key: K,
  value: LendingFilters[K] | undefined,
): LendingFilters {
  const next = { ...filters };
  if (value === undefined || isEmpty(value)) delete next[key];
  else next[key] = value;
  return next;
}

// ---------------------------------------------------------------------------------------------------
// The Lending Data list: page, page size and sort (the filters above narrow it and the summary alike).

export type LendingSortColumn = (typeof LENDING_SORTS)[number];
const DEFAULT_LENDING_SORT: SortValue<LendingSortColumn> = '-createdAt';

export interface LendingListState {
  page: number;
  pageSize: PageSize;
  sort: SortValue<LendingSortColumn>;
}

interface LendingView {
  filters: LendingFilters;
  list: LendingListState;
}

export const LENDING_SORT_OPTIONS: ReadonlyArray<{ value: SortValue<LendingSortColumn>; label: string }> = [
  { value: '-createdAt', label: 'Newest first' },
  { value: 'createdAt', label: 'Oldest first' },
  { value: '-requestedAmount', label: 'Amount: high to low' },
  { value: 'requestedAmount', label: 'Amount: low to high' },
  { value: '-remainingAmount', label: 'Remaining: high to low' },
  { value: 'remainingAmount', label: 'Remaining: low to high' },
  { value: 'nextPaymentDate', label: 'Next payment: soonest first' },
  { value: '-nextPaymentDate', label: 'Next payment: latest first' },
  { value: '-daysPastDue', label: 'Days past due: most first' },
  { value: 'daysPastDue', label: 'Days past due: fewest first' },
];

function lendingListFromSearchParams(params: URLSearchParams): LendingListState {
  return {
    page: readPage(params),
    pageSize: readPageSize(params),
    sort: readSort(params, LENDING_SORTS, DEFAULT_LENDING_SORT),
  };
}

export function lendingViewFromSearchParams(params: URLSearchParams, now: Date = new Date()): LendingView {
  return { filters: filtersFromSearchParams(params, now), list: lendingListFromSearchParams(params) };
}

/** The filters, then the sort, size and page where they differ from the defaults. */
export function lendingViewToSearchParams({ filters, list }: LendingView): URLSearchParams {
  const params = filtersToSearchParams(filters);
  if (list.sort !== DEFAULT_LENDING_SORT) params.set('sort', list.sort);
  if (list.pageSize !== DEFAULT_PAGE_SIZE) params.set('pageSize', String(list.pageSize));
  if (list.page > 1) params.set('page', String(list.page));
  return params;
}

/** GET /api/lending-management/details's query: the filters, then page, size and sort always. */
export function detailsQueryString(filters: LendingFilters, list: LendingListState): string {
  const params = filtersToSearchParams(filters);
  params.set('page', String(list.page));
  params.set('pageSize', String(list.pageSize));
  params.set('sort', list.sort);
  return `?${params.toString()}`;
}

/** Add Payment on a loan being repaid or in default, as on the Applications tab; never on a repaid one. */
export const canAddPayment = (row: { status: string; remainingAmount: string | null }): boolean =>
  row.remainingAmount !== null && new Decimal(row.remainingAmount).gt(0) && isServicedStatus(row.status);
