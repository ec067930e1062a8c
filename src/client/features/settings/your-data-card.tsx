// Settings, "Your data" (POPIA, docs/privacy.md): download everything stored about you as a ZIP of JSON files,
// and delete the account. With nothing owed the account and personal data go at once and the creator is signed
// out; with a loan open the request waits for the loan to be repaid and can be withdrawn until then.
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Download, ShieldOff, Trash2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import {
  DELETE_CONFIRMATION_WORD,
  type DeleteAccountInput,
  deleteAccountSchema,
} from '../../../shared/schemas/privacy';
import { FormDialog, FormDialogContent } from '../../components/form-dialog';
import { PasswordField, TextField } from '../../components/form-fields';
import { Alert, AlertDescription, AlertTitle } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../hooks/use-toast';
import { messageOf } from '../../lib/api';
import { applyServerErrors } from '../../lib/form-errors';
import { formatDate } from '../../lib/format';
import { USER_QUERY_KEY } from '../../lib/session';
import {
  privacyStatusQueryOptions,
  useDeleteAccount,
  useDownloadMyData,
  useWithdrawDeletionRequest,
} from './privacy-api';

const ids = (list: number[]) => list.map((id) => `#${id}`).join(', ');

export function YourDataCard() {
  return (
    <Card data-testid="your-data-card">
      <CardHeader>
        <CardTitle as="h2">Your data</CardTitle>
        <CardDescription>
          What we hold about you is yours. Take a copy at any time, or ask us to delete your account.{' '}
          <Link to="/privacy" className="font-medium text-emerald-800 underline underline-offset-2">
            How we use and keep your data
          </Link>
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <DownloadSection />
        <div className="border-t border-border" />
        <DeleteSection />
      </CardContent>
    </Card>
  );
}

function DownloadSection() {
  const download = useDownloadMyData();
  return (
    <section
      aria-labelledby="download-data-title"
      className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end"
    >
      <div className="grid gap-1">
        <h3 id="download-data-title" className="font-medium text-slate-900">
          Download my data
        </h3>
        <p className="text-sm text-slate-600">
          A ZIP of JSON files: your profile and bank details, applications, repayment schedules and payments,
          platforms and proofs, learning progress, account activity and the e-mail we sent you. Passwords and
          one-time codes are never included.
        </p>
      </div>
      <Button
        variant="outline"
        loading={download.isPending}
        className="w-full sm:w-auto"
        onClick={() =>
          download.mutate(undefined, {
            onSuccess: (fileName) => toast({ title: 'Your data is downloading', description: fileName }),
            onError: (error) =>
              toast({
                variant: 'destructive',
                title: 'Download failed',
                description: messageOf(error, 'Could not prepare your data. Please try again.'),
              }),
          })
        }
      >
        {download.isPending ? null : <Download aria-hidden="true" />}
        Download my data
      </Button>
    </section>
  );
}

function DeleteSection() {
  const status = useQuery(privacyStatusQueryOptions);
  const [open, setOpen] = useState(false);
  const withdraw = useWithdrawDeletionRequest();
  const data = status.data;
  let body: ReactNode;
  if (status.isPending) {
    body = (
      <div role="status" className="grid gap-2">
        <span className="sr-only">Loading…</span>
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-10 w-44 justify-self-end" />
      </div>
    );
  } else if (!data) {
    body = (
      <p role="alert" className="text-sm text-red-700">
        {messageOf(status.error, 'Could not check your account.')}{' '}
        <Button variant="link" className="h-auto p-0" onClick={() => void status.refetch()}>
          Retry
        </Button>
      </p>
    );
  } else if (data.deletionRequestedAt) {
    body = (
      <div className="grid gap-3">
        <Alert variant="warning" data-testid="deletion-pending">
          <ShieldOff aria-hidden="true" />
          <div className="grid gap-1">
            <AlertTitle>Deletion requested on {formatDate(data.deletionRequestedAt)}</AlertTitle>
            <AlertDescription>
              {data.openLoanIds.length
                ? `We delete your account and personal data as soon as financing ${ids(data.openLoanIds)} is repaid. Until then you can sign in, pay and download your data.`
                : 'We delete your account and personal data as soon as your financing is repaid.'}
            </AlertDescription>
          </div>
        </Alert>
        <Button
          variant="outline"
          className="w-full justify-self-end sm:w-auto"
          loading={withdraw.isPending}
          onClick={() =>
            withdraw.mutate(undefined, {
              onSuccess: () => toast({ title: 'Request withdrawn', description: 'Your account stays open.' }),
              onError: (error) =>
                toast({
                  variant: 'destructive',
                  title: 'Could not withdraw the request',
                  description: messageOf(error, 'Please try again.'),
                }),
            })
          }
        >
          Keep my account
        </Button>
      </div>
    );
  } else {
    body = (
      <div className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
        <div className="grid gap-1 text-sm text-slate-600">
          <p>
            Your name, e-mail, bank details, platforms, proofs and learning progress are erased and you cannot
            sign in again. The law requires us to keep the records of money lent and repaid, without your
            details.
          </p>
          {data.openLoanIds.length ? (
            <p className="font-medium text-slate-800">
              You still owe on financing {ids(data.openLoanIds)}: we record your request and delete your
              account when it is repaid.
            </p>
          ) : data.pendingApplicationIds.length ? (
            <p className="font-medium text-slate-800">
              Cancel application {ids(data.pendingApplicationIds)} on your dashboard first.
            </p>
          ) : null}
        </div>
        <Button variant="destructive" className="w-full sm:w-auto" onClick={() => setOpen(true)}>
          <Trash2 aria-hidden="true" />
          Delete my account
        </Button>
      </div>
    );
  }
  return (
    <section aria-labelledby="delete-account-title" className="grid gap-3">
      <h3 id="delete-account-title" className="font-medium text-slate-900">
        Delete my account
      </h3>
      {body}
      <FormDialog open={open} onOpenChange={setOpen}>
        {open ? (
          <DeleteAccountDialog owes={(data?.openLoanIds.length ?? 0) > 0} close={() => setOpen(false)} />
        ) : null}
      </FormDialog>
    </section>
  );
}

function DeleteAccountDialog({ owes, close }: { owes: boolean; close: () => void }) {
  const remove = useDeleteAccount();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const form = useForm<DeleteAccountInput, unknown, z.output<typeof deleteAccountSchema>>({
    resolver: zodResolver(deleteAccountSchema),
    defaultValues: { password: '', confirmation: '' },
  });
  const [refusal, setRefusal] = useState<string | null>(null);
  const onSubmit = form.handleSubmit((values) => {
    setRefusal(null);
    remove.mutate(values, {
      onSuccess: (answer) => {
        if (answer.outcome === 'erased') {
          // As signing out does: leave the page first, then forget the user and everything read for them.
          navigate('/', { flushSync: true });
          queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== USER_QUERY_KEY[0] });
          queryClient.setQueryData(USER_QUERY_KEY, null);
          toast({ title: 'Account deleted', description: answer.message });
          return;
        }
        close();
        toast({ title: 'Deletion requested', description: answer.message });
      },
      onError: (error) => {
        if (applyServerErrors(form, error, ['password', 'confirmation']).length === 0) {
          setRefusal(messageOf(error, 'Your account was not deleted. Please try again.'));
        }
      },
    });
  });
  return (
    <FormDialogContent
      title="Delete your account?"
      description={
        owes
          ? 'You still owe money: we record your request now and delete your account when your financing is repaid.'
          : 'This cannot be undone. Download your data first if you want a copy.'
      }
      form={form}
      onSubmit={onSubmit}
      formLabel="Delete account"
      busy={remove.isPending}
      error={refusal ? { title: 'Account not deleted', message: refusal } : undefined}
      submitLabel={owes ? 'Request deletion' : 'Delete my account'}
      pendingLabel={owes ? 'Requesting…' : 'Deleting…'}
      submitVariant="destructive"
    >
      <PasswordField
        control={form.control}
        name="password"
        label="Password"
        autoComplete="current-password"
      />
      <TextField
        control={form.control}
        name="confirmation"
        label={`Type ${DELETE_CONFIRMATION_WORD} to confirm`}
        autoCapitalize="characters"
        description="In capitals or not."
      />
    </FormDialogContent>
  );
}
