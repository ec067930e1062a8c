import { zodResolver } from '@hookform/resolvers/zod';
import { AlertCircle } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { REMEMBER_ME_DAYS } from '../../../shared/constants';
import { loginSchema } from '../../../shared/schemas/auth';
import { CheckboxField, EmailField } from '../../components/form-fields';
import { Alert, AlertDescription } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '../../components/ui/form';
import { Input } from '../../components/ui/input';
import { messageOf } from '../../lib/api';
import { needsVerification, useLogin } from './api';

const loadForgotPasswordDialog = () => import('./forgot-password-dialog');
const ForgotPasswordDialog = lazy(() =>
  loadForgotPasswordDialog().then((m) => ({ default: m.ForgotPasswordDialog })),
);

/** 'Forgot Password?': opens the Reset Password dialog, whose code is fetched when the button is reached for. */
function ForgotPasswordButton({ email }: { email: () => string }) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(0);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={button}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={() => void loadForgotPasswordDialog()}
        onFocus={() => void loadForgotPasswordDialog()}
        onClick={() => {
          setOpened((n) => n + 1);
          setOpen(true);
        }}
        className="rounded-sm text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        Forgot Password?
      </button>
      {opened > 0 ? (
        <Suspense fallback={null}>
          <ForgotPasswordDialog
            key={opened}
            defaultEmail={email()}
            open={open}
            onOpenChange={setOpen}
            trigger={button}
          />
        </Suspense>
      ) : null}
    </>
  );
}

export function LoginForm({ onNeedsVerification }: { onNeedsVerification: (email: string) => void }) {
  const login = useLogin();
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(loginSchema),
    defaultValues: { username: '', password: '', rememberMe: false },
  });

  const onSubmit = form.handleSubmit((values) => {
    setError(null);
    login.mutate(values, {
      // On success the session is set and the page moves on to the redirect target.
      onError: (err) => {
        const email = needsVerification(err);
        if (email !== null) {
          onNeedsVerification(email || values.username.trim().toLowerCase());
          return;
        }
        setError(messageOf(err, 'Login failed'));
      },
    });
  });

  return (
    <Form {...form}>
      <form onSubmit={onSubmit} className="grid gap-5" noValidate aria-label="Login">
        {error ? (
          <Alert variant="destructive" role="alert" data-testid="login-error">
            <AlertCircle aria-hidden="true" />
            <AlertDescription>{error}</AlertDescription>
          </Alert>
        ) : null}
        <EmailField control={form.control} name="username" label="Email" autoComplete="username" />
        <FormField
          control={form.control}
          name="password"
          render={({ field }) => (
            // 'Forgot Password?' sits beside the label but comes after the field in the page, so Tab goes from
            // Email to Password and Enter in Password signs in (it used to reach the button first and open its dialog).
            <FormItem className="grid-cols-[1fr_auto] items-center gap-x-3">
              <FormLabel className="col-start-1 row-start-1">Password</FormLabel>
              <FormControl>
                <Input
                  type="password"
                  autoComplete="current-password"
                  className="col-span-2 row-start-2"
                  {...field}
                />
              </FormControl>
              <div className="col-start-2 row-start-1 justify-self-end">
                <ForgotPasswordButton email={() => form.getValues('username')} />
              </div>
              <FormMessage className="col-span-2" />
            </FormItem>
          )}
        />
        <CheckboxField
          control={form.control}
          name="rememberMe"
          label="Remember me"
          description={`Stay signed in for ${REMEMBER_ME_DAYS} days (staff: until the browser closes, 12 hours at most)`}
        />
        <Button type="submit" size="lg" loading={login.isPending} className="w-full">
          Login
        </Button>
      </form>
    </Form>
  );
}
