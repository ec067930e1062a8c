// The Edit dialog's status part (edit-status-change.ts holds its state): the status with what saving it says, the
// select of the statuses the server accepts from here (never Active: only the payout starts a loan), the step a
// choice opens (Approved's amount, Rejected's reason, taking an approval back), and making it a test application.
import type { ReactNode } from 'react';
import { MIN_REQUESTED_AMOUNT } from '../../../shared/constants';
import { REJECTION_REASON_MAX, REJECTION_REASON_MIN } from '../../../shared/schemas/admin-applications';
import { ApplicationStatusBadge } from '../../components/application-status-badge';
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
import { isPendingApproval } from '../../lib/approvals';
import { statusLabel } from '../../lib/badge-tones';
import { formatZarWhole } from '../../lib/format';
import { applicantName, approvedAmountError, statusChoices } from './application-filters';
import type { StatusChange } from './edit-status-change';

/** The status a step stands for, shown in the select while it is open. */
const STEP_STATUS = { reject: 'rejected', approve: 'approved', takeBack: 'pending_review' } as const;

export function StatusSection({ change }: { change: StatusChange }) {
  const { application, patch, ids, step } = change;
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <Label htmlFor={ids.status}>Status</Label>
        <ApplicationStatusBadge
          status={application.status}
          forgiven={Boolean(application.repaymentSchedule?.forgiven)}
        />
        {/* The toast region is hidden from assistive technology behind the dialog: announce here. */}
        <span role="status" className="flex items-center gap-1.5 text-xs text-slate-600">
          {patch.isPending ? (
            <>
              <Spinner className="size-3.5" />
              Saving status…
            </>
          ) : patch.isSuccess ? (
            isPendingApproval(patch.data) ? (
              'Sent for approval: a second person approves it under Approvals.'
            ) : (
              'Status saved.'
            )
          ) : null}
        </span>
      </div>
      <StatusSelect change={change} />
      {step === 'approve' ? <ApproveStep change={change} /> : null}
      {step === 'takeBack' ? <TakeBackStep change={change} /> : null}
      {step === 'reject' ? <RejectStep change={change} /> : null}
      {application.status === 'pending_review' ? <TestApplicationControl change={change} /> : null}
      <ServerError title="Update failed" message={change.error} />
    </div>
  );
}

function StatusSelect({ change }: { change: StatusChange }) {
  const { application, base, patch, ids, step } = change;
  // The current status (shown selected) and only those the server accepts from it.
  const choices = statusChoices(application);
  const selectable = (choices as readonly string[]).includes(base);
  const canChange = choices.some((status) => status !== base);
  return (
    <>
      <Select
        value={step ? STEP_STATUS[step] : selectable ? base : undefined}
        onValueChange={(status) => change.change(status)}
        disabled={patch.isPending || !canChange}
      >
        <SelectTrigger id={ids.status} aria-describedby={`${ids.status}-hint`}>
          <SelectValue placeholder={statusLabel(application.status)} />
        </SelectTrigger>
        <SelectContent
          onCloseAutoFocus={(event) => {
            if (change.focusOpenedStep()) event.preventDefault();
          }}
        >
          {choices.map((status) => (
            <SelectItem key={status} value={status}>
              {statusLabel(status)}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <p id={`${ids.status}-hint`} className="text-sm text-muted-foreground">
        {canChange
          ? 'Approved asks for the amount, Rejected for the reason, and taking an approval back for a confirmation; any other status is saved as you pick it. A loan starts only when its payout is recorded.'
          : 'No other status can be chosen from here: the servicing of the loan moves it on.'}
      </p>
    </>
  );
}

/** A step's frame with its confirming button first and "Keep current status" after it. */
function StepFrame({
  change,
  tone,
  children,
  confirm,
}: {
  change: StatusChange;
  tone: 'emerald' | 'amber';
  children: ReactNode;
  confirm: ReactNode;
}) {
  const frame = tone === 'emerald' ? 'border-emerald-200 bg-emerald-50' : 'border-amber-200 bg-amber-50';
  return (
    <div className={`grid gap-2 rounded-md border p-3 ${frame}`}>
      {children}
      <div className="flex flex-wrap gap-2">
        {confirm}
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={change.patch.isPending}
          onClick={change.closeStep}
        >
          Keep current status
        </Button>
      </div>
    </div>
  );
}

function ApproveStep({ change }: { change: StatusChange }) {
  const { application, approval, ids, refs, patch } = change;
  const currency = application.currency;
  const assessed = application.applicant.affordability;
  const errorId = `${ids.amount}-error`;
  return (
    <StepFrame
      change={change}
      tone="emerald"
      confirm={
        <Button type="button" size="sm" loading={patch.isPending} onClick={change.confirmApproval}>
          Approve {approval.amount !== undefined ? formatZarWhole(approval.amount, { currency }) : ''}
        </Button>
      }
    >
      <Label htmlFor={ids.amount}>Approved amount (R)</Label>
      <MoneyInput
        id={ids.amount}
        ref={refs.amount}
        wholeRands
        required
        value={approval.amount}
        onChange={(value) => {
          approval.set(value);
          if (approval.error && approvedAmountError(value, application.requestedAmount) === null)
            approval.setError(null);
        }}
        aria-invalid={approval.error ? true : undefined}
        aria-describedby={`${ids.amount}-hint${approval.error ? ` ${errorId}` : ''}`}
      />
      <p id={`${ids.amount}-hint`} className="text-sm text-slate-700">
        Up to the {formatZarWhole(application.requestedAmount, { currency })} requested. It is the amount
        financed: every plan and offer is of it, and the creator is told if it is less.
        {change.base === 'offered'
          ? ' The creator can then choose their own plan, or you can send a new offer.'
          : ''}
      </p>
      {assessed && !assessed.passes ? (
        <p className="text-sm font-medium text-amber-900" data-testid="approve-affordability">
          The amount asked for fails the affordability assessment.{' '}
          {approval.largestAffordable !== null
            ? `The largest amount that fits is ${formatZarWhole(approval.largestAffordable, { currency })}.`
            : `No amount from ${formatZarWhole(MIN_REQUESTED_AMOUNT, { currency })} fits this income: reject it with the reason.`}
        </p>
      ) : null}
      {approval.error ? (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {approval.error}
        </p>
      ) : null}
    </StepFrame>
  );
}

function TakeBackStep({ change }: { change: StatusChange }) {
  const { application, base } = change;
  return (
    <StepFrame
      change={change}
      tone="amber"
      confirm={
        <Button
          ref={change.refs.takeBack}
          type="button"
          variant="destructive"
          size="sm"
          loading={change.patch.isPending}
          onClick={() => change.change('pending_review', {})}
        >
          Move back to review
        </Button>
      }
    >
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
    </StepFrame>
  );
}

function RejectStep({ change }: { change: StatusChange }) {
  const { reason, ids, refs } = change;
  const errorId = `${ids.reason}-error`;
  return (
    <StepFrame
      change={change}
      tone="amber"
      confirm={
        <Button
          type="button"
          variant="destructive"
          size="sm"
          loading={change.patch.isPending}
          onClick={change.confirmRejection}
        >
          Reject application
        </Button>
      }
    >
      <Label htmlFor={ids.reason}>Reason for the creator</Label>
      <Textarea
        id={ids.reason}
        ref={refs.reason}
        rows={3}
        maxLength={REJECTION_REASON_MAX}
        value={reason.value}
        onChange={(event) => {
          reason.set(event.target.value);
          if (reason.error && event.target.value.trim().length >= REJECTION_REASON_MIN) reason.setError(null);
        }}
        aria-invalid={reason.error ? true : undefined}
        aria-describedby={`${ids.reason}-hint${reason.error ? ` ${errorId}` : ''}`}
      />
      <p id={`${ids.reason}-hint`} className="text-sm text-slate-700">
        The creator sees this with their application. Notes stay internal.
      </p>
      {reason.error ? (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {reason.error}
        </p>
      ) : null}
    </StepFrame>
  );
}

function TestApplicationControl({ change }: { change: StatusChange }) {
  const { application, patch, test } = change;
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
      <AlertDialog
        open={test.confirming}
        onOpenChange={(open) => {
          if (!patch.isPending) test.setConfirming(open);
        }}
      >
        <AlertDialogTrigger asChild>
          <Button type="button" variant="outline" size="sm" disabled={patch.isPending}>
            Mark as test application
          </Button>
        </AlertDialogTrigger>
        <AlertDialogContent
          onEscapeKeyDown={(event) => {
            if (patch.isPending) event.preventDefault();
          }}
        >
          <AlertDialogHeader>
            <AlertDialogTitle>Mark as test application?</AlertDialogTitle>
            <AlertDialogDescription>
              Application #{application.id} from {applicantName(application)} becomes a test application for
              rehearsals. It leaves the live list and production figures for good: a test application can
              never become a live one again.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={patch.isPending}>Cancel</AlertDialogCancel>
            <Button
              type="button"
              variant="destructive"
              loading={patch.isPending}
              onClick={() => void test.mark()}
            >
              Make it a test application
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
      <span>For rehearsals: it leaves production figures for good.</span>
    </div>
  );
}
