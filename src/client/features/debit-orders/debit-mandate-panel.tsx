// The creator's debit order on a loan's plan card (docs/debit-orders.md, "The mandate"): the mandate in force with its
// amounts, dates and account (last 4 digits only) and Cancel; or, for a loan repaid by debit order without one, the
// form that authorises it, showing the amounts and dates consented to. The terms come from the server.
import { zodResolver } from '@hookform/resolvers/zod';
import { Repeat } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { DEBIT_ACCOUNT_TYPES, SA_BANKS, universalBranchCode } from '../../../shared/debit-orders';
import { mandateFormSchema } from '../../../shared/schemas/debit-orders';
import { DialogFigures } from '../../components/dialog-figures';
import { FormDialog, FormDialogContent } from '../../components/form-dialog';
import { CheckboxField, SelectField, TextField } from '../../components/form-fields';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '../../components/ui/alert-dialog';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { toast } from '../../hooks/use-toast';
import { messageOf } from '../../lib/api';
import { applyServerErrors } from '../../lib/form-errors';
import { formatDate, formatZar } from '../../lib/format';
import { useUser } from '../../lib/session';
import { type MandateView, useAuthoriseMandate, useCancelMandate, useMandate } from './debit-orders-api';

const FIELDS = ['accountHolder', 'bank', 'branchCode', 'accountType', 'accountNumber', 'consent'] as const;

export function DebitMandatePanel({ applicationId }: { applicationId: number }) {
  const view = useMandate(applicationId);
  const user = useUser();
  const holderName = user ? `${user.firstName} ${user.lastName}`.trim() : '';
  const headingId = useId();
  if (!view.data) return null;
  const { mandate, terms, eligible } = view.data;
  if (!mandate && !eligible) return null;
  return (
    <section
      aria-labelledby={headingId}
      className="grid gap-2 rounded-lg border border-sky-200 bg-sky-50/60 p-3 sm:p-4"
      data-testid="debit-mandate"
    >
      <h4 id={headingId} className="flex flex-wrap items-center gap-2 text-sm font-semibold text-slate-900">
        <Repeat className="size-4 text-sky-700" aria-hidden="true" />
        Debit order
        {mandate ? (
          <Badge variant={mandate.status === 'active' ? 'success' : 'warning'}>
            {mandate.status === 'active' ? 'Active' : 'Suspended'}
          </Badge>
        ) : null}
      </h4>
      {mandate ? (
        <MandateSummary applicationId={applicationId} mandate={mandate} />
      ) : terms ? (
        <>
          <p className="text-sm text-slate-700">
            Let us collect each instalment of {formatZar(terms.instalmentAmount)} from your bank account on
            day {terms.collectionDay} of the month, so you never miss one.
          </p>
          <AuthoriseButton applicationId={applicationId} terms={terms} holderName={holderName} />
        </>
      ) : null}
    </section>
  );
}

function MandateSummary({
  applicationId,
  mandate,
}: {
  applicationId: number;
  mandate: NonNullable<MandateView['mandate']>;
}) {
  const cancel = useCancelMandate(applicationId);
  const onCancel = () =>
    cancel.mutate(undefined, {
      onSuccess: () =>
        toast({ title: 'Debit order cancelled', description: 'Nothing more is collected by it.' }),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Could not cancel',
          description: messageOf(error, 'Try again'),
        }),
    });
  return (
    <>
      {mandate.status === 'suspended' ? (
        <p className="text-sm text-amber-900">
          Your bank refused a collection ({mandate.statusReason}). Nothing is collected until you authorise a
          debit order again: cancel this one and set up a new one, or pay by EFT.
        </p>
      ) : null}
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-3">
        <Fact label="From" value={`${mandate.bank} ${mandate.accountType} ..${mandate.accountLast4}`} />
        <Fact label="Each month" value={formatZar(mandate.instalmentAmount)} />
        <Fact label="At most" value={formatZar(mandate.maximumAmount)} />
        <Fact label="Collection day" value={`Day ${mandate.collectionDay}`} />
        <Fact
          label="From – to"
          value={`${formatDate(mandate.firstCollectionDate)} – ${formatDate(mandate.lastCollectionDate)}`}
        />
        <Fact label="Reference" value={mandate.contractReference} />
      </dl>
      <AlertDialog>
        <AlertDialogTrigger asChild>
          <Button
            writes
            variant="outline"
            size="sm"
            className="justify-self-start"
            loading={cancel.isPending}
          >
            {cancel.isPending ? 'Cancelling…' : 'Cancel debit order'}
          </Button>
        </AlertDialogTrigger>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Cancel the debit order?</AlertDialogTitle>
            <AlertDialogDescription>
              Nothing more is collected from {mandate.bank} ..{mandate.accountLast4}. Your instalments are
              still due: pay them by EFT with your reference {mandate.contractReference}.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Keep it</AlertDialogCancel>
            <AlertDialogAction variant="destructive" onClick={onCancel}>
              Cancel debit order
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="grid min-w-0 gap-0.5">
      <dt className="text-slate-600">{label}</dt>
      <dd className="font-medium tabular-nums text-slate-900 [overflow-wrap:anywhere]">{value}</dd>
    </div>
  );
}

function AuthoriseButton({
  applicationId,
  terms,
  holderName,
}: {
  applicationId: number;
  terms: NonNullable<MandateView['terms']>;
  holderName: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button writes size="sm" className="justify-self-start" onClick={() => setOpen(true)}>
        Set up debit order
      </Button>
      <FormDialog open={open} onOpenChange={setOpen}>
        {open ? (
          <AuthoriseForm
            applicationId={applicationId}
            terms={terms}
            holderName={holderName}
            onDone={() => setOpen(false)}
          />
        ) : null}
      </FormDialog>
    </>
  );
}

function AuthoriseForm({
  applicationId,
  terms,
  holderName,
  onDone,
}: {
  applicationId: number;
  terms: NonNullable<MandateView['terms']>;
  holderName: string;
  onDone: () => void;
}) {
  const authorise = useAuthoriseMandate(applicationId);
  const form = useForm({
    resolver: zodResolver(mandateFormSchema),
    defaultValues: {
      accountHolder: holderName,
      bank: undefined,
      branchCode: '',
      accountType: undefined,
      accountNumber: '',
      consent: false as unknown as true,
    },
  });
  // Choosing a bank fills in its universal branch code (the creator may still change it).
  const bank = form.watch('bank');
  useEffect(() => {
    const code = bank ? universalBranchCode(bank) : null;
    if (code) form.setValue('branchCode', code, { shouldValidate: form.formState.isSubmitted });
  }, [bank, form]);
  const onSubmit = form.handleSubmit((values) =>
    authorise.mutate(values, {
      onSuccess: () => {
        toast({
          title: 'Debit order set up',
          description: `The first collection is on ${formatDate(terms.firstCollectionDate)}.`,
        });
        onDone();
      },
      onError: (error) => applyServerErrors(form, error, FIELDS),
    }),
  );
  return (
    <FormDialogContent
      title="Set up a debit order"
      description="We collect each instalment from your account by debit order. Your bank may ask you to confirm it."
      form={form}
      onSubmit={onSubmit}
      busy={authorise.isPending}
      error={{
        title: 'Could not set up the debit order',
        message: authorise.isError ? messageOf(authorise.error, 'Try again') : null,
      }}
      submitLabel="Authorise debit order"
      pendingLabel="Authorising…"
      className="max-h-[90dvh] overflow-y-auto"
      intro={
        <DialogFigures
          testId="mandate-terms"
          figures={[
            { label: 'Each instalment', value: formatZar(terms.instalmentAmount) },
            { label: 'At most per collection', value: formatZar(terms.maximumAmount) },
            { label: 'First collection', value: formatDate(terms.firstCollectionDate) },
            { label: 'Last collection', value: formatDate(terms.lastCollectionDate) },
            {
              label: 'Reference',
              value: terms.contractReference,
              valueClassName: 'font-mono text-sm',
              wide: true,
            },
          ]}
        />
      }
    >
      <TextField
        control={form.control}
        name="accountHolder"
        label="Account holder"
        autoComplete="name"
        maxLength={100}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField
          control={form.control}
          name="bank"
          label="Bank"
          options={SA_BANKS.map((b) => ({ value: b.name, label: b.name }))}
        />
        <TextField control={form.control} name="branchCode" label="Branch code" maxLength={6} />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField
          control={form.control}
          name="accountType"
          label="Account type"
          options={DEBIT_ACCOUNT_TYPES.map((t) => ({ value: t, label: t[0]!.toUpperCase() + t.slice(1) }))}
        />
        <TextField
          control={form.control}
          name="accountNumber"
          label="Account number"
          maxLength={11}
          autoComplete="off"
        />
      </div>
      <p className="text-xs text-slate-600">{terms.text}</p>
      <CheckboxField
        control={form.control}
        name="consent"
        label="I authorise these debit orders on the terms above"
      />
    </FormDialogContent>
  );
}
