// The admin's second sign-in step on /auth (decision 017): at the first admin sign-in, set up an authenticator
// app (QR code or key, then a first code) and save ten recovery codes; at every later one, enter a code from
// the app or a recovery code. The page moves on when the session has passed (auth-page.tsx).
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { AlertCircle, Copy, Download, KeyRound, ShieldCheck } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { PRODUCT_NAME } from '../../../shared/constants';
import {
  MFA_CODE_LENGTH,
  type MfaStep as MfaStepName,
  mfaCodeFormSchema,
  mfaRecoveryFormSchema,
} from '../../../shared/schemas/mfa';
import { OneTimeCodeField } from '../../components/one-time-code-field';
import { Alert, AlertDescription } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Checkbox } from '../../components/ui/checkbox';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '../../components/ui/form';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../hooks/use-toast';
import { ApiError, messageOf } from '../../lib/api';
import { markMfaPassed, useMfaConfirm, useMfaEnrol, useMfaVerify } from './mfa-api';

/** A wrong or used code belongs to the field; anything else (locked out, server down) to the alert. */
function fieldMessage(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  return error.message;
}

/** The heading takes focus when a step (or a stage of it) appears, so screen readers start there. */
function StepHeading({
  icon,
  title,
  children,
}: {
  icon: 'shield' | 'key';
  title: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  const Icon = icon === 'shield' ? ShieldCheck : KeyRound;
  return (
    <div className="grid justify-items-center gap-3 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-emerald-50 text-emerald-700">
        <Icon className="size-6" aria-hidden="true" />
      </span>
      <h1 ref={ref} tabIndex={-1} className="text-xl font-semibold text-slate-900 outline-none">
        {title}
      </h1>
      <div className="grid gap-2 text-sm text-slate-600">{children}</div>
    </div>
  );
}

function ErrorAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert variant="destructive" role="alert" data-testid="mfa-error">
      <AlertCircle aria-hidden="true" />
      <AlertDescription>{message}</AlertDescription>
    </Alert>
  );
}

/** The 6-digit code field, as the e-mail verification step has it. */
function CodeForm({
  submitLabel,
  pending,
  disabled = false,
  onCode,
  description,
  formLabel,
}: {
  submitLabel: string;
  pending: boolean;
  /** Not ready yet (the key is still on its way). */
  disabled?: boolean;
  onCode: (code: string, fail: (error: unknown) => void) => void;
  description: string;
  formLabel: string;
}) {
  const [error, setError] = useState<string | null>(null);
  const form = useForm({ resolver: zodResolver(mfaCodeFormSchema), defaultValues: { code: '' } });
  const onSubmit = form.handleSubmit(({ code }) => {
    setError(null);
    onCode(code, (failure) => {
      const message = fieldMessage(failure);
      if (message) {
        form.setError('code', { message }, { shouldFocus: true });
        form.setValue('code', '');
      } else {
        setError(messageOf(failure, 'Verification failed. Please try again.'));
      }
    });
  });
  return (
    <Form {...form}>
      <form onSubmit={onSubmit} className="grid gap-5" noValidate aria-label={formLabel}>
        <ErrorAlert message={error} />
        <OneTimeCodeField
          control={form.control}
          label="Authenticator code"
          pattern="[0-9 ]*"
          maxLength={MFA_CODE_LENGTH + 1}
          placeholder="123456"
          description={description}
        />
        <Button type="submit" size="lg" loading={pending} disabled={disabled} className="w-full">
          {submitLabel}
        </Button>
      </form>
    </Form>
  );
}

/** The key in groups of four, easier to type into an app by hand. */
const groupedKey = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

async function copyText(text: string, what: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast({ title: 'Copied', description: `${what} copied to the clipboard.` });
  } catch {
    toast({
      variant: 'destructive',
      title: 'Copy failed',
      description: `Select the ${what.toLowerCase()} and copy it yourself.`,
    });
  }
}

function downloadText(filename: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function RecoveryCodes({ email, codes }: { email: string; codes: string[] }) {
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState(false);
  const savedId = useId();
  const text = [
    `${PRODUCT_NAME} recovery codes for ${email}`,
    'Each code signs you in once when your authenticator app is not at hand.',
    '',
    ...codes,
    '',
  ].join('\n');
  return (
    <div className="grid gap-6" data-testid="mfa-recovery-codes">
      <StepHeading icon="key" title="Save your recovery codes">
        <p>
          Two-step sign-in is on. If you ever lose your phone, each of these codes signs you in once instead
          of an authenticator code. Keep them somewhere safe, such as a password manager.
        </p>
        <p className="font-medium text-slate-900">They are shown only now.</p>
      </StepHeading>
      <ol
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-x-4 gap-y-2 rounded-lg border border-border bg-slate-50 p-4 font-mono text-base text-slate-900"
      >
        {codes.map((code) => (
          <li key={code} className="text-center tracking-wider">
            {code}
          </li>
        ))}
      </ol>
      <div className="grid gap-2 sm:grid-cols-2">
        <Button variant="outline" onClick={() => void copyText(codes.join('\n'), 'Recovery codes')}>
          <Copy aria-hidden="true" />
          Copy codes
        </Button>
        <Button variant="outline" onClick={() => downloadText('vuka-capital-recovery-codes.txt', text)}>
          <Download aria-hidden="true" />
          Download as text file
        </Button>
      </div>
      <div className="flex items-start gap-3">
        <Checkbox
          id={savedId}
          checked={saved}
          onCheckedChange={(checked) => setSaved(checked === true)}
          className="mt-0.5"
        />
        <Label htmlFor={savedId}>I have saved these recovery codes</Label>
      </div>
      <Button
        size="lg"
        className="w-full"
        disabled={!saved}
        onClick={() => markMfaPassed(queryClient, codes.length)}
      >
        Continue
      </Button>
    </div>
  );
}

/** One numbered step of the set-up (the number is drawn; the list itself gives the order to screen readers). */
function SetupStep({ number, children }: { number: number; children: ReactNode }) {
  return (
    <li className="flex gap-3">
      <span
        aria-hidden="true"
        className="flex size-6 shrink-0 items-center justify-center rounded-full bg-emerald-100 text-xs font-semibold text-emerald-800"
      >
        {number}
      </span>
      <div className="grid min-w-0 flex-1 gap-3 pt-0.5">{children}</div>
    </li>
  );
}

function Enrolment({ email, onSignOut, signingOut }: StepProps) {
  const enrol = useMfaEnrol();
  const confirm = useMfaConfirm();
  const [codes, setCodes] = useState<string[] | null>(null);
  const asked = useRef(false);
  const { mutate: askForKey } = enrol;

  // One key per visit to the step (the server replaces a key not yet confirmed).
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    askForKey();
  }, [askForKey]);

  if (codes) return <RecoveryCodes email={email} codes={codes} />;

  const key = enrol.data;
  return (
    <div className="grid gap-6" data-testid="mfa-enrolment">
      <StepHeading icon="shield" title="Set up two-step sign-in">
        <p>
          Admin pages need a code from an authenticator app as well as your password. Set it up once now:
          every later sign-in asks for a code.
        </p>
      </StepHeading>
      <ol className="grid gap-6 text-sm text-slate-700">
        <SetupStep number={1}>
          <span>
            Open an authenticator app on your phone (such as Google Authenticator, Microsoft Authenticator or
            1Password) and add an account.
          </span>
        </SetupStep>
        <SetupStep number={2}>
          <span>Scan this QR code with the app.</span>
          {enrol.isPending || (!key && !enrol.isError) ? (
            <div
              className="flex size-52 items-center justify-center justify-self-center rounded-lg border border-border bg-slate-50"
              role="status"
            >
              <Spinner label="Preparing your key…" />
            </div>
          ) : null}
          {enrol.isError ? (
            <div className="grid gap-3">
              <ErrorAlert message={messageOf(enrol.error, 'Could not prepare your key.')} />
              <Button variant="outline" onClick={() => askForKey()} loading={enrol.isPending}>
                Try again
              </Button>
            </div>
          ) : null}
          {key ? (
            <>
              <img
                src={key.qrCode}
                alt={`QR code to add ${PRODUCT_NAME} (${email}) to an authenticator app`}
                width={208}
                height={208}
                className="size-52 justify-self-center rounded-lg border border-border bg-white p-1"
                data-testid="mfa-qr-code"
              />
              <div className="grid gap-2">
                <span>Cannot scan it? Enter this key in the app instead (time-based, 6 digits):</span>
                <div className="flex flex-wrap items-center gap-2">
                  <code
                    className="min-w-0 flex-1 rounded-md border border-border bg-slate-50 px-3 py-2 font-mono text-sm break-all text-slate-900"
                    data-testid="mfa-secret"
                  >
                    {groupedKey(key.secret)}
                  </code>
                  <Button variant="outline" size="sm" onClick={() => void copyText(key.secret, 'Set-up key')}>
                    <Copy aria-hidden="true" />
                    Copy key
                  </Button>
                </div>
              </div>
            </>
          ) : null}
        </SetupStep>
        <SetupStep number={3}>
          <span>Enter the 6-digit code the app now shows for {PRODUCT_NAME}.</span>
          <CodeForm
            formLabel="Set up authenticator"
            submitLabel="Turn on two-step sign-in"
            description="The code changes every 30 seconds."
            pending={confirm.isPending}
            disabled={!key}
            onCode={(code, fail) =>
              confirm.mutate(
                { code },
                { onSuccess: (answer) => setCodes(answer.recoveryCodes), onError: fail },
              )
            }
          />
        </SetupStep>
      </ol>
      <Button variant="ghost" onClick={onSignOut} loading={signingOut}>
        Sign out
      </Button>
    </div>
  );
}

function Verification({ email, onSignOut, signingOut }: StepProps) {
  const verify = useMfaVerify();
  const [mode, setMode] = useState<'code' | 'recovery'>('code');
  const [error, setError] = useState<string | null>(null);
  const recoveryForm = useForm({
    resolver: zodResolver(mfaRecoveryFormSchema),
    defaultValues: { recoveryCode: '' },
  });

  const switchTo = (next: 'code' | 'recovery') => {
    setError(null);
    verify.reset();
    setMode(next);
  };

  const onRecovery = recoveryForm.handleSubmit(({ recoveryCode }) => {
    setError(null);
    verify.mutate(
      { recoveryCode },
      {
        onSuccess: (answer) =>
          toast({
            title: 'Signed in with a recovery code',
            description:
              answer.recoveryCodesLeft === 1
                ? 'You have 1 recovery code left.'
                : `You have ${answer.recoveryCodesLeft} recovery codes left.`,
          }),
        onError: (failure) => {
          const message = fieldMessage(failure);
          if (message) recoveryForm.setError('recoveryCode', { message }, { shouldFocus: true });
          else setError(messageOf(failure, 'Verification failed. Please try again.'));
        },
      },
    );
  });

  return (
    <div className="grid gap-6" data-testid="mfa-verification">
      {mode === 'code' ? (
        <>
          <StepHeading key="code" icon="shield" title="Enter your authenticator code">
            <p>
              Open your authenticator app and enter the 6-digit code for {PRODUCT_NAME} (
              <strong className="font-semibold [overflow-wrap:anywhere] text-slate-900">{email}</strong>).
            </p>
          </StepHeading>
          <CodeForm
            formLabel="Authenticator code"
            submitLabel="Verify"
            description="Each code works once. A new one appears every 30 seconds."
            pending={verify.isPending}
            onCode={(code, fail) => verify.mutate({ code }, { onError: fail })}
          />
          <Button variant="link" onClick={() => switchTo('recovery')}>
            Use a recovery code
          </Button>
        </>
      ) : (
        <>
          <StepHeading key="recovery" icon="key" title="Use a recovery code">
            <p>
              Enter one of the recovery codes you saved when you set up two-step sign-in. Each works once.
            </p>
          </StepHeading>
          <Form {...recoveryForm}>
            <form onSubmit={onRecovery} className="grid gap-5" noValidate aria-label="Recovery code">
              <ErrorAlert message={error} />
              <FormField
                control={recoveryForm.control}
                name="recoveryCode"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>Recovery code</FormLabel>
                    <FormControl>
                      <Input
                        autoComplete="off"
                        autoCapitalize="none"
                        spellCheck={false}
                        placeholder="k7m2p-x9q4r"
                        className="text-center font-mono text-lg tracking-widest"
                        {...field}
                      />
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
              <Button type="submit" size="lg" loading={verify.isPending} className="w-full">
                Verify recovery code
              </Button>
            </form>
          </Form>
          <Button variant="link" onClick={() => switchTo('code')}>
            Use my authenticator app instead
          </Button>
        </>
      )}
      <Button variant="ghost" onClick={onSignOut} loading={signingOut}>
        Sign out
      </Button>
    </div>
  );
}

type StepProps = { email: string; onSignOut: () => void; signingOut: boolean };

export function MfaStep({ step, ...props }: StepProps & { step: MfaStepName }) {
  return step === 'enrol' ? <Enrolment {...props} /> : <Verification {...props} />;
}
