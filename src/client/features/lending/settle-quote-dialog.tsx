// Record settlement (early settlement): the admin confirms that a quoted early settlement arrived.
// The server records a payment of exactly the quoted amount (kind settlement), which closes the loan and
// e-mails the creator; the admin only chooses the day the money came in and may add a note.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { businessDate } from '../../../shared/business-date';
import { settleQuoteSchema } from '../../../shared/schemas/admin-loans';
import type { OpenSettlementQuote } from '../../../shared/schemas/servicing';
import { DialogFigures } from '../../components/dialog-figures';
import { FormDialogContent, FormDialogFor } from '../../components/form-dialog';
import { DateField, TextareaField } from '../../components/form-fields';
import { toast } from '../../hooks/use-toast';
import { messageOf } from '../../lib/api';
import { applyServerErrors } from '../../lib/form-errors';
import { formatDate, formatZar } from '../../lib/format';
import { useSettleQuote } from './lending-api';

type SettleValues = z.input<typeof settleQuoteSchema>;
type SettleOutput = z.output<typeof settleQuoteSchema>;

export function SettleQuoteDialog({
  quote,
  onOpenChange,
}: {
  quote: OpenSettlementQuote | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <FormDialogFor item={quote} itemKey={(q) => q.id} onOpenChange={onOpenChange}>
      {(q, onDone) => <SettleContent quote={q} onDone={onDone} />}
    </FormDialogFor>
  );
}

function SettleContent({ quote, onDone }: { quote: OpenSettlementQuote; onDone: () => void }) {
  const settle = useSettleQuote();
  // Also shown in the dialog: the toast region is hidden from assistive technology behind a modal dialog.
  const [serverError, setServerError] = useState<string | null>(null);
  // Today in South Africa, as the server counts it: a later payment date would be refused.
  const [today] = useState(() => businessDate(new Date()));
  const form = useForm<SettleValues, unknown, SettleOutput>({
    resolver: zodResolver(settleQuoteSchema),
    defaultValues: { paymentDate: today, notes: '' },
  });

  const onSubmit = form.handleSubmit((values) => {
    setServerError(null);
    settle.mutate(
      { quoteId: quote.id, body: { paymentDate: values.paymentDate, notes: values.notes || undefined } },
      {
        onSuccess: (answer) => {
          toast({
            title: 'Settlement recorded',
            description: `${quote.clientName}: ${formatZar(quote.amount)} (${quote.reference}). ${answer.message}`,
          });
          onDone();
        },
        onError: (error) => {
          const message = messageOf(error, 'Failed to record the settlement');
          // A refused date belongs under the date; anything else (an expired or superseded quote) above the
          // buttons.
          if (applyServerErrors(form, error, ['paymentDate', 'notes']).length === 0) setServerError(message);
          toast({ variant: 'destructive', title: 'Failed to record settlement', description: message });
        },
      },
    );
  });

  return (
    <FormDialogContent
      className="max-w-md"
      busy={settle.isPending}
      title="Record settlement"
      description={
        <>
          {quote.clientName} · application #{quote.applicationId}
        </>
      }
      form={form}
      onSubmit={onSubmit}
      formLabel="Settlement"
      formClassName="grid gap-5"
      error={{ title: 'Failed to record settlement', message: serverError }}
      submitLabel="Record settlement"
      pendingLabel="Recording..."
      intro={
        <>
          <DialogFigures
            testId="settle-quote-summary"
            figures={[
              {
                label: 'Reference',
                value: quote.reference,
                valueClassName: 'font-mono font-semibold break-all text-slate-900',
              },
              { label: 'Amount', value: formatZar(quote.amount) },
              { label: 'Finance charge rebated', value: formatZar(quote.rebate) },
              {
                label: 'Valid until',
                value: formatDate(quote.validUntil),
                valueClassName: 'font-medium text-slate-900',
                wide: true,
              },
            ]}
          />
          <p className="text-sm text-slate-700">
            Record this once the creator's payment of {formatZar(quote.amount)} with reference{' '}
            <span className="font-mono whitespace-nowrap">{quote.reference}</span> is in the bank account. It
            settles the loan with no fee, rebates the finance charge not yet earned, closes the loan and tells
            the creator by e-mail.
          </p>
        </>
      }
    >
      <DateField
        control={form.control}
        name="paymentDate"
        label="Payment date"
        description="The day the money came in (South African date)."
        max={today}
        disabled={settle.isPending}
      />
      <TextareaField
        control={form.control}
        name="notes"
        label="Notes (optional)"
        rows={2}
        disabled={settle.isPending}
      />
    </FormDialogContent>
  );
}
