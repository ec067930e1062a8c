import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { CREATOR_TYPE_LABELS, CREATOR_TYPES, PASSWORD_MIN_LENGTH } from '../../../shared/constants';
import { registerSchema } from '../../../shared/schemas/auth';
import { CountryCityFields } from '../../components/country-city-fields';
import { Button } from '../../components/ui/button';
import {
  Form,
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from '../../components/ui/form';
import { Input } from '../../components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { Textarea } from '../../components/ui/textarea';
import { toast } from '../../hooks/use-toast';
import { ApiError, messageOf } from '../../lib/api';
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
type FormFieldName = (typeof FORM_FIELDS)[number];

export function RegisterForm({ onRegistered }: { onRegistered: (email: string) => void }) {
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
        onRegistered(answer.email || values.username);
      },
      onError: (error) => {
        // Field problems also show under their fields; the form keeps what the user typed.
        if (error instanceof ApiError && error.fieldErrors) {
          let first = true;
          for (const [name, messages] of Object.entries(error.fieldErrors)) {
            if (!FORM_FIELDS.includes(name as FormFieldName) || !messages[0]) continue;
            form.setError(name as FormFieldName, { message: messages[0] }, { shouldFocus: first });
            first = false;
          }
        }
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
          <FormField
            control={form.control}
            name="firstName"
            render={({ field }) => (
              <FormItem>
                <FormLabel>First Name</FormLabel>
                <FormControl>
                  <Input autoComplete="given-name" {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="lastName"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Last Name</FormLabel>
                <FormControl>
                  <Input autoComplete="family-name" {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
        </div>
        <FormField
          control={form.control}
          name="username"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Email</FormLabel>
              <FormControl>
                <Input
                  type="email"
                  autoComplete="email"
                  inputMode="email"
                  placeholder="you@example.com"
                  {...field}
                />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="password"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Password</FormLabel>
              <FormControl>
                <Input type="password" autoComplete="new-password" {...field} />
              </FormControl>
              <FormDescription>At least {PASSWORD_MIN_LENGTH} characters.</FormDescription>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="creatorType"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Creator Type</FormLabel>
              <Select value={field.value} onValueChange={field.onChange} name={field.name}>
                <FormControl>
                  <SelectTrigger ref={field.ref} onBlur={field.onBlur}>
                    <SelectValue placeholder="Select creator type" />
                  </SelectTrigger>
                </FormControl>
                <SelectContent>
                  {CREATOR_TYPES.map((type) => (
                    <SelectItem key={type} value={type}>
                      {CREATOR_TYPE_LABELS[type]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="bio"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Bio</FormLabel>
              <FormControl>
                <Textarea
                  placeholder="Tell us about your content creation journey..."
                  rows={3}
                  {...field}
                  value={field.value ?? ''}
                />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <CountryCityFields control={form.control} />
        <Button type="submit" size="lg" loading={register.isPending} className="w-full">
          Create Account
        </Button>
      </form>
    </Form>
  );
}
