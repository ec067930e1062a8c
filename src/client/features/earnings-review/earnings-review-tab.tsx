// The Earnings tab of /admin/operations (docs/platform-earnings.md): the monthly job's proposals,
// one per loan and month, filtered and paged on the server. Pending ones are chosen with their checkboxes and
// approved together (each becomes the month's earnings payment; the answer says what was approved and what was
// refused, and why); any waiting one can be rejected with a reason. A table from md up, cards below.
import { Banknote, CheckCheck, TriangleAlert } from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import {
  EARNINGS_PLATFORMS,
  EARNINGS_PROPOSAL_STATUSES,
  EARNINGS_SOURCES,
  type EarningsPlatform,
  type EarningsProposalStatus,
  type EarningsSource,
} from '../../../shared/constants';
import { EmptyState } from '../../components/empty-state';
import { ChoiceSelect, PagedListBody, useClampPage, useListState } from '../../components/list-controls';
import { Alert, AlertDescription, AlertTitle } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Checkbox } from '../../components/ui/checkbox';
import { Label } from '../../components/ui/label';
import { Skeleton } from '../../components/ui/skeleton';
import { Spinner } from '../../components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table';
import { toast } from '../../hooks/use-toast';
import { messageOf } from '../../lib/api';
import { formatCountOf, formatZar } from '../../lib/format';
import { DEFAULT_PAGE_SIZE, type PageSize, readPage, readPageSize } from '../../lib/list-params';
import {
  type ApproveEarningsAnswer,
  type EarningsProposalRow,
  useApproveProposals,
  useEarningsProposals,
} from './earnings-review-api';
import {
  canApprove,
  canReject,
  conversionText,
  monthName,
  platformName,
  SOURCE_LABELS,
  SOURCE_OPTIONS,
  STATUS_LABELS,
} from './proposal-text';
import { RejectProposalDialog } from './reject-proposal-dialog';

type StatusFilter = EarningsProposalStatus | 'all';
type PlatformFilter = EarningsPlatform | 'all';
type SourceFilter = EarningsSource | 'all';

interface EarningsListState {
  page: number;
  pageSize: PageSize;
  status: StatusFilter;
  platform: PlatformFilter;
  source: SourceFilter;
}

const oneOf = <T extends string>(values: readonly T[], value: string | null, fallback: T | 'all') =>
  value === 'all' || (values as readonly string[]).includes(value ?? '') ? (value as T | 'all') : fallback;

// The queue opens on what waits for a decision.
function readState(params: URLSearchParams): EarningsListState {
  return {
    page: readPage(params),
    pageSize: readPageSize(params),
    status: oneOf(EARNINGS_PROPOSAL_STATUSES, params.get('status'), 'pending'),
    platform: oneOf(EARNINGS_PLATFORMS, params.get('platform'), 'all'),
    source: oneOf(EARNINGS_SOURCES, params.get('source'), 'all'),
  };
}

function writeState(state: EarningsListState, params: URLSearchParams) {
  for (const key of ['page', 'pageSize', 'status', 'platform', 'source']) params.delete(key);
  if (state.page > 1) params.set('page', String(state.page));
  if (state.pageSize !== DEFAULT_PAGE_SIZE) params.set('pageSize', String(state.pageSize));
  if (state.status !== 'pending') params.set('status', state.status);
  if (state.platform !== 'all') params.set('platform', state.platform);
  if (state.source !== 'all') params.set('source', state.source);
  return params;
}

const STATUS_VARIANT: Record<
  EarningsProposalStatus,
  'warning' | 'success' | 'secondary' | 'destructive' | 'info'
> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'secondary',
  needs_rate: 'info',
  failed: 'destructive',
};

const SOURCE_VARIANT: Record<EarningsSource, 'success' | 'info' | 'outline' | 'secondary'> = {
  payout_verified: 'success',
  platform_api: 'info',
  proof: 'outline',
  admin: 'secondary',
};

export function EarningsReviewTab() {
  const [state, update] = useListState(readState, writeState);
  const query = useEarningsProposals({
    page: state.page,
    pageSize: state.pageSize,
    status: state.status === 'all' ? undefined : state.status,
    platform: state.platform === 'all' ? undefined : state.platform,
    source: state.source === 'all' ? undefined : state.source,
  });
  const rows = query.data?.data ?? [];
  const goTo = useCallback((page: number) => update({ page }), [update]);
  const pastEnd = useClampPage(
    state.page,
    state.pageSize,
    query.data ? { total: query.data.total, rows: rows.length, settled: !query.isPlaceholderData } : null,
    goTo,
  );

  // What is ticked, kept to the approvable rows on screen (a new page or filter leaves only what is still there).
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const approvable = useMemo(() => rows.filter(canApprove).map((r) => r.id), [rows]);
  useEffect(() => {
    setSelected((current) => {
      const kept = [...current].filter((id) => approvable.includes(id));
      return kept.length === current.size ? current : new Set(kept);
    });
  }, [approvable]);
  const toggle = (id: number, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const allTicked = approvable.length > 0 && approvable.every((id) => selected.has(id));

  const approve = useApproveProposals();
  const [result, setResult] = useState<{
    answer: ApproveEarningsAnswer;
    rows: ReadonlyMap<number, EarningsProposalRow>;
  } | null>(null);
  const [rejecting, setRejecting] = useState<EarningsProposalRow | null>(null);
  const byId = useMemo(() => new Map(rows.map((r) => [r.id, r])), [rows]);
  const approveSelected = () => {
    const ids = [...selected];
    // The rows as they were when approved: the list refetches without them (they are no longer pending).
    const approvedRows = new Map(ids.flatMap((id) => (byId.has(id) ? [[id, byId.get(id)!] as const] : [])));
    setResult(null);
    approve.mutate(ids, {
      onSuccess: (answer) => {
        setResult({ answer, rows: approvedRows });
        setSelected(new Set());
        toast({
          title: `${formatCountOf(answer.approved.length, 'proposal')} approved`,
          description: answer.refused.length
            ? `${formatCountOf(answer.refused.length, 'proposal')} refused: see why below.`
            : undefined,
        });
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Nothing approved',
          description: messageOf(error, 'Server error occurred while approving earnings'),
        }),
    });
  };

  const counts = query.data?.statusCounts;
  return (
    <section aria-labelledby="earnings-review-heading" className="grid min-w-0 gap-4">
      <div className="grid gap-1">
        <h2 id="earnings-review-heading" className="text-lg font-semibold text-slate-900">
          Earnings review
        </h2>
        <p className="text-sm text-slate-600">
          Last month's earnings read from the creators' platforms, one proposal per loan and month. Approving
          records the withholding as the month's earnings payment.
          {query.data?.autoApproveVerified ? ' Payout-verified figures are approved automatically.' : ''}
        </p>
      </div>

      <div className="grid gap-3 sm:grid-cols-3">
        <ChoiceSelect
          label="Status"
          value={state.status}
          onChange={(status) => update({ status })}
          options={[
            ...EARNINGS_PROPOSAL_STATUSES.map((s) => ({
              value: s,
              label: counts ? `${STATUS_LABELS[s]} (${counts[s]})` : STATUS_LABELS[s],
            })),
            { value: 'all' as const, label: 'All statuses' },
          ]}
        />
        <ChoiceSelect
          label="Platform"
          value={state.platform}
          onChange={(platform) => update({ platform })}
          options={[
            { value: 'all' as const, label: 'All platforms' },
            ...EARNINGS_PLATFORMS.map((p) => ({ value: p, label: platformName(p) })),
          ]}
        />
        <ChoiceSelect
          label="Source"
          value={state.source}
          onChange={(source) => update({ source })}
          options={[{ value: 'all' as const, label: 'All sources' }, ...SOURCE_OPTIONS]}
        />
      </div>

      {approvable.length > 0 ? (
        <div className="flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2">
          <div className="flex items-center gap-2 text-sm text-slate-700">
            <Checkbox
              id="earnings-select-all"
              checked={allTicked}
              onCheckedChange={(on) => setSelected(on === true ? new Set(approvable) : new Set())}
            />
            <Label htmlFor="earnings-select-all" className="font-normal">
              Select all pending on this page
            </Label>
          </div>
          <Button
            className="ml-auto max-sm:w-full"
            onClick={approveSelected}
            disabled={selected.size === 0 || approve.isPending}
          >
            {approve.isPending ? <Spinner /> : <CheckCheck aria-hidden="true" />}
            {approve.isPending
              ? `Approving ${formatCountOf(selected.size, 'proposal')}…`
              : `Approve selected (${selected.size})`}
          </Button>
        </div>
      ) : null}

      {result ? (
        <ApprovalSummary result={result.answer} byId={result.rows} onClose={() => setResult(null)} />
      ) : null}

      <PagedListBody
        query={query}
        pastEnd={pastEnd}
        skeleton={<Skeleton className="h-48 w-full" />}
        errorFallback="Failed to load the earnings proposals"
        empty={
          <EmptyState icon={<Banknote />} title="No earnings proposals here">
            <p>
              {state.status === 'pending'
                ? 'Nothing waits for review. The monthly job proposes last month’s earnings for every loan repaid from platform earnings.'
                : 'No proposal matches these filters.'}
            </p>
          </EmptyState>
        }
        pager={{
          label: 'Earnings proposal pages',
          page: state.page,
          pageSize: state.pageSize,
          noun: ['proposal', 'proposals'],
          onPageChange: goTo,
          onPageSizeChange: (pageSize) => update({ pageSize }),
        }}
      >
        <ProposalsTable rows={rows} selected={selected} onToggle={toggle} onReject={setRejecting} />
        <ul className="grid gap-3 md:hidden" aria-label="Earnings proposals">
          {rows.map((row) => (
            <ProposalCard
              key={row.id}
              row={row}
              selected={selected.has(row.id)}
              onToggle={toggle}
              onReject={setRejecting}
            />
          ))}
        </ul>
      </PagedListBody>
      <RejectProposalDialog target={rejecting} onOpenChange={(open) => !open && setRejecting(null)} />
    </section>
  );
}

interface RowProps {
  onToggle: (id: number, on: boolean) => void;
  onReject: (row: EarningsProposalRow) => void;
}

function SelectBox({
  row,
  selected,
  onToggle,
}: { row: EarningsProposalRow; selected: boolean } & Pick<RowProps, 'onToggle'>) {
  if (!canApprove(row)) return null;
  return (
    <Checkbox
      checked={selected}
      onCheckedChange={(on) => onToggle(row.id, on === true)}
      aria-label={`Select loan #${row.applicationId}, ${monthName(row)}`}
    />
  );
}

function EarningsFigure({ row }: { row: EarningsProposalRow }) {
  const conversion = conversionText(row);
  return (
    <div className="grid gap-0.5">
      <span className="font-medium text-slate-900 tabular-nums">{formatZar(row.earningsAmount)}</span>
      {conversion ? <span className="text-xs text-slate-600">{conversion}</span> : null}
    </div>
  );
}

function StatusCell({ row }: { row: EarningsProposalRow }) {
  return (
    <div className="grid justify-items-start gap-1">
      <Badge variant={STATUS_VARIANT[row.status]}>{STATUS_LABELS[row.status]}</Badge>
      {row.reason ? <span className="max-w-64 text-xs text-slate-600">{row.reason}</span> : null}
    </div>
  );
}

function RejectButton({ row, onReject }: { row: EarningsProposalRow } & Pick<RowProps, 'onReject'>) {
  if (!canReject(row)) return null;
  return (
    <Button
      variant="outline"
      size="sm"
      onClick={() => onReject(row)}
      aria-label={`Reject loan #${row.applicationId}, ${monthName(row)}`}
    >
      Reject
    </Button>
  );
}

function ProposalsTable({
  rows,
  selected,
  onToggle,
  onReject,
}: { rows: EarningsProposalRow[]; selected: ReadonlySet<number> } & RowProps) {
  return (
    <div className="hidden rounded-xl border border-slate-200 bg-white md:block">
      <Table aria-label="Earnings proposals">
        <TableHeader>
          <TableRow>
            <TableHead className="w-10">
              <span className="sr-only">Select</span>
            </TableHead>
            <TableHead>Loan</TableHead>
            <TableHead>Month</TableHead>
            <TableHead>Earnings</TableHead>
            <TableHead>Source</TableHead>
            <TableHead className="text-right">Withholding</TableHead>
            <TableHead className="text-right">Balance</TableHead>
            <TableHead>Status</TableHead>
            <TableHead>
              <span className="sr-only">Actions</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id} data-testid={`proposal-${row.id}`}>
              <TableCell>
                <SelectBox row={row} selected={selected.has(row.id)} onToggle={onToggle} />
              </TableCell>
              <TableCell>
                <div className="grid gap-0.5">
                  <span className="font-medium text-slate-900">
                    #{row.applicationId} {row.creatorName}
                  </span>
                  <span className="text-xs text-slate-600">{row.paymentReference}</span>
                </div>
              </TableCell>
              <TableCell className="whitespace-nowrap">{monthName(row)}</TableCell>
              <TableCell>
                <EarningsFigure row={row} />
              </TableCell>
              <TableCell>
                <div className="grid justify-items-start gap-1">
                  <Badge variant={SOURCE_VARIANT[row.source]}>{SOURCE_LABELS[row.source]}</Badge>
                  <span className="text-xs text-slate-600">{platformName(row.platform)}</span>
                </div>
              </TableCell>
              <TableCell className="text-right tabular-nums">
                <div className="grid gap-0.5">
                  <span>{formatZar(row.proposedPayment)}</span>
                  {row.proposedFee ? (
                    <span className="text-xs text-slate-600">fee {formatZar(row.proposedFee)}</span>
                  ) : null}
                </div>
              </TableCell>
              <TableCell className="text-right tabular-nums">{formatZar(row.remainingAmount)}</TableCell>
              <TableCell>
                <StatusCell row={row} />
              </TableCell>
              <TableCell>
                <RejectButton row={row} onReject={onReject} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

function ProposalCard({
  row,
  selected,
  onToggle,
  onReject,
}: { row: EarningsProposalRow; selected: boolean } & RowProps) {
  const figure = (label: string, value: ReactNode) => (
    <div className="grid gap-0.5">
      <dt className="text-xs text-slate-600">{label}</dt>
      <dd className="text-sm text-slate-900 tabular-nums">{value}</dd>
    </div>
  );
  return (
    <li
      className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4"
      data-testid={`proposal-card-${row.id}`}
    >
      <div className="flex items-start gap-3">
        <SelectBox row={row} selected={selected} onToggle={onToggle} />
        <div className="grid min-w-0 flex-1 gap-0.5">
          <span className="font-medium text-slate-900">
            #{row.applicationId} {row.creatorName}
          </span>
          <span className="text-xs text-slate-600">
            {monthName(row)} · {row.paymentReference}
          </span>
        </div>
        <StatusCell row={row} />
      </div>
      <dl className="grid grid-cols-2 gap-3">
        {figure('Earnings', <EarningsFigure row={row} />)}
        {figure(
          'Source',
          <span className="grid justify-items-start gap-1">
            <Badge variant={SOURCE_VARIANT[row.source]}>{SOURCE_LABELS[row.source]}</Badge>
            <span className="text-xs text-slate-600">{platformName(row.platform)}</span>
          </span>,
        )}
        {figure('Withholding', formatZar(row.proposedPayment))}
        {figure('Balance', formatZar(row.remainingAmount))}
      </dl>
      <div className="flex justify-end">
        <RejectButton row={row} onReject={onReject} />
      </div>
    </li>
  );
}

function ApprovalSummary({
  result,
  byId,
  onClose,
}: {
  result: ApproveEarningsAnswer;
  byId: ReadonlyMap<number, EarningsProposalRow>;
  onClose: () => void;
}) {
  const name = (id: number, applicationId?: number) => {
    const row = byId.get(id);
    return row
      ? `Loan #${row.applicationId}, ${monthName(row)}`
      : applicationId
        ? `Loan #${applicationId}`
        : `Proposal ${id}`;
  };
  return (
    <Alert
      variant={result.refused.length ? 'warning' : 'success'}
      role="status"
      data-testid="approval-summary"
    >
      {result.refused.length ? <TriangleAlert aria-hidden="true" /> : <CheckCheck aria-hidden="true" />}
      <div className="grid min-w-0 gap-1">
        <AlertTitle>
          {formatCountOf(result.approved.length, 'proposal')} approved
          {result.refused.length ? `, ${formatCountOf(result.refused.length, 'proposal')} refused` : ''}
        </AlertTitle>
        <AlertDescription>
          <ul className="grid gap-1">
            {result.approved.map((a) => (
              <li key={a.id}>
                {name(a.id, a.applicationId)}: {formatZar(a.payment)} withheld (fee {formatZar(a.platformFee)}
                ); balance now {formatZar(a.remainingAmount)}
                {a.completed ? ', repaid in full' : ''}.
              </li>
            ))}
            {result.refused.map((r) => (
              <li key={r.id}>
                {name(r.id)}: {r.reason}
              </li>
            ))}
          </ul>
          <Button variant="outline" size="sm" className="mt-2" onClick={onClose}>
            Dismiss
          </Button>
        </AlertDescription>
      </div>
    </Alert>
  );
}
