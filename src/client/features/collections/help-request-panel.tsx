// "I can't pay this month" on the creator's plan (docs/collections.md): the creator tells us what happened and, if
// they can, what they can pay; it opens a case in the collections worklist and a collector answers within two
// business days. While it waits the panel says by when; once answered, what was agreed.
import { zodResolver } from '@hookform/resolvers/zod';
import { LifeBuoy } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { helpRequestInputSchema } from '../../../shared/schemas/collections';
import { FormDialog, FormDialogContent } from '../../components/form-dialog';
import { MoneyField, TextareaField } from '../../components/form-fields';
import { Alert, AlertDescription, AlertTitle } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { toast } from '../../hooks/use-toast';
import { messageOf } from '../../lib/api';
import { applyServerErrors } from '../../lib/form-errors';
import { formatDate, formatZar } from '../../lib/format';
import { useAskForHelp, useMyHelpRequest } from './collections-api';

type Values = z.input<typeof helpRequestInputSchema>;
type Output = z.output<typeof helpRequestInputSchema>;
const FAILED = 'Request not sent';

function AskForHelpContent({ applicationId, onDone }: { applicationId: number; onDone: () => void }) {
  const ask = useAskForHelp(applicationId);
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<Values, unknown, Output>({
    resolver: zodResolver(helpRequestInputSchema),
    defaultValues: { reason: '', canPay: undefined },
  });
  const onSubmit = form.handleSubmit((values) => {
    setServerError(null);
    ask.mutate(values, {
      onSuccess: (answer) => {
        toast({ title: 'Request sent', description: answer.message });
        onDone();
      },
      onError: (error) => {
        const message = messageOf(error, 'Server error occurred while sending your request');
        if (applyServerErrors(form, error, ['reason', 'canPay']).length === 0) setServerError(message);
        toast({ variant: 'destructive', title: FAILED, description: message });
      },
    });
  });
  return (
    <FormDialogContent
      className="max-w-md"
      busy={ask.isPending}
      title="I can't pay this month"
      description="Tell us what has happened. A collector will contact you within two business days to agree what to do: a smaller payment now, a later date, or a new plan. Nothing changes on your loan until then."
      form={form}
      onSubmit={onSubmit}
      formLabel="Ask for help with this loan"
      error={{ title: FAILED, message: serverError }}
      submitLabel="Send request"
      pendingLabel="Sending…"
    >
      <TextareaField
        control={form.control}
        name="reason"
        label="What has happened?"
        rows={3}
        maxLength={1000}
        required
      />
      <MoneyField
        control={form.control}
        name="canPay"
        label="What you can pay this month (R, optional)"
        placeholder="e.g. 500"
      />
    </FormDialogContent>
  );
}

export function HelpRequestPanel({ applicationId }: { applicationId: number }) {
  const [open, setOpen] = useState(false);
  const query = useMyHelpRequest(applicationId);
  const request = query.data?.data ?? null;
  const waiting = request?.status === 'open';
  return (
    <div className="grid gap-2" data-testid="help-request">
      {waiting ? (
        <Alert variant="info">
          <LifeBuoy aria-hidden="true" />
          <div className="grid gap-1">
            <AlertTitle>You asked for help on {formatDate(request.createdAt)}</AlertTitle>
            <AlertDescription>
              A collector will contact you by {formatDate(query.data?.answerBy)} to agree what to do
              {request.canPay !== null
                ? `; you said you can pay ${formatZar(request.canPay)} this month`
                : ''}
              .
            </AlertDescription>
          </div>
        </Alert>
      ) : null}
      {request?.status === 'closed' && request.outcome ? (
        <Alert variant="info">
          <LifeBuoy aria-hidden="true" />
          <div className="grid gap-1">
            <AlertTitle>What we agreed on {formatDate(request.closedAt)}</AlertTitle>
            <AlertDescription className="[overflow-wrap:anywhere]">{request.outcome}</AlertDescription>
          </div>
        </Alert>
      ) : null}
      {waiting || query.isPending ? null : (
        <div>
          <Button writes type="button" variant="outline" size="sm" onClick={() => setOpen(true)}>
            <LifeBuoy aria-hidden="true" />I can't pay this month
          </Button>
        </div>
      )}
      <FormDialog open={open} onOpenChange={setOpen}>
        {open ? <AskForHelpContent applicationId={applicationId} onDone={() => setOpen(false)} /> : null}
      </FormDialog>
    </div>
  );
}
