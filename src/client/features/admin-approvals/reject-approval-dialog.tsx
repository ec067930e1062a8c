// Reject a waiting change with a reason (docs/decisions/028-dual-control.md): nothing changes, the maker sees why.
// Validated with the shared rejectApprovalSchema; the server's refusals (already decided: 409, not one's duty: 403)
// are shown above the buttons.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { APPROVAL_KIND_LABELS } from '../../../shared/approvals';
import { rejectApprovalSchema } from '../../../shared/schemas/approvals';
import { DialogFigures } from '../../components/dialog-figures';
import { FormDialog, FormDialogContent } from '../../components/form-dialog';
import { TextareaField } from '../../components/form-fields';
import { toast } from '../../hooks/use-toast';
import { messageOf } from '../../lib/api';
import { applyServerErrors } from '../../lib/form-errors';
import { type ApprovalRequestView, useDecideApproval } from './approvals-api';

type RejectValues = z.input<typeof rejectApprovalSchema>;
type RejectOutput = z.output<typeof rejectApprovalSchema>;

const FAILED = 'Request not rejected';

export function RejectApprovalDialog({
  target,
  onOpenChange,
}: {
  target: ApprovalRequestView | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <FormDialog open={target !== null} onOpenChange={onOpenChange}>
      {target ? <RejectContent key={target.id} target={target} onDone={() => onOpenChange(false)} /> : null}
    </FormDialog>
  );
}

function RejectContent({ target, onDone }: { target: ApprovalRequestView; onDone: () => void }) {
  const decide = useDecideApproval();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<RejectValues, unknown, RejectOutput>({
    resolver: zodResolver(rejectApprovalSchema),
    defaultValues: { reason: '' },
  });
  const onSubmit = form.handleSubmit((values) => {
    setServerError(null);
    decide.mutate(
      { id: target.id, action: 'reject', reason: values.reason },
      {
        onSuccess: () => {
          toast({ title: `Request #${target.id} rejected`, description: 'Nothing was changed.' });
          onDone();
        },
        onError: (error) => {
          const message = messageOf(error, 'Server error occurred while rejecting the request');
          if (applyServerErrors(form, error, ['reason']).length === 0) setServerError(message);
          toast({ variant: 'destructive', title: FAILED, description: message });
        },
      },
    );
  });
  return (
    <FormDialogContent
      className="max-w-md"
      busy={decide.isPending}
      title="Reject request"
      description="Nothing changes; the person who asked sees your reason in the queue and the audit trail."
      form={form}
      onSubmit={onSubmit}
      formLabel="Reject request"
      error={{ title: FAILED, message: serverError }}
      submitLabel="Reject"
      pendingLabel="Rejecting…"
      submitVariant="destructive"
      intro={
        <DialogFigures
          testId="reject-approval-figures"
          figures={[
            { label: 'Request', value: `#${target.id} · ${APPROVAL_KIND_LABELS[target.kind]}` },
            { label: 'Change', value: target.summary },
            { label: 'Asked by', value: target.maker.name },
          ]}
        />
      }
    >
      <TextareaField
        control={form.control}
        name="reason"
        label="Reason"
        description="5 to 1000 characters."
        rows={3}
        maxLength={1000}
        required
      />
    </FormDialogContent>
  );
}
