// The Edit dialog's status change (edit-application-dialog.tsx): picking a status saves it with the note 'Status
// updated by admin', except three choices that ask first, in a step under the select (statusChangeStep): an approval
// its amount, a rejection the reason written for the creator (they see it; the notes stay internal), and taking an
// approval back a confirmation. Making it a test application asks first too. This hook holds that state and its
// focus rules; edit-status-section.tsx draws it.
import { useEffect, useId, useRef, useState } from 'react';
import { REJECTION_REASON_MIN } from '../../../shared/schemas/admin-applications';
import { type AdminSelectableStatus, baseStatus } from '../../../shared/status-machine';
import { toast } from '../../hooks/use-toast';
import { ApiError, INVALID_JSON_MESSAGE, messageOf } from '../../lib/api';
import { isPendingApproval, toastSentForApproval } from '../../lib/approvals';
import { statusLabel } from '../../lib/badge-tones';
import { serverFieldErrors } from '../../lib/form-errors';
import type { AdminApplication } from './admin-types';
import { approvedAmountError, statusChangeStep, statusChoices } from './application-filters';
import { usePatchApplication } from './applications-api';

const STATUS_NOTE = 'Status updated by admin';

export type StatusStep = 'reject' | 'approve' | 'takeBack';

/** The server's message, or the wording for an unreadable answer. */
export function updateFailedMessage(error: unknown, fallback: string): string {
  const unreadable =
    error instanceof ApiError && (typeof error.body === 'string' || error.message === INVALID_JSON_MESSAGE);
  return unreadable ? 'Server error occurred. Please try again.' : messageOf(error, fallback);
}

/** The step to open with (Approve or Reject in Application Details), where the status may move that way. */
function openingStep(application: AdminApplication, startWith?: 'approve' | 'reject'): StatusStep | null {
  if (!startWith) return null;
  const target = startWith === 'approve' ? 'approved' : 'rejected';
  return (statusChoices(application) as readonly string[]).includes(target) ? startWith : null;
}

/**
 * The affordability assessment of the amount asked for (docs/compliance.md): when it fails, the approval starts from
 * the largest amount that fits (the server refuses any more).
 */
function largestAffordableOf(application: AdminApplication): number | null {
  const assessed = application.applicant.affordability;
  return assessed && !assessed.passes && assessed.largestAffordable !== null
    ? Number(assessed.largestAffordable)
    : null;
}

export function useStatusChange(
  application: AdminApplication,
  onDone: () => void,
  startWith?: 'approve' | 'reject',
) {
  const statusId = useId();
  const reasonId = useId();
  const amountId = useId();
  const patch = usePatchApplication();
  // Shown in the dialog as well as in the toast: the toast region is hidden from assistive technology
  // while a modal dialog is open.
  const [error, setError] = useState<string | null>(null);
  const base = baseStatus(application.status);
  const [step, setStep] = useState<StatusStep | null>(() => openingStep(application, startWith));
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const largestAffordable = largestAffordableOf(application);
  const [approvedAmount, setApprovedAmount] = useState<number | undefined>(
    largestAffordable !== null
      ? Math.min(largestAffordable, application.requestedAmount)
      : application.requestedAmount,
  );
  const [amountError, setAmountError] = useState<string | null>(null);
  const [confirmingTest, setConfirmingTest] = useState(false);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const amountRef = useRef<HTMLInputElement>(null);
  const takeBackRef = useRef<HTMLButtonElement>(null);
  const stepTargets = { reject: reasonRef, approve: amountRef, takeBack: takeBackRef } as const;
  // The select hands focus back to its trigger as it closes; focus goes into the step instead, once it has rendered.
  const focusStepOnClose = useRef<StatusStep | null>(null);

  // Opened at a step: its field takes focus, after the dialog has moved focus to its first control on opening.
  const openedAtStep = useRef(step);
  useEffect(() => {
    const opened = openedAtStep.current;
    if (opened !== 'approve' && opened !== 'reject') return;
    // Read when it fires: the field is there by then.
    const timer = window.setTimeout(
      () => (opened === 'approve' ? amountRef.current : reasonRef.current)?.focus(),
      0,
    );
    return () => window.clearTimeout(timer);
  }, []);

  const openStep = (next: StatusStep) => {
    setError(null);
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
    if (step !== null || patch.isPending || !refocusStatus.current) return;
    refocusStatus.current = false;
    document.getElementById(statusId)?.focus();
  }, [step, patch.isPending, statusId]);

  const failed = (caught: unknown) => {
    const message = updateFailedMessage(caught, 'Failed to update application status');
    toast({ variant: 'destructive', title: 'Update failed', description: message });
    return message;
  };

  /** Saves `status`; `confirmed` carries what its step asked for (the reason, the amount, or just a yes). */
  const change = (status: string, confirmed?: { rejectionReason?: string; approvedAmount?: number }) => {
    if (status === base) return;
    const ask = statusChangeStep(application.status, status);
    if (ask !== 'save' && confirmed === undefined) {
      openStep(ask);
      return;
    }
    setError(null);
    patch.mutate(
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
        onError: (caught) => {
          const message = failed(caught);
          // A refused amount is shown under the amount; the rest above.
          const amountRefusal = serverFieldErrors(caught, ['approvedAmount']).approvedAmount;
          if (amountRefusal) {
            setAmountError(amountRefusal);
            amountRef.current?.focus();
          } else {
            setError(message);
          }
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
    change('rejected', { rejectionReason: text });
  };

  const confirmApproval = () => {
    const refusal = approvedAmountError(approvedAmount, application.requestedAmount);
    setAmountError(refusal);
    if (refusal !== null || approvedAmount === undefined) {
      amountRef.current?.focus();
      return;
    }
    change('approved', { approvedAmount });
  };

  // Staff rehearse on test applications (decision 008): one way, only while under review. In Live mode the
  // application leaves the list, so the dialog closes with the change (the toast says what happened).
  // It is final, so it asks first; the confirmation stays open (and busy) until the server answers.
  const markAsTest = async () => {
    setError(null);
    try {
      await patch.mutateAsync({ id: application.id, patch: { testing: true } });
      toast({
        title: 'Status updated',
        description: `Application #${application.id} is now a test application.`,
      });
      setConfirmingTest(false);
      onDone();
    } catch (caught) {
      setConfirmingTest(false);
      setError(failed(caught));
    }
  };

  return {
    application,
    base,
    patch,
    error,
    step,
    ids: { status: statusId, reason: reasonId, amount: amountId },
    refs: { reason: reasonRef, amount: amountRef, takeBack: takeBackRef },
    reason: { value: reason, set: setReason, error: reasonError, setError: setReasonError },
    approval: {
      amount: approvedAmount,
      set: setApprovedAmount,
      error: amountError,
      setError: setAmountError,
      largestAffordable,
    },
    test: { confirming: confirmingTest, setConfirming: setConfirmingTest, mark: markAsTest },
    change,
    confirmRejection,
    confirmApproval,
    closeStep,
    /** The select has closed: the step it opened takes focus (true when it did, so the select keeps it not). */
    focusOpenedStep: () => {
      const opened = focusStepOnClose.current;
      if (!opened) return false;
      focusStepOnClose.current = null;
      stepTargets[opened].current?.focus();
      return true;
    },
  };
}

export type StatusChange = ReturnType<typeof useStatusChange>;
