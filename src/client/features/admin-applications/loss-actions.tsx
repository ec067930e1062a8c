// A defaulted loan's two loss actions (docs/lending.md, "Write-off and recovery" and "Forgiving a written-off balance"),
// each sent for a second person's approval with a reason validated by its shared schema; the server's refusals (not in
// default, not written off, already done: 409) are shown in the dialog.
// - Write off: the loan leaves the books; the creator still owes the balance and later payments are recoveries.
// - Forgive balance: only once written off; the creator owes nothing more; the books do not move.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { forgiveBalanceSchema, writeOffSchema } from '../../../shared/schemas/admin-loans';
import type { LoanServicing } from '../../../shared/schemas/servicing';
import { baseStatus } from '../../../shared/status-machine';
import { DialogFigures } from '../../components/dialog-figures';
import { FormDialog, FormDialogContent } from '../../components/form-dialog';
import { TextareaField } from '../../components/form-fields';
import { Button } from '../../components/ui/button';
import { toastSentForApproval } from '../../lib/approvals';
import { formatDate, formatZar } from '../../lib/format';
import { useFormSubmit } from '../../lib/use-form-submit';
import { type LossAction, useLossAction } from './applications-api';

export interface LossActionTarget {
  action: LossAction;
  applicationId: number;
  clientName: string;
  remainingAmount: string;
  currency?: string | null;
}

const ACTIONS = {
  write_off: {
    schema: writeOffSchema,
    title: 'Write off loan',
    failed: 'Write-off not sent',
    description:
      'The loan leaves the books once a second person approves it. The creator still owes the balance; what they pay later is booked as a recovery.',
    reason: 'Why the loan is no longer expected to be collected. 5 to 500 characters.',
  },
  forgive: {
    schema: forgiveBalanceSchema,
    title: 'Forgive balance',
    failed: 'Forgiveness not sent',
    description:
      'Once a second person approves it, the creator owes nothing more on this loan and is told so in writing. The books do not change: the loan was written off.',
    reason: 'Why the lender gives up what is still owed. 5 to 500 characters.',
  },
} as const;

type Values = { reason: string };

/** Written off (when) and forgiven (when, how much), or the action that comes next for a defaulted loan. */
export function LossActions({
  status,
  servicing,
  target,
}: {
  status: string;
  servicing: Pick<LoanServicing, 'writtenOffOn' | 'forgiven'> | undefined;
  target: Omit<LossActionTarget, 'action'>;
}) {
  const [open, setOpen] = useState<LossActionTarget | null>(null);
  const money = (value: string) => formatZar(value, { currency: target.currency });
  const forgiven = servicing?.forgiven ?? null;
  const writtenOffOn = servicing?.writtenOffOn ?? null;
  let content = null;
  if (forgiven) {
    content = (
      <p className="text-sm text-slate-700" data-testid="details-forgiven">
        Written off on {formatDate(writtenOffOn)}. Balance of {money(forgiven.amount)} forgiven on{' '}
        {formatDate(forgiven.on)}: the creator owes nothing more.
      </p>
    );
  } else if (writtenOffOn) {
    content = (
      <div className="flex flex-wrap items-center gap-2">
        <p className="text-sm text-slate-700" data-testid="details-written-off">
          Written off on {formatDate(writtenOffOn)}. The creator still owes the balance; payments are
          recoveries.
        </p>
        <Button size="sm" variant="outline" onClick={() => setOpen({ ...target, action: 'forgive' })}>
          Forgive balance
        </Button>
      </div>
    );
  } else if (baseStatus(status) === 'defaulted') {
    content = (
      <div>
        <Button size="sm" variant="outline" onClick={() => setOpen({ ...target, action: 'write_off' })}>
          Write off
        </Button>
      </div>
    );
  }
  return (
    <>
      {content}
      <LossActionDialog target={open} onOpenChange={(isOpen) => !isOpen && setOpen(null)} />
    </>
  );
}

export function LossActionDialog({
  target,
  onOpenChange,
}: {
  target: LossActionTarget | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <FormDialog open={target !== null} onOpenChange={onOpenChange}>
      {target ? (
        <LossActionContent
          key={`${target.action}-${target.applicationId}`}
          target={target}
          onDone={() => onOpenChange(false)}
        />
      ) : null}
    </FormDialog>
  );
}

function LossActionContent({ target, onDone }: { target: LossActionTarget; onDone: () => void }) {
  const action = ACTIONS[target.action];
  const send = useLossAction(target.action);
  const form = useForm<Values, unknown, Values>({
    resolver: zodResolver(action.schema),
    defaultValues: { reason: '' },
  });
  const { onSubmit, serverError } = useFormSubmit(
    form,
    (values) => send.mutateAsync({ id: target.applicationId, reason: values.reason }),
    {
      fields: ['reason'],
      failed: action.failed,
      done: (answer) => {
        toastSentForApproval(answer);
        onDone();
      },
    },
  );
  return (
    <FormDialogContent
      className="max-w-md"
      busy={send.isPending}
      title={action.title}
      description={action.description}
      form={form}
      onSubmit={onSubmit}
      formLabel={action.title}
      error={{ title: action.failed, message: serverError }}
      submitLabel="Send for approval"
      pendingLabel="Sending…"
      submitVariant="destructive"
      intro={
        <DialogFigures
          testId={target.action === 'write_off' ? 'write-off-figures' : 'forgive-figures'}
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
        description={action.reason}
        rows={3}
        maxLength={500}
        required
      />
    </FormDialogContent>
  );
}
