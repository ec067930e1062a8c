// Edit Application (spec sections 2, 4 and 5 "Admin edit"): picking a status saves it with the note
// 'Status updated by admin'; 'Save Changes' sends the notes (and, while under review, the amount and
// period) and keeps the status. The status choices are the ones the server accepts from the current status
// (the shared status machine; never Active: only the payout starts a loan). Three choices ask first, in a short
// step under the select: Approved for the amount approved (up to the amount requested: the amount financed),
// Rejected for the reason for the creator, and Under Review from approved, offered or accepted for confirmation,
// since the creator is told the approval is taken back. Making it a test application asks first too. A live
// preview prices the amount and period on the server while the status allows one, and pauses while a status
// change is being saved.
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { MAX_REQUESTED_AMOUNT, MIN_REQUESTED_AMOUNT } from '../../../shared/constants';
import { clampPeriod } from '../../../shared/finance/repayment-plan';
import {
  applicationEditFields,
  REJECTION_REASON_MAX,
  REJECTION_REASON_MIN,
} from '../../../shared/schemas/admin';
import { type AdminSelectableStatus, baseStatus } from '../../../shared/status-machine';
import { ApplicationStatusBadge } from '../../components/application-status-badge';
import { FormDialogContent } from '../../components/form-dialog';
import { MoneyField, NumberField, TextareaField } from '../../components/form-fields';
import { MoneyInput } from '../../components/money-input';
import { ServerError } from '../../components/server-error';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '../../components/ui/alert-dialog';
import { Button } from '../../components/ui/button';
import { Label } from '../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { Spinner } from '../../components/ui/spinner';
import { Textarea } from '../../components/ui/textarea';
import { useDebouncedValue } from '../../hooks/use-debounce';
import { toast } from '../../hooks/use-toast';
import { ApiError, INVALID_JSON_MESSAGE, messageOf } from '../../lib/api';
import { isPendingApproval, toastSentForApproval } from '../../lib/approvals';
import { statusLabel } from '../../lib/badge-tones';
import { serverFieldErrors } from '../../lib/form-errors';
import { formatDate, formatPercent, formatZar, formatZarWhole } from '../../lib/format';
import type { AdminApplication } from './admin-types';
import { ApplicationDialog } from './application-dialog';
import {
  applicantName,
  approvedAmountError,
  detailsEditable,
  previewApplies,
  statusChangeStep,
  statusChoices,
} from './application-filters';
import {
  type ApplicationPatch,
  type PreviewInput,
  useAdminPreviewTerms,
  usePatchApplication,
} from './applications-api';
import { PERIOD_FIELD, priceFigures, RepaymentPreview } from './repayment-preview';

const STATUS_NOTE = 'Status updated by admin';
const PREVIEW_DEBOUNCE_MS = 300;
const DEFAULT_PERIOD = 12;

const STATUS_OPTION_LABELS: Record<AdminSelectableStatus, string> = {
  pending_review: 'Under Review',
  approved: 'Approved',
  rejected: 'Rejected',
  active: 'Active',
};

// The server's own fields and messages (applicationEditFields), all three required in the form.
const editSchema = z.object({
  notes: applicationEditFields.notes,
  requestedAmount: applicationEditFields.requestedAmount,
  estimatedPeriod: applicationEditFields.estimatedPeriod,
});
type EditValues = z.input<typeof editSchema>;

function amountIsValid(value: number | undefined): value is number {
  return (
    typeof value === 'number' &&
    Number.isInteger(value) &&
    value >= MIN_REQUESTED_AMOUNT &&
    value <= MAX_REQUESTED_AMOUNT
  );
}

/** Spec section 8, admin: the server's message, or the wording for an unreadable answer. */
export function updateFailedMessage(error: unknown, fallback: string): string {
  const unreadable =
    error instanceof ApiError && (typeof error.body === 'string' || error.message === INVALID_JSON_MESSAGE);
  return unreadable ? 'Server error occurred. Please try again.' : messageOf(error, fallback);
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
  const statusId = useId();
  const statusPatch = usePatchApplication();
  const save = usePatchApplication();
  // Shown in the dialog as well as in the toast: the toast region is hidden from assistive technology
  // while a modal dialog is open.
  const [statusError, setStatusError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const editable = detailsEditable(application);
  const currency = application.currency;
  const base = baseStatus(application.status);
  // The current status (shown selected) and only those the server accepts from it.
  const choices = statusChoices(application);
  const selectable = (choices as readonly string[]).includes(base);
  const canChange = choices.some((status) => status !== base);

  const form = useForm<EditValues, unknown, z.output<typeof editSchema>>({
    resolver: zodResolver(editSchema),
    defaultValues: {
      notes: application.notes ?? '',
      requestedAmount: application.requestedAmount,
      estimatedPeriod: application.estimatedPeriod ?? DEFAULT_PERIOD,
    },
  });

  // Keep the field in step with the stored notes unless the admin is typing their own.
  const storedNotes = application.notes ?? '';
  const shownNotes = useRef(storedNotes);
  useEffect(() => {
    if (form.getValues('notes') === shownNotes.current) form.setValue('notes', storedNotes);
    shownNotes.current = storedNotes;
  }, [storedNotes, form]);

  const [amount, period] = useWatch({ control: form.control, name: ['requestedAmount', 'estimatedPeriod'] });
  const settled = {
    amount: useDebouncedValue(amount, PREVIEW_DEBOUNCE_MS),
    period: useDebouncedValue(period, PREVIEW_DEBOUNCE_MS),
  };
  // The status change's own answer is newer than the details until they are read again: a rejection saved a moment
  // ago must not let the preview ask the server for terms it no longer prices (409).
  const patched = statusPatch.data && !isPendingApproval(statusPatch.data) ? statusPatch.data : undefined;
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
    showPreview && hint === null && !statusPatch.isPending,
  );

  // Three choices ask first, in a step under the select (statusChangeStep): an approval its amount, a rejection the
  // reason written for the creator (they see it; the notes stay internal), and taking an approval back a
  // confirmation. The select hands focus back to its trigger as it closes; focus goes into the step instead.
  // A step asked for on opening applies only where the status may move that way.
  const [step, setStep] = useState<'reject' | 'approve' | 'takeBack' | null>(() =>
    startWith &&
    (statusChoices(application) as readonly string[]).includes(
      startWith === 'approve' ? 'approved' : 'rejected',
    )
      ? startWith
      : null,
  );
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const reasonId = useId();
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  // The affordability assessment of the amount asked for (docs/compliance.md): when it fails, the approval starts
  // from the largest amount that fits (the server refuses any more).
  const assessed = application.applicant.affordability;
  const largestAffordable =
    assessed && !assessed.passes && assessed.largestAffordable !== null
      ? Number(assessed.largestAffordable)
      : null;
  const [approvedAmount, setApprovedAmount] = useState<number | undefined>(
    largestAffordable !== null
      ? Math.min(largestAffordable, application.requestedAmount)
      : application.requestedAmount,
  );
  const [amountError, setAmountError] = useState<string | null>(null);
  const amountId = useId();
  const amountRef = useRef<HTMLInputElement>(null);
  const takeBackRef = useRef<HTMLButtonElement>(null);
  // The step whose field (or button) takes focus once the select has closed (the step has rendered by then).
  const focusStepOnClose = useRef<'reject' | 'approve' | 'takeBack' | null>(null);
  const stepTargets = { reject: reasonRef, approve: amountRef, takeBack: takeBackRef } as const;
  // Opened at a step: its field takes focus, after the dialog has moved focus to its first control on opening.
  const openedAtStep = useRef(step);
  useEffect(() => {
    const step = openedAtStep.current;
    if (step !== 'approve' && step !== 'reject') return;
    // Read when it fires: the field is there by then.
    const timer = window.setTimeout(
      () => (step === 'approve' ? amountRef.current : reasonRef.current)?.focus(),
      0,
    );
    return () => window.clearTimeout(timer);
  }, []);

  const openStep = (next: 'reject' | 'approve' | 'takeBack') => {
    setStatusError(null);
    setStep(next);
    focusStepOnClose.current = next;
  };

  // Closing a step removes the button that had focus: focus goes back to the status select, once it is enabled
  // again (it is disabled while the change is saved).
  const refocusStatus = useRef(false);
  const closeStep = () => {
    setStep(null);
    setReasonError(null);
    setAmountError(null);
    refocusStatus.current = true;
  };
  useEffect(() => {
    if (step !== null || statusPatch.isPending || !refocusStatus.current) return;
    refocusStatus.current = false;
    document.getElementById(statusId)?.focus();
  }, [step, statusPatch.isPending, statusId]);

  /** Saves `status`; `confirmed` carries what its step asked for (the reason, the amount, or just a yes). */
  const changeStatus = (
    status: string,
    confirmed?: { rejectionReason?: string; approvedAmount?: number },
  ) => {
    if (status === base) return;
    const ask = statusChangeStep(application.status, status);
    if (ask !== 'save' && confirmed === undefined) {
      openStep(ask);
      return;
    }
    setStatusError(null);
    statusPatch.mutate(
      {
        id: application.id,
        // The select offers only statusChoices (AdminSelectableStatus values); its onValueChange gives text.
        patch: {
          status: status as AdminSelectableStatus,
          notes: STATUS_NOTE,
          ...(confirmed?.rejectionReason ? { rejectionReason: confirmed.rejectionReason } : {}),
          ...(confirmed?.approvedAmount !== undefined ? { approvedAmount: confirmed.approvedAmount } : {}),
        },
      },
      {
        onSuccess: (saved) => {
          closeStep();
          // An approval above the configured amount waits for a second person (decision 028).
          if (isPendingApproval(saved)) {
            toastSentForApproval(saved);
            return;
          }
          toast({
            title: 'Status updated',
            description: `Application #${application.id} is now ${statusLabel(saved?.status ?? status)}.`,
          });
        },
        onError: (error) => {
          const message = updateFailedMessage(error, 'Failed to update application status');
          // A refused amount is shown under the amount; the rest above.
          const amountRefusal = serverFieldErrors(error, ['approvedAmount']).approvedAmount;
          if (amountRefusal) {
            setAmountError(amountRefusal);
            amountRef.current?.focus();
          } else {
            setStatusError(message);
          }
          toast({ variant: 'destructive', title: 'Update failed', description: message });
        },
      },
    );
  };

  const confirmRejection = () => {
    const text = reason.trim();
    if (text.length < REJECTION_REASON_MIN) {
      setReasonError(`Write the reason for the creator in at least ${REJECTION_REASON_MIN} characters`);
      reasonRef.current?.focus();
      return;
    }
    setReasonError(null);
    changeStatus('rejected', { rejectionReason: text });
  };

  const confirmApproval = () => {
    const refusal = approvedAmountError(approvedAmount, application.requestedAmount);
    setAmountError(refusal);
    if (refusal !== null || approvedAmount === undefined) {
      amountRef.current?.focus();
      return;
    }
    changeStatus('approved', { approvedAmount });
  };

  // Staff rehearse on test applications (decision 008): one way, only while under review. In Live mode the
  // application leaves the list, so the dialog closes with the change (the toast says what happened).
  // It is final, so it asks first; the confirmation stays open (and busy) until the server answers.
  const [confirmingTest, setConfirmingTest] = useState(false);
  const markAsTest = async () => {
    setStatusError(null);
    try {
      await statusPatch.mutateAsync({ id: application.id, patch: { testing: true } });
      toast({
        title: 'Status updated',
        description: `Application #${application.id} is now a test application.`,
      });
      setConfirmingTest(false);
      onDone();
    } catch (error) {
      const message = updateFailedMessage(error, 'Failed to update application status');
      setConfirmingTest(false);
      setStatusError(message);
      toast({ variant: 'destructive', title: 'Update failed', description: message });
    }
  };

  const onSubmit = form.handleSubmit((values) => {
    const patch: ApplicationPatch = { notes: values.notes };
    // Only what the admin changed: an untouched period stays as stored (or unset).
    if (editable && values.requestedAmount !== application.requestedAmount) {
      patch.requestedAmount = values.requestedAmount;
    }
    if (editable && values.estimatedPeriod !== (application.estimatedPeriod ?? DEFAULT_PERIOD)) {
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

  const busy = statusPatch.isPending || save.isPending;

  const statusSection = (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <Label htmlFor={statusId}>Status</Label>
        <ApplicationStatusBadge
          status={application.status}
          forgiven={Boolean(application.repaymentSchedule?.forgiven)}
        />
        {/* The toast region is hidden from assistive technology behind the dialog: announce here. */}
        <span role="status" className="flex items-center gap-1.5 text-xs text-slate-600">
          {statusPatch.isPending ? (
            <>
              <Spinner className="size-3.5" />
              Saving status…
            </>
          ) : statusPatch.isSuccess ? (
            isPendingApproval(statusPatch.data) ? (
              'Sent for approval: a second person approves it under Approvals.'
            ) : (
              'Status saved.'
            )
          ) : null}
        </span>
      </div>
      <Select
        value={
          step === 'reject'
            ? 'rejected'
            : step === 'approve'
              ? 'approved'
              : step === 'takeBack'
                ? 'pending_review'
                : selectable
                  ? base
                  : undefined
        }
        onValueChange={(status) => changeStatus(status)}
        disabled={statusPatch.isPending || !canChange}
      >
        <SelectTrigger id={statusId} aria-describedby={`${statusId}-hint`}>
          <SelectValue placeholder={statusLabel(application.status)} />
        </SelectTrigger>
        <SelectContent
          onCloseAutoFocus={(event) => {
            const opened = focusStepOnClose.current;
            if (!opened) return;
            focusStepOnClose.current = null;
            event.preventDefault();
            stepTargets[opened].current?.focus();
          }}
        >
          {choices.map((status) => (
            <SelectItem key={status} value={status}>
              {STATUS_OPTION_LABELS[status]}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <p id={`${statusId}-hint`} className="text-sm text-muted-foreground">
        {canChange
          ? 'Approved asks for the amount, Rejected for the reason, and taking an approval back for a confirmation; any other status is saved as you pick it. A loan starts only when its payout is recorded.'
          : 'No other status can be chosen from here: the servicing of the loan moves it on.'}
      </p>
      {step === 'approve' ? (
        <div className="grid gap-2 rounded-md border border-emerald-200 bg-emerald-50 p-3">
          <Label htmlFor={amountId}>Approved amount (R)</Label>
          <MoneyInput
            id={amountId}
            ref={amountRef}
            wholeRands
            required
            value={approvedAmount}
            onChange={(value) => {
              setApprovedAmount(value);
              if (amountError && approvedAmountError(value, application.requestedAmount) === null)
                setAmountError(null);
            }}
            aria-invalid={amountError ? true : undefined}
            aria-describedby={`${amountId}-hint${amountError ? ` ${amountId}-error` : ''}`}
          />
          <p id={`${amountId}-hint`} className="text-sm text-slate-700">
            Up to the {formatZarWhole(application.requestedAmount, { currency })} requested. It is the amount
            financed: every plan and offer is of it, and the creator is told if it is less.
            {base === 'offered'
              ? ' The creator can then choose their own plan, or you can send a new offer.'
              : ''}
          </p>
          {assessed && !assessed.passes ? (
            <p className="text-sm font-medium text-amber-900" data-testid="approve-affordability">
              The amount asked for fails the affordability assessment.{' '}
              {largestAffordable !== null
                ? `The largest amount that fits is ${formatZarWhole(largestAffordable, { currency })}.`
                : `No amount from ${formatZarWhole(MIN_REQUESTED_AMOUNT, { currency })} fits this income: reject it with the reason.`}
            </p>
          ) : null}
          {amountError ? (
            <p id={`${amountId}-error`} className="text-sm font-medium text-destructive">
              {amountError}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <Button type="button" size="sm" loading={statusPatch.isPending} onClick={confirmApproval}>
              Approve {approvedAmount !== undefined ? formatZarWhole(approvedAmount, { currency }) : ''}
            </Button>
            <Button
              type="button"
              variant="outline"
              size="sm"
              disabled={statusPatch.isPending}
              onClick={closeStep}
            >
              Keep current status
            </Button>
          </div>
        </div>
      ) : null}
      {step === 'takeBack' ? (
        <div className="grid gap-2 rounded-md border border-amber-200 bg-amber-50 p-3">
          <p className="text-sm font-medium text-amber-950">Take the approval back?</p>
          <p className="text-sm text-slate-700">
            {applicantName(application)} is told by e-mail that the application is under review again and that
            nothing will be paid out on the old terms.{' '}
            {base === 'offered'
              ? 'The offer sent to them is withdrawn.'
              : base === 'accepted'
                ? 'The agreement they accepted is withdrawn before any payout.'
                : 'Any plan quoted to them is withdrawn.'}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button
              ref={takeBackRef}
              type="button"
              variant="destructive"
              size="sm"
              loading={statusPatch.isPending}
              onClick={() => changeStatus('pending_review', {})}
            >
              Move back to review
            </Button>
            <Button
              type="button"
              variant="outline"
              size="sm"
              disabled={statusPatch.isPending}
              onClick={closeStep}
            >
              Keep current status
            </Button>
          </div>
        </div>
      ) : null}
      {step === 'reject' ? (
        <div className="grid gap-2 rounded-md border border-amber-200 bg-amber-50 p-3">
          <Label htmlFor={reasonId}>Reason for the creator</Label>
          <Textarea
            id={reasonId}
            ref={reasonRef}
            rows={3}
            maxLength={REJECTION_REASON_MAX}
            value={reason}
            onChange={(event) => {
              setReason(event.target.value);
              if (reasonError && event.target.value.trim().length >= REJECTION_REASON_MIN)
                setReasonError(null);
            }}
            aria-invalid={reasonError ? true : undefined}
            aria-describedby={`${reasonId}-hint${reasonError ? ` ${reasonId}-error` : ''}`}
          />
          <p id={`${reasonId}-hint`} className="text-sm text-slate-700">
            The creator sees this with their application. Notes stay internal.
          </p>
          {reasonError ? (
            <p id={`${reasonId}-error`} className="text-sm font-medium text-destructive">
              {reasonError}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <Button
              type="button"
              variant="destructive"
              size="sm"
              loading={statusPatch.isPending}
              onClick={confirmRejection}
            >
              Reject application
            </Button>
            <Button
              type="button"
              variant="outline"
              size="sm"
              disabled={statusPatch.isPending}
              onClick={closeStep}
            >
              Keep current status
            </Button>
          </div>
        </div>
      ) : null}
      {application.status === 'pending_review' ? (
        <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          <AlertDialog
            open={confirmingTest}
            onOpenChange={(open) => {
              if (!statusPatch.isPending) setConfirmingTest(open);
            }}
          >
            <AlertDialogTrigger asChild>
              <Button type="button" variant="outline" size="sm" disabled={statusPatch.isPending}>
                Mark as test application
              </Button>
            </AlertDialogTrigger>
            <AlertDialogContent
              onEscapeKeyDown={(event) => {
                if (statusPatch.isPending) event.preventDefault();
              }}
            >
              <AlertDialogHeader>
                <AlertDialogTitle>Mark as test application?</AlertDialogTitle>
                <AlertDialogDescription>
                  Application #{application.id} from {applicantName(application)} becomes a test application
                  for rehearsals. It leaves the live list and production figures for good: a test application
                  can never become a live one again.
                </AlertDialogDescription>
              </AlertDialogHeader>
              <AlertDialogFooter>
                <AlertDialogCancel disabled={statusPatch.isPending}>Cancel</AlertDialogCancel>
                <Button
                  type="button"
                  variant="destructive"
                  loading={statusPatch.isPending}
                  onClick={() => void markAsTest()}
                >
                  Make it a test application
                </Button>
              </AlertDialogFooter>
            </AlertDialogContent>
          </AlertDialog>
          <span>For rehearsals: it leaves production figures for good.</span>
        </div>
      ) : null}
      <ServerError title="Update failed" message={statusError} />
    </div>
  );

  return (
    <FormDialogContent
      className="max-w-xl"
      busy={busy}
      submitting={save.isPending}
      title="Edit Application"
      description={
        <>
          #{application.id} · {applicantName(application)} · applied on {formatDate(application.createdAt)}
        </>
      }
      intro={statusSection}
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
          // The spec clamps the period rather than refusing it: show the clamped value.
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

      {showPreview ? (
        <RepaymentPreview
          query={preview}
          hint={hint}
          figures={(terms) => [
            ...priceFigures(
              terms,
              {
                label: 'Requested amount',
                value: formatZarWhole(previewInput.requestedAmount ?? application.requestedAmount, {
                  currency,
                }),
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
      ) : null}

      <TextareaField control={form.control} name="notes" label="Notes" rows={3} maxLength={2000} />
    </FormDialogContent>
  );
}
