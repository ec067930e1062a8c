// Lending Management Dashboard (/admin/lending). Filters live in the URL; every figure
// comes from the server (lending.repository.ts) — only the earnings dialog's preview is worked out here.
// Decisions: the summary follows every filter (docs/lending.md: figures "within the filters"), so searching
// a client shows that client's figures; the Client picker searches GET /api/admin/users on the server, so a
// client can be picked even when other filters hide their rows. The Lending Data rows are paged
// and sorted by the server (page, size and sort in the address too), and Export reads every page. A delinquency bucket
// per row and a bucket filter, the portfolio-at-risk card, open settlement quotes, and each row's
// Application Details (instalments, position, restructure) one click away. Each row's dialog, and Record settlement
// for a quote, has its own address over the list (lending-dialogs.tsx).
import { ArrowLeft, RotateCcw } from 'lucide-react';
import { Link } from 'react-router';
import { CsvExportButton, CsvExportProgress, useCsvExport } from '../../components/csv-export';
import { useClampPage } from '../../components/list-controls';
import { PageContainer, PageHeader } from '../../components/page-header';
import { QueryErrorPanel } from '../../components/query-error-panel';
import { Button, buttonVariants } from '../../components/ui/button';
import { useDialogRoute } from '../../hooks/use-dialog-route';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { lendingDialogs } from '../../lib/application-dialog-routes';
import { listViewHref, useRememberListView } from '../../lib/list-memory';
import type { PageSize } from '../../lib/list-params';
import {
  fetchLendingDetailsPage,
  useDashboardMode,
  useLendingDetails,
  useLendingSummary,
  usePlatforms,
} from './lending-api';
import { exportFileName, toCsv } from './lending-csv';
import { LendingDataCard } from './lending-data-card';
import { LendingDialogs } from './lending-dialogs';
import { detailsQueryString, periodLabel } from './lending-filters';
import { LendingFiltersCard } from './lending-filters-card';
import {
  DefaultStatisticsCard,
  ExpectedReturnsCard,
  PortfolioAtRiskCard,
  SummaryCards,
} from './lending-summary';
import { SettlementQuotesCard } from './settlement-quotes-card';
import type { LendingRow } from './types';
import { useLendingView } from './use-lending-view';

export function LendingPage() {
  useRememberListView('/admin/lending');
  useDocumentTitle('Lending Management Dashboard');
  const view = useLendingView();
  const { filters, list } = view;
  const dialog = useDialogRoute(lendingDialogs, (search) => ({
    pathname: '/admin/lending',
    search: search.toString(),
  }));

  const summary = useLendingSummary(filters);
  const details = useLendingDetails(filters, list);
  const platforms = usePlatforms();
  const mode = useDashboardMode();

  const page = details.data;
  const rows = page?.data ?? [];
  const pastEnd = useClampPage(
    list.page,
    list.pageSize,
    page ? { total: page.total, rows: rows.length, settled: !details.isPlaceholderData } : null,
    view.goToPage,
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
  const summaryFailed = summary.isError && !summary.data;

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
            <Button variant="outline" onClick={view.resetFilters}>
              <RotateCcw aria-hidden="true" />
              Reset Filters
            </Button>
            {exportButton('Export Data', 'default')}
          </>
        }
      />

      {summaryFailed ? (
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
        {summaryFailed ? null : <PortfolioAtRiskCard summary={summary.data} loading={summaryLoading} />}
        <SettlementQuotesCard
          onRecord={(quote) => dialog.show('settlement', quote.applicationId)}
          className={summaryFailed ? 'min-w-0 lg:col-span-3' : 'min-w-0 lg:col-span-2'}
        />
      </div>

      <LendingFiltersCard
        filters={filters}
        setFilter={view.setFilter}
        onReset={view.resetFilters}
        platforms={platforms.data}
        defaultMode={mode.data}
      />

      <CsvExportProgress csv={csv} label="Exporting lending data" />

      <LendingDataCard
        view={view}
        details={details}
        pastEnd={pastEnd}
        exportButton={exportButton('Export', 'outline')}
        loans={summary.data?.financedCount}
        handlers={{
          onViewDetails: (row) => dialog.show('details', row.id),
          onAddPayment: (row) => dialog.show('payment', row.id),
          onRecordEarnings: (row) => dialog.show('earnings', row.id),
          onCancel: (row) => dialog.show('cancel', row.id),
        }}
      />

      <LendingDialogs
        dialog={dialog}
        rows={rows}
        rowsSettled={details.isSuccess && !details.isPlaceholderData}
      />
    </PageContainer>
  );
}
