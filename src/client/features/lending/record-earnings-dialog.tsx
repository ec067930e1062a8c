// Record Monthly Earnings (spec sections 2 and 5): month, year, earnings amount (required, > 0), optional
// notes, and a Payment Preview computed with the server's own rounding (earnings-preview.ts). Months after
// the current one (in South Africa) are not offered; a month before the schedule's first month is refused
// by the server, whose message is shown at the month and year.
import { zodResolver } from '@hookform/resolvers/zod';
import { AlertTriangle, Info } from 'lucide-react';
import { type ReactNode, useEffect, useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { Alert, AlertDescription } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '../../components/ui/form';
import { Input } from '../../components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { Textarea } from '../../components/ui/textarea';
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
  futureMonthMessage,
  monthsOffered,
} from './earnings-preview';
import { useRecordEarnings } from './lending-api';
import { MONTH_NAMES, yearOptions } from './lending-filters';
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

function defaults(row: LendingRow | null): FormValues {
  const { month, year } = defaultEarningsMonth(row?.scheduleStartDate);
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
          <PreviewLine
            label="Withholding rate"
            value={formatPercent(row.withholdingRate)}
            testId="preview-withholding"
          />
          <p className="text-slate-600">Enter the earnings amount to see the payment.</p>
        </dl>
      );
      break;
    case 'too-small':
      body = (
        <dl className="grid gap-1.5">
          <PreviewLine
            label="Withholding rate"
            value={formatPercent(preview.withholdingRate)}
            testId="preview-withholding"
          />
          <p className="text-amber-800">
            The withholding on this amount rounds to {formatZar(0)}; enter a larger amount.
          </p>
        </dl>
      );
      break;
    case 'ok':
      body = (
        <dl className="grid gap-1.5">
          <PreviewLine
            label="Withholding rate"
            value={formatPercent(preview.withholdingRate)}
            testId="preview-withholding"
          />
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

export function RecordEarningsDialog({
  row,
  onOpenChange,
}: {
  row: LendingRow | null;
  onOpenChange: (open: boolean) => void;
}) {
  const record = useRecordEarnings();
  const form = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: defaults(row),
    mode: 'onTouched',
  });
  const open = row !== null;
  const years = yearOptions();
  const periodErrorId = useId();

  const resetRecord = record.reset;
  useEffect(() => {
    if (open) {
      form.reset(defaults(row));
      resetRecord();
    }
  }, [open, row, form, resetRecord]);

  const amount = useWatch({ control: form.control, name: 'earningsAmount' });
  const chosenYear = useWatch({ control: form.control, name: 'earningsYear' });
  const offeredMonths = monthsOffered(Number(chosenYear));
  const refusedFields =
    Object.keys(serverFieldErrors(record.error, ['earningsMonth', 'earningsYear', 'earningsAmount'])).length >
    0;
  const periodError =
    form.formState.errors.earningsMonth?.message ?? form.formState.errors.earningsYear?.message;
  const preview: EarningsPreview | null = row
    ? earningsPreview({
        earnings: amount,
        withholdingRate: row.withholdingRate,
        platformFeeRate: row.platformFeeRate,
        remainingAmount: row.remainingAmount,
      })
    : null;
  const amountOk = checkEarningsAmount(amount).ok;
  const canSubmit = amountOk && preview?.kind === 'ok' && !record.isPending;

  const onSubmit = form.handleSubmit((values) => {
    if (!row) return;
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
          onOpenChange(false);
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
    <Dialog
      open={open}
      onOpenChange={(next) => {
        // Closing mid-request would hide the outcome; keep the dialog until the server answers.
        if (!next && record.isPending) return;
        onOpenChange(next);
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Record Monthly Earnings</DialogTitle>
          <DialogDescription>
            {row ? (
              <>
                {row.clientName} · application #{row.id}
                {row.remainingAmount !== null ? <> · remaining {formatZar(row.remainingAmount)}</> : null}
              </>
            ) : null}
          </DialogDescription>
        </DialogHeader>
        {row ? (
          <Form {...form}>
            <form onSubmit={onSubmit} className="grid gap-4" noValidate>
              {/* One group, one message: the month rules (not after this month, not before the schedule's
                  first month) are about the pair, so the message is shown once under both fields. */}
              <fieldset className="grid gap-2" aria-describedby={periodError ? periodErrorId : undefined}>
                <legend className="sr-only">Earnings month</legend>
                <div className="grid grid-cols-2 gap-3">
                  <FormField
                    control={form.control}
                    name="earningsMonth"
                    render={({ field }) => (
                      <FormItem>
                        <FormLabel>Month</FormLabel>
                        <Select
                          value={field.value}
                          onValueChange={(value) => {
                            field.onChange(value);
                            form.clearErrors(['earningsMonth', 'earningsYear']);
                          }}
                          disabled={record.isPending}
                        >
                          <FormControl>
                            <SelectTrigger
                              onBlur={field.onBlur}
                              ref={field.ref}
                              aria-describedby={periodError ? periodErrorId : undefined}
                            >
                              <SelectValue placeholder="Choose a month" />
                            </SelectTrigger>
                          </FormControl>
                          <SelectContent>
                            {offeredMonths.map((month) => (
                              <SelectItem key={month} value={String(month)}>
                                {MONTH_NAMES[month - 1]}
                              </SelectItem>
                            ))}
                          </SelectContent>
                        </Select>
                      </FormItem>
                    )}
                  />
                  <FormField
                    control={form.control}
                    name="earningsYear"
                    render={({ field }) => (
                      <FormItem>
                        <FormLabel>Year</FormLabel>
                        <Select
                          value={field.value}
                          onValueChange={(value) => {
                            field.onChange(value);
                            // This year offers months up to the current one only: bring a later pick back.
                            const latest = currentMonth();
                            const month = Number(form.getValues('earningsMonth'));
                            if (Number(value) === latest.year && month > latest.month) {
                              form.setValue('earningsMonth', String(latest.month));
                            }
                            form.clearErrors(['earningsMonth', 'earningsYear']);
                          }}
                          disabled={record.isPending}
                        >
                          <FormControl>
                            <SelectTrigger
                              onBlur={field.onBlur}
                              ref={field.ref}
                              aria-describedby={periodError ? periodErrorId : undefined}
                            >
                              <SelectValue />
                            </SelectTrigger>
                          </FormControl>
                          <SelectContent>
                            {years.map((year) => (
                              <SelectItem key={year} value={String(year)}>
                                {year}
                              </SelectItem>
                            ))}
                          </SelectContent>
                        </Select>
                      </FormItem>
                    )}
                  />
                </div>
                {periodError ? (
                  <p
                    id={periodErrorId}
                    className="text-sm font-medium text-destructive"
                    data-testid="period-error"
                  >
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
                      <Input
                        {...field}
                        type="number"
                        inputMode="decimal"
                        min="0.01"
                        step="0.01"
                        placeholder="e.g. 12345.67"
                        required
                        disabled={record.isPending}
                        // A scroll over a focused number field would silently change the amount.
                        onWheel={(event) => event.currentTarget.blur()}
                      />
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
              <FormField
                control={form.control}
                name="notes"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>Notes (optional)</FormLabel>
                    <FormControl>
                      <Textarea
                        {...field}
                        rows={2}
                        maxLength={1000}
                        className="min-h-16"
                        placeholder="e.g. YouTube AdSense payout"
                        disabled={record.isPending}
                      />
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
              {preview ? <PaymentPreview preview={preview} row={row} /> : null}
              {preview?.kind === 'ok' && preview.capped ? (
                <Alert variant="info">
                  <Info aria-hidden="true" />
                  <AlertDescription>
                    Withholding stops when the financing is repaid, so only the remaining balance is taken.
                  </AlertDescription>
                </Alert>
              ) : null}
              {record.isError && !refusedFields ? (
                // The toast reports it too; inside a modal dialog the message belongs next to the form
                // (under the fields themselves when the server named them).
                <Alert variant="destructive" role="alert">
                  <AlertTriangle aria-hidden="true" />
                  <AlertDescription>{messageOf(record.error, 'Failed to record earnings')}</AlertDescription>
                </Alert>
              ) : null}
              <DialogFooter>
                <DialogClose asChild>
                  <Button variant="outline" disabled={record.isPending}>
                    Cancel
                  </Button>
                </DialogClose>
                <Button type="submit" loading={record.isPending} disabled={!canSubmit}>
                  {record.isPending ? 'Recording...' : 'Record Earnings'}
                </Button>
              </DialogFooter>
            </form>
          </Form>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
