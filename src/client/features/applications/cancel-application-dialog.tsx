// The creator's cancel dialog: a required reason, Back and Confirm Cancellation.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { cancelApplicationSchema } from '../../../shared/schemas/applications';
import { FormDialogContent, FormDialogFor } from '../../components/form-dialog';
import { TextareaField } from '../../components/form-fields';
import { toast } from '../../hooks/use-toast';
import { messageOf } from '../../lib/api';
import { formatZarWhole } from '../../lib/format';
import { useCancelApplication } from './api';
import { applicationDisplayName } from './selectors';
import type { ListedApplication } from './types';

interface CancelApplicationDialogProps {
  application: ListedApplication | null;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes when the dialog closes (it has no trigger to return to). */
  onCloseAutoFocus?: (event: Event) => void;
}

export function CancelApplicationDialog({
  application,
  onOpenChange,
  onCloseAutoFocus,
}: CancelApplicationDialogProps) {
  return (
    <FormDialogFor
      item={application}
      itemKey={(a) => a.id}
      onOpenChange={onOpenChange}
      onCloseAutoFocus={onCloseAutoFocus}
    >
      {(a, onDone) => <CancelContent application={a} onDone={onDone} />}
    </FormDialogFor>
  );
}

function CancelContent({ application, onDone }: { application: ListedApplication; onDone: () => void }) {
  const cancel = useCancelApplication();
  const form = useForm({ resolver: zodResolver(cancelApplicationSchema), defaultValues: { reason: '' } });

  const onSubmit = form.handleSubmit(({ reason }) => {
    cancel.mutate(
      { id: application.id, reason },
      {
        onSuccess: () => {
          toast({ title: 'Application cancelled', description: 'Your application has been cancelled.' });
          onDone();
        },
        onError: (error) => {
          toast({
            variant: 'destructive',
            title: 'Error',
            description: messageOf(error, 'Failed to cancel application'),
          });
        },
      },
    );
  });

  return (
    <FormDialogContent
      title="Cancel Application"
      description={`Cancel the application for ${applicationDisplayName(application)} (${formatZarWhole(application.requestedAmount)})? Cancelling cannot be undone; you can apply again at any time.`}
      form={form}
      onSubmit={onSubmit}
      busy={cancel.isPending}
      // The toast reports it too; the toast region is hidden from assistive technology behind the dialog.
      error={{
        title: 'Failed to cancel application',
        message: cancel.isError ? messageOf(cancel.error, 'Failed to cancel application') : null,
      }}
      cancelLabel="Back"
      submitLabel="Confirm Cancellation"
      pendingLabel="Cancelling..."
      submitVariant="destructive"
    >
      <TextareaField
        control={form.control}
        name="reason"
        label="Reason for cancellation"
        required
        placeholder="Tell us why you are cancelling"
      />
    </FormDialogContent>
  );
}
