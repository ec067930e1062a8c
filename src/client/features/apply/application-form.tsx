// The financing application form (spec sections 2 "/apply" and 5 "Financing application"). The shared
// applicationFormSchema validates it here and on the server, so both show the same messages.
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { type Path, type Resolver, useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { USE_OF_FUNDS, USE_OF_FUNDS_LABELS, type UseOfFunds } from '../../../shared/constants';
import { roundToCent, toDecimal } from '../../../shared/finance/money';
import {
  AMOUNT_RANGE_HINT,
  type ApplicationForm as ApplicationOutput,
  applicationFormSchema,
} from '../../../shared/schemas/applications';
import type { PublicUser } from '../../../shared/schemas/auth';
import { DateInput } from '../../components/date-input';
import { MoneyInput } from '../../components/money-input';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Checkbox } from '../../components/ui/checkbox';
import {
  Form,
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
  useFormField,
} from '../../components/ui/form';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { toast } from '../../hooks/use-toast';
import { ApiError, messageOf } from '../../lib/api';
import { applyServerErrors } from '../../lib/form-errors';
import { formatZar, formatZarWhole } from '../../lib/format';
import { cn } from '../../lib/utils';
import type { ListedApplication } from '../applications';
import type { ManualPlatformDraft } from '../platforms';
import { PlatformConnections } from '../platforms';
import { type ApplicationPayload, useSubmitApplication } from './api';

interface ApplyFormValues {
  applicationType: 'personal' | 'business';
  firstName: string;
  lastName: string;
  businessName: string;
  identityType: 'sa_id' | 'passport';
  idNumber: string;
  passportNumber: string;
  dateOfBirth: string;
  registrationNumber: string;
  annualTurnover: number | undefined;
  assetValue: number | undefined;
  monthlyDeductions: number | undefined;
  monthlyDebtRepayments: number | undefined;
  requestedAmount: number | undefined;
  monthlyRevenue: number | undefined;
  useOfFunds: UseOfFunds[];
  otherUseOfFunds: string;
  termsAccepted: boolean;
  manualPlatforms: ManualPlatformDraft[];
}

// The form holds what was typed (an empty amount, an unticked box); the shared schema decides what is valid.
// The cast is needed because the schema's input type (after preprocessing) differs from those form values.
const resolver = zodResolver(applicationFormSchema) as unknown as Resolver<
  ApplyFormValues,
  unknown,
  ApplicationOutput
>;

const FIELD_NAMES: ReadonlyArray<Path<ApplyFormValues>> = [
  'applicationType',
  'firstName',
  'lastName',
  'businessName',
  'identityType',
  'idNumber',
  'passportNumber',
  'dateOfBirth',
  'registrationNumber',
  'annualTurnover',
  'assetValue',
  'requestedAmount',
  'monthlyRevenue',
  'monthlyDeductions',
  'monthlyDebtRepayments',
  'useOfFunds',
  'otherUseOfFunds',
  'termsAccepted',
];

const APPLICATION_TYPES = [
  { value: 'personal', label: 'Personal', hint: 'Apply in your own name as an individual creator.' },
  { value: 'business', label: 'Business', hint: 'Apply for your registered business or studio.' },
] as const;

/** Spec section 5: monthlyRevenue is sent rounded to 2 decimals (half-up, as everywhere in finance). */
function toCents(value: number): number {
  const decimal = toDecimal(value);
  return decimal ? roundToCent(decimal).toNumber() : value;
}

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

function UseOfFundsField({
  value,
  onChange,
  onBlur,
  fieldRef,
  onOtherCleared,
}: {
  value: UseOfFunds[];
  onChange: (value: UseOfFunds[]) => void;
  onBlur: () => void;
  fieldRef: (element: HTMLButtonElement | null) => void;
  onOtherCleared: () => void;
}) {
  const idPrefix = useId();
  const { formMessageId, error } = useFormField();

  const toggle = (item: UseOfFunds, checked: boolean) => {
    const next = checked ? [...value, item] : value.filter((v) => v !== item);
    // Keep the spec's order whatever order the boxes were ticked in.
    onChange(USE_OF_FUNDS.filter((v) => next.includes(v)));
    if (item === 'other' && !checked) onOtherCleared();
  };

  return (
    <fieldset aria-describedby={error ? formMessageId : undefined} className="grid gap-3">
      <legend className="sr-only">Use of funds</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {USE_OF_FUNDS.map((item, index) => {
          const id = `${idPrefix}-${item}`;
          return (
            <div key={item} className="flex items-center gap-3">
              <Checkbox
                id={id}
                ref={index === 0 ? fieldRef : undefined}
                checked={value.includes(item)}
                onCheckedChange={(checked) => toggle(item, checked === true)}
                onBlur={onBlur}
                aria-invalid={error ? true : undefined}
              />
              <Label htmlFor={id} className="cursor-pointer font-normal">
                {USE_OF_FUNDS_LABELS[item]}
              </Label>
            </div>
          );
        })}
      </div>
    </fieldset>
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

/**
 * A top-up starts from the loan it settles: the same type, business, monthly revenue and use of funds (the creator
 * changes what changed), and the suggested amount within the least and the most it can be (the server's figures).
 * Identity numbers are not carried over: they are never sent back to the browser.
 */
export interface TopUpStart {
  applicationId: number;
  loan: Pick<
    ListedApplication,
    'applicationType' | 'businessName' | 'monthlyRevenue' | 'useOfFunds' | 'otherUseOfFunds'
  > | null;
  settlesAmount: string;
  minimumAmount: number;
  suggestedAmount: number;
  maximumAmount: number;
}

function topUpDefaults(start: TopUpStart | undefined): Partial<ApplyFormValues> {
  if (!start) return {};
  const loan = start.loan;
  const revenue = loan ? toDecimal(loan.monthlyRevenue) : null;
  return {
    requestedAmount: start.suggestedAmount,
    ...(loan
      ? {
          applicationType: loan.applicationType === 'business' ? 'business' : 'personal',
          businessName: loan.businessName ?? '',
          monthlyRevenue: revenue ? revenue.toNumber() : undefined,
          useOfFunds: USE_OF_FUNDS.filter((use) => loan.useOfFunds.includes(use)),
          otherUseOfFunds: loan.otherUseOfFunds ?? '',
        }
      : {}),
  };
}

export function ApplicationForm({
  user,
  topUp,
}: {
  user: PublicUser;
  /** A top-up of a loan (the apply page shows it only when the server says it is earned). */
  topUp?: TopUpStart;
}) {
  const topUpOf = topUp?.applicationId;
  const navigate = useNavigate();
  const submit = useSubmitApplication();
  const formId = useId();
  const [manualError, setManualError] = useState<string | undefined>();
  const form = useForm<ApplyFormValues, unknown, ApplicationOutput>({
    resolver,
    // Fields appear and disappear with the choices above them, so registration order is not screen order:
    // focusFirstError picks the first one on screen instead.
    shouldFocusError: false,
    defaultValues: {
      applicationType: 'personal',
      firstName: user.firstName,
      lastName: user.lastName,
      businessName: '',
      identityType: 'sa_id',
      idNumber: '',
      passportNumber: '',
      dateOfBirth: '',
      registrationNumber: '',
      annualTurnover: undefined,
      assetValue: undefined,
      monthlyDeductions: undefined,
      monthlyDebtRepayments: undefined,
      requestedAmount: undefined,
      monthlyRevenue: undefined,
      useOfFunds: [],
      otherUseOfFunds: '',
      termsAccepted: false,
      manualPlatforms: [],
      ...topUpDefaults(topUp),
    },
  });
  const [applicationType, useOfFunds, termsAccepted, manualPlatforms, identityType] = useWatch({
    control: form.control,
    name: ['applicationType', 'useOfFunds', 'termsAccepted', 'manualPlatforms', 'identityType'],
  });

  const focusFirstError = (errors: Partial<Record<string, unknown>>) => {
    const first = FIELD_NAMES.find((name) => errors[name]);
    if (first) form.setFocus(first);
  };

  const onSubmit = form.handleSubmit((values) => {
    const payload: ApplicationPayload = {
      applicationType: values.applicationType,
      firstName: values.firstName ?? '',
      lastName: values.lastName ?? '',
      businessName: values.applicationType === 'business' ? (values.businessName ?? '') : '',
      ...(values.applicationType === 'personal'
        ? values.identityType === 'sa_id'
          ? { identityType: 'sa_id' as const, idNumber: values.idNumber }
          : {
              identityType: 'passport' as const,
              passportNumber: values.passportNumber,
              dateOfBirth: values.dateOfBirth,
            }
        : {
            registrationNumber: values.registrationNumber,
            annualTurnover: values.annualTurnover,
            assetValue: values.assetValue,
          }),
      requestedAmount: values.requestedAmount,
      monthlyRevenue: toCents(values.monthlyRevenue),
      ...(values.monthlyDeductions === undefined
        ? {}
        : { monthlyDeductions: toCents(values.monthlyDeductions) }),
      ...(values.monthlyDebtRepayments === undefined
        ? {}
        : { monthlyDebtRepayments: toCents(values.monthlyDebtRepayments) }),
      useOfFunds: values.useOfFunds,
      otherUseOfFunds: values.useOfFunds.includes('other') ? (values.otherUseOfFunds ?? '') : '',
      termsAccepted: true,
      manualPlatforms: values.manualPlatforms.map((entry) => ({
        platform: entry.platform,
        username: entry.username,
        estimatedFollowers: entry.estimatedFollowers,
        estimatedRevenue: entry.estimatedRevenue,
        proofFileId: entry.proofFileId,
      })),
      ...(topUpOf === undefined ? {} : { topUpOfApplicationId: topUpOf }),
    };
    setManualError(undefined);
    submit.mutate(payload, {
      onSuccess: () => {
        toast({ title: 'Application submitted!', description: "You'll be redirected to your dashboard." });
        navigate('/dashboard');
      },
      onError: (error) => {
        toast({
          variant: 'destructive',
          title: 'Application failed',
          description: messageOf(error, 'Failed to submit application'),
        });
        const shown = Object.fromEntries(
          applyServerErrors(form, error, FIELD_NAMES, { focus: false }).map((name) => [name, true as const]),
        );
        if (error instanceof ApiError && error.fieldErrors) {
          const manual = Object.entries(error.fieldErrors).find(([name]) =>
            name.startsWith('manualPlatforms'),
          );
          if (manual?.[1][0]) setManualError(manual[1][0]);
        }
        focusFirstError(shown);
      },
    });
  }, focusFirstError);

  const setManualPlatforms = (next: ManualPlatformDraft[]) =>
    form.setValue('manualPlatforms', next, { shouldDirty: true });

  return (
    <Form {...form}>
      <form
        id={formId}
        onSubmit={onSubmit}
        noValidate
        aria-label="Financing application"
        className="grid gap-6"
      >
        <Card>
          <CardHeader>
            <CardTitle as="h2">Applicant</CardTitle>
            <CardDescription>Who the financing is for.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-5">
            <FormField
              control={form.control}
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
              <div className="grid gap-5 sm:grid-cols-2">
                <FormField
                  control={form.control}
                  name="businessName"
                  render={({ field }) => (
                    <FormItem>
                      <FormLabel>Business Name</FormLabel>
                      <FormControl>
                        <Input autoComplete="organization" {...field} />
                      </FormControl>
                      <FormMessage />
                    </FormItem>
                  )}
                />
                <FormField
                  control={form.control}
                  name="registrationNumber"
                  render={({ field }) => (
                    <FormItem>
                      <FormLabel>Registration number</FormLabel>
                      <FormControl>
                        <Input autoComplete="off" placeholder="e.g. 2019/123456/07" {...field} />
                      </FormControl>
                      <FormDescription>As CIPC issued it.</FormDescription>
                      <FormMessage />
                    </FormItem>
                  )}
                />
                <FormField
                  control={form.control}
                  name="annualTurnover"
                  render={({ field }) => (
                    <FormItem className="content-start">
                      <FormLabel>Annual turnover (R)</FormLabel>
                      <FormControl>
                        <MoneyInput placeholder="e.g. 360 000" {...field} />
                      </FormControl>
                      <FormMessage />
                    </FormItem>
                  )}
                />
                <FormField
                  control={form.control}
                  name="assetValue"
                  render={({ field }) => (
                    <FormItem className="content-start">
                      <FormLabel>Value of the business's assets (R)</FormLabel>
                      <FormControl>
                        <MoneyInput placeholder="e.g. 80 000" {...field} />
                      </FormControl>
                      <FormDescription>
                        Below R1 million of turnover and assets, the National Credit Act protects your
                        business too.
                      </FormDescription>
                      <FormMessage />
                    </FormItem>
                  )}
                />
              </div>
            ) : (
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
                <FormField
                  control={form.control}
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
                    <FormField
                      control={form.control}
                      name="passportNumber"
                      render={({ field }) => (
                        <FormItem>
                          <FormLabel>Passport number</FormLabel>
                          <FormControl>
                            <Input autoComplete="off" autoCapitalize="characters" {...field} />
                          </FormControl>
                          <FormMessage />
                        </FormItem>
                      )}
                    />
                    <FormField
                      control={form.control}
                      name="dateOfBirth"
                      render={({ field }) => (
                        <FormItem>
                          <FormLabel>Date of birth</FormLabel>
                          <FormControl>
                            <DateInput autoComplete="bday" {...field} />
                          </FormControl>
                          <FormDescription>You must be 18 or older.</FormDescription>
                          <FormMessage />
                        </FormItem>
                      )}
                    />
                  </>
                ) : (
                  <FormField
                    control={form.control}
                    name="idNumber"
                    render={({ field }) => (
                      <FormItem className="sm:col-span-2">
                        <FormLabel>SA ID number</FormLabel>
                        <FormControl>
                          <Input inputMode="numeric" autoComplete="off" maxLength={15} {...field} />
                        </FormControl>
                        <FormDescription>
                          13 digits. We check it (you must be 18 or older) and keep it to assess and report
                          your credit as the National Credit Act requires; we show only part of it.
                        </FormDescription>
                        <FormMessage />
                      </FormItem>
                    )}
                  />
                )}
              </div>
            )}
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle as="h2">Financing</CardTitle>
            <CardDescription>
              How much you need and what you earn from your content each month.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-5 sm:grid-cols-2">
            <FormField
              control={form.control}
              name="requestedAmount"
              render={({ field }) => (
                <FormItem className="content-start">
                  <FormLabel>Requested amount (R)</FormLabel>
                  <FormControl>
                    <MoneyInput wholeRands required placeholder="e.g. 15 000" {...field} />
                  </FormControl>
                  <FormDescription>
                    {topUp
                      ? `Suggested: ${formatZarWhole(topUp.suggestedAmount)}, what you were financed last time. From ${formatZarWhole(topUp.minimumAmount)} (more than the ${formatZar(topUp.settlesAmount)} it settles) to ${formatZarWhole(topUp.maximumAmount)}.`
                      : AMOUNT_RANGE_HINT}
                  </FormDescription>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="monthlyRevenue"
              render={({ field }) => (
                <FormItem className="content-start" data-tour="revenue-details">
                  <FormLabel>Monthly revenue (R)</FormLabel>
                  <FormControl>
                    <MoneyInput required placeholder="e.g. 8 000" {...field} />
                  </FormControl>
                  <FormDescription>Your average monthly earnings from all platforms.</FormDescription>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="monthlyDeductions"
              render={({ field }) => (
                <FormItem className="content-start">
                  <FormLabel>Tax and other deductions a month (R)</FormLabel>
                  <FormControl>
                    <MoneyInput placeholder="0" {...field} />
                  </FormControl>
                  <FormDescription>Income tax and the like. Leave empty for none.</FormDescription>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="monthlyDebtRepayments"
              render={({ field }) => (
                <FormItem className="content-start">
                  <FormLabel>Repayments on other debt a month (R)</FormLabel>
                  <FormControl>
                    <MoneyInput placeholder="0" {...field} />
                  </FormControl>
                  <FormDescription>
                    Loans, credit cards and accounts. We check that the instalment fits what is left, as the
                    National Credit Act requires.
                  </FormDescription>
                  <FormMessage />
                </FormItem>
              )}
            />
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle as="h2">Use of funds</CardTitle>
            <CardDescription>Select everything the financing will be used for.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-5">
            <FormField
              control={form.control}
              name="useOfFunds"
              render={({ field }) => (
                <FormItem>
                  <UseOfFundsField
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    fieldRef={field.ref}
                    onOtherCleared={() => {
                      form.setValue('otherUseOfFunds', '');
                      form.clearErrors('otherUseOfFunds');
                    }}
                  />
                  <FormMessage />
                </FormItem>
              )}
            />
            {useOfFunds.includes('other') ? (
              <FormField
                control={form.control}
                name="otherUseOfFunds"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>Describe other use of funds</FormLabel>
                    <FormControl>
                      <Input {...field} />
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
            ) : null}
          </CardContent>
        </Card>
      </form>

      {/* Outside the <form>: the Visionary and manual-entry panels are forms of their own. */}
      <Card data-tour="platform-connections">
        <CardHeader>
          <CardTitle as="h2">Platform connections</CardTitle>
          <CardDescription>
            Connected platforms show us your audience and earnings. Verified connections count most.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <PlatformConnections
            manual={{
              entries: manualPlatforms,
              onAdd: (entry) => {
                setManualError(undefined);
                setManualPlatforms([...manualPlatforms, entry]);
              },
              onRemove: (index) => setManualPlatforms(manualPlatforms.filter((_, i) => i !== index)),
              error: manualError,
            }}
          />
        </CardContent>
      </Card>

      <Card>
        <CardContent className="grid gap-5 pt-6">
          <FormField
            control={form.control}
            name="termsAccepted"
            render={({ field }) => (
              <FormItem>
                <div className="flex items-start gap-3">
                  <FormControl>
                    <Checkbox
                      ref={field.ref}
                      checked={field.value}
                      onCheckedChange={(checked) => field.onChange(checked === true)}
                      onBlur={field.onBlur}
                      className="mt-0.5"
                    />
                  </FormControl>
                  <div className="grid gap-1.5">
                    <FormLabel className="cursor-pointer leading-snug">
                      I accept the terms and conditions
                    </FormLabel>
                    <FormDescription>
                      Read the{' '}
                      <Link
                        to="/terms"
                        target="_blank"
                        rel="noopener"
                        className="font-medium text-primary underline underline-offset-4"
                      >
                        terms and conditions
                        <span className="sr-only"> (opens in a new tab)</span>
                      </Link>{' '}
                      of the financing agreement before you apply.
                    </FormDescription>
                  </div>
                </div>
                <FormMessage />
              </FormItem>
            )}
          />
          <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-end">
            {!termsAccepted ? (
              <p className="text-sm text-slate-600 sm:mr-auto">Accept the terms and conditions to submit.</p>
            ) : null}
            <Button
              type="submit"
              form={formId}
              size="lg"
              className="w-full sm:w-auto"
              disabled={!termsAccepted}
              loading={submit.isPending}
            >
              Submit Application
            </Button>
          </div>
        </CardContent>
      </Card>
    </Form>
  );
}
