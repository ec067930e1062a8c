// Lending Management Dashboard (/admin/lending, spec section 2). Filters live in the URL; every figure
// comes from the server (lending.repository.ts) — only the earnings dialog's preview is worked out here.
// Decisions: the summary follows every filter (docs/lending.md: figures "within the filters"), so searching
// a client shows that client's figures; the Client picker searches GET /api/admin/users on the server, so a
// client can be picked even when other filters hide their rows. The Lending Data rows are paged
// and sorted by the server (page, size and sort in the address too), and Export reads every page. A delinquency bucket
// per row and a bucket filter, the portfolio-at-risk card, open settlement quotes, and each row's
// Application Details (instalments, position, restructure) one click away.
import { ArrowLeft, RotateCcw, SearchX } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { OpenSettlementQuote } from '../../../shared/schemas/servicing';
import { CsvExportButton, CsvExportProgress, useCsvExport } from '../../components/csv-export';
import { EmptyState } from '../../components/empty-state';
import { SortSelect, useClampPage } from '../../components/list-controls';
import { PageContainer, PageHeader } from '../../components/page-header';
import { QueryErrorPanel } from '../../components/query-error-panel';
import { Button, buttonVariants } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Pager } from '../../components/ui/pager';
import { Spinner } from '../../components/ui/spinner';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { formatCountOf } from '../../lib/format';
import { listViewHref, useRememberListView } from '../../lib/list-memory';
import { PAGE_SIZES, type PageSize } from '../../lib/list-params';
import { cn } from '../../lib/utils';
import { AddPaymentDialog, AdminApplicationDetailsDialog } from '../admin-applications';
import { CancelLendingDialog } from './cancel-lending-dialog';
import {
  fetchLendingDetailsPage,
  useDashboardMode,
  useLendingDetails,
  useLendingSummary,
  usePlatforms,
} from './lending-api';
import { exportFileName, toCsv } from './lending-csv';
import {
  detailsQueryString,
  LENDING_SORT_OPTIONS,
  type LendingFilters,
  type LendingListState,
  lendingViewFromSearchParams,
  lendingViewToSearchParams,
  listedNoun,
  periodLabel,
  withFilter,
} from './lending-filters';
import { LendingFiltersCard } from './lending-filters-card';
import {
  DefaultStatisticsCard,
  ExpectedReturnsCard,
  PortfolioAtRiskCard,
  SummaryCards,
} from './lending-summary';
import { LendingRows, LendingRowsSkeleton } from './lending-table';
import { RecordEarningsDialog } from './record-earnings-dialog';
import { SettleQuoteDialog } from './settle-quote-dialog';
import { SettlementQuotesCard } from './settlement-quotes-card';
import type { LendingRow } from './types';

export function LendingPage() {
  useRememberListView('/admin/lending');
  useDocumentTitle('Lending Management Dashboard');
  const [searchParams, setSearchParams] = useSearchParams();
  const paramsKey = searchParams.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the text so equal params keep one object
  const { filters, list } = useMemo(() => lendingViewFromSearchParams(searchParams), [paramsKey]);
  // Loans when the Status filter holds only paid-out statuses; applications otherwise.
  const listed = listedNoun(filters.status);

  const setFilter = useCallback(
    <K extends keyof LendingFilters>(key: K, value: LendingFilters[K] | undefined) => {
      // From the URL as it is now (not this render's filters), so quick successive changes all land. A new
      // filter starts the rows from their first page.
      setSearchParams(
        (previous) => {
          const view = lendingViewFromSearchParams(previous);
          return lendingViewToSearchParams({
            filters: withFilter(view.filters, key, value),
            list: { ...view.list, page: 1 },
          });
        },
        { replace: true },
      );
    },
    [setSearchParams],
  );
  const setList = useCallback(
    (patch: Partial<LendingListState>) => {
      setSearchParams(
        (previous) => {
          const view = lendingViewFromSearchParams(previous);
          const next = { ...view.list, ...patch };
          if (!('page' in patch)) next.page = 1;
          return lendingViewToSearchParams({ filters: view.filters, list: next });
        },
        { replace: true },
      );
    },
    [setSearchParams],
  );
  const goToPage = useCallback((page: number) => setList({ page }), [setList]);
  const resetFilters = useCallback(
    () => setSearchParams(new URLSearchParams(), { replace: true }),
    [setSearchParams],
  );

  const summary = useLendingSummary(filters);
  const details = useLendingDetails(filters, list);
  const platforms = usePlatforms();
  const mode = useDashboardMode();

  const [earningsRow, setEarningsRow] = useState<LendingRow | null>(null);
  const [cancelRow, setCancelRow] = useState<LendingRow | null>(null);
  const [detailsId, setDetailsId] = useState<number | null>(null);
  const [paymentId, setPaymentId] = useState<number | null>(null);
  const [settleQuote, setSettleQuote] = useState<OpenSettlementQuote | null>(null);

  const page = details.data;
  const rows = page?.data ?? [];
  const pastEnd = useClampPage(
    list.page,
    list.pageSize,
    page ? { total: page.total, rows: rows.length, settled: !details.isPlaceholderData } : null,
    goToPage,
  );
  const canExport = details.isSuccess && !details.isPlaceholderData && (page?.total ?? 0) > 0;

  const csv = useCsvExport<LendingRow>({
    fetchPage: (pageNumber, pageSize) =>
      fetchLendingDetailsPage(
        detailsQueryString(filters, { ...list, page: pageNumber, pageSize: pageSize as PageSize }),
      ),
    keyOf: (row) => row.id,
    build: toCsv,
    fileName: () => exportFileName(),
    noun: ['application', 'applications'],
    doneText: 'exported to CSV.',
  });

  const exportButton = (label: string, variant: 'default' | 'outline') => (
    <CsvExportButton csv={csv} disabled={!canExport} label={label} variant={variant} />
  );

  const summaryLoading = summary.isPending;
  const updating = (details.isFetching && !details.isPending) || details.isPlaceholderData;

  return (
    <PageContainer>
      <PageHeader
        title="Lending Management Dashboard"
        description="Credit disbursed, repayments, platform fees and defaults."
        actions={
          <>
            <Link to={listViewHref('/admin')} className={buttonVariants({ variant: 'ghost' })}>
              <ArrowLeft aria-hidden="true" />
              Admin Panel
            </Link>
            <Button variant="outline" onClick={resetFilters}>
              <RotateCcw aria-hidden="true" />
              Reset Filters
            </Button>
            {exportButton('Export Data', 'default')}
          </>
        }
      />

      {summary.isError && !summary.data ? (
        <QueryErrorPanel query={summary} fallback="Failed to fetch summary data" />
      ) : (
        <>
          <SummaryCards summary={summary.data} loading={summaryLoading} period={periodLabel(filters)} />
          <div className="grid gap-4 lg:grid-cols-3">
            <ExpectedReturnsCard summary={summary.data} loading={summaryLoading} />
            <DefaultStatisticsCard summary={summary.data} loading={summaryLoading} mode={filters.mode} />
          </div>
        </>
      )}

      {/* min-w-0: grid items would otherwise grow to a table's width instead of letting it scroll. */}
      <div className="grid min-w-0 gap-4 lg:grid-cols-3">
        {summary.isError && !summary.data ? null : (
          <PortfolioAtRiskCard summary={summary.data} loading={summaryLoading} />
        )}
        <SettlementQuotesCard
          onRecord={setSettleQuote}
          className={summary.isError && !summary.data ? 'min-w-0 lg:col-span-3' : 'min-w-0 lg:col-span-2'}
        />
      </div>

      <LendingFiltersCard
        filters={filters}
        setFilter={setFilter}
        onReset={resetFilters}
        platforms={platforms.data}
        defaultMode={mode.data}
      />

      <CsvExportProgress csv={csv} label="Exporting lending data" />

      {/* min-w-0: a grid item would otherwise grow to the table's width instead of letting it scroll. */}
      <Card className="min-w-0">
        <CardHeader className="flex-row flex-wrap items-start justify-between gap-3 space-y-0">
          <div className="grid gap-1.5">
            <CardTitle as="h2">Lending Data</CardTitle>
            <CardDescription data-testid="lending-subtitle">
              {page
                ? formatCountOf(page.total, ...listed)
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
            {exportButton('Export', 'outline')}
          </div>
        </CardHeader>
        <CardContent className="grid gap-4">
          <SortSelect
            className="sm:max-w-72"
            label="Sort by"
            value={list.sort}
            options={LENDING_SORT_OPTIONS}
            onChange={(sort) => setList({ sort })}
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
              <LendingRows
                rows={rows}
                handlers={{
                  onViewDetails: (row) => setDetailsId(row.id),
                  onAddPayment: (row) => setPaymentId(row.id),
                  onRecordEarnings: setEarningsRow,
                  onCancel: setCancelRow,
                }}
              />
              <Pager
                label="Lending data pages"
                page={list.page}
                pageSize={list.pageSize}
                total={page.total}
                rowsShown={rows.length}
                pageSizes={PAGE_SIZES}
                noun={listed}
                busy={details.isPlaceholderData}
                onPageChange={goToPage}
                onPageSizeChange={(pageSize) => setList({ pageSize: pageSize as PageSize })}
                className="border-t border-border pt-4"
              />
            </div>
          )}
        </CardContent>
      </Card>

      <RecordEarningsDialog row={earningsRow} onOpenChange={(open) => !open && setEarningsRow(null)} />
      <CancelLendingDialog row={cancelRow} onOpenChange={(open) => !open && setCancelRow(null)} />
      <SettleQuoteDialog quote={settleQuote} onOpenChange={(open) => !open && setSettleQuote(null)} />
      <AddPaymentDialog applicationId={paymentId} onOpenChange={(open) => !open && setPaymentId(null)} />
      <AdminApplicationDetailsDialog
        applicationId={detailsId}
        onOpenChange={(open) => !open && setDetailsId(null)}
      />
    </PageContainer>
  );
}
