// The application form's Applicant card (application-form.tsx): the application type, then a business's name,
// registration, turnover and assets, or a person's name and identity document (an SA ID, or a passport with the date
// of birth).
import { useId } from 'react';
import { type Control, useWatch } from 'react-hook-form';
import type { ApplicationForm as ApplicationOutput } from '../../../shared/schemas/applications';
import { DateField, MoneyField, TextField } from '../../components/form-fields';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { FormField, FormItem, FormMessage, useFormField } from '../../components/ui/form';
import { cn } from '../../lib/utils';
import type { ApplyFormValues } from './apply-form-values';

type ApplyControl = Control<ApplyFormValues, unknown, ApplicationOutput>;

export function ApplicantCard({ control }: { control: ApplyControl }) {
  const applicationType = useWatch({ control, name: 'applicationType' });
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Applicant</CardTitle>
        <CardDescription>Who the financing is for.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <FormField
          control={control}
          name="applicationType"
          render={({ field }) => (
            <FormItem>
              <ApplicationTypeField
                name={field.name}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                fieldRef={field.ref}
              />
              <FormMessage />
            </FormItem>
          )}
        />
        {applicationType === 'business' ? (
          <BusinessFields control={control} />
        ) : (
          <PersonFields control={control} />
        )}
      </CardContent>
    </Card>
  );
}

function BusinessFields({ control }: { control: ApplyControl }) {
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <TextField control={control} name="businessName" label="Business Name" autoComplete="organization" />
      <TextField
        control={control}
        name="registrationNumber"
        label="Registration number"
        placeholder="e.g. 2019/123456/07"
        description="As CIPC issued it."
      />
      <MoneyField
        control={control}
        name="annualTurnover"
        label="Annual turnover (R)"
        className="content-start"
        placeholder="e.g. 360 000"
      />
      <MoneyField
        control={control}
        name="assetValue"
        label="Value of the business's assets (R)"
        className="content-start"
        placeholder="e.g. 80 000"
        description="Below R1 million of turnover and assets, the National Credit Act protects your business too."
      />
    </div>
  );
}

function PersonFields({ control }: { control: ApplyControl }) {
  const identityType = useWatch({ control, name: 'identityType' });
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <TextField control={control} name="firstName" label="First Name" autoComplete="given-name" />
      <TextField control={control} name="lastName" label="Last Name" autoComplete="family-name" />
      <FormField
        control={control}
        name="identityType"
        render={({ field }) => (
          <FormItem className="sm:col-span-2">
            <IdentityTypeField
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              fieldRef={field.ref}
            />
            <FormMessage />
          </FormItem>
        )}
      />
      {identityType === 'passport' ? (
        <>
          <TextField
            control={control}
            name="passportNumber"
            label="Passport number"
            autoCapitalize="characters"
          />
          <DateField
            control={control}
            name="dateOfBirth"
            label="Date of birth"
            autoComplete="bday"
            description="You must be 18 or older."
          />
        </>
      ) : (
        <TextField
          control={control}
          name="idNumber"
          label="SA ID number"
          className="sm:col-span-2"
          inputMode="numeric"
          maxLength={15}
          description="13 digits. We check it (you must be 18 or older) and keep it to assess and report your credit as the National Credit Act requires; we show only part of it."
        />
      )}
    </div>
  );
}

const APPLICATION_TYPES = [
  { value: 'personal', label: 'Personal', hint: 'Apply in your own name as an individual creator.' },
  { value: 'business', label: 'Business', hint: 'Apply for your registered business or studio.' },
] as const;

// Native radios: arrow keys, form semantics and assistive technology work without any script.
function ApplicationTypeField({
  name,
  value,
  onChange,
  onBlur,
  fieldRef,
}: {
  name: string;
  value: ApplyFormValues['applicationType'];
  onChange: (value: ApplyFormValues['applicationType']) => void;
  onBlur: () => void;
  fieldRef: (element: HTMLInputElement | null) => void;
}) {
  const labelId = useId();
  const idPrefix = useId();
  const { formMessageId, error } = useFormField();
  return (
    <>
      <p id={labelId} className={cn('text-sm font-medium leading-none', error && 'text-destructive')}>
        Application type
      </p>
      <div
        role="radiogroup"
        aria-labelledby={labelId}
        aria-describedby={error ? formMessageId : undefined}
        className="grid gap-3 sm:grid-cols-2"
      >
        {APPLICATION_TYPES.map((option, index) => {
          const ids = {
            label: `${idPrefix}-${option.value}-label`,
            hint: `${idPrefix}-${option.value}-hint`,
          };
          const checked = value === option.value;
          return (
            <label
              key={option.value}
              className={cn(
                'flex cursor-pointer items-start gap-3 rounded-lg border p-4 transition-colors hover:bg-slate-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
                checked ? 'border-primary bg-emerald-50/60' : 'border-border bg-white',
              )}
            >
              <input
                type="radio"
                name={name}
                value={option.value}
                checked={checked}
                onChange={() => onChange(option.value)}
                onBlur={onBlur}
                ref={index === 0 ? fieldRef : undefined}
                aria-labelledby={ids.label}
                aria-describedby={ids.hint}
                className="mt-0.5 size-5 shrink-0 cursor-pointer accent-primary outline-none"
              />
              <span className="grid gap-0.5">
                <span id={ids.label} className="font-medium text-slate-900">
                  {option.label}
                </span>
                <span id={ids.hint} className="text-sm text-slate-600">
                  {option.hint}
                </span>
              </span>
            </label>
          );
        })}
      </div>
    </>
  );
}

const IDENTITY_TYPES = [
  { value: 'sa_id', label: 'South African ID' },
  { value: 'passport', label: 'Passport (residents without an SA ID)' },
] as const;

// Native radios, as the application type: arrow keys and form semantics without any script.
function IdentityTypeField({
  name,
  value,
  onChange,
  onBlur,
  fieldRef,
}: {
  name: string;
  value: ApplyFormValues['identityType'];
  onChange: (value: ApplyFormValues['identityType']) => void;
  onBlur: () => void;
  fieldRef: React.Ref<HTMLInputElement>;
}) {
  return (
    <fieldset className="grid gap-2">
      <legend className="text-sm font-medium text-slate-900">Identity document</legend>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        {IDENTITY_TYPES.map((option, index) => (
          <label key={option.value} className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              onBlur={onBlur}
              ref={index === 0 ? fieldRef : undefined}
              className="size-4 accent-emerald-700"
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
