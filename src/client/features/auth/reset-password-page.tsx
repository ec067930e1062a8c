// Reset password: reads the token from ?token=.
import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound, LinkIcon } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PASSWORD_MIN_LENGTH } from '../../../shared/constants';
import { resetPasswordFormSchema } from '../../../shared/schemas/auth';
import { PasswordField } from '../../components/form-fields';
import { Button, buttonVariants } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Form } from '../../components/ui/form';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { toast } from '../../hooks/use-toast';
import { messageOf } from '../../lib/api';
import { useResetPassword } from './api';

function InvalidResetLink() {
  return (
    <Card className="w-full max-w-md">
      <CardHeader className="items-center text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-red-50 text-red-700">
          <LinkIcon className="size-6" aria-hidden="true" />
        </span>
        <CardTitle as="h1" className="mt-2 text-2xl">
          Invalid Reset Link
        </CardTitle>
        <CardDescription>Invalid reset link. Please request a new password reset.</CardDescription>
      </CardHeader>
      <CardContent className="flex justify-center">
        <Link to="/auth" className={buttonVariants()}>
          Back to Login
        </Link>
      </CardContent>
    </Card>
  );
}

function ResetPasswordForm({ token }: { token: string }) {
  const reset = useResetPassword();
  const navigate = useNavigate();
  const form = useForm({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });

  const onSubmit = form.handleSubmit(({ newPassword }) => {
    reset.mutate(
      { token, newPassword },
      {
        onSuccess: () => {
          toast({
            title: 'Success',
            description: 'Your password has been reset. Please log in with your new password.',
          });
          navigate('/auth');
        },
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Error',
            description: messageOf(error, 'Failed to reset password'),
          }),
      },
    );
  });

  return (
    <Card className="w-full max-w-md">
      <CardHeader className="items-center text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-emerald-50 text-emerald-700">
          <KeyRound className="size-6" aria-hidden="true" />
        </span>
        <CardTitle as="h1" className="mt-2 text-2xl">
          Reset your password
        </CardTitle>
        <CardDescription>Choose a new password for your account.</CardDescription>
      </CardHeader>
      <CardContent>
        <Form {...form}>
          <form onSubmit={onSubmit} className="grid gap-5" noValidate aria-label="Reset password">
            <PasswordField
              control={form.control}
              name="newPassword"
              label="New Password"
              autoComplete="new-password"
              description={`At least ${PASSWORD_MIN_LENGTH} characters.`}
            />
            <PasswordField
              control={form.control}
              name="confirmPassword"
              label="Confirm Password"
              autoComplete="new-password"
            />
            <Button type="submit" size="lg" loading={reset.isPending} className="w-full">
              Reset Password
            </Button>
            <Link
              to="/auth"
              className="justify-self-center text-sm font-medium text-primary underline-offset-4 hover:underline"
            >
              Back to Login
            </Link>
          </form>
        </Form>
      </CardContent>
    </Card>
  );
}

export function ResetPasswordPage() {
  useDocumentTitle('Reset Password');
  const [params] = useSearchParams();
  const token = params.get('token')?.trim();
  return (
    <div className="flex flex-1 items-start justify-center px-4 py-12 sm:py-16">
      {token ? <ResetPasswordForm token={token} /> : <InvalidResetLink />}
    </div>
  );
}
