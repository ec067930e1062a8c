// Write off a defaulted loan (docs/lending.md, "Write-off and recovery"): the loan leaves the books once a second
// person approves it; the creator still owes the balance and later payments are recoveries. The reason is validated
// with the shared writeOffSchema; the server's refusals (not in default, already written off: 409) are shown.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { writeOffSchema } from '../../../shared/schemas/admin';
import { DialogFigures } from '../../components/dialog-figures';
import { FormDialog, FormDialogContent } from '../../components/form-dialog';
import { TextareaField } from '../../components/form-fields';
import { toastSentForApproval } from '../../lib/approvals';
import { formatZar } from '../../lib/format';
import { useFormSubmit } from '../../lib/use-form-submit';
import { useWriteOffLoan } from './applications-api';

export interface WriteOffTarget {
  applicationId: number;
  clientName: string;
  remainingAmount: string;
  currency?: string | null;
}

type Values = z.input<typeof writeOffSchema>;
type Output = z.output<typeof writeOffSchema>;
const FAILED = 'Write-off not sent';

export function WriteOffDialog({
  target,
  onOpenChange,
}: {
  target: WriteOffTarget | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <FormDialog open={target !== null} onOpenChange={onOpenChange}>
      {target ? (
        <WriteOffContent key={target.applicationId} target={target} onDone={() => onOpenChange(false)} />
      ) : null}
    </FormDialog>
  );
}

function WriteOffContent({ target, onDone }: { target: WriteOffTarget; onDone: () => void }) {
  const writeOff = useWriteOffLoan();
  const form = useForm<Values, unknown, Output>({
    resolver: zodResolver(writeOffSchema),
    defaultValues: { reason: '' },
  });
  const { onSubmit, serverError } = useFormSubmit(
    form,
    (values) => writeOff.mutateAsync({ id: target.applicationId, reason: values.reason }),
    {
      fields: ['reason'],
      failed: FAILED,
      done: (answer) => {
        toastSentForApproval(answer);
        onDone();
      },
    },
  );
  return (
    <FormDialogContent
      className="max-w-md"
      busy={writeOff.isPending}
      title="Write off loan"
      description="The loan leaves the books once a second person approves it. The creator still owes the balance; what they pay later is booked as a recovery."
      form={form}
      onSubmit={onSubmit}
      formLabel="Write off loan"
      error={{ title: FAILED, message: serverError }}
      submitLabel="Send for approval"
      pendingLabel="Sending…"
      submitVariant="destructive"
      intro={
        <DialogFigures
          testId="write-off-figures"
          figures={[
            { label: 'Loan', value: `#${target.applicationId} · ${target.clientName}` },
            {
              label: 'Balance still owed',
              value: formatZar(target.remainingAmount, { currency: target.currency }),
            },
          ]}
        />
      }
    >
      <TextareaField
        control={form.control}
        name="reason"
        label="Reason"
        description="Why the loan is no longer expected to be collected. 5 to 500 characters."
        rows={3}
        maxLength={500}
        required
      />
    </FormDialogContent>
  );
}
