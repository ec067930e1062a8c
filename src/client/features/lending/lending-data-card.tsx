// The Lending page's Lending Data card (lending-page.tsx): how many loans (or applications) the filters hold, the
// sort, the rows with their actions, and the pager.
import { SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { EmptyState } from '../../components/empty-state';
import { SortSelect } from '../../components/list-controls';
import { QueryErrorPanel } from '../../components/query-error-panel';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Pager } from '../../components/ui/pager';
import { Spinner } from '../../components/ui/spinner';
import { PAGE_SIZES, type PageSize } from '../../lib/list-params';
import { cn } from '../../lib/utils';
import type { useLendingDetails } from './lending-api';
import { LENDING_SORT_OPTIONS, lendingCountText } from './lending-filters';
import { LendingRows, LendingRowsSkeleton, type RowHandlers } from './lending-table';
import type { LendingView } from './use-lending-view';

export function LendingDataCard({
  view,
  details,
  pastEnd,
  handlers,
  exportButton,
  loans,
}: {
  view: LendingView;
  details: ReturnType<typeof useLendingDetails>;
  /** The page asked for is past the last one: the pager is moving back to it. */
  pastEnd: boolean;
  handlers: RowHandlers;
  exportButton: ReactNode;
  /** How many loans the filters hold (the summary's count), to say beside a count of applications. */
  loans: number | undefined;
}) {
  const { list, listed } = view;
  const page = details.data;
  const rows = page?.data ?? [];
  const updating = (details.isFetching && !details.isPending) || details.isPlaceholderData;
  // min-w-0: a grid item would otherwise grow to the table's width instead of letting it scroll.
  return (
    <Card className="min-w-0">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3 space-y-0">
        <div className="grid gap-1.5">
          <CardTitle as="h2">Lending Data</CardTitle>
          <CardDescription data-testid="lending-subtitle">
            {page
              ? lendingCountText(page.total, listed, loans)
              : details.isError
                ? 'Applications could not be loaded'
                : 'Loading applications…'}
          </CardDescription>
        </div>
        <div className="flex items-center gap-3">
          {updating ? (
            <span role="status" className="flex items-center gap-2 text-sm text-slate-500">
              <Spinner /> Updating…
            </span>
          ) : null}
          {exportButton}
        </div>
      </CardHeader>
      <CardContent className="grid gap-4">
        <SortSelect
          className="sm:max-w-72"
          label="Sort by"
          value={list.sort}
          options={LENDING_SORT_OPTIONS}
          onChange={(sort) => view.setList({ sort })}
        />
        {details.isPending || pastEnd ? (
          <LendingRowsSkeleton />
        ) : !page ? (
          <QueryErrorPanel query={details} fallback="Failed to fetch lending data" />
        ) : page.total === 0 ? (
          <EmptyState icon={<SearchX aria-hidden="true" />} title="No lending data found" headingLevel={3}>
            <p>Try adjusting your filters</p>
          </EmptyState>
        ) : (
          <div
            className={cn('grid gap-4 transition-opacity', details.isPlaceholderData && 'opacity-60')}
            aria-busy={details.isPlaceholderData || undefined}
          >
            <LendingRows rows={rows} handlers={handlers} />
            <Pager
              label="Lending data pages"
              page={list.page}
              pageSize={list.pageSize}
              total={page.total}
              rowsShown={rows.length}
              pageSizes={PAGE_SIZES}
              noun={listed}
              busy={details.isPlaceholderData}
              onPageChange={view.goToPage}
              onPageSizeChange={(pageSize) => view.setList({ pageSize: pageSize as PageSize })}
              className="border-t border-border pt-4"
            />
          </div>
        )}
      </CardContent>
    </Card>
  );
}
