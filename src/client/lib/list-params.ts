// The paged admin lists' common state: page, page size, sort and search, read from and written to
// the address's search params so a reload or a shared link shows the same view. Pure, so the three lists
// and the unit tests share one reading. Anything the controls could not show (a page of 0, a page size not
// offered, an unknown sort column) is dropped rather than sent on to the server.
import { PAGE_MAX, PAGE_SIZE_DEFAULT, SEARCH_MAX } from '../../shared/schemas/admin-lists';

/** The page sizes the pager offers (the server's cap is 200). */
export const PAGE_SIZES = [25, 50, 100, 200] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE = PAGE_SIZE_DEFAULT as PageSize;

/** What one CSV export asks for per request: the server's largest page. */
export const EXPORT_PAGE_SIZE = 200;

/** A sort as the API writes it: the column, descending with a leading '-'. */
export type SortValue<C extends string> = C | `-${C}`;

interface SortOrder<C extends string> {
  column: C;
  descending: boolean;
}

export interface ListState<C extends string> {
  page: number;
  pageSize: PageSize;
  sort: SortValue<C>;
  /** Trimmed; '' means no search. */
  search: string;
}

function parseSort<C extends string>(value: SortValue<C>): SortOrder<C> {
  const descending = value.startsWith('-');
  return { column: (descending ? value.slice(1) : value) as C, descending };
}

function sortValue<C extends string>(order: SortOrder<C>): SortValue<C> {
  return (order.descending ? `-${order.column}` : order.column) as SortValue<C>;
}

/** A whole number 1..max written plainly ('2', not '02', '2.0' or '1e1'), else undefined. */
export function readPositiveInt(value: string | null, max: number): number | undefined {
  if (value === null || !/^[1-9]\d{0,8}$/.test(value)) return undefined;
  const n = Number(value);
  return n <= max ? n : undefined;
}

export function readPage(params: URLSearchParams): number {
  return readPositiveInt(params.get('page'), PAGE_MAX) ?? 1;
}

export function readPageSize(params: URLSearchParams): PageSize {
  const n = readPositiveInt(params.get('pageSize'), 1000);
  return (PAGE_SIZES as readonly number[]).includes(n ?? 0) ? (n as PageSize) : DEFAULT_PAGE_SIZE;
}

export function readSort<C extends string>(
  params: URLSearchParams,
  columns: readonly C[],
  fallback: SortValue<C>,
): SortValue<C> {
  const value = params.get('sort');
  if (!value) return fallback;
  const column = value.startsWith('-') ? value.slice(1) : value;
  return (columns as readonly string[]).includes(column) ? (value as SortValue<C>) : fallback;
}

function readSearch(params: URLSearchParams): string {
  return (params.get('search') ?? '').trim().slice(0, SEARCH_MAX);
}

export function readListState<C extends string>(
  params: URLSearchParams,
  columns: readonly C[],
  fallbackSort: SortValue<C>,
): ListState<C> {
  return {
    page: readPage(params),
    pageSize: readPageSize(params),
    sort: readSort(params, columns, fallbackSort),
    search: readSearch(params),
  };
}

/**
 * Writes the list state into `params` (which keeps its other keys, such as the admin panel's tab). Values
 * equal to the defaults are left out, so an untouched list keeps a clean address.
 */
export function writeListState<C extends string>(
  params: URLSearchParams,
  state: ListState<C>,
  defaultSort: SortValue<C>,
): URLSearchParams {
  for (const key of ['page', 'pageSize', 'sort', 'search']) params.delete(key);
  if (state.search) params.set('search', state.search);
  if (state.sort !== defaultSort) params.set('sort', state.sort);
  if (state.pageSize !== DEFAULT_PAGE_SIZE) params.set('pageSize', String(state.pageSize));
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

/** The API's own query: page and page size always, sort always, search when there is one. */
export function listApiParams<C extends string>(state: ListState<C>): URLSearchParams {
  const params = new URLSearchParams();
  params.set('page', String(state.page));
  params.set('pageSize', String(state.pageSize));
  params.set('sort', state.sort);
  if (state.search) params.set('search', state.search);
  return params;
}

/**
 * A header's next sort when clicked: the other direction if it is the current column, else the column's
 * first direction (newest or largest first for dates and amounts, A to Z for names).
 */
export function nextSort<C extends string>(
  current: SortValue<C>,
  column: C,
  firstDescending: boolean,
): SortValue<C> {
  const order = parseSort(current);
  if (order.column === column) return sortValue({ column, descending: !order.descending });
  return sortValue({ column, descending: firstDescending });
}

/** The aria-sort of a column header. */
export function ariaSort<C extends string>(
  current: SortValue<C>,
  column: C,
): 'ascending' | 'descending' | 'none' {
  const order = parseSort(current);
  if (order.column !== column) return 'none';
  return order.descending ? 'descending' : 'ascending';
}

interface PageWindow {
  /** 1-based index of the first row shown; 0 when nothing is shown. */
  from: number;
  /** 1-based index of the last row shown. */
  to: number;
  /** The last page that has rows (1 for an empty list). */
  lastPage: number;
}

/** Which rows of the whole set a page shows: page 2 of 50 a page out of 1234 is rows 51-100. */
export function pageWindow(page: number, pageSize: number, total: number, rowsShown: number): PageWindow {
  const lastPage = Math.max(1, Math.ceil(total / pageSize));
  if (rowsShown <= 0) return { from: 0, to: 0, lastPage };
  const from = (page - 1) * pageSize + 1;
  return { from, to: from + rowsShown - 1, lastPage };
}
