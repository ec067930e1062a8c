// /admin/audit: the one audit trail. Every admin action, sign-in (refused ones too), second-factor
// event and impersonation, newest first, paged and filtered by the server (who acted, whom it concerned, the start
// of an action, South African days), the state in the address. Export CSV reads every page of the filtered set.
// A table from md up, stacked cards below it.
import { useQuery } from '@tanstack/react-query';
import { ScrollText } from 'lucide-react';
import { useCallback, useId } from 'react';
import { Link } from 'react-router';
import type { AuditEntry } from '../../../shared/schemas/audit';
import { CsvExportButton, CsvExportProgress, useCsvExport } from '../../components/csv-export';
import { DateInput } from '../../components/date-input';
import { EmptyState } from '../../components/empty-state';
import { ListSearchField, PagedListBody, useClampPage, useListState } from '../../components/list-controls';
import { PageContainer, PageHeader } from '../../components/page-header';
import { Badge } from '../../components/ui/badge';
import { Button, buttonVariants } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Label } from '../../components/ui/label';
import { Skeleton } from '../../components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { datedCsvFileName } from '../../lib/csv';
import { formatDateTimeSast } from '../../lib/format';
import { listViewHref } from '../../lib/list-memory';
import { auditPageQueryOptions, fetchAuditPage } from './audit-api';
import {
  type AuditListState,
  actionLabel,
  auditApiQuery,
  auditCsv,
  auditStateFromParams,
  auditStateToParams,
  hasAuditFilters,
} from './audit-selectors';

const NOUN = ['entry', 'entries'] as const;

function Person({ person, none }: { person: AuditEntry['actor']; none: string }) {
  if (!person) return <span className="text-slate-500">{none}</span>;
  return (
    <span className="grid min-w-0">
      <Link
        to={`/admin/users/${person.id}`}
        className="font-medium text-slate-900 underline-offset-2 hover:underline [overflow-wrap:anywhere]"
      >
        {person.name}
      </Link>
      <span className="text-xs text-slate-600 [overflow-wrap:anywhere]">{person.username}</span>
    </span>
  );
}

function AuditTable({ rows }: { rows: AuditEntry[] }) {
  return (
    <div className="hidden md:block">
      <Table>
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead scope="col">When (SAST)</TableHead>
            <TableHead scope="col">Action</TableHead>
            <TableHead scope="col">Actor</TableHead>
            <TableHead scope="col">Concerning</TableHead>
            <TableHead scope="col">Notes</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((entry) => (
            <TableRow key={entry.id} data-testid={`audit-row-${entry.id}`}>
              <TableCell className="whitespace-nowrap tabular-nums text-slate-700">
                {formatDateTimeSast(entry.at)}
              </TableCell>
              <TableCell>
                <Badge variant="outline">{actionLabel(entry.action)}</Badge>
              </TableCell>
              <TableCell className="max-w-56">
                <Person person={entry.actor} none="Themselves or the system" />
              </TableCell>
              <TableCell className="max-w-56">
                <Person person={entry.subject} none="-" />
              </TableCell>
              <TableCell className="max-w-80 text-sm text-slate-700 [overflow-wrap:anywhere]">
                {entry.notes ?? '-'}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

function AuditCards({ rows }: { rows: AuditEntry[] }) {
  return (
    <ul className="grid gap-3 md:hidden">
      {rows.map((entry) => (
        <li key={entry.id} data-testid={`audit-card-${entry.id}`}>
          <Card className="grid gap-2 p-4 text-sm">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <Badge variant="outline">{actionLabel(entry.action)}</Badge>
              <span className="tabular-nums text-slate-600">{formatDateTimeSast(entry.at)}</span>
            </div>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
              <dt className="text-slate-600">Actor</dt>
              <dd className="min-w-0">
                <Person person={entry.actor} none="Themselves or the system" />
              </dd>
              <dt className="text-slate-600">Concerning</dt>
              <dd className="min-w-0">
                <Person person={entry.subject} none="-" />
              </dd>
              {entry.notes ? (
                <>
                  <dt className="text-slate-600">Notes</dt>
                  <dd className="[overflow-wrap:anywhere]">{entry.notes}</dd>
                </>
              ) : null}
            </dl>
          </Card>
        </li>
      ))}
    </ul>
  );
}

function DayField({
  label,
  value,
  min,
  max,
  onChange,
}: {
  label: string;
  value: string;
  min?: string;
  max?: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <DateInput
        id={id}
        value={value}
        min={min || undefined}
        max={max || undefined}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

function AuditSkeleton() {
  return (
    <div role="status" aria-live="polite" className="grid gap-3">
      <span className="sr-only">Loading the audit trail…</span>
      {['a', 'b', 'c', 'd'].map((key) => (
        <Skeleton key={key} className="h-14 w-full" />
      ))}
    </div>
  );
}

export function AuditPage() {
  useDocumentTitle('Audit trail');
  const [state, update] = useListState<AuditListState>(auditStateFromParams, auditStateToParams);
  const query = useQuery(auditPageQueryOptions(auditApiQuery(state)));
  const page = query.data;
  const rows = page?.data ?? [];
  const goToPage = useCallback((next: number) => update({ page: next }), [update]);
  const pastEnd = useClampPage(
    state.page,
    state.pageSize,
    page ? { total: page.total, rows: rows.length, settled: !query.isPlaceholderData } : null,
    goToPage,
  );
  const clearFilters = () => update({ actor: '', subject: '', action: '', from: '', to: '' });
  const csv = useCsvExport<AuditEntry>({
    fetchPage: (pageNumber, pageSize) => fetchAuditPage(auditApiQuery(state, pageNumber, pageSize)),
    keyOf: (entry) => entry.id,
    build: auditCsv,
    fileName: () => datedCsvFileName('audit-trail'),
    noun: NOUN,
  });

  return (
    <PageContainer>
      <PageHeader
        title="Audit trail"
        description="Every admin action, sign-in, second-factor event and impersonation, newest first. Times are South African."
        actions={
          <Link to={listViewHref('/admin')} className={buttonVariants({ variant: 'outline' })}>
            Admin Panel
          </Link>
        }
      />
      <section
        aria-label="Filters"
        className="grid gap-3 rounded-xl border border-border bg-white p-4 sm:grid-cols-2 lg:grid-cols-5"
      >
        <ListSearchField
          label="Actor"
          value={state.actor}
          onSearch={(actor) => update({ actor })}
          placeholder="Name, e-mail or #ID"
        />
        <ListSearchField
          label="Concerning"
          value={state.subject}
          onSearch={(subject) => update({ subject })}
          placeholder="Name, e-mail or #ID"
        />
        <ListSearchField
          label="Action"
          value={state.action}
          onSearch={(action) => update({ action: action.toLowerCase().replace(/\s+/g, '_') })}
          placeholder="e.g. payment_reversed, mfa"
        />
        <DayField label="From" value={state.from} max={state.to} onChange={(from) => update({ from })} />
        <DayField label="To" value={state.to} min={state.from} onChange={(to) => update({ to })} />
      </section>
      <div className="flex justify-end">
        <CsvExportButton
          csv={csv}
          disabled={!page || page.total === 0 || query.isPlaceholderData}
          className="w-full sm:w-auto"
        />
      </div>
      <CsvExportProgress csv={csv} label="Exporting the audit trail" />
      <PagedListBody
        query={query}
        pastEnd={pastEnd}
        skeleton={<AuditSkeleton />}
        errorFallback="Failed to fetch the audit trail"
        empty={
          <EmptyState icon={<ScrollText aria-hidden="true" />} title="Nothing recorded">
            {hasAuditFilters(state) ? (
              <>
                <p>No entry matches these filters.</p>
                <Button variant="link" size="sm" onClick={clearFilters}>
                  Clear filters
                </Button>
              </>
            ) : (
              <p>Sign-ins and admin actions appear here as they happen.</p>
            )}
          </EmptyState>
        }
        pager={{
          label: 'Audit trail pages',
          page: state.page,
          pageSize: state.pageSize,
          noun: NOUN,
          onPageChange: goToPage,
          onPageSizeChange: (pageSize) => update({ pageSize }),
          className: 'border-t border-border pt-4',
        }}
      >
        <AuditTable rows={rows} />
        <AuditCards rows={rows} />
      </PagedListBody>
    </PageContainer>
  );
}
