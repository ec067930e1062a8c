// The pager under a paged list: "Showing 51–100 of 1 234 applications", Previous and Next, and
// the page size. Counts are en-ZA. While the next page loads, the button that asked for it shows a spinner
// and both are disabled (the last page stays on screen meanwhile). One column on a phone, one line from sm.
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { formatCount } from '../../lib/format';
import { cn } from '../../lib/utils';
import { Button } from './button';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from './select';

export interface PagerProps {
  /** The list's name for assistive technology, e.g. 'Applications pages'. */
  label: string;
  page: number;
  pageSize: number;
  total: number;
  /** Rows on this page (the last page may hold fewer than pageSize; a page past the end none). */
  rowsShown: number;
  /** The sizes offered; without them (or with one) the page size is fixed and not offered. */
  pageSizes?: readonly number[];
  /** The noun after the total: ['application', 'applications']. */
  noun: readonly [singular: string, plural: string];
  /** True while the page on screen is the previous answer and the asked-for page is loading. */
  busy?: boolean;
  onPageChange: (page: number) => void;
  onPageSizeChange?: (pageSize: number) => void;
  className?: string;
}

export function Pager({
  label,
  page,
  pageSize,
  total,
  rowsShown,
  pageSizes,
  noun,
  busy = false,
  onPageChange,
  onPageSizeChange,
  className,
}: PagerProps) {
  const sizeId = useId();
  const [asked, setAsked] = useState<'previous' | 'next' | null>(null);
  useEffect(() => {
    if (!busy) setAsked(null);
  }, [busy]);

  const lastPage = Math.max(1, Math.ceil(total / pageSize));
  const from = rowsShown > 0 ? (page - 1) * pageSize + 1 : 0;
  const to = rowsShown > 0 ? from + rowsShown - 1 : 0;
  const word = total === 1 ? noun[0] : noun[1];
  const go = (direction: 'previous' | 'next') => {
    setAsked(direction);
    onPageChange(direction === 'previous' ? page - 1 : page + 1);
  };

  return (
    <nav
      aria-label={label}
      className={cn(
        'grid gap-3 text-sm text-slate-700 sm:flex sm:flex-wrap sm:items-center sm:justify-between',
        className,
      )}
    >
      <p aria-live="polite" data-testid="pager-summary" className="tabular-nums">
        {rowsShown > 0
          ? `Showing ${formatCount(from)}–${formatCount(to)} of ${formatCount(total)} ${word}`
          : `No ${noun[1]} on this page (${formatCount(total)} in all)`}
      </p>
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-3 sm:justify-end">
        {pageSizes && pageSizes.length > 1 && onPageSizeChange ? (
          <div className="flex items-center gap-2">
            <label htmlFor={sizeId} className="whitespace-nowrap text-slate-600">
              Rows per page
            </label>
            <Select value={String(pageSize)} onValueChange={(value) => onPageSizeChange(Number(value))}>
              <SelectTrigger id={sizeId} className="h-9 w-20">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {pageSizes.map((size) => (
                  <SelectItem key={size} value={String(size)}>
                    {size}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
        ) : null}
        <div className="flex w-full items-center justify-between gap-2 sm:w-auto sm:justify-start">
          <Button
            variant="outline"
            size="sm"
            onClick={() => go('previous')}
            disabled={page <= 1 || busy}
            loading={busy && asked === 'previous'}
          >
            {busy && asked === 'previous' ? null : <ChevronLeft aria-hidden="true" />}
            Previous
          </Button>
          <span className="whitespace-nowrap tabular-nums" data-testid="pager-page">
            Page {formatCount(Math.min(page, lastPage))} of {formatCount(lastPage)}
          </span>
          <Button
            variant="outline"
            size="sm"
            onClick={() => go('next')}
            disabled={page >= lastPage || busy}
            loading={busy && asked === 'next'}
          >
            Next
            {busy && asked === 'next' ? null : <ChevronRight aria-hidden="true" />}
          </Button>
        </div>
      </div>
    </nav>
  );
}
