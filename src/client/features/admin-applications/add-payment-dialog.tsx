// Add Payment: amount (the amount due now, or the next instalment, in one
// click), payment date, how it came in and its bank reference, and notes, validated with the shared addPaymentSchema. The amount is what goes to the loan (its "amount"); the dialog shows the platform
// fee it carries and the cash that makes, which is what the creator hands over and what the ledger books (
// an admin holding R 1 400 of cash enters the amount the fee splits it into, shown as they type). One Idempotency-Key per opening of the dialog, so a double click or a retry of a
// request whose answer was lost never records the payment twice. The server refuses an overpayment, and a
// payment date in the future (South African today), before the disbursement or not a real day: those
// refusals name the field, so they are shown under the date.
import { zodResolver } from '@hookform/resolvers/zod';
import Decimal from 'decimal.js';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { businessDate } from '../../../shared/business-date';
import { parseMoneyInput } from '../../../shared/finance/money';
import { platformFeeOn } from '../../../shared/finance/platform-fee';
import {
  BANK_REFERENCE_MAX,
  MANUAL_PAYMENT_CHANNELS,
  PAYMENT_CHANNEL_LABELS,
} from '../../../shared/payment-channels';
import { addPaymentSchema } from '../../../shared/schemas/admin-loans';
import type { ScheduleServicing } from '../../../shared/schemas/applications';
import { DialogFigures } from '../../components/dialog-figures';
import { FormDialogContent } from '../../components/form-dialog';
import { DateField, MoneyField, SelectField, TextareaField, TextField } from '../../components/form-fields';
import { Button } from '../../components/ui/button';
import { toast } from '../../hooks/use-toast';
import { messageOf } from '../../lib/api';
import { applyServerErrors } from '../../lib/form-errors';
import { formatDate, formatPercent, formatZar } from '../../lib/format';
import type { AdminApplication } from './admin-types';
import { ApplicationDialog } from './application-dialog';
import { applicantName } from './application-filters';
import { isUnreadableAnswer, newIdempotencyKey, useAddPayment } from './applications-api';

// The schema reads any amount (it parses typed text too); the field itself holds a number or nothing.
type PaymentValues = z.input<typeof addPaymentSchema>;
type PaymentOutput = z.output<typeof addPaymentSchema>;

export function AddPaymentDialog({
  applicationId,
  onOpenChange,
}: {
  applicationId: number | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <ApplicationDialog applicationId={applicationId} onOpenChange={onOpenChange} title="Add Payment">
      {(application, onDone) => <PaymentContent application={application} onDone={onDone} />}
    </ApplicationDialog>
  );
}

function PaymentContent({ application, onDone }: { application: AdminApplication; onDone: () => void }) {
  // Made once per opening: every submit of this dialog is the same payment as far as the server knows.
  const [idempotencyKey] = useState(newIdempotencyKey);
  const addPayment = useAddPayment();
  // Also shown in the dialog: the toast region is hidden from assistive technology behind a modal dialog.
  const [serverError, setServerError] = useState<string | null>(null);
  const schedule = application.repaymentSchedule;
  const currency = application.currency ?? schedule?.currency;
  // Today in South Africa when the dialog opened: the latest date the server accepts.
  const [today] = useState(() => businessDate(new Date()));
  // The disbursement day, the earliest date the server accepts (the date picker greys out the days before).
  const disbursed = schedule?.startDate ? businessDate(new Date(schedule.startDate)) : undefined;
  const form = useForm<PaymentValues, unknown, PaymentOutput>({
    resolver: zodResolver(addPaymentSchema),
    defaultValues: { amount: undefined, paymentDate: today, notes: '', channel: 'eft', bankReference: '' },
  });

  const amount = form.watch('amount');
  const channel = form.watch('channel');
  const fill = (value: string) =>
    form.setValue('amount', Number(value), { shouldValidate: true, shouldDirty: true });

  const onSubmit = form.handleSubmit((values) => {
    setServerError(null);
    addPayment.mutate(
      {
        id: application.id,
        idempotencyKey,
        input: {
          amount: values.amount,
          paymentDate: values.paymentDate,
          notes: values.notes || undefined,
          channel: values.channel,
          bankReference: values.bankReference,
        },
      },
      {
        onSuccess: () => {
          toast({ title: 'Payment added', description: 'The payment has been recorded successfully.' });
          onDone();
        },
        onError: (error) => {
          const message = isUnreadableAnswer(error)
            ? 'Server error occurred while adding payment'
            : messageOf(error, 'Server error occurred while adding payment');
          // A refused date or amount is shown under its field; the rest (an overpayment, a closed loan) above
          // the buttons.
          const fields = ['paymentDate', 'amount', 'notes', 'channel', 'bankReference'] as const;
          if (applyServerErrors(form, error, [...fields]).length === 0) {
            setServerError(message);
          }
          toast({ variant: 'destructive', title: 'Failed to add payment', description: message });
        },
      },
    );
  });

  return (
    <FormDialogContent
      className="max-w-md"
      busy={addPayment.isPending}
      title="Add Payment"
      description={
        <>
          #{application.id} · {applicantName(application)}
        </>
      }
      form={form}
      onSubmit={onSubmit}
      formLabel="Payment"
      formClassName="grid gap-5"
      error={{ title: 'Failed to add payment', message: serverError }}
      submitLabel="Add Payment"
      intro={
        schedule ? (
          <DialogFigures
            testId="payment-balance"
            figures={[
              { label: 'Remaining balance', value: formatZar(schedule.remainingAmount, { currency }) },
              { label: 'Total repayable', value: formatZar(schedule.totalAmount, { currency }) },
            ]}
          />
        ) : (
          <p className="text-sm text-slate-600">
            This application has no repayment schedule yet, so the server will not accept a payment.
          </p>
        )
      }
    >
      <MoneyField
        control={form.control}
        name="amount"
        label="Amount to the loan (R)"
        description="Rand and cents, at most the remaining balance. The platform fee is added on top."
        required
        aria-required="true"
      />
      {schedule?.servicing ? (
        <QuickAmounts servicing={schedule.servicing} currency={currency} onFill={fill} />
      ) : null}
      {schedule ? (
        <CashPreview amount={amount} feeRate={schedule.platformFeeRate} currency={currency} />
      ) : null}
      <SelectField control={form.control} name="channel" label="Received by" options={CHANNEL_OPTIONS} />
      <TextField
        control={form.control}
        name="bankReference"
        label={channel === 'eft' || channel === 'cash_deposit' ? 'Bank reference' : 'Bank reference (if any)'}
        description="As it reads on the bank statement, so the payment can be found there."
        maxLength={BANK_REFERENCE_MAX}
        required={false}
      />
      <DateField
        control={form.control}
        name="paymentDate"
        label="Payment date"
        description="Not in the future, and not before the financing was paid out."
        min={disbursed}
        max={today}
      />
      <TextareaField control={form.control} name="notes" label="Notes (optional)" rows={2} />
    </FormDialogContent>
  );
}

const CHANNEL_OPTIONS = MANUAL_PAYMENT_CHANNELS.map((value) => ({
  value,
  label: PAYMENT_CHANNEL_LABELS[value],
}));

/**
 * One click for the usual amounts: what is due now (arrears and the instalment due today), or, when nothing is
 * due, the next instalment. The amount field still takes any other figure.
 */
function QuickAmounts({
  servicing,
  currency,
  onFill,
}: {
  servicing: ScheduleServicing;
  currency: string | null | undefined;
  onFill: (amount: string) => void;
}) {
  const dueNow = Number(servicing.amountDueNow) > 0 ? servicing.amountDueNow : null;
  const next = servicing.nextInstalment;
  const choice = dueNow
    ? { label: 'Amount due now', amount: dueNow }
    : next && Number(next.outstanding) > 0
      ? {
          label: `Next instalment (#${next.number}, due ${formatDate(next.dueDate)})`,
          amount: next.outstanding,
        }
      : null;
  if (!choice) return null;
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm" data-testid="payment-quick-amounts">
      {dueNow ? null : <span className="text-slate-600">Nothing is due now.</span>}
      <Button type="button" size="sm" variant="outline" onClick={() => onFill(choice.amount)}>
        {choice.label}: {formatZar(choice.amount, { currency })}
      </Button>
    </div>
  );
}

/**
 * The fee the amount carries (the one fee rule, src/shared/finance/platform-fee.ts) and the cash that makes: what
 * the creator hands over and what the ledger books. A preview: the server works out and records the fee itself.
 */
function CashPreview({
  amount,
  feeRate,
  currency,
}: {
  amount: PaymentValues['amount'];
  feeRate: string;
  currency: string | null | undefined;
}) {
  const typed = parseMoneyInput(amount);
  if (typed === null || typed <= 0) return null;
  const parsed = new Decimal(String(typed));
  const fee = platformFeeOn(parsed, feeRate);
  return (
    <p className="text-sm text-slate-700" data-testid="payment-cash" aria-live="polite">
      Platform fee {formatZar(fee.toFixed(2), { currency })} ({formatPercent(feeRate, { decimals: 1 })}): the
      creator hands over{' '}
      <strong className="tabular-nums">{formatZar(parsed.plus(fee).toFixed(2), { currency })}</strong> in all.
    </p>
  );
}
