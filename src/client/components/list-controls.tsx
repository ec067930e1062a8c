// Controls shared by the paged admin lists: the debounced search box, the list state kept in the
// address, and the Sort by select that stands in for the sortable headers where the list is shown as cards.
import { Search } from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useId, useMemo, useState } from 'react';
import { SEARCH_MAX } from '../../shared/schemas/admin-lists';
import { useAddressSearch } from '../hooks/use-address-search';
import { useDebouncedInput } from '../hooks/use-debounce';
import { PAGE_SIZES, type PageSize } from '../lib/list-params';
import { cn } from '../lib/utils';
import { QueryErrorPanel, type RetryableQuery } from './query-error-panel';
import { Input } from './ui/input';
import { Label } from './ui/label';
import { Pager, type PagerProps } from './ui/pager';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from './ui/select';

const SEARCH_DEBOUNCE_MS = 350;

/**
 * A list's state read from the address, and a way to change it, written the one way (hooks/use-address-search.ts):
 * from the address as it is now, so quick successive changes all land, replacing the history entry.
 */
export function useListState<S extends { page: number }>(
  read: (params: URLSearchParams) => S,
  write: (state: S, params: URLSearchParams) => URLSearchParams,
) {
  const [params, replaceSearch] = useAddressSearch();
  const key = params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the text so equal params keep one object
  const state = useMemo(() => read(params), [key]);
  const update = useCallback(
    /**
     * Changes some fields; anything but the page itself sends the list back to page 1. A function is given the
     * state the address holds at that moment, not this render's: a column header pressed twice before the list is
     * drawn again sorts one way and then the other, as each press says.
     */
    (change: Partial<S> | ((current: S) => Partial<S>)) => {
      replaceSearch((current) => {
        const now = read(current);
        const patch = typeof change === 'function' ? change(now) : change;
        const next = { ...now, ...patch };
        if (!('page' in patch)) next.page = 1;
        return write(next, current);
      });
    },
    [replaceSearch, read, write],
  );
  return [state, update] as const;
}

/**
 * A list's page and page size kept by the component (a card beside the list that owns the address): a new page
 * size starts again at page 1. Spread into `PagedListBody`'s pager.
 */
export function useLocalPaging(initialPageSize: PageSize) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<PageSize>(initialPageSize);
  const onPageSizeChange = useCallback((size: PageSize) => {
    setPageSize(size);
    setPage(1);
  }, []);
  return { page, pageSize, onPageChange: setPage, onPageSizeChange };
}

/**
 * The search box: what is typed is sent (trimmed) once typing pauses, on Enter, or when the box loses focus.
 * A change from outside (Clear filters, the Back button) replaces what is typed.
 */
export function ListSearchField({
  label,
  value,
  onSearch,
  placeholder,
  hideLabel = false,
  className,
}: {
  label: string;
  value: string;
  onSearch: (value: string) => void;
  placeholder?: string;
  hideLabel?: boolean;
  className?: string;
}) {
  const id = useId();
  const { text, setText, flush } = useDebouncedInput(value, onSearch, SEARCH_DEBOUNCE_MS);

  return (
    <div className={cn('grid gap-2', className)}>
      <Label htmlFor={id} className={hideLabel ? 'sr-only' : undefined}>
        {label}
      </Label>
      <div className="relative">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
          aria-hidden="true"
        />
        <Input
          id={id}
          type="search"
          value={text}
          maxLength={SEARCH_MAX}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') flush();
          }}
          onBlur={flush}
          placeholder={placeholder}
          className="pl-9"
          autoComplete="off"
        />
      </div>
    </div>
  );
}

interface ChoiceSelectProps<V extends string> {
  value: V;
  options: ReadonlyArray<{ value: V; label: string }>;
  onChange: (value: V) => void;
  className?: string;
  label: string;
}

/** Sort by, for the card layouts (the tables sort by their headers). */
export function SortSelect<V extends string>({
  label = 'Sort by',
  ...props
}: Omit<ChoiceSelectProps<V>, 'label'> & { label?: string }) {
  return <ChoiceSelect label={label} {...props} />;
}

/** A list's labelled choice (a filter, the sort order): a select of its options. */
export function ChoiceSelect<V extends string>({
  value,
  options,
  onChange,
  className,
  label,
}: ChoiceSelectProps<V>) {
  const id = useId();
  return (
    <div className={cn('grid min-w-0 grid-cols-1 gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      <Select value={value} onValueChange={(next) => onChange(next as V)}>
        <SelectTrigger id={id}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {options.map((option) => (
            <SelectItem key={option.value} value={option.value}>
              {option.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

/**
 * Sends a list that asked for a page past its end (a shared link, or the last row of the last page deleted)
 * to its last page, once the server's answer for this page is in.
 */
export function useClampPage(
  page: number,
  pageSize: number,
  answer: { total: number; rows: number; settled: boolean } | null,
  goTo: (page: number) => void,
) {
  const lastPage = answer ? Math.max(1, Math.ceil(answer.total / pageSize)) : 1;
  const past = Boolean(answer?.settled && answer.rows === 0 && page > lastPage);
  useEffect(() => {
    if (past) goTo(lastPage);
  }, [past, lastPage, goTo]);
  return past;
}

/**
 * The body of a paged admin list: its skeleton while the page loads (or while a page past the end is sent
 * back), the error panel, the empty state, or the rows (a table and cards) with the pager under them, dimmed
 * while the next page loads.
 */
export function PagedListBody({
  query,
  pastEnd,
  skeleton,
  errorFallback,
  empty,
  pager,
  children,
}: {
  query: RetryableQuery & {
    isPending: boolean;
    isPlaceholderData: boolean;
    data: { total: number; data: readonly unknown[] } | undefined;
  };
  pastEnd: boolean;
  skeleton: ReactNode;
  errorFallback?: string;
  /** Shown when the list (with its filters) holds nothing. */
  empty: ReactNode;
  pager: Omit<PagerProps, 'total' | 'rowsShown' | 'pageSizes' | 'busy' | 'onPageSizeChange'> & {
    onPageSizeChange: (pageSize: (typeof PAGE_SIZES)[number]) => void;
  };
  children: ReactNode;
}) {
  const page = query.data;
  if (query.isPending || pastEnd) return skeleton;
  if (!page) return <QueryErrorPanel query={query} fallback={errorFallback} />;
  if (page.total === 0) return empty;
  return (
    <div className={cn('grid gap-4 transition-opacity', query.isPlaceholderData && 'opacity-60')}>
      {children}
      <Pager
        {...pager}
        total={page.total}
        rowsShown={page.data.length}
        pageSizes={PAGE_SIZES}
        busy={query.isPlaceholderData}
        onPageSizeChange={(pageSize) => pager.onPageSizeChange(pageSize as (typeof PAGE_SIZES)[number])}
      />
    </div>
  );
}
