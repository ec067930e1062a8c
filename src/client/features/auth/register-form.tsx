import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { FREE_TEXT_MAX, PASSWORD_MIN_LENGTH } from '../../../shared/constants';
import { registerSchema } from '../../../shared/schemas/auth';
import { CountryCityFields } from '../../components/country-city-fields';
import { CreatorTypeField } from '../../components/creator-type-field';
import { EmailField, PasswordField, TextareaField, TextField } from '../../components/form-fields';
import { Button } from '../../components/ui/button';
import { Form } from '../../components/ui/form';
import { toast } from '../../hooks/use-toast';
import { messageOf } from '../../lib/api';
import { applyServerErrors } from '../../lib/form-errors';
import { useRegister } from './api';

const FORM_FIELDS = [
  'username',
  'password',
  'firstName',
  'lastName',
  'creatorType',
  'bio',
  'country',
  'city',
] as const;

export function RegisterForm({
  onRegistered,
}: {
  /** The code is on its way; `resendAfterSeconds` is how long the server asks to wait for another. */
  onRegistered: (email: string, resendAfterSeconds: number) => void;
}) {
  const register = useRegister();
  const form = useForm({
    resolver: zodResolver(registerSchema),
    defaultValues: {
      firstName: '',
      lastName: '',
      username: '',
      password: '',
      creatorType: 'full-time',
      bio: '',
      country: '',
      city: '',
    },
  });

  const onSubmit = form.handleSubmit((values) => {
    const payload = {
      username: values.username,
      password: values.password,
      firstName: values.firstName,
      lastName: values.lastName,
      creatorType: values.creatorType,
      bio: values.bio ?? '',
      country: values.country,
      city: values.city,
    };
    register.mutate(payload, {
      onSuccess: (answer) => {
        toast({ title: 'Registration Started', description: 'Check your email for the verification code.' });
        onRegistered(answer.email || values.username, answer.retryAfterSeconds);
      },
      onError: (error) => {
        // Field problems also show under their fields; the form keeps what the user typed.
        applyServerErrors(form, error, FORM_FIELDS);
        toast({
          variant: 'destructive',
          title: 'Registration failed',
          description: messageOf(error, 'Failed to register'),
        });
      },
    });
  });

  return (
    <Form {...form}>
      <form onSubmit={onSubmit} className="grid gap-5" noValidate aria-label="Register">
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField control={form.control} name="firstName" label="First Name" autoComplete="given-name" />
          <TextField control={form.control} name="lastName" label="Last Name" autoComplete="family-name" />
        </div>
        <EmailField control={form.control} name="username" label="Email" />
        <PasswordField
          control={form.control}
          name="password"
          label="Password"
          autoComplete="new-password"
          description={`At least ${PASSWORD_MIN_LENGTH} characters.`}
        />
        <CreatorTypeField control={form.control} />
        <TextareaField
          control={form.control}
          name="bio"
          label="Bio"
          rows={3}
          maxLength={FREE_TEXT_MAX}
          placeholder="Tell us about your content creation journey..."
        />
        <CountryCityFields control={form.control} />
        <Button type="submit" size="lg" loading={register.isPending} className="w-full">
          Create Account
        </Button>
      </form>
    </Form>
  );
}
