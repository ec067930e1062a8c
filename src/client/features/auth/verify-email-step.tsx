import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { VERIFICATION_CODE_LENGTH } from '../../../shared/constants';
import { verifyEmailSchema } from '../../../shared/schemas/auth';
import { OneTimeCodeField } from '../../components/one-time-code-field';
import { Button } from '../../components/ui/button';
import { Form } from '../../components/ui/form';
import { toast } from '../../hooks/use-toast';
import { ApiError, messageOf } from '../../lib/api';
import { useResendVerification, useVerifyEmail } from './api';
import { resendLabel, useResendCountdown } from './resend-countdown';

const codeFormSchema = verifyEmailSchema.pick({ code: true });

export type VerificationReason = 'registered' | 'unverified-login';

export function VerifyEmailStep({
  email,
  reason,
  resendAfterSeconds = 0,
  onCancel,
}: {
  email: string;
  reason: VerificationReason;
  /** What the server said when it sent the first code: seconds until another may be asked for. */
  resendAfterSeconds?: number;
  onCancel: () => void;
}) {
  const verify = useVerifyEmail();
  const resend = useResendVerification();
  const countdown = useResendCountdown(resendAfterSeconds);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const form = useForm({ resolver: zodResolver(codeFormSchema), defaultValues: { code: '' } });

  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  const onSubmit = form.handleSubmit(({ code }) => {
    verify.mutate(
      { email, code },
      {
        // The session is now set; the page moves on to the redirect target.
        onSuccess: () =>
          toast({ title: 'Email Verified', description: 'Your account has been created successfully' }),
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Verification Failed',
            description: messageOf(error, 'Invalid verification code'),
          }),
      },
    );
  });

  const onResend = () => {
    resend.mutate(
      { email },
      {
        onSuccess: (answer) => {
          form.reset({ code: '' });
          countdown.start(answer.retryAfterSeconds);
          toast({
            title: 'Code Resent',
            description: 'A new verification code has been sent to your email.',
          });
        },
        onError: (error) => {
          if (error instanceof ApiError && error.retryAfterSeconds) countdown.start(error.retryAfterSeconds);
          toast({
            variant: 'destructive',
            title: 'Failed to Resend Code',
            description: messageOf(error, 'Failed to resend verification code'),
          });
        },
      },
    );
  };

  return (
    <div className="grid gap-6" data-testid="verify-email-step">
      <div className="grid justify-items-center gap-3 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-emerald-50 text-emerald-700">
          <MailCheck className="size-6" aria-hidden="true" />
        </span>
        <h1 ref={headingRef} tabIndex={-1} className="text-xl font-semibold text-slate-900 outline-none">
          Verify your email
        </h1>
        <p className="text-sm text-slate-600">
          {reason === 'unverified-login' ? 'Your email address has not been verified yet. ' : null}
          We sent a {VERIFICATION_CODE_LENGTH}-digit verification code to{' '}
          <strong className="font-semibold [overflow-wrap:anywhere] text-slate-900">{email}</strong>. Enter it
          below to finish setting up your account.
        </p>
      </div>
      <Form {...form}>
        <form onSubmit={onSubmit} className="grid gap-5" noValidate aria-label="Verify email">
          <OneTimeCodeField
            control={form.control}
            label="Verification code"
            maxLength={VERIFICATION_CODE_LENGTH}
            placeholder="123456"
            description="Did not get it? Check your spam folder, or resend the code."
          />
          <Button type="submit" size="lg" loading={verify.isPending} className="w-full">
            Verify Email
          </Button>
          <div className="flex flex-col gap-2 sm:flex-row sm:justify-between">
            <Button
              variant="outline"
              onClick={onResend}
              loading={resend.isPending}
              disabled={countdown.secondsLeft > 0}
              className="tabular-nums"
            >
              {resendLabel(countdown.secondsLeft)}
            </Button>
            <Button variant="ghost" onClick={onCancel}>
              Use a different email
            </Button>
          </div>
        </form>
      </Form>
    </div>
  );
}
