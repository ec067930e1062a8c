// The Bank tab of /admin/operations (docs/bank-statements.md): upload a statement (the bank, the
// file: OFX or the bank's CSV), see what the import did (matched, suggested, suspense, duplicates, failed), the
// imports so far, and an import's lines with what became of each and the loan it paid. The statement open and its
// filter and page are kept in the address (?tab=bank&statement=12&outcome=matched&page=2).
import { zodResolver } from '@hookform/resolvers/zod';
import { FileUp, Landmark, ListChecks } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  BANK_NAMES,
  BANKS,
  LINE_OUTCOMES,
  type LineOutcome,
  STATEMENT_FILE_MAX_BYTES,
} from '../../../shared/bank-statements/constants';
import { bankSchema, type ImportSummary } from '../../../shared/schemas/bank-statements';
import { EmptyState } from '../../components/empty-state';
import { SelectField } from '../../components/form-fields';
import { ChoiceSelect, PagedListBody, useClampPage, useLocalPaging } from '../../components/list-controls';
import { ServerError } from '../../components/server-error';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '../../components/ui/form';
import { Input } from '../../components/ui/input';
import { Skeleton } from '../../components/ui/skeleton';
import { Spinner } from '../../components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table';
import { useAddressSearch } from '../../hooks/use-address-search';
import { toast } from '../../hooks/use-toast';
import { messageOf } from '../../lib/api';
import { applyServerErrors } from '../../lib/form-errors';
import { formatCount, formatDate, formatZar } from '../../lib/format';
import { DEFAULT_PAGE_SIZE, readPage, readPageSize } from '../../lib/list-params';
import { cn } from '../../lib/utils';
import { AdminApplicationDetailsDialog } from '../admin-applications';
import {
  type StatementDetail,
  useImportStatement,
  useStatementDetail,
  useStatements,
} from './bank-statements-api';
import { LoanLink, OUTCOME_LABELS, OutcomeBadge } from './outcomes';

const uploadSchema = z.object({
  bank: bankSchema,
  file: z
    .instanceof(File, { message: 'Choose the statement file' })
    .refine((file) => file.size > 0, 'The file is empty')
    .refine(
      (file) => file.size <= STATEMENT_FILE_MAX_BYTES,
      'The file is too large: a statement is at most 5 MB',
    ),
});
type UploadValues = z.input<typeof uploadSchema>;
type UploadOutput = z.output<typeof uploadSchema>;

const BANK_OPTIONS = BANKS.map((bank) => ({ value: bank, label: BANK_NAMES[bank] }));

export function BankImportTab() {
  const [params, replaceSearch] = useAddressSearch();
  const statementId = Number(params.get('statement')) || null;
  const [lastImport, setLastImport] = useState<ImportSummary | null>(null);
  const [loanOpen, setLoanOpen] = useState<number | null>(null);

  const openStatement = (id: number) => {
    replaceSearch({ statement: String(id), outcome: null, page: null });
  };

  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <UploadCard
        onImported={(summary) => {
          setLastImport(summary);
          openStatement(summary.id);
        }}
      />
      {lastImport ? <ImportSummaryCard summary={lastImport} /> : null}
      <ImportsCard selected={statementId} onOpen={openStatement} />
      {statementId ? <LinesCard statementId={statementId} onOpenLoan={setLoanOpen} /> : null}
      <AdminApplicationDetailsDialog
        applicationId={loanOpen}
        onOpenChange={(open) => {
          if (!open) setLoanOpen(null);
        }}
      />
    </div>
  );
}

function UploadCard({ onImported }: { onImported: (summary: ImportSummary) => void }) {
  const upload = useImportStatement();
  const [serverError, setServerError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement | null>(null);
  const form = useForm<UploadValues, unknown, UploadOutput>({
    resolver: zodResolver(uploadSchema),
    defaultValues: { bank: 'fnb' },
  });

  const onSubmit = form.handleSubmit((values) => {
    setServerError(null);
    upload.mutate(values, {
      onSuccess: (summary) => {
        toast({
          title: 'Statement imported',
          description: `${formatCount(summary.matched)} matched, ${formatCount(summary.suggested)} suggested, ${formatCount(summary.suspense)} to suspense, ${formatCount(summary.duplicates)} already imported.`,
        });
        form.reset({ bank: values.bank });
        if (fileInput.current) fileInput.current.value = '';
        onImported(summary);
      },
      onError: (error) => {
        const message = messageOf(error, 'The statement could not be imported');
        if (applyServerErrors(form, error, ['bank', 'file']).length === 0) setServerError(message);
        toast({ variant: 'destructive', title: 'Statement not imported', description: message });
      },
    });
  });

  return (
    <Card>
      <CardHeader className="gap-2">
        <CardTitle as="h2" className="flex items-center gap-2">
          <FileUp className="size-5 shrink-0 text-emerald-700" aria-hidden="true" />
          Import a bank statement
        </CardTitle>
        <CardDescription>
          OFX from any bank, or the bank&apos;s own CSV export (at most 5 MB). Each line with a loan&apos;s
          payment reference becomes a payment on the bank&apos;s date; the rest waits in suspense. A line
          imported before is never imported again.
        </CardDescription>
      </CardHeader>
      <CardContent className="pt-0">
        <Form {...form}>
          <form
            onSubmit={onSubmit}
            aria-label="Import a bank statement"
            className="grid gap-4 sm:grid-cols-[12rem_minmax(0,1fr)_auto] sm:items-start"
            noValidate
          >
            <SelectField control={form.control} name="bank" label="Bank" options={BANK_OPTIONS} />
            <FormField
              control={form.control}
              name="file"
              render={({ field }) => (
                <FormItem className="min-w-0">
                  <FormLabel>Statement file</FormLabel>
                  <FormControl>
                    <Input
                      type="file"
                      accept=".ofx,.qfx,.csv,text/csv,application/x-ofx"
                      name={field.name}
                      onBlur={field.onBlur}
                      ref={(element) => {
                        field.ref(element);
                        fileInput.current = element;
                      }}
                      onChange={(event) => field.onChange(event.target.files?.[0])}
                      disabled={upload.isPending}
                    />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <Button type="submit" className="sm:mt-[1.375rem]" disabled={upload.isPending}>
              {upload.isPending ? <Spinner aria-hidden="true" /> : <FileUp aria-hidden="true" />}
              {upload.isPending ? 'Importing…' : 'Import'}
            </Button>
            {serverError ? (
              <div className="sm:col-span-3">
                <ServerError title="Statement not imported" message={serverError} />
              </div>
            ) : null}
          </form>
        </Form>
      </CardContent>
    </Card>
  );
}

const SUMMARY_FIGURES = [
  ['matched', 'Matched', 'Paid to a loan by its reference'],
  ['suggested', 'Suggested', 'Amount and name fit one loan: confirm in Suspense'],
  ['suspense', 'Suspense', 'No loan to go to yet'],
  ['duplicates', 'Duplicates', 'Imported before: nothing done'],
  ['failed', 'Failed', 'Could not be read'],
  ['outgoing', 'Money out', 'Payouts and bank charges: kept, not money in'],
] as const;

/** What the import just did, in one sentence; its figures are in the lines card below it. */
function ImportSummaryCard({ summary }: { summary: ImportSummary }) {
  const [, replaceSearch] = useAddressSearch();
  const waiting = summary.suggested + summary.suspense;
  return (
    <div
      role="status"
      aria-label={`Import #${summary.id}`}
      className="flex flex-col gap-3 rounded-xl border border-emerald-200 bg-emerald-50/60 p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="text-sm text-slate-800">
        <strong className="font-semibold">Import #{summary.id} is done:</strong> {formatCount(summary.lines)}{' '}
        {summary.lines === 1 ? 'line' : 'lines'}; {formatCount(summary.matched)} matched,{' '}
        {formatCount(summary.suggested)} suggested, {formatCount(summary.suspense)} to suspense,{' '}
        {formatCount(summary.duplicates)} already imported, {formatCount(summary.failed)} failed.
      </p>
      {waiting > 0 ? (
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="shrink-0"
          onClick={() => replaceSearch(() => new URLSearchParams({ tab: 'suspense' }))}
        >
          Open the suspense worklist
        </Button>
      ) : null}
    </div>
  );
}

function SummaryFigures({ summary }: { summary: ImportSummary }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
      {SUMMARY_FIGURES.map(([key, label, hint]) => (
        <div key={key} className="rounded-lg border border-border bg-white p-3">
          <dt className="text-xs font-medium text-slate-600">{label}</dt>
          <dd className="text-xl font-semibold tabular-nums text-slate-900" data-testid={`summary-${key}`}>
            {formatCount(summary[key])}
          </dd>
          <dd className="text-xs text-slate-500">{hint}</dd>
        </div>
      ))}
    </dl>
  );
}

function ImportsCard({ selected, onOpen }: { selected: number | null; onOpen: (id: number) => void }) {
  const paging = useLocalPaging(25);
  const query = useStatements(paging.page, paging.pageSize);
  const rows = query.data?.data ?? [];
  const pastEnd = useClampPage(
    paging.page,
    paging.pageSize,
    query.data ? { total: query.data.total, rows: rows.length, settled: !query.isPlaceholderData } : null,
    paging.onPageChange,
  );
  const counts = (s: (typeof rows)[number]) =>
    `${formatCount(s.matched)} matched · ${formatCount(s.suggested)} suggested · ${formatCount(s.suspense)} suspense · ${formatCount(s.duplicates)} duplicates · ${formatCount(s.failed)} failed`;
  return (
    <Card>
      <CardHeader className="gap-1.5">
        <CardTitle as="h2" className="flex items-center gap-2">
          <Landmark className="size-5 shrink-0 text-emerald-700" aria-hidden="true" />
          Imports
        </CardTitle>
        <CardDescription>Every statement loaded, newest first, with what its import did.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 pt-0">
        <PagedListBody
          query={query}
          pastEnd={pastEnd}
          skeleton={<ListSkeleton label="Loading imports…" />}
          errorFallback="Failed to fetch the imports"
          empty={
            <EmptyState icon={<Landmark aria-hidden="true" />} title="No bank statements have been imported">
              <p>Import your bank&apos;s statement above to match its payments to loans.</p>
            </EmptyState>
          }
          pager={{
            label: 'Imports pages',
            noun: ['import', 'imports'],
            ...paging,
          }}
        >
          <ul className="grid gap-2">
            {rows.map((s) => (
              <li
                key={s.id}
                className={cn(
                  'flex min-w-0 flex-col gap-2 rounded-lg border border-border p-3 sm:flex-row sm:items-center sm:justify-between',
                  s.id === selected && 'border-emerald-400 bg-emerald-50/50',
                )}
              >
                <div className="grid min-w-0 gap-0.5">
                  <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900">
                    <span>#{s.id}</span>
                    <span>{BANK_NAMES[s.bank]}</span>
                    <span className="min-w-0 truncate font-normal text-slate-600">{s.fileName}</span>
                    {s.status === 'importing' ? (
                      <Badge variant="warning" title="Load the same file again to finish it">
                        Not finished
                      </Badge>
                    ) : null}
                  </p>
                  <p className="text-xs text-slate-600">
                    {formatDate(s.createdAt)}
                    {s.uploadedBy ? ` by ${s.uploadedBy}` : ''} · {formatCount(s.lines)} lines
                  </p>
                  <p className="text-xs text-slate-600">{counts(s)}</p>
                </div>
                <Button
                  type="button"
                  variant={s.id === selected ? 'secondary' : 'outline'}
                  size="sm"
                  onClick={() => onOpen(s.id)}
                  aria-label={`View the lines of import #${s.id}`}
                  aria-pressed={s.id === selected}
                >
                  <ListChecks aria-hidden="true" />
                  View lines
                </Button>
              </li>
            ))}
          </ul>
        </PagedListBody>
      </CardContent>
    </Card>
  );
}

const OUTCOME_OPTIONS = [
  { value: 'all', label: 'All lines' },
  ...LINE_OUTCOMES.map((o) => ({ value: o, label: OUTCOME_LABELS[o] })),
] as const;

function LinesCard({ statementId, onOpenLoan }: { statementId: number; onOpenLoan: (id: number) => void }) {
  const [params, set] = useAddressSearch();
  const outcomeParam = params.get('outcome');
  const outcome = (LINE_OUTCOMES as readonly string[]).includes(outcomeParam ?? '')
    ? (outcomeParam as LineOutcome)
    : undefined;
  const page = readPage(params);
  const pageSize = readPageSize(params);
  const query = useStatementDetail(statementId, { outcome, page, pageSize });
  const detail = query.data;
  const rows = detail?.lines.data ?? [];
  const listQuery = {
    ...query,
    data: detail ? { total: detail.lines.total, data: rows } : undefined,
  };
  const goToPage = (next: number) => set({ page: next === 1 ? undefined : String(next) });
  const pastEnd = useClampPage(
    page,
    pageSize,
    detail ? { total: detail.lines.total, rows: rows.length, settled: !query.isPlaceholderData } : null,
    goToPage,
  );
  const headingId = useId();

  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader className="gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="grid gap-1.5">
          <CardTitle as="h2" id={headingId}>
            Lines of import #{statementId}
          </CardTitle>
          <CardDescription>
            {detail
              ? `${BANK_NAMES[detail.statement.bank]} · ${detail.statement.fileName} · ${formatDate(detail.statement.createdAt)}`
              : 'What became of each line of the statement.'}
          </CardDescription>
        </div>
        <ChoiceSelect
          label="Show"
          className="w-full sm:w-48"
          value={outcome ?? 'all'}
          options={OUTCOME_OPTIONS}
          onChange={(value) => set({ outcome: value === 'all' ? undefined : value, page: undefined })}
        />
      </CardHeader>
      <CardContent className="grid gap-4 pt-0">
        {detail ? <SummaryFigures summary={detail.statement} /> : null}
        <PagedListBody
          query={listQuery}
          pastEnd={pastEnd}
          skeleton={<ListSkeleton label="Loading lines…" />}
          errorFallback="Failed to fetch the statement's lines"
          empty={
            <EmptyState icon={<ListChecks aria-hidden="true" />} title="No lines">
              <p>
                {outcome
                  ? `No line of this import is ${OUTCOME_LABELS[outcome].toLowerCase()}.`
                  : 'This import has no lines.'}
              </p>
            </EmptyState>
          }
          pager={{
            label: 'Lines pages',
            page,
            pageSize,
            noun: ['line', 'lines'],
            onPageChange: goToPage,
            onPageSizeChange: (size) =>
              set({ pageSize: size === DEFAULT_PAGE_SIZE ? undefined : String(size), page: undefined }),
          }}
        >
          <LinesTable rows={rows} onOpenLoan={onOpenLoan} />
          <LinesCards rows={rows} onOpenLoan={onOpenLoan} />
        </PagedListBody>
      </CardContent>
    </Card>
  );
}

type Line = StatementDetail['lines']['data'][number];

const amountOf = (line: Line) => (line.amount === null ? '—' : formatZar(line.amount));

function LineAbout({ line, onOpenLoan }: { line: Line; onOpenLoan: (id: number) => void }) {
  return (
    <div className="grid gap-1">
      {line.applicationId ? (
        <span className="text-xs text-slate-600">
          {line.outcome === 'matched' ? 'Paid to ' : 'Suggested: '}
          <LoanLink
            applicationId={line.applicationId}
            reference={line.paymentReference}
            onOpen={onOpenLoan}
          />
          {line.paymentId ? ` · receipt #${line.paymentId}` : ''}
        </span>
      ) : null}
      {line.reason ? <span className="text-xs text-slate-600">{line.reason}</span> : null}
      {line.suspenseItemId ? (
        <span className="text-xs text-slate-600">Suspense item #{line.suspenseItemId}</span>
      ) : null}
    </div>
  );
}

function LinesTable({ rows, onOpenLoan }: { rows: Line[]; onOpenLoan: (id: number) => void }) {
  return (
    <div className="hidden md:block">
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead className="w-12">#</TableHead>
            <TableHead className="w-28">Date</TableHead>
            <TableHead className="w-32 text-right">Amount</TableHead>
            <TableHead>Description</TableHead>
            <TableHead className="w-28">Outcome</TableHead>
            <TableHead>Loan and notes</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((line) => (
            <TableRow key={line.id}>
              <TableCell className="tabular-nums text-slate-600">{line.position}</TableCell>
              <TableCell className="whitespace-nowrap">
                {line.postedOn ? formatDate(line.postedOn) : '—'}
              </TableCell>
              <TableCell className="whitespace-nowrap text-right tabular-nums">{amountOf(line)}</TableCell>
              <TableCell className="max-w-72 break-words">{line.description || '—'}</TableCell>
              <TableCell>
                <OutcomeBadge outcome={line.outcome} />
              </TableCell>
              <TableCell className="max-w-80">
                <LineAbout line={line} onOpenLoan={onOpenLoan} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

function LinesCards({ rows, onOpenLoan }: { rows: Line[]; onOpenLoan: (id: number) => void }) {
  return (
    <ul className="grid gap-2 md:hidden">
      {rows.map((line) => (
        <li key={line.id} className="grid min-w-0 gap-1.5 rounded-lg border border-border p-3">
          <div className="flex items-center justify-between gap-2">
            <span className="text-sm font-semibold tabular-nums">{amountOf(line)}</span>
            <OutcomeBadge outcome={line.outcome} />
          </div>
          <p className="text-xs text-slate-600">
            Line {line.position} · {line.postedOn ? formatDate(line.postedOn) : 'no date'}
          </p>
          <p className="break-words text-sm">{line.description || '—'}</p>
          <LineAbout line={line} onOpenLoan={onOpenLoan} />
        </li>
      ))}
    </ul>
  );
}

function ListSkeleton({ label }: { label: string }) {
  return (
    <div className="grid gap-2" role="status" aria-label={label}>
      <Skeleton className="h-14 w-full" />
      <Skeleton className="h-14 w-full" />
      <Skeleton className="h-14 w-full" />
    </div>
  );
}
