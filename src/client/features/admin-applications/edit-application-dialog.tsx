// Edit Application: picking a status saves it with the note
// 'Status updated by admin' (edit-status-change.ts, edit-status-section.tsx); 'Save Changes' sends the notes (and,
// while under review, the amount and period) and keeps the status. A live preview prices the amount and period on the
// server while the status allows one, and pauses while a status change is being saved.
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { type Control, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { FREE_TEXT_MAX, MAX_REQUESTED_AMOUNT, MIN_REQUESTED_AMOUNT } from '../../../shared/constants';
import { ADMIN_DEFAULT_PERIOD_MONTHS, clampPeriod } from '../../../shared/finance/repayment-plan';
import { applicationEditFields } from '../../../shared/schemas/admin-applications';
import { FormDialogContent } from '../../components/form-dialog';
import { MoneyField, NumberField, TextareaField } from '../../components/form-fields';
import { useDebouncedValue } from '../../hooks/use-debounce';
import { toast } from '../../hooks/use-toast';
import { isPendingApproval } from '../../lib/approvals';
import { formatDate, formatPercent, formatZar, formatZarWhole } from '../../lib/format';
import type { AdminApplication } from './admin-types';
import { ApplicationDialog } from './application-dialog';
import { applicantName, detailsEditable, previewApplies } from './application-filters';
import {
  type ApplicationPatch,
  type PreviewInput,
  useAdminPreviewTerms,
  usePatchApplication,
} from './applications-api';
import { type StatusChange, updateFailedMessage, useStatusChange } from './edit-status-change';
import { StatusSection } from './edit-status-section';
import { PERIOD_FIELD, priceFigures, RepaymentPreview } from './repayment-preview';

const PREVIEW_DEBOUNCE_MS = 300;

// The server's own fields and messages (applicationEditFields), all three required in the form.
const editSchema = z.object({
  notes: applicationEditFields.notes,
  requestedAmount: applicationEditFields.requestedAmount,
  estimatedPeriod: applicationEditFields.estimatedPeriod,
});
type EditValues = z.input<typeof editSchema>;

/** An amount the server would take: the edit schema's own rule, not a copy of it. */
function amountIsValid(value: number | undefined): value is number {
  return editSchema.shape.requestedAmount.safeParse(value).success;
}

export function EditApplicationDialog({
  applicationId,
  onOpenChange,
  startWith,
}: {
  applicationId: number | null;
  onOpenChange: (open: boolean) => void;
  /** Opens at the approval's or the rejection's step (Approve or Reject in Application Details). */
  startWith?: 'approve' | 'reject';
}) {
  return (
    <ApplicationDialog applicationId={applicationId} onOpenChange={onOpenChange} title="Edit Application">
      {(application, onDone) => (
        <EditContent application={application} onDone={onDone} startWith={startWith} />
      )}
    </ApplicationDialog>
  );
}

function EditContent({
  application,
  onDone,
  startWith,
}: {
  application: AdminApplication;
  onDone: () => void;
  startWith?: 'approve' | 'reject';
}) {
  const status = useStatusChange(application, onDone, startWith);
  const save = usePatchApplication();
  const [serverError, setServerError] = useState<string | null>(null);
  const editable = detailsEditable(application);

  const form = useForm<EditValues, unknown, z.output<typeof editSchema>>({
    resolver: zodResolver(editSchema),
    defaultValues: {
      notes: application.notes ?? '',
      requestedAmount: application.requestedAmount,
      estimatedPeriod: application.estimatedPeriod ?? ADMIN_DEFAULT_PERIOD_MONTHS,
    },
  });

  // Keep the field in step with the stored notes unless the admin is typing their own.
  const storedNotes = application.notes ?? '';
  const shownNotes = useRef(storedNotes);
  useEffect(() => {
    if (form.getValues('notes') === shownNotes.current) form.setValue('notes', storedNotes);
    shownNotes.current = storedNotes;
  }, [storedNotes, form]);

  const onSubmit = form.handleSubmit((values) => {
    const patch: ApplicationPatch = { notes: values.notes };
    // Only what the admin changed: an untouched period stays as stored (or unset).
    if (editable && values.requestedAmount !== application.requestedAmount) {
      patch.requestedAmount = values.requestedAmount;
    }
    if (editable && values.estimatedPeriod !== (application.estimatedPeriod ?? ADMIN_DEFAULT_PERIOD_MONTHS)) {
      patch.estimatedPeriod = values.estimatedPeriod;
    }
    setServerError(null);
    save.mutate(
      { id: application.id, patch },
      {
        onSuccess: () => {
          toast({ title: 'Success', description: 'Application details updated.' });
          onDone();
        },
        onError: (error) => {
          const message = updateFailedMessage(error, 'Failed to update application');
          setServerError(message);
          toast({ variant: 'destructive', title: 'Update failed', description: message });
        },
      },
    );
  });

  return (
    <FormDialogContent
      className="max-w-xl"
      busy={status.patch.isPending || save.isPending}
      submitting={save.isPending}
      title="Edit Application"
      description={
        <>
          #{application.id} · {applicantName(application)} · applied on {formatDate(application.createdAt)}
        </>
      }
      intro={<StatusSection change={status} />}
      form={form}
      onSubmit={onSubmit}
      formLabel="Application details"
      error={{ title: 'Update failed', message: serverError }}
      submitLabel="Save Changes"
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <MoneyField
          control={form.control}
          name="requestedAmount"
          className="content-start"
          label="Requested amount (R)"
          description={`${formatZarWhole(MIN_REQUESTED_AMOUNT)} to ${formatZarWhole(MAX_REQUESTED_AMOUNT)}, whole rands.`}
          wholeRands
          required
          disabled={!editable}
        />
        <NumberField
          control={form.control}
          name="estimatedPeriod"
          {...PERIOD_FIELD}
          disabled={!editable}
          // The period is clamped to 1-36 months rather than refused: show the clamped value.
          onBlur={(value, onChange) => {
            if (typeof value === 'number') onChange(clampPeriod(value));
          }}
        />
      </div>
      {!editable ? (
        <p className="-mt-2 text-sm text-slate-600">
          The amount and period can be changed only while the application is under review.
        </p>
      ) : null}
      <EditPreview application={application} control={form.control} status={status} />
      <TextareaField control={form.control} name="notes" label="Notes" rows={3} maxLength={FREE_TEXT_MAX} />
    </FormDialogContent>
  );
}

/** The live preview of the amount and period being edited, priced on the server while the status allows one. */
function EditPreview({
  application,
  control,
  status,
}: {
  application: AdminApplication;
  control: Control<EditValues, unknown, z.output<typeof editSchema>>;
  status: StatusChange;
}) {
  const editable = detailsEditable(application);
  const currency = application.currency;
  const [amount, period] = useWatch({ control, name: ['requestedAmount', 'estimatedPeriod'] });
  const settled = {
    amount: useDebouncedValue(amount, PREVIEW_DEBOUNCE_MS),
    period: useDebouncedValue(period, PREVIEW_DEBOUNCE_MS),
  };
  // The status change's own answer is newer than the details until they are read again: a rejection saved a moment
  // ago must not let the preview ask the server for terms it no longer prices (409).
  const patched = status.patch.data && !isPendingApproval(status.patch.data) ? status.patch.data : undefined;
  const latest =
    patched && patched.id === application.id && patched.updatedAt > application.updatedAt
      ? patched
      : application;
  const showPreview = previewApplies(latest);
  let previewInput: PreviewInput = {};
  let hint: string | null = null;
  if (editable) {
    if (!amountIsValid(settled.amount))
      hint = `Enter an amount from ${formatZarWhole(MIN_REQUESTED_AMOUNT)} to ${formatZarWhole(MAX_REQUESTED_AMOUNT)} to see the preview.`;
    else previewInput = { requestedAmount: settled.amount };
    if (typeof settled.period === 'number' && Number.isFinite(settled.period)) {
      previewInput.estimatedPeriod = clampPeriod(settled.period);
    }
  } else if (application.estimatedPeriod) {
    previewInput = { estimatedPeriod: clampPeriod(application.estimatedPeriod) };
  }
  // No preview request while a status change is being saved: the server may have moved the application
  // past the statuses it prices (it answers 409), and the refresh after the change must not ask for one
  // before the dialog knows the new status.
  const preview = useAdminPreviewTerms(
    application.id,
    previewInput,
    showPreview && hint === null && !status.patch.isPending,
  );
  if (!showPreview) return null;
  return (
    <RepaymentPreview
      query={preview}
      hint={hint}
      figures={(terms) => [
        ...priceFigures(
          terms,
          {
            label: 'Requested amount',
            value: formatZarWhole(previewInput.requestedAmount ?? application.requestedAmount, { currency }),
          },
          { currency, costNote: '' },
        ),
        {
          label: 'Instalment',
          value: formatZar(terms.installmentAmount ?? terms.monthlyWithholding, { currency }),
          note: 'due each month, at least the even share',
        },
        {
          label: 'Estimated monthly withholding',
          value: formatZar(terms.estimatedMonthlyWithholding, { currency }),
          note: `${formatPercent(terms.withholdingPercentage)} of the monthly revenue`,
        },
        {
          label: 'Time to repay',
          value: `${terms.estimatedPeriod} ${terms.estimatedPeriod === 1 ? 'month' : 'months'}`,
          note: 'paying the instalment each month',
        },
      ]}
    />
  );
}
