// /admin/collections (docs/collections.md): the loans in arrears and the creators who asked for help, riskiest first
// (the later bucket, then the larger balance, then more broken promises). A view (all, mine, unassigned, action
// due, asked for help) and a bucket narrow it, kept in the address; each card opens the loan's case. Cards at every
// width: a collector works it on a phone as well.
import { HandCoins, LifeBuoy } from 'lucide-react';
import { useCallback } from 'react';
import { Link } from 'react-router';
import { COLLECTION_VIEW_LABELS, COLLECTION_VIEWS, type CollectionView } from '../../../shared/collections';
import {
  DELINQUENCY_BUCKET_LABELS,
  DELINQUENCY_BUCKETS,
  type DelinquencyBucket,
} from '../../../shared/finance/instalments';
import { EmptyState } from '../../components/empty-state';
import { ChoiceSelect, PagedListBody, useClampPage, useListState } from '../../components/list-controls';
import { PageContainer, PageHeader } from '../../components/page-header';
import { Badge } from '../../components/ui/badge';
import { buttonVariants } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { formatDate } from '../../lib/format';
import { listViewHref } from '../../lib/list-memory';
import { PAGE_SIZES, type PageSize } from '../../lib/list-params';
import { cn } from '../../lib/utils';
import { useWorklist, type WorklistFilter, type WorklistRow } from './collections-api';
import { BucketBadge, LoanFigures, PromiseLine } from './collections-parts';

const ALL_BUCKETS = 'any';

function readFilter(params: URLSearchParams): WorklistFilter {
  const view = params.get('view') as CollectionView | null;
  const bucket = params.get('bucket') as DelinquencyBucket | null;
  const pageSize = Number(params.get('pageSize'));
  return {
    view: view && COLLECTION_VIEWS.includes(view) ? view : 'all',
    bucket: bucket && DELINQUENCY_BUCKETS.includes(bucket) ? bucket : null,
    page: Math.max(1, Math.floor(Number(params.get('page')) || 1)),
    pageSize: PAGE_SIZES.includes(pageSize as PageSize) ? pageSize : 25,
  };
}

function writeFilter(filter: WorklistFilter, params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (key: string, value: string | null) => (value ? next.set(key, value) : next.delete(key));
  set('view', filter.view === 'all' ? null : filter.view);
  set('bucket', filter.bucket);
  set('page', filter.page > 1 ? String(filter.page) : null);
  set('pageSize', filter.pageSize === 25 ? null : String(filter.pageSize));
  return next;
}

function WorklistCard({ row }: { row: WorklistRow }) {
  return (
    <Card className="grid gap-2 p-4" data-testid={`collection-${row.applicationId}`}>
      <div className="flex flex-wrap items-center gap-2">
        <Link
          to={`/admin/collections/${row.applicationId}`}
          className="font-semibold text-slate-900 underline-offset-2 hover:underline"
        >
          Loan #{row.applicationId} · {row.creatorName}
        </Link>
        <BucketBadge bucket={row.bucket} daysPastDue={row.daysPastDue} />
        {row.status === 'defaulted' ? <Badge variant="destructive">Defaulted</Badge> : null}
        {row.askedForHelpAt ? (
          <Badge variant="info">
            <LifeBuoy aria-hidden="true" />
            Asked for help
          </Badge>
        ) : null}
      </div>
      <LoanFigures row={row} />
      <PromiseLine open={row.openPromise} broken={row.brokenPromises} />
    </Card>
  );
}

export function CollectionsPage() {
  useDocumentTitle('Collections');
  const [filter, update] = useListState(readFilter, writeFilter);
  const query = useWorklist(filter);
  const goToPage = useCallback((page: number) => update({ page }), [update]);
  const pastEnd = useClampPage(
    filter.page,
    filter.pageSize,
    query.data
      ? { total: query.data.total, rows: query.data.data.length, settled: !query.isPlaceholderData }
      : null,
    goToPage,
  );
  const today = query.data?.today;

  return (
    <PageContainer>
      <PageHeader
        title="Collections"
        description={`Loans in arrears and creators who asked for help, riskiest first: the later bucket, then the larger balance, then more broken promises.${today ? ` Days late as at ${formatDate(today)}.` : ''}`}
        actions={
          <Link to={listViewHref('/admin')} className={buttonVariants({ variant: 'outline' })}>
            Admin Panel
          </Link>
        }
      />
      <section aria-label="Filters" className="grid gap-3 sm:flex sm:flex-wrap sm:items-end">
        <fieldset className="flex flex-wrap gap-2">
          <legend className="sr-only">Show</legend>
          {COLLECTION_VIEWS.map((view) => (
            <button
              key={view}
              type="button"
              aria-pressed={filter.view === view}
              onClick={() => update({ view })}
              className={cn(
                buttonVariants({ variant: filter.view === view ? 'default' : 'outline', size: 'sm' }),
              )}
            >
              {COLLECTION_VIEW_LABELS[view]}
            </button>
          ))}
        </fieldset>
        <ChoiceSelect
          label="Days past due"
          className="sm:w-48"
          value={filter.bucket ?? ALL_BUCKETS}
          options={[
            { value: ALL_BUCKETS, label: 'Any' },
            ...DELINQUENCY_BUCKETS.map((b) => ({ value: b, label: DELINQUENCY_BUCKET_LABELS[b] })),
          ]}
          onChange={(value) =>
            update({ bucket: value === ALL_BUCKETS ? null : (value as DelinquencyBucket) })
          }
        />
      </section>
      <PagedListBody
        query={query}
        pastEnd={pastEnd}
        errorFallback="Failed to fetch the collections worklist"
        skeleton={
          <div className="grid gap-3" aria-busy="true">
            <span className="sr-only">Loading the worklist…</span>
            {['a', 'b', 'c'].map((key) => (
              <Skeleton key={key} className="h-32 w-full" />
            ))}
          </div>
        }
        empty={
          <EmptyState icon={<HandCoins />} title="Nothing to collect here" headingLevel={2}>
            {filter.view === 'all' && !filter.bucket
              ? 'No loan is in arrears and no creator has asked for help.'
              : 'No loan matches this view. Choose All to see the whole worklist.'}
          </EmptyState>
        }
        pager={{
          label: 'Worklist pages',
          page: filter.page,
          pageSize: filter.pageSize,
          noun: ['loan', 'loans'],
          onPageChange: goToPage,
          onPageSizeChange: (pageSize) => update({ pageSize }),
        }}
      >
        <section aria-label="Worklist" className="grid gap-3">
          {query.data?.data.map((row) => (
            <WorklistCard key={row.applicationId} row={row} />
          ))}
        </section>
      </PagedListBody>
    </PageContainer>
  );
}
