// Capital paid in by the lender's funders (docs/accounting.md): the bank account and funding capital rise by it. The
// form is validated with the shared capitalInputSchema; the server's refusals are shown under their fields.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { capitalInputSchema } from '../../../shared/schemas/books';
import { FormDialog, FormDialogContent } from '../../components/form-dialog';
import { DateField, MoneyField, TextField } from '../../components/form-fields';
import { toast } from '../../hooks/use-toast';
import { useFormSubmit } from '../../lib/use-form-submit';
import { useRecordCapital } from './books-api';

const FAILED = 'Capital not recorded';

export function CapitalDialog({
  open,
  today,
  onOpenChange,
}: {
  open: boolean;
  today: string;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange}>
      {open ? <CapitalContent today={today} onDone={() => onOpenChange(false)} /> : null}
    </FormDialog>
  );
}

function CapitalContent({ today, onDone }: { today: string; onDone: () => void }) {
  const record = useRecordCapital();
  const form = useForm<z.input<typeof capitalInputSchema>, unknown, z.output<typeof capitalInputSchema>>({
    resolver: zodResolver(capitalInputSchema),
    defaultValues: { amount: undefined, receivedOn: today, reference: '' },
  });
  const { onSubmit, serverError } = useFormSubmit(form, record.mutateAsync, {
    fields: ['amount', 'receivedOn', 'reference'],
    failed: FAILED,
    done: (answer) => {
      toast({ title: answer.message });
      onDone();
    },
  });
  return (
    <FormDialogContent
      className="max-w-md"
      busy={record.isPending}
      title="Record capital received"
      description="Money the lender's funders paid into the bank account. It is booked on the day it arrived, or in the open month if that month is closed."
      form={form}
      onSubmit={onSubmit}
      formLabel="Record capital received"
      error={{ title: FAILED, message: serverError }}
      submitLabel="Record capital"
      pendingLabel="Recording…"
    >
      <MoneyField control={form.control} name="amount" label="Amount (R)" />
      <DateField control={form.control} name="receivedOn" label="Received on" max={today} />
      <TextField
        control={form.control}
        name="reference"
        label="Reference"
        description="The bank reference or the funding agreement."
        maxLength={120}
      />
    </FormDialogContent>
  );
}
