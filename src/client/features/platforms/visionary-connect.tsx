// Visionary by e-mail and code: send a code to the Visionary account's address,
// then enter it. The two steps are separate forms so Enter does the obvious thing in each.
import { zodResolver } from '@hookform/resolvers/zod';
import { Sparkles } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { VERIFICATION_CODE_LENGTH } from '../../../shared/constants';
import { visionaryVerifyCodeSchema, visionaryVerifySchema } from '../../../shared/schemas/platforms';
import { EmailField } from '../../components/form-fields';
import { OneTimeCodeField } from '../../components/one-time-code-field';
import { Button } from '../../components/ui/button';
import { Form } from '../../components/ui/form';
import { toast } from '../../hooks/use-toast';
import { messageOf } from '../../lib/api';
import { useSendVisionaryCode, useVerifyVisionaryCode } from './api';
import { ConnectedMark, PlatformOption } from './platform-option';

const codeSchema = visionaryVerifyCodeSchema.pick({ code: true });

function EmailStep({ onSent, onCancel }: { onSent: (email: string) => void; onCancel: () => void }) {
  const send = useSendVisionaryCode();
  const form = useForm({ resolver: zodResolver(visionaryVerifySchema), defaultValues: { email: '' } });

  useEffect(() => {
    form.setFocus('email');
  }, [form]);

  const onSubmit = form.handleSubmit(
    ({ email }) => {
      send.mutate(
        { email },
        {
          onSuccess: () => {
            toast({
              title: 'Verification Code Sent',
              description: `Check ${email} for your verification code.`,
            });
            onSent(email);
          },
          onError: (error) =>
            toast({
              variant: 'destructive',
              title: 'Verification Failed',
              description: messageOf(error, 'Please try again'),
            }),
        },
      );
    },
    () => {
      if (form.getValues('email').trim() === '') {
        toast({
          variant: 'destructive',
          title: 'Email Required',
          description: 'Please enter the email address of your Visionary account.',
        });
      }
    },
  );

  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className="grid gap-3" aria-label="Send Visionary code">
        <EmailField
          control={form.control}
          name="email"
          label="Visionary email"
          description="We send a verification code to this address."
        />
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button type="submit" loading={send.isPending}>
            Send Code
          </Button>
          <Button variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      </form>
    </Form>
  );
}

function CodeStep({
  email,
  onVerified,
  onChangeEmail,
}: {
  email: string;
  onVerified: () => void;
  onChangeEmail: () => void;
}) {
  const verify = useVerifyVisionaryCode();
  const resend = useSendVisionaryCode();
  const form = useForm({ resolver: zodResolver(codeSchema), defaultValues: { code: '' } });

  useEffect(() => {
    form.setFocus('code');
  }, [form]);

  const onSubmit = form.handleSubmit(
    ({ code }) => {
      verify.mutate(
        { email, code },
        {
          onSuccess: () => {
            toast({ title: 'Verification Successful', description: 'Platform Connected' });
            onVerified();
          },
          onError: (error) =>
            toast({
              variant: 'destructive',
              title: 'Verification Failed',
              description: messageOf(
                error,
                'Invalid verification code. Please try again or request a new code.',
              ),
            }),
        },
      );
    },
    () => {
      if (form.getValues('code').trim() === '') {
        toast({
          variant: 'destructive',
          title: 'Code Required',
          description: 'Please enter the verification code we sent you.',
        });
      }
    },
  );

  const onResend = () => {
    resend.mutate(
      { email },
      {
        onSuccess: () => {
          form.reset({ code: '' });
          form.setFocus('code');
          toast({ title: 'Verification Code Sent', description: `A new code is on its way to ${email}.` });
        },
        // The server refuses a second code within a minute (429) and says how long to wait.
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Failed to Resend Code',
            description: messageOf(error, 'Please try again later'),
          }),
      },
    );
  };

  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className="grid gap-3" aria-label="Verify Visionary code">
        <p className="text-sm text-slate-700">
          We sent a code to <strong className="font-semibold [overflow-wrap:anywhere]">{email}</strong>.
        </p>
        <OneTimeCodeField
          control={form.control}
          label="Verification code"
          maxLength={VERIFICATION_CODE_LENGTH}
          placeholder="123456"
          size="inline"
        />
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button type="submit" loading={verify.isPending} disabled={resend.isPending}>
            Verify Code
          </Button>
          <Button variant="outline" onClick={onResend} loading={resend.isPending} disabled={verify.isPending}>
            Resend
          </Button>
          <Button variant="ghost" onClick={onChangeEmail} disabled={verify.isPending}>
            Use a different email
          </Button>
        </div>
      </form>
    </Form>
  );
}

export function VisionaryConnect({ connected }: { connected: boolean }) {
  const [open, setOpen] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const connectRef = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);

  // Closing the panel removes the focused control; give focus back to the button that opened it.
  useEffect(() => {
    if (wasOpen.current && !open) connectRef.current?.focus();
    wasOpen.current = open;
  }, [open]);

  const close = () => {
    setOpen(false);
    setSentTo(null);
  };

  return (
    <PlatformOption
      icon={<Sparkles />}
      title="Visionary"
      description="Verify your Visionary Writings account with a code sent to its email address."
      action={
        connected ? (
          <ConnectedMark />
        ) : open ? null : (
          <Button writes ref={connectRef} variant="outline" onClick={() => setOpen(true)}>
            Connect Visionary
          </Button>
        )
      }
    >
      {!connected && open ? (
        sentTo ? (
          <CodeStep email={sentTo} onVerified={close} onChangeEmail={() => setSentTo(null)} />
        ) : (
          <EmailStep onSent={setSentTo} onCancel={close} />
        )
      ) : null}
    </PlatformOption>
  );
}
