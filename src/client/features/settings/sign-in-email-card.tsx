// Settings: the e-mail the creator signs in with, and changing it (decision 010). Step 1 asks for the new
// address and the current password; the server e-mails a code to the new address and tells the old one. Step 2
// takes the code; only then does the new address sign in. Until then the card says which address still works.
import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import type { PublicUser } from '../../../shared/schemas/auth';
import {
  type EmailChangeRequest,
  type EmailChangeVerify,
  emailChangeRequestSchema,
  emailChangeVerifySchema,
} from '../../../shared/schemas/users';
import { EmailField, PasswordField } from '../../components/form-fields';
import { OneTimeCodeField } from '../../components/one-time-code-field';
import { Alert, AlertDescription, AlertTitle } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Form } from '../../components/ui/form';
import { Skeleton } from '../../components/ui/skeleton';
import { useReportUnsaved } from '../../components/unsaved-changes';
import { toast } from '../../hooks/use-toast';
import { messageOf } from '../../lib/api';
import { applyServerErrors } from '../../lib/form-errors';
import {
  useCancelEmailChange,
  useConfirmEmailChange,
  usePendingEmailChange,
  useRequestEmailChange,
} from './api';

export function SignInEmailCard({ user }: { user: PublicUser }) {
  const pending = usePendingEmailChange();
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Sign-in Email</CardTitle>
        <CardDescription>
          You sign in with <span className="font-medium text-slate-900 break-all">{user.username}</span>.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {pending.isPending ? (
          <div role="status" className="grid gap-3">
            <span className="sr-only">Loading…</span>
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
          </div>
        ) : pending.data?.pendingEmail ? (
          <ConfirmStep currentEmail={user.username} pendingEmail={pending.data.pendingEmail} />
        ) : (
          <RequestStep />
        )}
        {pending.isError ? (
          <p role="alert" className="mt-3 text-sm text-red-700">
            {messageOf(pending.error, 'Could not check for a pending change.')}{' '}
            <Button variant="link" className="h-auto p-0" onClick={() => void pending.refetch()}>
              Retry
            </Button>
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}

function RequestStep() {
  const request = useRequestEmailChange();
  const form = useForm<EmailChangeRequest>({
    resolver: zodResolver(emailChangeRequestSchema),
    defaultValues: { newEmail: '', currentPassword: '' },
  });
  useReportUnsaved('Sign-in Email', form.formState.isDirty);
  const onSubmit = form.handleSubmit((values) => {
    request.mutate(values, {
      onSuccess: (answer) => {
        form.reset();
        toast({ title: 'Check your new inbox', description: answer.message });
      },
      onError: (error) => {
        applyServerErrors(form, error, ['newEmail', 'currentPassword']);
        toast({
          variant: 'destructive',
          title: 'Email not changed',
          description: messageOf(error, 'Could not start the change. Please try again.'),
        });
      },
    });
  });
  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate aria-label="Change sign-in email" className="grid gap-5">
        <p className="text-sm text-slate-600">
          To change it, enter the new address and your current password. We e-mail a code to the new address
          and let your current address know. Your sign-in email changes only when you enter the code.
        </p>
        <div className="grid gap-5 sm:grid-cols-2">
          <EmailField control={form.control} name="newEmail" label="New Email" />
          <PasswordField
            control={form.control}
            name="currentPassword"
            label="Current Password"
            autoComplete="current-password"
          />
        </div>
        <div className="flex justify-end">
          <Button type="submit" loading={request.isPending} className="w-full sm:w-auto">
            Send Code
          </Button>
        </div>
      </form>
    </Form>
  );
}

function ConfirmStep({ currentEmail, pendingEmail }: { currentEmail: string; pendingEmail: string }) {
  const confirm = useConfirmEmailChange();
  const cancel = useCancelEmailChange();
  const form = useForm<EmailChangeVerify>({
    resolver: zodResolver(emailChangeVerifySchema),
    defaultValues: { code: '' },
  });
  const onSubmit = form.handleSubmit((values) => {
    confirm.mutate(values, {
      onSuccess: ({ user }) => {
        toast({ title: 'Email changed', description: `You now sign in with ${user.username}.` });
      },
      onError: (error) => {
        form.setError(
          'code',
          { message: messageOf(error, 'That code did not work.') },
          { shouldFocus: true },
        );
      },
    });
  });
  const busy = confirm.isPending || cancel.isPending;
  return (
    <div className="grid gap-5">
      <Alert>
        <MailCheck aria-hidden="true" />
        <AlertTitle>Waiting for your code</AlertTitle>
        <AlertDescription>
          We sent a 6-digit code to <span className="font-medium break-all">{pendingEmail}</span>. Until you
          enter it, you keep signing in with <span className="font-medium break-all">{currentEmail}</span>.
        </AlertDescription>
      </Alert>
      <Form {...form}>
        <form onSubmit={onSubmit} noValidate aria-label="Confirm new sign-in email" className="grid gap-5">
          <OneTimeCodeField
            control={form.control}
            label="Code from the new address"
            size="inline"
            description="Valid for 10 minutes."
            className="sm:max-w-xs"
          />
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button
              type="button"
              variant="outline"
              disabled={busy}
              loading={cancel.isPending}
              onClick={() =>
                cancel.mutate(undefined, {
                  onSuccess: () =>
                    toast({
                      title: 'Change stopped',
                      description: `You still sign in with ${currentEmail}.`,
                    }),
                  onError: (error) =>
                    toast({
                      variant: 'destructive',
                      title: 'Could not stop the change',
                      description: messageOf(error, 'Please try again.'),
                    }),
                })
              }
            >
              Cancel Change
            </Button>
            <Button type="submit" disabled={busy} loading={confirm.isPending}>
              Confirm New Email
            </Button>
          </div>
        </form>
      </Form>
    </div>
  );
}
