// The creator's cancel dialog (spec sections 2 and 5): a required reason, Back and Confirm Cancellation.
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { cancelApplicationSchema } from '../../../shared/schemas/applications';
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
import { Textarea } from '../../components/ui/textarea';
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
  const cancel = useCancelApplication();
  const form = useForm({ resolver: zodResolver(cancelApplicationSchema), defaultValues: { reason: '' } });
  const open = application !== null;

  useEffect(() => {
    if (open) form.reset({ reason: '' });
  }, [open, form]);

  const onSubmit = form.handleSubmit(({ reason }) => {
    if (!application) return;
    cancel.mutate(
      { id: application.id, reason },
      {
        onSuccess: () => {
          toast({ title: 'Application cancelled', description: 'Your application has been cancelled.' });
          onOpenChange(false);
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
    <Dialog
      open={open}
      onOpenChange={(next) => {
        // Closing mid-request would hide the outcome; the toast still reports it, but keep the dialog.
        if (!next && cancel.isPending) return;
        onOpenChange(next);
      }}
    >
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>Cancel Application</DialogTitle>
          <DialogDescription>
            {application
              ? `Cancel the application for ${applicationDisplayName(application)} (${formatZarWhole(application.requestedAmount)})? `
              : null}
            Cancelling cannot be undone; you can apply again at any time.
          </DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form onSubmit={onSubmit} className="grid gap-5" noValidate>
            <FormField
              control={form.control}
              name="reason"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Reason for cancellation</FormLabel>
                  <FormControl>
                    <Textarea
                      {...field}
                      rows={4}
                      required
                      maxLength={1000}
                      placeholder="Tell us why you are cancelling"
                    />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <DialogFooter>
              <DialogClose asChild>
                <Button variant="outline" disabled={cancel.isPending}>
                  Back
                </Button>
              </DialogClose>
              <Button type="submit" variant="destructive" loading={cancel.isPending}>
                {cancel.isPending ? 'Cancelling...' : 'Confirm Cancellation'}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
