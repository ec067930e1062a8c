// Deep pages of the admin lists, read from the nearer end. OFFSET makes PostgreSQL walk every skipped row, so
// the last of 2,000 pages cost 250 ms where the first cost 20; reading the same rows in the opposite order from
// the other end skips at most half the set. The caller sorts the page back into the order asked for.

export type PageWindow = {
  /** Rows to skip, counted from the end that `reversed` names. */
  offset: number;
  /** Rows on this page (fewer than the page size on the last page). */
  limit: number;
  /** Read in the opposite order (from the end of the set). */
  reversed: boolean;
};

/** The rows of page `page` (from 1) of `total` rows, `pageSize` a page; null when the page is beyond the end. */
export function pageWindow(page: number, pageSize: number, total: number): PageWindow | null {
  const offset = (page - 1) * pageSize;
  if (offset >= total) return null;
  const limit = Math.min(pageSize, total - offset);
  const fromEnd = total - offset - limit;
  return fromEnd < offset ? { offset: fromEnd, limit, reversed: true } : { offset, limit, reversed: false };
}
