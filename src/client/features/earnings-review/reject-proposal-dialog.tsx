// Reject an earnings proposal with the reason (docs/platform-earnings.md): nothing is paid, the month stays open for
// the admin's typed earnings. Validated with the shared rejectEarningsSchema; the server's refusals (already decided:
// 409) are shown above the buttons.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { rejectEarningsSchema } from '../../../shared/schemas/earnings';
import { DialogFigures } from '../../components/dialog-figures';
import { FormDialog, FormDialogContent } from '../../components/form-dialog';
import { TextareaField } from '../../components/form-fields';
import { toast } from '../../hooks/use-toast';
import { messageOf } from '../../lib/api';
import { applyServerErrors } from '../../lib/form-errors';
import { formatZar } from '../../lib/format';
import { type EarningsProposalRow, useRejectProposal } from './earnings-review-api';
import { monthName } from './proposal-text';

type RejectValues = z.input<typeof rejectEarningsSchema>;
type RejectOutput = z.output<typeof rejectEarningsSchema>;

const FAILED = 'Proposal not rejected';

export function RejectProposalDialog({
  target,
  onOpenChange,
}: {
  target: EarningsProposalRow | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <FormDialog open={target !== null} onOpenChange={onOpenChange}>
      {target ? <RejectContent key={target.id} target={target} onDone={() => onOpenChange(false)} /> : null}
    </FormDialog>
  );
}

function RejectContent({ target, onDone }: { target: EarningsProposalRow; onDone: () => void }) {
  const reject = useRejectProposal();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<RejectValues, unknown, RejectOutput>({
    resolver: zodResolver(rejectEarningsSchema),
    defaultValues: { reason: '' },
  });
  const onSubmit = form.handleSubmit((values) => {
    setServerError(null);
    reject.mutate(
      { id: target.id, reason: values.reason },
      {
        onSuccess: () => {
          toast({
            title: 'Proposal rejected',
            description: `Loan #${target.applicationId}, ${monthName(target)}: nothing was withheld.`,
          });
          onDone();
        },
        onError: (error) => {
          const message = messageOf(error, 'Server error occurred while rejecting the proposal');
          if (applyServerErrors(form, error, ['reason']).length === 0) setServerError(message);
          toast({ variant: 'destructive', title: FAILED, description: message });
        },
      },
    );
  });
  return (
    <FormDialogContent
      className="max-w-md"
      busy={reject.isPending}
      title="Reject Earnings"
      description="Nothing is withheld for this month; you can still type the month's earnings on the Lending page."
      form={form}
      onSubmit={onSubmit}
      formLabel="Reject earnings proposal"
      error={{ title: FAILED, message: serverError }}
      submitLabel="Reject"
      pendingLabel="Rejecting…"
      submitVariant="destructive"
      intro={
        <DialogFigures
          testId="reject-figures"
          figures={[
            { label: 'Loan', value: `#${target.applicationId}` },
            { label: 'Creator', value: target.creatorName },
            { label: 'Month', value: monthName(target) },
            { label: 'Earnings', value: formatZar(target.earningsAmount) },
          ]}
        />
      }
    >
      <TextareaField
        control={form.control}
        name="reason"
        label="Reason"
        description="Kept with the proposal and in the audit trail: 3 to 500 characters."
        rows={3}
        maxLength={500}
        required
      />
    </FormDialogContent>
  );
}
