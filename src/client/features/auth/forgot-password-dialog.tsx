import { zodResolver } from '@hookform/resolvers/zod';
import type { RefObject } from 'react';
import { useForm } from 'react-hook-form';
import { requestPasswordResetSchema } from '../../../shared/schemas/auth';
import { FormDialog, FormDialogContent } from '../../components/form-dialog';
import { EmailField } from '../../components/form-fields';
import { toast } from '../../hooks/use-toast';
import { useRequestPasswordReset } from './api';

/**
 * The Reset Password dialog. Its own chunk (the dialog layers and a second form), loaded by the
 * Forgot Password? button in the login form (login-form.tsx), which owns the open state; it is mounted
 * afresh for each opening, so it starts from the e-mail typed in the login form.
 */
export function ForgotPasswordDialog({
  defaultEmail,
  open,
  onOpenChange,
  trigger,
}: {
  defaultEmail: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opens the dialog: focus goes back to it on close. */
  trigger: RefObject<HTMLButtonElement | null>;
}) {
  const request = useRequestPasswordReset();
  const form = useForm({
    resolver: zodResolver(requestPasswordResetSchema),
    defaultValues: { username: defaultEmail },
  });

  const onSubmit = form.handleSubmit((values) => {
    request.mutate(values, {
      onSuccess: () => {
        toast({
          title: 'Check your email',
          description: "If an account exists with this email, you'll receive password reset instructions.",
        });
        onOpenChange(false);
      },
      onError: () => {
        toast({
          variant: 'destructive',
          title: 'Error',
          description: 'Failed to send reset email. Please try again.',
        });
      },
    });
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      // Mounted once the dialog's code has loaded: the button may have lost focus meanwhile.
      onCloseAutoFocus={(event) => {
        event.preventDefault();
        trigger.current?.focus();
      }}
    >
      <FormDialogContent
        title="Reset Password"
        description="Enter your email address and we'll send you instructions to reset your password."
        form={form}
        // The dialog is portalled out of the login form in the DOM but not in React's tree, where submit
        // events would still bubble up to the login form.
        onSubmit={(event) => {
          event?.stopPropagation();
          void onSubmit(event);
        }}
        busy={request.isPending}
        error={{
          title: 'Error',
          message: request.isError ? 'Failed to send reset email. Please try again.' : null,
        }}
        cancelLabel={null}
        submitLabel="Send Reset Instructions"
      >
        <EmailField control={form.control} name="username" label="Email" />
      </FormDialogContent>
    </FormDialog>
  );
}
