// The collector's changes to a loan's case (docs/collections.md), each a small form validated with its shared schema:
// assign (a collector and the next action's day), log a contact, record a promise to pay, answer a request for help.
// A refusal that names a field is shown under it; any other in the form, above its button.
import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { type FieldPath, type FieldValues, type UseFormReturn, useForm } from 'react-hook-form';
import { z } from 'zod';
import { addDays, businessDate } from '../../../shared/business-date';
import {
  CONTACT_CHANNEL_LABELS,
  CONTACT_CHANNELS,
  CONTACT_OUTCOME_LABELS,
  CONTACT_OUTCOMES,
  PROMISE_WITHIN_DAYS,
} from '../../../shared/collections';
import { FREE_TEXT_MAX } from '../../../shared/constants';
import {
  assignSchema,
  closeHelpRequestSchema,
  contactInputSchema,
  promiseInputSchema,
} from '../../../shared/schemas/collections';
import { DateField, MoneyField, SelectField, TextareaField } from '../../components/form-fields';
import { ServerError } from '../../components/server-error';
import { Button } from '../../components/ui/button';
import { Form } from '../../components/ui/form';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../hooks/use-toast';
import { useFormSubmit } from '../../lib/use-form-submit';
import {
  type CollectionCase,
  useAssign,
  useCloseHelpRequest,
  useLogContact,
  useMakePromise,
} from './collections-api';

type Mutation<B> = { mutateAsync: (body: B) => Promise<{ message: string }>; isPending: boolean };

/** Submits `body` with `mutation` (useFormSubmit): the server's answer as a toast, then `after`. */
function useSubmit<T extends FieldValues, B>(
  form: UseFormReturn<T, unknown, B>,
  mutation: Mutation<B>,
  fields: Array<FieldPath<T>>,
  failed: string,
  after?: () => void,
) {
  return useFormSubmit(form, mutation.mutateAsync, {
    fields,
    failed,
    done: (answer) => {
      toast({ title: answer.message });
      after?.();
    },
  });
}

function CaseForm<T extends FieldValues, B>({
  form,
  label,
  submitLabel,
  pendingLabel,
  busy,
  onSubmit,
  serverError,
  failed,
  children,
}: {
  form: UseFormReturn<T, unknown, B>;
  label: string;
  submitLabel: string;
  pendingLabel: string;
  busy: boolean;
  onSubmit: () => void;
  serverError: string | null;
  failed: string;
  children: ReactNode;
}) {
  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate aria-label={label} className="grid gap-4">
        {children}
        <ServerError title={failed} message={serverError} />
        <div>
          <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
            {busy ? <Spinner label={pendingLabel} /> : null}
            {submitLabel}
          </Button>
        </div>
      </form>
    </Form>
  );
}

const UNASSIGNED = 'none';
/** The shared assignSchema, read from what the form holds: a select's text and a date that may be empty. */
const assignFormSchema = z.object({
  collectorId: z.preprocess((v) => (v === UNASSIGNED ? null : Number(v)), assignSchema.shape.collectorId),
  nextActionOn: z.preprocess((v) => (v === '' ? null : v), assignSchema.shape.nextActionOn),
});

export function AssignForm({ loan }: { loan: CollectionCase }) {
  const assign = useAssign(loan.data.applicationId);
  const form = useForm<z.input<typeof assignFormSchema>, unknown, z.output<typeof assignFormSchema>>({
    resolver: zodResolver(assignFormSchema),
    defaultValues: {
      collectorId: loan.data.collector ? String(loan.data.collector.id) : UNASSIGNED,
      nextActionOn: loan.data.nextActionOn ?? '',
    },
  });
  const failed = 'Not saved';
  const { onSubmit, serverError } = useSubmit(form, assign, ['collectorId', 'nextActionOn'], failed);
  return (
    <CaseForm
      form={form}
      label="Assign"
      submitLabel="Save"
      pendingLabel="Saving…"
      busy={assign.isPending}
      onSubmit={onSubmit}
      serverError={serverError}
      failed={failed}
    >
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-1">
        <SelectField
          control={form.control}
          name="collectorId"
          label="Collector"
          options={[
            { value: UNASSIGNED, label: 'Unassigned' },
            ...loan.collectors.map((c) => ({ value: String(c.id), label: c.name })),
          ]}
        />
        <DateField
          control={form.control}
          name="nextActionOn"
          label="Next action on"
          min={loan.today}
          description="Empty for none."
        />
      </div>
    </CaseForm>
  );
}

export function ContactForm({ applicationId }: { applicationId: number }) {
  const log = useLogContact(applicationId);
  const form = useForm<z.input<typeof contactInputSchema>, unknown, z.output<typeof contactInputSchema>>({
    resolver: zodResolver(contactInputSchema),
    defaultValues: { channel: 'call', outcome: 'reached', note: '' },
  });
  const failed = 'Contact not logged';
  const { onSubmit, serverError } = useSubmit(form, log, ['channel', 'outcome', 'note'], failed, () =>
    form.reset({ ...form.getValues(), note: '' }),
  );
  return (
    <CaseForm
      form={form}
      label="Log a contact"
      submitLabel="Log contact"
      pendingLabel="Logging…"
      busy={log.isPending}
      onSubmit={onSubmit}
      serverError={serverError}
      failed={failed}
    >
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-1">
        <SelectField
          control={form.control}
          name="channel"
          label="Channel"
          options={CONTACT_CHANNELS.map((c) => ({ value: c, label: CONTACT_CHANNEL_LABELS[c] }))}
        />
        <SelectField
          control={form.control}
          name="outcome"
          label="Outcome"
          options={CONTACT_OUTCOMES.map((o) => ({ value: o, label: CONTACT_OUTCOME_LABELS[o] }))}
        />
      </div>
      <TextareaField
        control={form.control}
        name="note"
        label="Note"
        rows={3}
        maxLength={FREE_TEXT_MAX}
        required
      />
    </CaseForm>
  );
}

export function PromiseForm({ loan }: { loan: CollectionCase }) {
  const promise = useMakePromise(loan.data.applicationId);
  const form = useForm<z.input<typeof promiseInputSchema>, unknown, z.output<typeof promiseInputSchema>>({
    resolver: zodResolver(promiseInputSchema),
    defaultValues: { amount: undefined, promisedFor: '' },
  });
  const failed = 'Promise not recorded';
  const { onSubmit, serverError } = useSubmit(form, promise, ['amount', 'promisedFor'], failed, () =>
    form.reset({ amount: undefined, promisedFor: '' }),
  );
  const latest = addDays(businessDate(new Date(`${loan.today}T12:00:00+02:00`)), PROMISE_WITHIN_DAYS);
  return (
    <CaseForm
      form={form}
      label="Record a promise to pay"
      submitLabel="Record promise"
      pendingLabel="Recording…"
      busy={promise.isPending}
      onSubmit={onSubmit}
      serverError={serverError}
      failed={failed}
    >
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-1">
        <MoneyField
          control={form.control}
          name="amount"
          label="Amount (R)"
          description="What the creator will hand over, fee included."
        />
        <DateField
          control={form.control}
          name="promisedFor"
          label="By"
          min={loan.today}
          max={latest}
          description={`Within ${PROMISE_WITHIN_DAYS} days.`}
        />
      </div>
    </CaseForm>
  );
}

export function AnswerHelpForm({ applicationId, requestId }: { applicationId: number; requestId: number }) {
  const close = useCloseHelpRequest(applicationId);
  const form = useForm<
    z.input<typeof closeHelpRequestSchema>,
    unknown,
    z.output<typeof closeHelpRequestSchema>
  >({ resolver: zodResolver(closeHelpRequestSchema), defaultValues: { outcome: '' } });
  const failed = 'Request not answered';
  const mutation = {
    isPending: close.isPending,
    mutateAsync: (body: { outcome: string }) => close.mutateAsync({ requestId, ...body }),
  };
  const { onSubmit, serverError } = useSubmit(form, mutation, ['outcome'], failed);
  return (
    <CaseForm
      form={form}
      label={`Answer request #${requestId}`}
      submitLabel="Answer and close"
      pendingLabel="Closing…"
      busy={close.isPending}
      onSubmit={onSubmit}
      serverError={serverError}
      failed={failed}
    >
      <TextareaField
        control={form.control}
        name="outcome"
        label="What was agreed"
        description="The creator sees this on their dashboard."
        rows={2}
        maxLength={1000}
        required
      />
    </CaseForm>
  );
}
