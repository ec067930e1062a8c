// The admin's records about a loan under the National Credit Act (docs/compliance.md): the section 129 notice sent
// again by registered post, a hand-over to collections or legal, a debt counsellor's Form 17.1 notice, the debt
// review's restructuring order and its end. Each is one small form dialog validated with the shared schema; the
// server is the judge (400 under the field, 409 above the buttons) and answers the loan's new position.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { type FieldPath, type FieldValues, type Resolver, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { businessDate } from '../../../shared/business-date';
import {
  debtReviewEndSchema,
  debtReviewOrderSchema,
  debtReviewSchema,
  enforcementSchema,
  type NcaPosition,
  registeredPostSchema,
} from '../../../shared/schemas/compliance';
import { FormDialogContent, FormDialogFor } from '../../components/form-dialog';
import { DateField, NumberField, SelectField, TextareaField, TextField } from '../../components/form-fields';
import { toast } from '../../hooks/use-toast';
import { messageOf } from '../../lib/api';
import { applyServerErrors } from '../../lib/form-errors';
import { formatDateInWords } from '../../lib/format';
import { type NcaRecordInputs, type NcaRecordPath, useNcaRecord } from './nca-api';

/** Which record the admin is making, about which loan. */
export interface NcaDialogTarget {
  kind: 'registered-post' | 'hand-over' | 'debt-review' | 'order' | 'end';
  applicationId: number;
  clientName: string;
  /** The day the section 129 notice went by e-mail: registered post cannot precede it. */
  noticeDeliveredOn: string | null;
}

export function NcaDialog({
  target,
  onOpenChange,
  onCloseAutoFocus,
}: {
  target: NcaDialogTarget | null;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  return (
    <FormDialogFor
      item={target}
      itemKey={(t) => `${t.kind}-${t.applicationId}`}
      onOpenChange={onOpenChange}
      onCloseAutoFocus={onCloseAutoFocus}
    >
      {(item, onDone) => {
        const props = { target: item, onDone };
        switch (item.kind) {
          case 'registered-post':
            return <RegisteredPostContent {...props} />;
          case 'hand-over':
            return <HandOverContent {...props} />;
          case 'debt-review':
            return <DebtReviewContent {...props} />;
          case 'order':
            return <OrderContent {...props} />;
          case 'end':
            return <EndContent {...props} />;
        }
      }}
    </FormDialogFor>
  );
}

interface ContentProps {
  target: NcaDialogTarget;
  onDone: () => void;
}

/**
 * One record's form: the shared schema's checks, the POST, the server's field messages under their fields (else
 * its refusal above the buttons), a toast either way.
 */
function useNcaForm<P extends NcaRecordPath, V extends FieldValues & NcaRecordInputs[P], O>({
  target,
  onDone,
  path,
  schema,
  defaultValues,
  fields,
  failed,
  success,
}: ContentProps & {
  path: P;
  schema: z.ZodType<O, V>;
  defaultValues: V;
  fields: ReadonlyArray<FieldPath<V>>;
  failed: string;
  success: (position: NcaPosition) => { title: string; description: string };
}) {
  const record = useNcaRecord(target.applicationId, path);
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<V, unknown, O>({
    resolver: zodResolver(schema as never) as unknown as Resolver<V, unknown, O>,
    defaultValues: defaultValues as never,
  });
  const onSubmit = form.handleSubmit((values) => {
    setServerError(null);
    record.mutate(values as unknown as NcaRecordInputs[P], {
      onSuccess: (position) => {
        toast(success(position));
        onDone();
      },
      onError: (error) => {
        const message = messageOf(error, `Server error occurred: ${failed.toLowerCase()}`);
        if (applyServerErrors(form, error, fields).length === 0) setServerError(message);
        toast({ variant: 'destructive', title: failed, description: message });
      },
    });
  });
  return {
    form,
    onSubmit,
    busy: record.isPending,
    error: { title: failed, message: serverError },
  };
}

const useToday = () => useState(() => businessDate(new Date()))[0];

const who = (target: NcaDialogTarget) => `#${target.applicationId} · ${target.clientName}`;

function RegisteredPostContent(props: ContentProps) {
  const { target } = props;
  const today = useToday();
  const { form, ...dialog } = useNcaForm({
    ...props,
    path: 'registered-post',
    schema: registeredPostSchema,
    defaultValues: { reference: '', postedOn: today },
    fields: ['reference', 'postedOn'],
    failed: 'Registered post not recorded',
    success: ({ timeline }) => ({
      title: 'Registered post recorded',
      description: `${who(target)}: the section 129 notice was posted on ${formatDateInWords(timeline.registeredPost?.postedOn)}, reference ${timeline.registeredPost?.reference ?? ''}.`,
    }),
  });
  return (
    <FormDialogContent
      className="max-w-md"
      title="Record registered post"
      description={`${who(target)}. The section 129 notice sent again by registered post, with the Post Office's reference.`}
      form={form}
      formLabel="Record registered post"
      submitLabel="Record"
      pendingLabel="Recording…"
      {...dialog}
    >
      <TextField
        control={form.control}
        name="reference"
        label="Registered post reference"
        description="Two letters, nine digits, two letters, like RD123456789ZA."
        maxLength={13}
        disabled={dialog.busy}
      />
      <DateField
        control={form.control}
        name="postedOn"
        label="Posted on"
        min={target.noticeDeliveredOn ?? undefined}
        max={today}
        disabled={dialog.busy}
      />
    </FormDialogContent>
  );
}

const STEPS = [
  { value: 'collections', label: 'Collections' },
  { value: 'legal', label: 'Legal' },
] as const;

function HandOverContent(props: ContentProps) {
  const { target } = props;
  const { form, ...dialog } = useNcaForm({
    ...props,
    path: 'enforcement',
    schema: enforcementSchema,
    defaultValues: { step: 'collections', note: '' } as z.input<typeof enforcementSchema>,
    fields: ['step', 'note'],
    failed: 'Not handed over',
    success: ({ timeline }) => ({
      title: 'Loan handed over',
      description: `${who(target)}: enforcement started on ${formatDateInWords(timeline.enforcementOn)}.`,
    }),
  });
  return (
    <FormDialogContent
      className="max-w-md"
      title="Hand over the loan"
      description={`${who(target)}. An enforcement step under section 130: the loan goes to collections or to legal.`}
      form={form}
      formLabel="Hand over the loan"
      submitLabel="Hand over"
      pendingLabel="Handing over…"
      submitVariant="destructive"
      {...dialog}
    >
      <SelectField
        control={form.control}
        name="step"
        label="Hand over to"
        options={STEPS}
        disabled={dialog.busy}
      />
      <TextareaField
        control={form.control}
        name="note"
        label="Note (optional)"
        description="Who it went to, a file number: up to 500 characters."
        rows={3}
        maxLength={500}
        disabled={dialog.busy}
      />
    </FormDialogContent>
  );
}

function DebtReviewContent(props: ContentProps) {
  const { target } = props;
  const today = useToday();
  const { form, ...dialog } = useNcaForm({
    ...props,
    path: 'debt-review',
    schema: debtReviewSchema,
    defaultValues: { counsellorName: '', counsellorNcrNumber: '', reference: '', noticeDate: '' },
    fields: ['counsellorName', 'counsellorNcrNumber', 'reference', 'noticeDate'],
    failed: 'Debt review not recorded',
    success: ({ debtReview }) => ({
      title: 'Debt review recorded',
      description: `${who(target)}: under debt review since ${formatDateInWords(debtReview?.since)}. Reminders, notices and enforcement stop.`,
    }),
  });
  return (
    <FormDialogContent
      className="max-w-md"
      title="Record debt review (Form 17.1)"
      description={`${who(target)}. A debt counsellor's notice that the consumer applied for debt review: reminders, notices and enforcement stop while it lasts.`}
      form={form}
      formLabel="Record debt review"
      submitLabel="Record debt review"
      pendingLabel="Recording…"
      {...dialog}
    >
      <TextField
        control={form.control}
        name="counsellorName"
        label="Debt counsellor's name"
        maxLength={120}
        disabled={dialog.busy}
      />
      <TextField
        control={form.control}
        name="counsellorNcrNumber"
        label="Counsellor's NCR registration number"
        description="Like NCRDC1234."
        maxLength={11}
        disabled={dialog.busy}
      />
      <TextField
        control={form.control}
        name="reference"
        label="Counsellor's reference"
        maxLength={60}
        disabled={dialog.busy}
      />
      <DateField
        control={form.control}
        name="noticeDate"
        label="Date of the notice"
        max={today}
        disabled={dialog.busy}
      />
    </FormDialogContent>
  );
}

function OrderContent(props: ContentProps) {
  const { target } = props;
  const today = useToday();
  const { form, ...dialog } = useNcaForm({
    ...props,
    path: 'debt-review/order',
    schema: debtReviewOrderSchema,
    defaultValues: { orderReference: '', orderDate: '' } as z.input<typeof debtReviewOrderSchema>,
    fields: ['estimatedPeriod', 'orderReference', 'orderDate'],
    failed: 'Order not recorded',
    success: () => ({
      title: 'Restructuring order recorded',
      description: `${who(target)}: the remaining balance is spread over the order's months; the instalments are rewritten.`,
    }),
  });
  return (
    <FormDialogContent
      className="max-w-md"
      title="Record restructuring order"
      description={`${who(target)}. The debt review's order (or agreed proposal): the remaining balance over its months, at no extra cost. Paid instalments stay; unpaid ones are replaced.`}
      form={form}
      formLabel="Record restructuring order"
      submitLabel="Record order"
      pendingLabel="Recording…"
      {...dialog}
    >
      <NumberField
        control={form.control}
        name="estimatedPeriod"
        label="Period (months)"
        description="1 to 120 months, as the order sets."
        inputMode="numeric"
        min={1}
        max={120}
        step={1}
        aria-required="true"
        disabled={dialog.busy}
      />
      <TextField
        control={form.control}
        name="orderReference"
        label="Order reference"
        maxLength={60}
        disabled={dialog.busy}
      />
      <DateField
        control={form.control}
        name="orderDate"
        label="Date of the order"
        max={today}
        disabled={dialog.busy}
      />
    </FormDialogContent>
  );
}

function EndContent(props: ContentProps) {
  const { target } = props;
  const { form, ...dialog } = useNcaForm({
    ...props,
    path: 'debt-review/end',
    schema: debtReviewEndSchema,
    defaultValues: { reason: '' },
    fields: ['reason'],
    failed: 'Debt review not ended',
    success: () => ({
      title: 'Debt review ended',
      description: `${who(target)}: reminders, notices and enforcement follow the agreement again.`,
    }),
  });
  return (
    <FormDialogContent
      className="max-w-md"
      title="End debt review"
      description={`${who(target)}. The agreement (as restructured) is followed again: reminders, notices and enforcement resume.`}
      form={form}
      formLabel="End debt review"
      submitLabel="End debt review"
      pendingLabel="Ending…"
      {...dialog}
    >
      <TextareaField
        control={form.control}
        name="reason"
        label="Reason"
        description="A clearance certificate, the counsellor's notice, the consumer's withdrawal: up to 300 characters."
        rows={3}
        maxLength={300}
        required
        disabled={dialog.busy}
      />
    </FormDialogContent>
  );
}
