// The Suspense tab of /admin/operations (docs/bank-statements.md): money that reached our account
// without a loan to go to (no reference, a loan already closed, more than the balance). Each item is allocated to a
// loan (the suggested one prefilled) or refunded with the bank's reference; what happened stays on the item. The
// status filter, the search and the page are kept in the address (?tab=suspense&status=open&q=...).
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowRightLeft, Inbox, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  BANK_NAMES,
  SUSPENSE_STATUSES,
  type SuspenseStatus,
} from '../../../shared/bank-statements/constants';
import { loanOfReference } from '../../../shared/finance/payment-reference';
import { suspenseRefundSchema } from '../../../shared/schemas/bank-statements';
import { DialogFigures } from '../../components/dialog-figures';
import { EmptyState } from '../../components/empty-state';
import { FormDialogContent, FormDialogFor } from '../../components/form-dialog';
import { MoneyField, TextareaField, TextField } from '../../components/form-fields';
import { ChoiceSelect, ListSearchField, PagedListBody, useClampPage } from '../../components/list-controls';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { type SearchPatch, useAddressSearch } from '../../hooks/use-address-search';
import { toast } from '../../hooks/use-toast';
import { messageOf } from '../../lib/api';
import { applyServerErrors } from '../../lib/form-errors';
import { formatDate, formatZar } from '../../lib/format';
import { DEFAULT_PAGE_SIZE, readPage, readPageSize } from '../../lib/list-params';
import { AdminApplicationDetailsDialog } from '../admin-applications';
import {
  type SuspenseItemView,
  useAllocateSuspense,
  useRefundSuspense,
  useSuspense,
} from './bank-statements-api';
import { LoanLink } from './outcomes';

const STATUS_LABELS: Record<SuspenseStatus, string> = {
  open: 'Open',
  allocated: 'Allocated',
  refunded: 'Refunded',
};
const STATUS_VARIANTS = { open: 'warning', allocated: 'success', refunded: 'secondary' } as const;
const STATUS_OPTIONS = [
  ...SUSPENSE_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] })),
  { value: 'all', label: 'All' },
] as const;

export function SuspenseTab() {
  const [params, replaceSearch] = useAddressSearch();
  const statusParam = params.get('status');
  // The worklist opens on what is still to do.
  const status: SuspenseStatus | undefined =
    statusParam === 'all'
      ? undefined
      : (SUSPENSE_STATUSES as readonly string[]).includes(statusParam ?? '')
        ? (statusParam as SuspenseStatus)
        : 'open';
  const search = params.get('q') ?? '';
  const page = readPage(params);
  const pageSize = readPageSize(params);
  // Any change but the page itself starts the worklist again from its first page.
  const set = (patch: SearchPatch) => replaceSearch('page' in patch ? patch : { ...patch, page: null });
  const query = useSuspense({ status, search: search || undefined, page, pageSize });
  const rows = query.data?.data ?? [];
  const goToPage = (next: number) => set({ page: next === 1 ? undefined : String(next) });
  const pastEnd = useClampPage(
    page,
    pageSize,
    query.data ? { total: query.data.total, rows: rows.length, settled: !query.isPlaceholderData } : null,
    goToPage,
  );
  const [allocating, setAllocating] = useState<SuspenseItemView | null>(null);
  const [refunding, setRefunding] = useState<SuspenseItemView | null>(null);
  const [loanOpen, setLoanOpen] = useState<number | null>(null);

  return (
    <Card>
      <CardHeader className="gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="grid gap-1.5">
          <CardTitle as="h2" className="flex items-center gap-2">
            <Inbox className="size-5 shrink-0 text-emerald-700" aria-hidden="true" />
            Suspense
          </CardTitle>
          <CardDescription>
            Money received with no loan to go to yet. Allocate it to a loan, or refund it with the bank&apos;s
            reference.
            {query.data ? (
              <>
                {' '}
                <strong className="font-semibold text-slate-900">{formatZar(query.data.amountLeft)}</strong>{' '}
                left to place in the items shown.
              </>
            ) : null}
          </CardDescription>
        </div>
      </CardHeader>
      <CardContent className="grid gap-4 pt-0">
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-[12rem_minmax(0,20rem)] sm:items-end">
          <ChoiceSelect
            label="Status"
            value={status ?? 'all'}
            options={STATUS_OPTIONS}
            onChange={(value) => set({ status: value === 'open' ? undefined : value })}
          />
          <ListSearchField
            label="Search"
            value={search}
            onSearch={(q) => set({ q })}
            placeholder="Words on the bank line, #item"
          />
        </div>
        <PagedListBody
          query={query}
          pastEnd={pastEnd}
          skeleton={
            <div className="grid gap-2" role="status" aria-label="Loading suspense…">
              <Skeleton className="h-24 w-full" />
              <Skeleton className="h-24 w-full" />
            </div>
          }
          errorFallback="Failed to fetch the suspense worklist"
          empty={
            <EmptyState icon={<Inbox aria-hidden="true" />} title="Nothing is in suspense">
              <p>
                {search || status !== 'open'
                  ? 'No item matches these filters.'
                  : 'Every rand received has gone to a loan or back to its sender.'}
              </p>
            </EmptyState>
          }
          pager={{
            label: 'Suspense pages',
            page,
            pageSize,
            noun: ['item', 'items'],
            onPageChange: goToPage,
            onPageSizeChange: (size) =>
              set({ pageSize: size === DEFAULT_PAGE_SIZE ? undefined : String(size) }),
          }}
        >
          <ul className="grid gap-3">
            {rows.map((item) => (
              <SuspenseRow
                key={item.id}
                item={item}
                onAllocate={() => setAllocating(item)}
                onRefund={() => setRefunding(item)}
                onOpenLoan={setLoanOpen}
              />
            ))}
          </ul>
        </PagedListBody>
      </CardContent>
      <FormDialogFor
        item={allocating}
        itemKey={(i) => i.id}
        onOpenChange={(open) => !open && setAllocating(null)}
      >
        {(item, onDone) => <AllocateContent item={item} onDone={onDone} />}
      </FormDialogFor>
      <FormDialogFor
        item={refunding}
        itemKey={(i) => i.id}
        onOpenChange={(open) => !open && setRefunding(null)}
      >
        {(item, onDone) => <RefundContent item={item} onDone={onDone} />}
      </FormDialogFor>
      <AdminApplicationDetailsDialog
        applicationId={loanOpen}
        onOpenChange={(open) => {
          if (!open) setLoanOpen(null);
        }}
      />
    </Card>
  );
}

function SuspenseRow({
  item,
  onAllocate,
  onRefund,
  onOpenLoan,
}: {
  item: SuspenseItemView;
  onAllocate: () => void;
  onRefund: () => void;
  onOpenLoan: (id: number) => void;
}) {
  const partly = item.status === 'open' && item.amountLeft !== item.amount;
  return (
    <li
      className="grid min-w-0 gap-3 rounded-lg border border-border p-3 sm:p-4"
      aria-label={`Suspense item #${item.id}`}
    >
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid min-w-0 gap-1">
          <p className="flex flex-wrap items-center gap-2">
            <span className="text-base font-semibold tabular-nums text-slate-900">
              {formatZar(item.amount)}
            </span>
            <Badge variant={STATUS_VARIANTS[item.status]}>{STATUS_LABELS[item.status]}</Badge>
            {partly ? (
              <span className="text-sm text-slate-700">{formatZar(item.amountLeft)} left</span>
            ) : null}
            <span className="text-xs text-slate-500">#{item.id}</span>
          </p>
          <p className="break-words text-sm text-slate-800">{item.line.description || '—'}</p>
          <p className="text-xs text-slate-600">
            {formatDate(item.line.postedOn)} · {BANK_NAMES[item.line.bank]} import #{item.line.statementId}
          </p>
          <p className="text-xs text-slate-600">{item.reason}</p>
          {item.suggested ? (
            <p className="text-xs text-slate-700">
              Suggested loan:{' '}
              <LoanLink
                applicationId={item.suggested.applicationId}
                reference={item.suggested.paymentReference}
                onOpen={onOpenLoan}
              />
              {item.suggested.creatorName ? ` (${item.suggested.creatorName})` : ''}
            </p>
          ) : null}
        </div>
        {item.status === 'open' ? (
          <div className="grid grid-cols-2 gap-2 sm:flex sm:shrink-0">
            <Button
              type="button"
              size="sm"
              onClick={onAllocate}
              aria-label={`Allocate suspense item #${item.id}`}
            >
              <ArrowRightLeft aria-hidden="true" />
              Allocate
            </Button>
            <Button
              type="button"
              size="sm"
              variant="outline"
              onClick={onRefund}
              aria-label={`Refund suspense item #${item.id}`}
            >
              <Undo2 aria-hidden="true" />
              Refund
            </Button>
          </div>
        ) : null}
      </div>
      {item.allocations.length > 0 || item.refundReference ? (
        <ul className="grid gap-1 border-t border-border pt-2 text-xs text-slate-700">
          {item.allocations.map((a) => (
            <li key={a.paymentId}>
              {formatZar(a.amount)} allocated to{' '}
              <LoanLink applicationId={a.applicationId} reference={a.paymentReference} onOpen={onOpenLoan} />{' '}
              (receipt #{a.paymentId}) on {formatDate(a.createdAt)}
              {a.allocatedBy ? ` by ${a.allocatedBy}` : ''}
            </li>
          ))}
          {item.refundReference ? (
            <li>
              Refunded on {item.resolvedAt ? formatDate(item.resolvedAt) : '—'}
              {item.resolvedBy ? ` by ${item.resolvedBy}` : ''}, reference{' '}
              <span className="font-mono">{item.refundReference}</span>
              {item.refundNotes ? `: ${item.refundNotes}` : ''}
            </li>
          ) : null}
        </ul>
      ) : null}
    </li>
  );
}

/** The loan as typed: '123', '#123' or its payment reference 'VUKA-000123-4'. */
const loanField = z
  .string()
  .trim()
  .min(1, 'Enter the loan number or its payment reference')
  .transform((text, ctx) => {
    const id = /^#?\d{1,9}$/.test(text) ? Number(text.replace('#', '')) : loanOfReference(text);
    if (!id) {
      ctx.addIssue({
        code: 'custom',
        message: 'Not a loan number or a valid payment reference (VUKA-000123-4)',
      });
      return z.NEVER;
    }
    return id;
  });

function AllocateContent({ item, onDone }: { item: SuspenseItemView; onDone: () => void }) {
  const allocate = useAllocateSuspense();
  const [serverError, setServerError] = useState<string | null>(null);
  const left = Number(item.amountLeft);
  const schema = z.object({
    loan: loanField,
    amount: z
      .number({ error: 'Enter the amount' })
      .positive('The amount must be more than R 0')
      .max(left, `At most ${formatZar(item.amountLeft)} is left`),
  });
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: {
      loan: item.suggested ? item.suggested.paymentReference : '',
      amount: left,
    },
  });
  const onSubmit = form.handleSubmit((values) => {
    setServerError(null);
    allocate.mutate(
      { id: item.id, applicationId: values.loan, amount: values.amount },
      {
        onSuccess: (after) => {
          const last = after.allocations.at(-1);
          toast({
            title: 'Allocated',
            description: `${formatZar(values.amount)} paid to loan #${values.loan}${last ? ` (receipt #${last.paymentId})` : ''}; ${formatZar(after.amountLeft)} left in this item.`,
          });
          onDone();
        },
        onError: (error) => {
          const message = messageOf(error, 'The money could not be allocated');
          if (applyServerErrors(form, error, ['amount']).length === 0) setServerError(message);
        },
      },
    );
  });
  return (
    <FormDialogContent
      className="max-w-md"
      busy={allocate.isPending}
      title="Allocate to a loan"
      description="A bank-transfer payment to the loan, dated on the bank's date; its platform fee is inside the amount."
      form={form}
      onSubmit={onSubmit}
      formLabel="Allocate suspense"
      error={{ title: 'Not allocated', message: serverError }}
      submitLabel="Allocate"
      pendingLabel="Allocating…"
      intro={
        <DialogFigures
          testId="suspense-figures"
          figures={[
            { label: 'Received', value: `${formatZar(item.amount)} on ${formatDate(item.line.postedOn)}` },
            { label: 'Left', value: formatZar(item.amountLeft) },
            { label: 'Bank line', value: item.line.description || '—' },
          ]}
        />
      }
    >
      <TextField
        control={form.control}
        name="loan"
        label="Loan"
        description={
          item.suggested
            ? `Suggested: ${item.suggested.paymentReference}${item.suggested.creatorName ? ` (${item.suggested.creatorName})` : ''}`
            : 'The loan number (#123) or its payment reference'
        }
        maxLength={40}
      />
      {/* Required: it starts at what is left, and an emptied field must not fall back to that amount. */}
      <MoneyField control={form.control} name="amount" label="Amount (R)" required />
    </FormDialogContent>
  );
}

function RefundContent({ item, onDone }: { item: SuspenseItemView; onDone: () => void }) {
  const refund = useRefundSuspense();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<z.input<typeof suspenseRefundSchema>, unknown, z.output<typeof suspenseRefundSchema>>({
    resolver: zodResolver(suspenseRefundSchema),
    defaultValues: { reference: '', notes: '' },
  });
  const onSubmit = form.handleSubmit((values) => {
    setServerError(null);
    refund.mutate(
      { id: item.id, reference: values.reference, notes: values.notes || undefined },
      {
        onSuccess: () => {
          toast({
            title: 'Refund recorded',
            description: `${formatZar(item.amountLeft)} of suspense item #${item.id} refunded, reference ${values.reference}.`,
          });
          onDone();
        },
        onError: (error) => {
          const message = messageOf(error, 'The refund could not be recorded');
          if (applyServerErrors(form, error, ['reference', 'notes']).length === 0) setServerError(message);
        },
      },
    );
  });
  return (
    <FormDialogContent
      className="max-w-md"
      busy={refund.isPending}
      title="Refund"
      description={`Record that ${formatZar(item.amountLeft)} was paid back to the sender. Make the payment in the bank first, then enter its reference.`}
      form={form}
      onSubmit={onSubmit}
      formLabel="Refund suspense"
      error={{ title: 'Refund not recorded', message: serverError }}
      submitLabel="Record refund"
      pendingLabel="Recording…"
      submitVariant="destructive"
      intro={
        <DialogFigures
          testId="refund-figures"
          figures={[
            { label: 'Received', value: `${formatZar(item.amount)} on ${formatDate(item.line.postedOn)}` },
            { label: 'To refund', value: formatZar(item.amountLeft) },
            { label: 'Bank line', value: item.line.description || '—' },
          ]}
        />
      }
    >
      <TextField control={form.control} name="reference" label="Refund reference" maxLength={100} />
      <TextareaField control={form.control} name="notes" label="Notes" rows={2} maxLength={500} />
    </FormDialogContent>
  );
}
