// Reverse Payment (docs/lending.md, "Reversal"): a payment the bank bounced or one recorded in error is reversed,
// never deleted. The admin writes the reason the creator will read; the payment stays listed, counts for nothing,
// and the loan's instalments are allocated again. Validated with the shared reversePaymentSchema; the server's
// refusals (already reversed: 409) are shown above the buttons.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { reversePaymentSchema } from '../../../shared/schemas/admin-loans';
import { DialogFigures } from '../../components/dialog-figures';
import { FormDialog, FormDialogContent } from '../../components/form-dialog';
import { TextareaField } from '../../components/form-fields';
import { toast } from '../../hooks/use-toast';
import { messageOf } from '../../lib/api';
import { toastSentForApproval } from '../../lib/approvals';
import { applyServerErrors } from '../../lib/form-errors';
import { formatDate, formatZar } from '../../lib/format';
import { isUnreadableAnswer, useReversePayment } from './applications-api';

type ReversalValues = z.input<typeof reversePaymentSchema>;
type ReversalOutput = z.output<typeof reversePaymentSchema>;

/** The payment to reverse, as the payments list shows it. */
export interface ReversalTarget {
  paymentId: number;
  applicationId: number;
  amount: string;
  platformFee: string | null;
  paymentDate: string | null;
  currency?: string | null;
}

const FAILED = 'Payment not reversed';

export function ReversePaymentDialog({
  target,
  onOpenChange,
}: {
  target: ReversalTarget | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <FormDialog open={target !== null} onOpenChange={onOpenChange}>
      {target ? (
        <ReversalContent key={target.paymentId} target={target} onDone={() => onOpenChange(false)} />
      ) : null}
    </FormDialog>
  );
}

function ReversalContent({ target, onDone }: { target: ReversalTarget; onDone: () => void }) {
  const reversal = useReversePayment();
  const [serverError, setServerError] = useState<string | null>(null);
  const money = (value: string | null) => formatZar(value, { currency: target.currency });
  const form = useForm<ReversalValues, unknown, ReversalOutput>({
    resolver: zodResolver(reversePaymentSchema),
    defaultValues: { reason: '' },
  });

  const onSubmit = form.handleSubmit((values) => {
    setServerError(null);
    reversal.mutate(
      { paymentId: target.paymentId, input: values },
      {
        onSuccess: (answer) => {
          toastSentForApproval(answer);
          onDone();
        },
        onError: (error) => {
          const message = isUnreadableAnswer(error)
            ? 'Server error occurred while reversing the payment'
            : messageOf(error, 'Server error occurred while reversing the payment');
          if (applyServerErrors(form, error, ['reason']).length === 0) setServerError(message);
          toast({ variant: 'destructive', title: FAILED, description: message });
        },
      },
    );
  });

  return (
    <FormDialogContent
      className="max-w-md"
      busy={reversal.isPending}
      title="Reverse Payment"
      description="For a payment the bank bounced or one recorded in error. Once a second finance officer or admin approves it, it stays on the loan's record, counts for nothing, and what it paid is owed again."
      form={form}
      onSubmit={onSubmit}
      formLabel="Reverse payment"
      error={{ title: FAILED, message: serverError }}
      submitLabel="Send for approval"
      pendingLabel="Sending…"
      submitVariant="destructive"
      intro={
        <DialogFigures
          testId="reversal-figures"
          figures={[
            { label: 'Receipt', value: `#${target.paymentId}` },
            { label: 'Paid on', value: formatDate(target.paymentDate) },
            { label: 'Amount', value: money(target.amount) },
            { label: 'Platform fee', value: money(target.platformFee) },
          ]}
        />
      }
    >
      <TextareaField
        control={form.control}
        name="reason"
        label="Reason"
        description="The creator reads this in their e-mail and on their statement: 5 to 500 characters."
        rows={3}
        maxLength={500}
        required
      />
    </FormDialogContent>
  );
}
