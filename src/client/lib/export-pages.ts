// CSV export of a paged admin list: every page of the filtered, sorted set, asked for one after
// the other at the server's largest page size, then built into CSV in the browser. Pure apart from the
// fetcher it is given, so the loop is unit-tested with a fake one.

export interface PageAnswer<Row> {
  data: Row[];
  total: number;
}

export interface ExportProgress {
  /** Rows received so far. */
  loaded: number;
  /** The set's size as the latest page said (it may change while the export runs). */
  total: number;
}

export class ExportCancelledError extends Error {
  constructor() {
    super('Export cancelled');
    this.name = 'ExportCancelledError';
  }
}

interface FetchAllPagesOptions {
  pageSize: number;
  signal?: AbortSignal;
  onProgress?: (progress: ExportProgress) => void;
  /** A guard against a set that keeps growing while it is read; far beyond any real book. */
  maxPages?: number;
}

/** Resolves with the page, or rejects as soon as the signal aborts (the request itself runs out unheard). */
function unlessAborted<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return work;
  if (signal.aborted) return Promise.reject(new ExportCancelledError());
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new ExportCancelledError());
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/**
 * Reads page 1, 2, 3... sequentially until a page comes back short (or empty) or the pages the total
 * promises are read. Rows are kept once by `keyOf` (a row can move to the next page when another is added
 * in between; it is exported once). Rejects with ExportCancelledError when the signal aborts, and with the
 * fetcher's error when a page fails.
 */
export async function fetchAllPages<Row>(
  fetchPage: (page: number, pageSize: number) => Promise<PageAnswer<Row>>,
  keyOf: (row: Row) => string | number,
  { pageSize, signal, onProgress, maxPages = 10_000 }: FetchAllPagesOptions,
): Promise<Row[]> {
  const rows: Row[] = [];
  const seen = new Set<string | number>();
  for (let page = 1; page <= maxPages; page += 1) {
    if (signal?.aborted) throw new ExportCancelledError();
    const answer = await unlessAborted(fetchPage(page, pageSize), signal);
    for (const row of answer.data) {
      const key = keyOf(row);
      if (seen.has(key)) continue;
      seen.add(key);
      rows.push(row);
    }
    onProgress?.({ loaded: rows.length, total: Math.max(answer.total, rows.length) });
    const lastPage = Math.ceil(answer.total / pageSize);
    if (answer.data.length < pageSize || page >= lastPage) break;
  }
  return rows;
}

/** The progress bar's value in percent, whole, 0-100. */
export function progressPercent({ loaded, total }: ExportProgress): number {
  if (total <= 0) return 0;
  return Math.min(100, Math.floor((loaded / total) * 100));
}
