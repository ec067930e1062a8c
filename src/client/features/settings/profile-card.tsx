// Settings: Profile Information, validated with the shared
// profileSchema. The sign-in e-mail has a card of its own (sign-in-email-card.tsx): changing it needs the
// password and a code.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { CREATOR_TYPES, type CreatorType, FREE_TEXT_MAX } from '../../../shared/constants';
import type { PublicUser } from '../../../shared/schemas/auth';
import { profileSchema } from '../../../shared/schemas/users';
import { CountryCityFields } from '../../components/country-city-fields';
import { CreatorTypeField } from '../../components/creator-type-field';
import { TextareaField, TextField } from '../../components/form-fields';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Form } from '../../components/ui/form';
import { useReportUnsaved } from '../../components/unsaved-changes';
import { applyServerErrors } from '../../lib/form-errors';
import { toastProfileUpdated, toastProfileUpdateFailed, useUpdateUser } from './api';

type ProfileValues = z.input<typeof profileSchema>;

const FIELDS = ['firstName', 'lastName', 'country', 'city', 'creatorType', 'bio'] as const;

// Registration stores 'Default' for a country or city left empty; show that as empty, and send it back so.
const PLACEHOLDER_PLACE = 'Default';
const shownPlace = (value: string) => (value === PLACEHOLDER_PLACE ? '' : value);
const storedPlace = (value: string | undefined) => value?.trim() || PLACEHOLDER_PLACE;

function valuesFrom(user: PublicUser): ProfileValues {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    country: shownPlace(user.country),
    city: shownPlace(user.city),
    creatorType: (CREATOR_TYPES as readonly string[]).includes(user.creatorType)
      ? (user.creatorType as CreatorType)
      : undefined,
    bio: user.bio ?? '',
  };
}

export function ProfileCard({ user }: { user: PublicUser }) {
  const update = useUpdateUser(user.id);
  const form = useForm({ resolver: zodResolver(profileSchema), defaultValues: valuesFrom(user) });
  useReportUnsaved('Profile Information', form.formState.isDirty);

  const onSubmit = form.handleSubmit((values) => {
    update.mutate(
      {
        firstName: values.firstName,
        lastName: values.lastName,
        country: storedPlace(values.country),
        city: storedPlace(values.city),
        creatorType: values.creatorType,
        bio: values.bio ?? '',
      },
      {
        onSuccess: (saved) => {
          form.reset(saved ? valuesFrom(saved) : form.getValues());
          toastProfileUpdated();
        },
        onError: (error) => {
          applyServerErrors(form, error, FIELDS);
          toastProfileUpdateFailed(error);
        },
      },
    );
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Profile Information</CardTitle>
        <CardDescription>Your name and creator profile.</CardDescription>
      </CardHeader>
      <CardContent>
        <Form {...form}>
          <form onSubmit={onSubmit} noValidate aria-label="Profile Information" className="grid gap-5">
            <div className="grid gap-5 sm:grid-cols-2">
              <TextField
                control={form.control}
                name="firstName"
                label="First Name"
                autoComplete="given-name"
              />
              <TextField
                control={form.control}
                name="lastName"
                label="Last Name"
                autoComplete="family-name"
              />
            </div>
            <CountryCityFields control={form.control} />
            <CreatorTypeField control={form.control} />
            <TextareaField
              control={form.control}
              name="bio"
              label="Bio"
              rows={4}
              maxLength={FREE_TEXT_MAX}
              placeholder="Tell us about your content creation journey..."
            />
            <div className="flex justify-end">
              <Button type="submit" loading={update.isPending} className="w-full sm:w-auto">
                Save Profile
              </Button>
            </div>
          </form>
        </Form>
      </CardContent>
    </Card>
  );
}
