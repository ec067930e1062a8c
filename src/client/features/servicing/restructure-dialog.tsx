// Restructure (renegotiation: the agreement's term): after three consecutive shortfall months the
// admin may spread the remaining balance over a new period of 1-36 months, at no extra cost. The preview
// uses the server's own shared functions; the server rewrites the instalments and is the judge (409 when the
// loan is not eligible any more).
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { businessDate } from '../../../shared/business-date';
import { MAX_PERIOD_MONTHS, MIN_PERIOD_MONTHS } from '../../../shared/constants';
import { restructureSchema } from '../../../shared/schemas/admin-loans';
import { FormDialog, FormDialogContent } from '../../components/form-dialog';
import { NumberField } from '../../components/form-fields';
import { toast } from '../../hooks/use-toast';
import { messageOf } from '../../lib/api';
import { toastSentForApproval } from '../../lib/approvals';
import { applyServerErrors } from '../../lib/form-errors';
import { formatDate, formatZar } from '../../lib/format';
import { RESTRUCTURE_DEFAULT_MONTHS, restructurePreview } from './restructure-preview';
import { useRestructureLoan } from './servicing-api';

type RestructureValues = z.input<typeof restructureSchema>;

export interface RestructureTarget {
  applicationId: number;
  clientName: string;
  remainingAmount: string;
  frequency: string | null;
  /** A bank debit falls due on business days only. */
  paymentMethod?: string | null;
  currency?: string | null;
}

export function RestructureDialog({
  target,
  onOpenChange,
}: {
  target: RestructureTarget | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <FormDialog open={target !== null} onOpenChange={onOpenChange}>
      {target ? (
        <RestructureContent key={target.applicationId} target={target} onDone={() => onOpenChange(false)} />
      ) : null}
    </FormDialog>
  );
}

const months = (n: number) => `${n} ${n === 1 ? 'month' : 'months'}`;

function RestructureContent({ target, onDone }: { target: RestructureTarget; onDone: () => void }) {
  const restructure = useRestructureLoan();
  const [serverError, setServerError] = useState<string | null>(null);
  const [today] = useState(() => businessDate(new Date()));
  const money = (value: string) => formatZar(value, { currency: target.currency });
  const form = useForm<RestructureValues>({
    resolver: zodResolver(restructureSchema),
    defaultValues: { estimatedPeriod: RESTRUCTURE_DEFAULT_MONTHS },
  });
  const period = useWatch({ control: form.control, name: 'estimatedPeriod' });
  const preview = restructurePreview(target, period, today);

  const onSubmit = form.handleSubmit((values) => {
    setServerError(null);
    restructure.mutate(
      { id: target.applicationId, estimatedPeriod: values.estimatedPeriod },
      {
        onSuccess: (answer) => {
          toastSentForApproval(answer);
          onDone();
        },
        onError: (error) => {
          const message = messageOf(error, 'Failed to restructure the loan');
          if (applyServerErrors(form, error, ['estimatedPeriod']).length === 0) setServerError(message);
          toast({ variant: 'destructive', title: 'Restructure failed', description: message });
        },
      },
    );
  });

  return (
    <FormDialogContent
      className="max-w-md"
      busy={restructure.isPending}
      title="Restructure loan"
      description={
        <>
          #{target.applicationId} · {target.clientName} · remaining balance {money(target.remainingAmount)}. A
          second collector or admin approves the new terms before they apply.
        </>
      }
      form={form}
      onSubmit={onSubmit}
      formLabel="Restructure"
      formClassName="grid gap-5"
      error={{ title: 'Restructure failed', message: serverError }}
      submitLabel="Send for approval"
      pendingLabel="Sending…"
    >
      <NumberField
        control={form.control}
        name="estimatedPeriod"
        label="New period (months)"
        description={`${MIN_PERIOD_MONTHS} to ${MAX_PERIOD_MONTHS} months, from today.`}
        inputMode="numeric"
        min={1}
        max={MAX_PERIOD_MONTHS}
        step={1}
        aria-required="true"
        disabled={restructure.isPending}
      />

      <section
        aria-live="polite"
        className="grid gap-2 rounded-lg border border-emerald-200 bg-emerald-50/50 p-4 text-sm"
        data-testid="restructure-preview"
      >
        {preview ? (
          <>
            <p className="font-medium text-slate-900" data-testid="restructure-explanation">
              The remaining balance of {money(preview.total)} over {months(preview.months)}, no extra cost.
            </p>
            <dl className="grid gap-1">
              <div className="flex items-baseline justify-between gap-3">
                <dt className="text-slate-600">Instalment</dt>
                <dd
                  className="font-semibold text-slate-900 tabular-nums"
                  data-testid="restructure-instalment"
                >
                  {money(preview.instalment)}
                </dd>
              </div>
              <div className="flex items-baseline justify-between gap-3">
                <dt className="text-slate-600">Instalments</dt>
                <dd className="font-semibold text-slate-900 tabular-nums">{preview.instalments}</dd>
              </div>
              {preview.lastInstalment !== preview.instalment ? (
                <div className="flex items-baseline justify-between gap-3">
                  <dt className="text-slate-600">Last instalment</dt>
                  <dd className="font-semibold text-slate-900 tabular-nums">
                    {money(preview.lastInstalment)}
                  </dd>
                </div>
              ) : null}
              <div className="flex items-baseline justify-between gap-3">
                <dt className="text-slate-600">Due</dt>
                <dd className="text-right font-semibold text-slate-900">
                  {formatDate(preview.firstDueDate)} to {formatDate(preview.lastDueDate)}
                </dd>
              </div>
            </dl>
            <p className="text-xs text-slate-600">
              Paid instalments stay; unpaid ones are replaced. The loan's balance and cost do not change.
            </p>
          </>
        ) : (
          <p className="text-slate-600">
            Enter a period of {MIN_PERIOD_MONTHS} to {MAX_PERIOD_MONTHS} whole months to see the new
            instalments.
          </p>
        )}
      </section>
    </FormDialogContent>
  );
}
