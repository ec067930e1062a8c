// A table column header that sorts the list: a button inside the <th>, so it is reached with Tab
// and pressed with Enter or Space; the <th> carries aria-sort, and the arrow shows the direction.
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/utils';
import { TableHead } from './table';

type SortDirection = 'ascending' | 'descending' | 'none';

export function SortableTableHead({
  children,
  direction,
  onSort,
  align = 'left',
  className,
}: {
  children: ReactNode;
  direction: SortDirection;
  onSort: () => void;
  align?: 'left' | 'right';
  className?: string;
}) {
  const Icon = direction === 'ascending' ? ArrowUp : direction === 'descending' ? ArrowDown : ArrowUpDown;
  return (
    <TableHead scope="col" aria-sort={direction} className={cn(align === 'right' && 'text-right', className)}>
      <button
        type="button"
        onClick={onSort}
        className={cn(
          '-mx-1.5 inline-flex h-8 items-center gap-1 rounded-md px-1.5 whitespace-nowrap font-semibold tracking-wide uppercase hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
          direction !== 'none' && 'text-slate-900',
          align === 'right' && 'flex-row-reverse',
        )}
      >
        {children}
        <Icon className={cn('size-3.5', direction === 'none' && 'text-slate-400')} aria-hidden="true" />
      </button>
    </TableHead>
  );
}
