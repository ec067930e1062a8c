// Cancel Application from the lending dashboard: the application's id, status and
// requested amount, a required reason, and the warning that cancelling is final.
import { zodResolver } from '@hookform/resolvers/zod';
import { AlertTriangle } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import { lendingCancelSchema } from '../../../shared/schemas/lending';
import { sameWorld, statusLabel } from '../../../shared/status-machine';
import { ApplicationStatusBadge } from '../../components/application-status-badge';
import { FormDialogContent, FormDialogFor } from '../../components/form-dialog';
import { TextareaField } from '../../components/form-fields';
import { Alert, AlertDescription } from '../../components/ui/alert';
import { toast } from '../../hooks/use-toast';
import { messageOf } from '../../lib/api';
import { formatZar } from '../../lib/format';
import { useCancelLendingApplication } from './lending-api';
import type { LendingRow } from './types';

const reasonSchema = lendingCancelSchema.pick({ reason: true });

export function CancelLendingDialog({
  row,
  onOpenChange,
}: {
  row: LendingRow | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <FormDialogFor item={row} itemKey={(r) => r.id} onOpenChange={onOpenChange}>
      {(r, onDone) => <CancelContent row={r} onDone={onDone} />}
    </FormDialogFor>
  );
}

function CancelContent({ row, onDone }: { row: LendingRow; onDone: () => void }) {
  const cancel = useCancelLendingApplication();
  const form = useForm({ resolver: zodResolver(reasonSchema), defaultValues: { reason: '' } });
  const reason = useWatch({ control: form.control, name: 'reason' });
  const blank = (reason ?? '').trim() === '';

  const onSubmit = form.handleSubmit(({ reason: text }) => {
    cancel.mutate(
      { applicationId: row.id, reason: text },
      {
        onSuccess: () => {
          toast({
            title: 'Application cancelled',
            description: `Application #${row.id} for ${row.clientName} has been cancelled.`,
          });
          onDone();
        },
        onError: (error) => {
          toast({
            variant: 'destructive',
            title: 'Failed to cancel application',
            description: messageOf(error, 'Failed to cancel application'),
          });
        },
      },
    );
  });

  return (
    <FormDialogContent
      title="Cancel Application"
      description={`${row.clientName} (${row.userEmail})`}
      form={form}
      onSubmit={onSubmit}
      formClassName="grid gap-4"
      busy={cancel.isPending}
      // The toast reports it too; the toast region is hidden from assistive technology behind the dialog.
      // The message alone, as before the dialog moved onto FormDialog (the toast carries the title).
      error={{
        message: cancel.isError ? messageOf(cancel.error, 'Failed to cancel application') : null,
      }}
      cancelLabel="Back"
      submitLabel="Cancel Application"
      pendingLabel="Cancelling..."
      submitVariant="destructive"
      submitDisabled={blank}
    >
      <dl className="grid grid-cols-[auto_1fr] items-center gap-x-6 gap-y-2 rounded-lg border border-border bg-slate-50 p-4 text-sm">
        <dt className="text-slate-600">Application ID</dt>
        <dd className="font-medium tabular-nums" data-testid="cancel-application-id">
          #{row.id}
        </dd>
        <dt className="text-slate-600">Status</dt>
        <dd>
          <ApplicationStatusBadge status={row.status} />
        </dd>
        <dt className="text-slate-600">Requested amount</dt>
        <dd className="font-medium tabular-nums">{formatZar(row.requestedAmount)}</dd>
      </dl>
      <TextareaField
        control={form.control}
        name="reason"
        label="Reason for cancellation"
        required
        rows={3}
        placeholder="Why is this application being cancelled?"
        description="The creator sees this reason on their application and in the e-mail telling them of the cancellation."
        disabled={cancel.isPending}
      />
      <Alert variant="warning">
        <AlertTriangle aria-hidden="true" />
        <AlertDescription>
          This permanently sets the status to{' '}
          <strong>{statusLabel(sameWorld(row.status, 'cancelled'))}</strong> and cannot be undone.
        </AlertDescription>
      </Alert>
    </FormDialogContent>
  );
}
