// Cancel Application from the lending dashboard (spec sections 2 and 5): the application's id, status and
// requested amount, a required reason, and the warning that cancelling is final.
import { zodResolver } from '@hookform/resolvers/zod';
import { AlertTriangle } from 'lucide-react';
import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { lendingCancelSchema } from '../../../shared/schemas/admin';
import { sameWorld } from '../../../shared/status-machine';
import { Alert, AlertDescription } from '../../components/ui/alert';
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
import { formatZar } from '../../lib/format';
import { useCancelLendingApplication } from './lending-api';
import { formatStatusLabel } from './lending-filters';
import { LendingStatusBadge } from './lending-status-badge';
import type { LendingRow } from './types';

const reasonSchema = lendingCancelSchema.pick({ reason: true });

export function CancelLendingDialog({
  row,
  onOpenChange,
}: {
  row: LendingRow | null;
  onOpenChange: (open: boolean) => void;
}) {
  const cancel = useCancelLendingApplication();
  const form = useForm({ resolver: zodResolver(reasonSchema), defaultValues: { reason: '' } });
  const open = row !== null;

  const resetCancel = cancel.reset;
  useEffect(() => {
    if (open) {
      form.reset({ reason: '' });
      resetCancel();
    }
  }, [open, form, resetCancel]);

  const reason = useWatch({ control: form.control, name: 'reason' });
  const blank = (reason ?? '').trim() === '';

  const onSubmit = form.handleSubmit(({ reason: text }) => {
    if (!row) return;
    cancel.mutate(
      { applicationId: row.id, reason: text },
      {
        onSuccess: () => {
          toast({
            title: 'Application cancelled',
            description: `Application #${row.id} for ${row.clientName} has been cancelled.`,
          });
          onOpenChange(false);
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
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && cancel.isPending) return;
        onOpenChange(next);
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Cancel Application</DialogTitle>
          <DialogDescription>{row ? `${row.clientName} (${row.userEmail})` : null}</DialogDescription>
        </DialogHeader>
        {row ? (
          <Form {...form}>
            <form onSubmit={onSubmit} className="grid gap-4" noValidate>
              <dl className="grid grid-cols-[auto_1fr] items-center gap-x-6 gap-y-2 rounded-lg border border-border bg-slate-50 p-4 text-sm">
                <dt className="text-slate-600">Application ID</dt>
                <dd className="font-medium tabular-nums" data-testid="cancel-application-id">
                  #{row.id}
                </dd>
                <dt className="text-slate-600">Status</dt>
                <dd>
                  <LendingStatusBadge status={row.status} />
                </dd>
                <dt className="text-slate-600">Requested amount</dt>
                <dd className="font-medium tabular-nums">{formatZar(row.requestedAmount)}</dd>
              </dl>
              <FormField
                control={form.control}
                name="reason"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>Reason for cancellation</FormLabel>
                    <FormControl>
                      <Textarea
                        {...field}
                        rows={3}
                        required
                        maxLength={1000}
                        placeholder="Why is this application being cancelled?"
                        disabled={cancel.isPending}
                      />
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
              <Alert variant="warning">
                <AlertTriangle aria-hidden="true" />
                <AlertDescription>
                  This permanently sets the status to{' '}
                  <strong>{formatStatusLabel(sameWorld(row.status, 'cancelled'))}</strong> and cannot be
                  undone.
                </AlertDescription>
              </Alert>
              {cancel.isError ? (
                <Alert variant="destructive" role="alert">
                  <AlertTriangle aria-hidden="true" />
                  <AlertDescription>
                    {messageOf(cancel.error, 'Failed to cancel application')}
                  </AlertDescription>
                </Alert>
              ) : null}
              <DialogFooter>
                <DialogClose asChild>
                  <Button variant="outline" disabled={cancel.isPending}>
                    Back
                  </Button>
                </DialogClose>
                <Button type="submit" variant="destructive" loading={cancel.isPending} disabled={blank}>
                  {cancel.isPending ? 'Cancelling...' : 'Cancel Application'}
                </Button>
              </DialogFooter>
            </form>
          </Form>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
