// Record Monthly Earnings: month, year, earnings amount (required, > 0), optional
// notes, and a Payment Preview computed with the server's own rounding (earnings-preview.ts). Months after
// the current one (in South Africa) are not offered; a month before the schedule's first month is refused
// by the server, whose message is shown at the month and year.
import { zodResolver } from '@hookform/resolvers/zod';
import { Info } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { type UseFormReturn, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { FormDialogContent, FormDialogFor } from '../../components/form-dialog';
import { TextareaField } from '../../components/form-fields';
import { MoneyInput } from '../../components/money-input';
import { Alert, AlertDescription } from '../../components/ui/alert';
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from '../../components/ui/form';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { toast } from '../../hooks/use-toast';
import { messageOf } from '../../lib/api';
import { applyServerErrors, serverFieldErrors } from '../../lib/form-errors';
import { formatPercent, formatZar } from '../../lib/format';
import {
  checkEarningsAmount,
  currentMonth,
  defaultEarningsMonth,
  type EarningsPreview,
  earningsPreview,
  earningsYears,
  futureMonthMessage,
  monthsOffered,
} from './earnings-preview';
import { useRecordEarnings } from './lending-api';
import { MONTH_NAMES } from './lending-filters';
import type { LendingRow } from './types';

const formSchema = z
  .object({
    earningsMonth: z.string().regex(/^(?:[1-9]|1[0-2])$/, 'Choose a month'),
    earningsYear: z.string().regex(/^\d{4}$/, 'Choose a year'),
    earningsAmount: z.string().superRefine((value, ctx) => {
      const check = checkEarningsAmount(value);
      if (!check.ok) ctx.addIssue({ code: 'custom', message: check.message });
    }),
    notes: z.string().trim().max(1000, 'Notes must be at most 1000 characters'),
  })
  .superRefine((values, ctx) => {
    const message = futureMonthMessage(Number(values.earningsMonth), Number(values.earningsYear));
    if (message) ctx.addIssue({ code: 'custom', path: ['earningsMonth'], message });
  });
type FormValues = z.input<typeof formSchema>;

function defaults(row: LendingRow): FormValues {
  const { month, year } = defaultEarningsMonth(row.scheduleStartDate);
  return { earningsMonth: String(month), earningsYear: String(year), earningsAmount: '', notes: '' };
}

function PreviewLine({
  label,
  value,
  testId,
  strong,
}: {
  label: string;
  value: string;
  testId: string;
  strong?: boolean;
}) {
  return (
    <div className="flex items-baseline justify-between gap-4">
      <dt className="text-slate-600">{label}</dt>
      <dd
        className={`text-right tabular-nums ${strong ? 'font-semibold text-slate-900' : 'text-slate-900'}`}
        data-testid={testId}
      >
        {value}
      </dd>
    </div>
  );
}

function WithholdingLine({ rate }: { rate: string | number | null }) {
  return <PreviewLine label="Withholding rate" value={formatPercent(rate)} testId="preview-withholding" />;
}

function PaymentPreview({ preview, row }: { preview: EarningsPreview; row: LendingRow }) {
  const headingId = useId();
  let body: ReactNode;
  switch (preview.kind) {
    case 'no-schedule':
      body = (
        <p className="text-slate-700">
          This application has no repayment schedule yet, so there is no withholding rate. Earnings can be
          recorded once a schedule is set up.
        </p>
      );
      break;
    case 'nothing-owed':
      body = <p className="text-slate-700">Nothing is owed on this application: withholding has stopped.</p>;
      break;
    case 'no-amount':
      body = (
        <dl className="grid gap-1.5">
          <WithholdingLine rate={row.withholdingRate} />
          <p className="text-slate-600">Enter the earnings amount to see the payment.</p>
        </dl>
      );
      break;
    case 'too-small':
      body = (
        <dl className="grid gap-1.5">
          <WithholdingLine rate={preview.withholdingRate} />
          <p className="text-amber-800">
            The withholding on this amount rounds to {formatZar(0)}; enter a larger amount.
          </p>
        </dl>
      );
      break;
    case 'ok':
      body = (
        <dl className="grid gap-1.5">
          <WithholdingLine rate={preview.withholdingRate} />
          <PreviewLine
            label="Calculated payment"
            value={formatZar(preview.calculated)}
            testId={preview.capped ? 'preview-calculated' : 'preview-payment'}
            strong={!preview.capped}
          />
          {preview.capped ? (
            <PreviewLine
              label="Payment (capped at the remaining balance)"
              value={formatZar(preview.payment)}
              testId="preview-payment"
              strong
            />
          ) : null}
          <PreviewLine
            label={`Platform fee (${formatPercent(preview.platformFeeRate)})`}
            value={formatZar(preview.fee)}
            testId="preview-fee"
          />
          <PreviewLine
            label={`Taken from the month's earnings in all (${formatPercent(preview.takenShare, { decimals: 2 })})`}
            value={formatZar(preview.takenInAll)}
            testId="preview-taken"
            strong
          />
          <PreviewLine
            label="Remaining balance after"
            value={formatZar(preview.remainingAfter)}
            testId="preview-remaining"
          />
        </dl>
      );
      break;
  }
  return (
    <section
      aria-labelledby={headingId}
      aria-live="polite"
      className="grid gap-2 rounded-lg border border-emerald-200 bg-emerald-50/60 p-4 text-sm"
      data-testid="payment-preview"
    >
      <h3 id={headingId} className="font-semibold text-emerald-900">
        Payment Preview
      </h3>
      {body}
    </section>
  );
}

/** One of the two selects of the earnings month (month, year): the pair shares one message below both. */
function PeriodSelect({
  form,
  name,
  label,
  options,
  placeholder,
  onPick,
  disabled,
  describedBy,
}: {
  form: UseFormReturn<FormValues>;
  name: 'earningsMonth' | 'earningsYear';
  label: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  placeholder?: string;
  onPick?: (value: string) => void;
  disabled: boolean;
  describedBy: string | undefined;
}) {
  return (
    <FormField
      control={form.control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <Select
            value={field.value}
            onValueChange={(value) => {
              field.onChange(value);
              onPick?.(value);
              form.clearErrors(['earningsMonth', 'earningsYear']);
            }}
            disabled={disabled}
          >
            <FormControl>
              <SelectTrigger onBlur={field.onBlur} ref={field.ref} aria-describedby={describedBy}>
                <SelectValue placeholder={placeholder} />
              </SelectTrigger>
            </FormControl>
            <SelectContent>
              {options.map((option) => (
                <SelectItem key={option.value} value={option.value}>
                  {option.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </FormItem>
      )}
    />
  );
}

export function RecordEarningsDialog({
  row,
  onOpenChange,
}: {
  row: LendingRow | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <FormDialogFor item={row} itemKey={(r) => r.id} onOpenChange={onOpenChange}>
      {(r, onDone) => <RecordContent row={r} onDone={onDone} />}
    </FormDialogFor>
  );
}

function RecordContent({ row, onDone }: { row: LendingRow; onDone: () => void }) {
  const record = useRecordEarnings();
  const form = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: defaults(row),
    mode: 'onTouched',
  });
  // Only months the loan allows: none after this month, none before its schedule started.
  const years = earningsYears(row.scheduleStartDate);
  const periodErrorId = useId();

  const amount = useWatch({ control: form.control, name: 'earningsAmount' });
  const chosenYear = useWatch({ control: form.control, name: 'earningsYear' });
  const offeredMonths = monthsOffered(Number(chosenYear), new Date(), row.scheduleStartDate);
  const refusedFields =
    Object.keys(serverFieldErrors(record.error, ['earningsMonth', 'earningsYear', 'earningsAmount'])).length >
    0;
  const periodError =
    form.formState.errors.earningsMonth?.message ?? form.formState.errors.earningsYear?.message;
  const describedBy = periodError ? periodErrorId : undefined;
  const preview: EarningsPreview = earningsPreview({
    earnings: amount,
    withholdingRate: row.withholdingRate,
    platformFeeRate: row.platformFeeRate,
    remainingAmount: row.remainingAmount,
  });
  const amountOk = checkEarningsAmount(amount).ok;
  const canSubmit = amountOk && preview.kind === 'ok' && !record.isPending;

  const onSubmit = form.handleSubmit((values) => {
    const month = Number(values.earningsMonth);
    const year = Number(values.earningsYear);
    record.mutate(
      {
        applicationId: row.id,
        earningsMonth: month,
        earningsYear: year,
        earningsAmount: Number(values.earningsAmount),
        notes: values.notes.trim() || undefined,
      },
      {
        onSuccess: (answer) => {
          const { payment, platformFee, remainingAmount, completed } = answer.data;
          toast({
            title: 'Earnings recorded',
            description: `${MONTH_NAMES[month - 1]} ${year}: payment ${formatZar(payment)} (platform fee ${formatZar(platformFee)}). Remaining balance ${formatZar(remainingAmount)}.${completed ? ' The financing is repaid.' : ''}`,
          });
          onDone();
        },
        onError: (error) => {
          applyServerErrors(form, error, ['earningsMonth', 'earningsYear', 'earningsAmount']);
          toast({
            variant: 'destructive',
            title: 'Failed to record earnings',
            description: messageOf(error, 'Failed to record earnings'),
          });
        },
      },
    );
  });

  return (
    <FormDialogContent
      title="Record Monthly Earnings"
      description={
        <>
          {row.clientName} · application #{row.id}
          {row.remainingAmount !== null ? <> · remaining {formatZar(row.remainingAmount)}</> : null}
        </>
      }
      form={form}
      onSubmit={onSubmit}
      formClassName="grid gap-4"
      busy={record.isPending}
      // The toast reports it too; inside a modal dialog the message belongs next to the form (under the
      // fields themselves when the server named them).
      // The message alone, as before the dialog moved onto FormDialog (the toast carries the title).
      error={{
        message:
          record.isError && !refusedFields ? messageOf(record.error, 'Failed to record earnings') : null,
      }}
      submitLabel="Record Earnings"
      pendingLabel="Recording..."
      submitDisabled={!canSubmit}
    >
      {/* One group, one message: the month rules (not after this month, not before the schedule's first
          month) are about the pair, so the message is shown once under both fields. */}
      <fieldset className="grid gap-2" aria-describedby={describedBy}>
        <legend className="sr-only">Earnings month</legend>
        <div className="grid grid-cols-2 gap-3">
          <PeriodSelect
            form={form}
            name="earningsMonth"
            label="Month"
            placeholder="Choose a month"
            options={offeredMonths.map((month) => ({ value: String(month), label: MONTH_NAMES[month - 1] }))}
            disabled={record.isPending}
            describedBy={describedBy}
          />
          <PeriodSelect
            form={form}
            name="earningsYear"
            label="Year"
            options={years.map((year) => ({ value: String(year), label: String(year) }))}
            onPick={(value) => {
              // This year offers months up to the current one only: bring a later pick back.
              const latest = currentMonth();
              const month = Number(form.getValues('earningsMonth'));
              if (Number(value) === latest.year && month > latest.month) {
                form.setValue('earningsMonth', String(latest.month));
              }
            }}
            disabled={record.isPending}
            describedBy={describedBy}
          />
        </div>
        {periodError ? (
          <p id={periodErrorId} className="text-sm font-medium text-destructive" data-testid="period-error">
            {periodError}
          </p>
        ) : null}
      </fieldset>
      <FormField
        control={form.control}
        name="earningsAmount"
        render={({ field }) => (
          <FormItem>
            <FormLabel>Earnings amount (R)</FormLabel>
            <FormControl>
              {/* Typed the South African way (8 000,50) or as the product shows it (R 8 000,50); the form keeps the
                  amount as text for the preview's exact sums. */}
              <MoneyInput
                name={field.name}
                ref={field.ref}
                value={field.value === '' ? undefined : Number(field.value)}
                onChange={(value) => field.onChange(value === undefined ? '' : String(value))}
                onBlur={field.onBlur}
                placeholder="e.g. 12 345,67"
                required
                disabled={record.isPending}
              />
            </FormControl>
            <FormMessage />
          </FormItem>
        )}
      />
      <TextareaField
        control={form.control}
        name="notes"
        label="Notes (optional)"
        rows={2}
        className="min-h-16"
        placeholder="e.g. YouTube AdSense payout"
        disabled={record.isPending}
      />
      <PaymentPreview preview={preview} row={row} />
      {preview.kind === 'ok' && preview.capped ? (
        <Alert variant="info">
          <Info aria-hidden="true" />
          <AlertDescription>
            Withholding stops when the financing is repaid, so only the remaining balance is taken.
          </AlertDescription>
        </Alert>
      ) : null}
    </FormDialogContent>
  );
}
