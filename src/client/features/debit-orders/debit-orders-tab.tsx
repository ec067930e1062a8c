// The Debit orders tab of /admin/operations (docs/debit-orders.md): build the collection run of a business day, the
// runs with their totals and results, a run's items (filtered and paged on the server) with the bank's reasons,
// Download file (for the bank), Import results (the bank's answer, with its summary), and the mandates. The open run,
// its item filter and page are kept in the address (?tab=debit-orders&run=12&items=unpaid&page=2).
import { zodResolver } from '@hookform/resolvers/zod';
import { Download, FileUp, Play, Repeat } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { type ItemStatus, UNPAID_REASONS } from '../../../shared/debit-orders';
import { adminCancelMandateSchema, buildRunSchema } from '../../../shared/schemas/debit-orders';
import { EmptyState } from '../../components/empty-state';
import { FormDialogContent, FormDialogFor } from '../../components/form-dialog';
import { DateField, TextareaField } from '../../components/form-fields';
import { ChoiceSelect, PagedListBody, useLocalPaging } from '../../components/list-controls';
import { QueryErrorPanel } from '../../components/query-error-panel';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Form } from '../../components/ui/form';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Skeleton } from '../../components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table';
import { useAddressSearch } from '../../hooks/use-address-search';
import { toast } from '../../hooks/use-toast';
import { messageOf } from '../../lib/api';
import { applyServerErrors } from '../../lib/form-errors';
import { formatCount, formatDate, formatZar } from '../../lib/format';
import { DEFAULT_PAGE_SIZE, type PageSize } from '../../lib/list-params';
import {
  type DebitRun,
  type DebitRunDetail,
  type ImportSummary,
  type ItemFilter,
  type MandatesPage,
  useBuildRun,
  useCancelMandateByAdmin,
  useDownloadRunFile,
  useImportResults,
  useMandates,
  useRun,
  useRuns,
} from './debit-orders-api';

const RUN_STATUS: Record<DebitRun['status'], { label: string; tone: 'info' | 'warning' | 'success' }> = {
  built: { label: 'Built', tone: 'warning' },
  submitted: { label: 'Submitted', tone: 'info' },
  completed: { label: 'Completed', tone: 'success' },
};
const ITEM_STATUS: Record<ItemStatus, { label: string; tone: 'secondary' | 'success' | 'destructive' }> = {
  pending: { label: 'Awaiting result', tone: 'secondary' },
  paid: { label: 'Paid', tone: 'success' },
  unpaid: { label: 'Unpaid', tone: 'destructive' },
};
const OUTCOME_TEXT = {
  represent: 'Re-presented',
  suspend: 'Mandate suspended',
  exhausted: 'No more attempts',
} as const;

type ItemChoice = 'all' | ItemStatus;
const ITEM_CHOICES: ReadonlyArray<{ value: ItemChoice; label: string }> = [
  { value: 'all', label: 'All items' },
  { value: 'pending', label: 'Awaiting result' },
  { value: 'paid', label: 'Paid' },
  { value: 'unpaid', label: 'Unpaid' },
];

export function DebitOrdersTab() {
  const [params, replaceSearch] = useAddressSearch();
  const runId = Number(params.get('run')) || null;
  const openRun = (id: number) => {
    replaceSearch({ run: String(id), items: null, page: null });
  };
  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <BuildRunCard onBuilt={openRun} />
      <RunsCard selected={runId} onOpen={openRun} />
      {runId ? <RunCard runId={runId} /> : null}
      <MandatesCard />
    </div>
  );
}

function BuildRunCard({ onBuilt }: { onBuilt: (id: number) => void }) {
  const build = useBuildRun();
  const form = useForm({ resolver: zodResolver(buildRunSchema), defaultValues: { collectionDate: '' } });
  const onSubmit = form.handleSubmit(({ collectionDate }) =>
    build.mutate(collectionDate, {
      onSuccess: (run) => {
        toast({
          title: 'Run built',
          description: `${formatDate(run.collectionDate)}: ${formatCount(run.items)} collection${run.items === 1 ? '' : 's'}, ${formatZar(run.total)}`,
        });
        onBuilt(run.id);
      },
      onError: (error) => {
        if (applyServerErrors(form, error, ['collectionDate']).length === 0)
          toast({
            variant: 'destructive',
            title: 'Could not build the run',
            description: messageOf(error, 'Try again'),
          });
      },
    }),
  );
  return (
    <Card>
      <CardHeader className="gap-2">
        <CardTitle as="h2" className="flex items-center gap-2">
          <Repeat className="size-5 shrink-0 text-emerald-700" aria-hidden="true" />
          Debit-order runs
        </CardTitle>
        <CardDescription>
          A run collects what is due by its date from every active mandate (never more than the mandate&apos;s
          maximum). Build it, download its file for the bank, then import the bank&apos;s results.
        </CardDescription>
      </CardHeader>
      <CardContent className="pt-0">
        <Form {...form}>
          <form
            onSubmit={onSubmit}
            noValidate
            aria-label="Build a run"
            className="flex flex-col gap-3 sm:flex-row sm:items-end"
          >
            <div className="sm:w-64">
              <DateField
                control={form.control}
                name="collectionDate"
                label="Collection date (a business day)"
              />
            </div>
            <Button type="submit" loading={build.isPending} className="w-full sm:w-auto">
              {build.isPending ? null : <Play aria-hidden="true" />}
              {build.isPending ? 'Building…' : 'Build run'}
            </Button>
          </form>
        </Form>
      </CardContent>
    </Card>
  );
}

function resultsText(run: DebitRun) {
  if (run.items === 0) return 'No collections';
  if (run.pending === run.items) return run.status === 'built' ? 'File not downloaded' : 'Awaiting results';
  return `${formatCount(run.paid)} paid, ${formatCount(run.unpaid)} unpaid${run.pending ? `, ${formatCount(run.pending)} awaiting` : ''}`;
}

function RunStatusBadge({ status }: { status: DebitRun['status'] }) {
  const { label, tone } = RUN_STATUS[status];
  return <Badge variant={tone}>{label}</Badge>;
}

function RunsCard({ selected, onOpen }: { selected: number | null; onOpen: (id: number) => void }) {
  const paging = useLocalPaging(25);
  const runs = useRuns(paging.page, paging.pageSize);
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Runs</CardTitle>
      </CardHeader>
      <CardContent className="pt-0">
        <PagedListBody
          query={runs}
          pastEnd={false}
          skeleton={<Skeleton className="h-32 w-full" />}
          errorFallback="Could not load the runs"
          empty={
            <EmptyState icon={<Repeat aria-hidden="true" />} title="No runs yet" headingLevel={3}>
              <p>Build the first run above.</p>
            </EmptyState>
          }
          pager={{
            label: 'Runs pages',
            noun: ['run', 'runs'],
            ...paging,
          }}
        >
          <ul className="grid gap-2" aria-label="Runs">
            {runs.data?.data.map((run) => (
              <li
                key={run.id}
                className="flex flex-col gap-2 rounded-lg border border-border p-3 sm:flex-row sm:items-center sm:justify-between"
                aria-current={run.id === selected ? 'true' : undefined}
                data-testid={`run-${run.id}`}
              >
                <div className="grid min-w-0 gap-1">
                  <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                    {formatDate(run.collectionDate)} <RunStatusBadge status={run.status} />
                  </p>
                  <p className="text-sm text-slate-600">
                    {formatCount(run.items)} collection{run.items === 1 ? '' : 's'}, {formatZar(run.total)} ·{' '}
                    {resultsText(run)}
                  </p>
                </div>
                <Button
                  variant={run.id === selected ? 'secondary' : 'outline'}
                  size="sm"
                  className="self-start sm:self-center"
                  onClick={() => onOpen(run.id)}
                  aria-label={`Open the run of ${formatDate(run.collectionDate)}`}
                >
                  {run.id === selected ? 'Shown below' : 'Open run'}
                </Button>
              </li>
            ))}
          </ul>
        </PagedListBody>
      </CardContent>
    </Card>
  );
}

function RunCard({ runId }: { runId: number }) {
  const [params, setAddress] = useAddressSearch();
  const choice = (params.get('items') ?? 'all') as ItemChoice;
  const page = Number(params.get('page')) || 1;
  const [pageSize, setPageSize] = useState<PageSize>(DEFAULT_PAGE_SIZE);
  const filter: ItemFilter = { page, pageSize, ...(choice !== 'all' ? { status: choice } : {}) };
  const detail = useRun(runId, filter);
  const run = detail.data?.run;
  return (
    <Card aria-busy={detail.isFetching || undefined}>
      <CardHeader className="gap-2">
        <CardTitle as="h2" className="flex flex-wrap items-center gap-2">
          {run ? (
            <>
              Run of {formatDate(run.collectionDate)} <RunStatusBadge status={run.status} />
            </>
          ) : (
            'Run'
          )}
        </CardTitle>
        {run ? (
          <CardDescription>
            {formatCount(run.items)} collection{run.items === 1 ? '' : 's'}, {formatZar(run.total)} ·{' '}
            {resultsText(run)}
          </CardDescription>
        ) : null}
      </CardHeader>
      <CardContent className="grid gap-4 pt-0">
        {detail.isPending ? (
          <Skeleton className="h-40 w-full" />
        ) : !detail.data ? (
          <QueryErrorPanel query={detail} title="Could not load the run" />
        ) : (
          <>
            <RunActions run={detail.data.run} />
            {detail.data.run.excluded.length > 0 ? (
              <details className="rounded-lg border border-border p-3 text-sm">
                <summary className="cursor-pointer font-medium text-slate-900">
                  {formatCount(detail.data.run.excluded.length)} mandate
                  {detail.data.run.excluded.length === 1 ? '' : 's'} left out
                </summary>
                <ul className="mt-2 grid gap-1 text-slate-700">
                  {detail.data.run.excluded.map((e) => (
                    <li key={e.applicationId}>
                      #{e.applicationId}: {e.reason}
                    </li>
                  ))}
                </ul>
              </details>
            ) : null}
            <ChoiceSelect
              label="Show"
              className="w-full sm:w-60"
              value={choice}
              options={ITEM_CHOICES}
              onChange={(value) => setAddress({ items: value === 'all' ? null : value, page: null })}
            />
            <PagedListBody
              query={{ ...detail, data: detail.data.items }}
              pastEnd={false}
              skeleton={<Skeleton className="h-32 w-full" />}
              errorFallback="Could not load the items"
              empty={
                <EmptyState icon={<Repeat aria-hidden="true" />} title="No items" headingLevel={3}>
                  <p>No collection in this run has this status.</p>
                </EmptyState>
              }
              pager={{
                label: 'Run items pages',
                page,
                pageSize,
                noun: ['collection', 'collections'],
                onPageChange: (next) => setAddress({ page: String(next) }),
                onPageSizeChange: (size) => {
                  setPageSize(size);
                  setAddress({ page: null });
                },
              }}
            >
              <ItemsList items={detail.data.items.data} />
            </PagedListBody>
          </>
        )}
      </CardContent>
    </Card>
  );
}

function RunActions({ run }: { run: DebitRun }) {
  const download = useDownloadRunFile();
  const upload = useImportResults();
  const fileInput = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const onDownload = () =>
    download.mutate(run, {
      onSuccess: (name) =>
        toast({ title: 'Run file downloaded', description: `${name}: submit it to the bank.` }),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Download failed',
          description: messageOf(error, 'Try again'),
        }),
    });
  const onImport = () => {
    if (!file) return;
    upload.mutate(
      { runId: run.id, file },
      {
        onSuccess: (answer) => {
          setFile(null);
          if (fileInput.current) fileInput.current.value = '';
          toast({ title: 'Results imported', description: summaryText(answer) });
        },
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Import failed',
            description: messageOf(error, 'Try again'),
          }),
      },
    );
  };
  return (
    <div className="grid gap-3">
      <div className="flex flex-col gap-3 lg:flex-row lg:items-end">
        <Button
          variant="outline"
          onClick={onDownload}
          loading={download.isPending}
          disabled={run.items === 0}
          className="w-full lg:w-auto"
        >
          {download.isPending ? null : <Download aria-hidden="true" />}
          {download.isPending ? 'Preparing file…' : 'Download file'}
        </Button>
        <div className="grid min-w-0 gap-2 lg:w-80">
          <Label htmlFor={inputId}>Bank&apos;s result file (CSV)</Label>
          <Input
            id={inputId}
            ref={fileInput}
            type="file"
            accept=".csv,text/csv"
            disabled={run.status === 'built' || upload.isPending}
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          />
        </div>
        <Button onClick={onImport} loading={upload.isPending} disabled={!file} className="w-full lg:w-auto">
          {upload.isPending ? null : <FileUp aria-hidden="true" />}
          {upload.isPending ? 'Importing…' : 'Import results'}
        </Button>
      </div>
      {run.status === 'built' ? (
        <p className="text-sm text-slate-600">
          Download the file and submit it to the bank before importing results.
        </p>
      ) : null}
      {upload.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {messageOf(upload.error, 'The import failed')}
        </p>
      ) : null}
      {/* The last import's summary, kept on the run: after an import, the answer it just gave (read again). */}
      <div aria-live="polite">{run.resultSummary ? <SummaryLine summary={run.resultSummary} /> : null}</div>
    </div>
  );
}

const summaryText = (s: ImportSummary) =>
  `${formatCount(s.lines)} line${s.lines === 1 ? '' : 's'}: ${formatCount(s.paid)} paid, ${formatCount(s.unpaid)} unpaid (${formatCount(s.represented)} re-presented), ${formatCount(s.duplicates)} already imported, ${formatCount(s.failed)} failed`;

function SummaryLine({ summary }: { summary: ImportSummary }) {
  return (
    <div
      className="grid gap-1 rounded-lg border border-border bg-slate-50 p-3 text-sm"
      data-testid="import-summary"
    >
      <p className="font-medium text-slate-900">Last import: {summaryText(summary)}</p>
      {summary.problems.length > 0 ? (
        <ul className="grid gap-0.5 text-red-800">
          {summary.problems.slice(0, 10).map((p) => (
            <li key={`${p.line}-${p.message}`}>
              Line {p.line}: {p.message}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function ItemStatusBadge({ status }: { status: ItemStatus }) {
  const { label, tone } = ITEM_STATUS[status];
  return <Badge variant={tone}>{label}</Badge>;
}

function reasonOf(item: DebitRunDetail['items']['data'][number]) {
  if (item.status !== 'unpaid' || !item.reasonCode) return null;
  const meaning = item.reasonText ?? UNPAID_REASONS[item.reasonCode] ?? '';
  const outcome = item.outcome ? OUTCOME_TEXT[item.outcome] : '';
  const again =
    item.outcome === 'represent' && item.representOn ? ` from ${formatDate(item.representOn)}` : '';
  return `${item.reasonCode} ${meaning}${outcome ? ` · ${outcome}${again}` : ''}`;
}

function ItemsList({ items }: { items: DebitRunDetail['items']['data'] }) {
  return (
    <>
      <div className="hidden md:block">
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Creator</TableHead>
              <TableHead>Reference</TableHead>
              <TableHead>Account</TableHead>
              <TableHead className="text-right">Amount</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>Reason</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {items.map((item) => (
              <TableRow key={item.id} data-testid={`item-${item.applicationId}`}>
                <TableCell>
                  <span className="font-medium">{item.creatorName}</span>
                  <span className="block text-xs text-slate-600">
                    #{item.applicationId}
                    {item.attempt > 1 ? ` · attempt ${item.attempt}` : ''}
                  </span>
                </TableCell>
                <TableCell className="whitespace-nowrap font-mono text-xs">
                  {item.contractReference}
                </TableCell>
                <TableCell>{item.accountText}</TableCell>
                <TableCell className="text-right tabular-nums">{formatZar(item.total)}</TableCell>
                <TableCell>
                  <ItemStatusBadge status={item.status} />
                </TableCell>
                <TableCell className="max-w-64 text-sm text-slate-700">{reasonOf(item) ?? '–'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <ul className="grid gap-3 md:hidden" aria-label="Collections">
        {items.map((item) => (
          <li
            key={item.id}
            className="grid gap-1 rounded-lg border border-border p-3 text-sm"
            data-testid={`item-card-${item.applicationId}`}
          >
            <div className="flex items-start justify-between gap-2">
              <span className="font-medium text-slate-900">{item.creatorName}</span>
              <ItemStatusBadge status={item.status} />
            </div>
            <p className="text-slate-600">
              #{item.applicationId} · <span className="font-mono text-xs">{item.contractReference}</span>
            </p>
            <p className="text-slate-700">
              {formatZar(item.total)} from {item.accountText}
              {item.attempt > 1 ? ` · attempt ${item.attempt}` : ''}
            </p>
            {reasonOf(item) ? <p className="text-red-800">{reasonOf(item)}</p> : null}
          </li>
        ))}
      </ul>
    </>
  );
}

const MANDATE_CHOICES = [
  { value: 'active', label: 'Active' },
  { value: 'suspended', label: 'Suspended' },
  { value: 'cancelled', label: 'Cancelled' },
  { value: 'all', label: 'All' },
] as const;
type MandateChoice = (typeof MANDATE_CHOICES)[number]['value'];

function MandatesCard() {
  const [status, setStatus] = useState<MandateChoice>('active');
  const paging = useLocalPaging(DEFAULT_PAGE_SIZE);
  const mandates = useMandates(status === 'all' ? undefined : status, paging.page, paging.pageSize);
  const [cancelling, setCancelling] = useState<MandatesPage['data'][number] | null>(null);
  return (
    <Card>
      <CardHeader className="gap-2">
        <CardTitle as="h2">Mandates</CardTitle>
        <CardDescription>
          The debit orders creators authorised. A suspended one collects nothing until the creator authorises
          again.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 pt-0">
        <ChoiceSelect
          label="Status"
          className="w-full sm:w-60"
          value={status}
          options={MANDATE_CHOICES}
          onChange={(value) => {
            setStatus(value);
            paging.onPageChange(1);
          }}
        />
        <PagedListBody
          query={mandates}
          pastEnd={false}
          skeleton={<Skeleton className="h-24 w-full" />}
          errorFallback="Could not load the mandates"
          empty={
            <EmptyState icon={<Repeat aria-hidden="true" />} title="No mandates" headingLevel={3}>
              <p>No debit order has this status.</p>
            </EmptyState>
          }
          pager={{
            label: 'Mandates pages',
            noun: ['mandate', 'mandates'],
            ...paging,
          }}
        >
          <ul className="grid gap-2" aria-label="Mandates">
            {mandates.data?.data.map((m) => (
              <li
                key={m.id}
                className="grid gap-1 rounded-lg border border-border p-3 text-sm sm:grid-cols-[1fr_auto] sm:items-center"
              >
                <div className="grid min-w-0 gap-0.5">
                  <p className="font-medium text-slate-900">
                    {m.creatorName} · #{m.applicationId}
                  </p>
                  <p className="text-slate-600">
                    {m.accountText} · {formatZar(m.instalmentAmount)} a month, at most{' '}
                    {formatZar(m.maximumAmount)} · day {m.collectionDay}
                  </p>
                  {m.statusReason ? <p className="text-slate-600">{m.statusReason}</p> : null}
                </div>
                <div className="flex flex-wrap items-center gap-2 sm:justify-end">
                  <Badge
                    variant={
                      m.status === 'active' ? 'success' : m.status === 'suspended' ? 'warning' : 'secondary'
                    }
                  >
                    {m.status[0]!.toUpperCase() + m.status.slice(1)}
                  </Badge>
                  {m.status === 'cancelled' ? null : (
                    <Button
                      variant="outline"
                      size="sm"
                      onClick={() => setCancelling(m)}
                      aria-label={`Cancel the debit order of ${m.creatorName} (#${m.applicationId})`}
                    >
                      Cancel
                    </Button>
                  )}
                </div>
              </li>
            ))}
          </ul>
        </PagedListBody>
        <FormDialogFor
          item={cancelling}
          itemKey={(m) => m.id}
          onOpenChange={(open) => !open && setCancelling(null)}
        >
          {(m, onDone) => <CancelMandateContent mandate={m} onDone={onDone} />}
        </FormDialogFor>
      </CardContent>
    </Card>
  );
}

function CancelMandateContent({
  mandate,
  onDone,
}: {
  mandate: MandatesPage['data'][number];
  onDone: () => void;
}) {
  const cancel = useCancelMandateByAdmin();
  const form = useForm({ resolver: zodResolver(adminCancelMandateSchema), defaultValues: { reason: '' } });
  const onSubmit = form.handleSubmit(({ reason }) =>
    cancel.mutate(
      { id: mandate.id, reason },
      {
        onSuccess: () => {
          toast({
            title: 'Debit order cancelled',
            description: `${mandate.creatorName}, #${mandate.applicationId}`,
          });
          onDone();
        },
        onError: (error) => applyServerErrors(form, error, ['reason']),
      },
    ),
  );
  return (
    <FormDialogContent
      title="Cancel the debit order"
      description={`Nothing more is collected from ${mandate.accountText} for #${mandate.applicationId}. The creator can authorise a new one.`}
      form={form}
      onSubmit={onSubmit}
      busy={cancel.isPending}
      error={{
        title: 'Could not cancel the debit order',
        message: cancel.isError ? messageOf(cancel.error, 'Try again') : null,
      }}
      cancelLabel="Back"
      submitLabel="Cancel debit order"
      pendingLabel="Cancelling…"
      submitVariant="destructive"
    >
      <TextareaField
        control={form.control}
        name="reason"
        label="Reason"
        required
        placeholder="Why it is cancelled"
      />
    </FormDialogContent>
  );
}
