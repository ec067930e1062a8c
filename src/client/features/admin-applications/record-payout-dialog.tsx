// Record Payout (docs/lending.md, "Approval and payout"): once the creator accepted an agreement, the admin records
// the payout the bank made: its day and the bank's reference. It goes to the creator's bank account on file, named
// here as the server will store it ('FNB ..7890'); without one on file there is no payout, so the dialog says so and
// will not submit. Recording it starts the loan: the schedule is written with its due dates counted from that day.
// Validated with the shared payoutSchema; the server's refusals that name a field (a day after today or before the
// acceptance) are shown under it, the rest above the buttons.
import { zodResolver } from '@hookform/resolvers/zod';
import { Landmark } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { bankAccountText } from '../../../shared/bank-account';
import { businessDate } from '../../../shared/business-date';
import { payoutSchema } from '../../../shared/schemas/admin-applications';
import { DialogFigures } from '../../components/dialog-figures';
import { FormDialogContent } from '../../components/form-dialog';
import { DateField, TextField } from '../../components/form-fields';
import { Alert, AlertDescription, AlertTitle } from '../../components/ui/alert';
import { toast } from '../../hooks/use-toast';
import { messageOf } from '../../lib/api';
import { toastSentForApproval } from '../../lib/approvals';
import { applyServerErrors } from '../../lib/form-errors';
import { formatZar, formatZarWhole } from '../../lib/format';
import { financedAmount, TopUpNote } from '../applications';
import type { AdminApplication } from './admin-types';
import { ApplicationDialog } from './application-dialog';
import { applicantName } from './application-filters';
import { isUnreadableAnswer, useRecordPayout } from './applications-api';

type PayoutValues = z.input<typeof payoutSchema>;
type PayoutOutput = z.output<typeof payoutSchema>;

const FAILED = 'Payout not recorded';

export function RecordPayoutDialog({
  applicationId,
  onOpenChange,
}: {
  applicationId: number | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <ApplicationDialog applicationId={applicationId} onOpenChange={onOpenChange} title="Record Payout">
      {(application, onDone) => <PayoutContent application={application} onDone={onDone} />}
    </ApplicationDialog>
  );
}

function PayoutContent({ application, onDone }: { application: AdminApplication; onDone: () => void }) {
  const payout = useRecordPayout();
  // Also shown in the dialog: the toast region is hidden from assistive technology behind a modal dialog.
  const [serverError, setServerError] = useState<string | null>(null);
  // Today in South Africa when the dialog opened: the latest payout day the server accepts.
  const [today] = useState(() => businessDate(new Date()));
  const account = bankAccountText(application.user.bankName, application.user.accountNumber);
  const currency = application.currency;
  const form = useForm<PayoutValues, unknown, PayoutOutput>({
    resolver: zodResolver(payoutSchema),
    defaultValues: { paidOn: today, bankReference: '' },
  });

  const onSubmit = form.handleSubmit((values) => {
    setServerError(null);
    payout.mutate(
      { id: application.id, input: values },
      {
        onSuccess: (answer) => {
          toastSentForApproval(answer);
          onDone();
        },
        onError: (error) => {
          const message = isUnreadableAnswer(error)
            ? 'Server error occurred while recording the payout'
            : messageOf(error, 'Server error occurred while recording the payout');
          if (applyServerErrors(form, error, ['paidOn', 'bankReference']).length === 0)
            setServerError(message);
          toast({ variant: 'destructive', title: FAILED, description: message });
        },
      },
    );
  });

  // A top-up's payout first settles the loan it tops up: the creator receives the rest.
  const paidToCreator = application.topUp
    ? formatZar(application.topUp.creatorReceives, { currency })
    : formatZarWhole(financedAmount(application), { currency });

  return (
    <FormDialogContent
      className="max-w-md"
      busy={payout.isPending}
      title="Record Payout"
      description={
        <>
          #{application.id} · {applicantName(application)} accepted the agreement. Record the payout the bank
          made; the loan starts once a second finance officer or admin approves it.
        </>
      }
      form={form}
      onSubmit={onSubmit}
      formLabel="Payout"
      formClassName="grid gap-5"
      error={{ title: FAILED, message: serverError }}
      submitLabel="Send for approval"
      submitDisabled={account === null}
      intro={
        <div className="grid gap-3">
          {application.topUp ? <TopUpNote topUp={application.topUp} holder="creator" /> : null}
          {account ? (
            <DialogFigures
              testId="payout-figures"
              figures={[
                { label: 'Amount paid out', value: paidToCreator },
                { label: 'To', value: account },
              ]}
            />
          ) : (
            <Alert variant="destructive" role="alert" data-testid="no-bank-account">
              <Landmark aria-hidden="true" />
              <div className="grid gap-1">
                <AlertTitle>No bank account on file: no payout</AlertTitle>
                <AlertDescription>
                  The creator has not added a bank account. Ask them to add one in Settings, then record the
                  payout.
                </AlertDescription>
              </div>
            </Alert>
          )}
        </div>
      }
    >
      <DateField
        control={form.control}
        name="paidOn"
        label="Payout date"
        description="The day the bank paid it out: not in the future, and not before the creator accepted."
        max={today}
        disabled={account === null}
      />
      <TextField
        control={form.control}
        name="bankReference"
        label="Bank reference"
        description="As the bank shows it: 3 to 60 letters, digits, spaces and . / # - _"
        maxLength={60}
        disabled={account === null}
      />
    </FormDialogContent>
  );
}
