// The financing application form. The shared
// applicationFormSchema validates it here and on the server, so both show the same messages. Its cards are
// applicant-card.tsx and financing-cards.tsx; its values and payload apply-form-values.ts.
import { useId, useState } from 'react';
import { type UseFormReturn, useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { ApplicationForm as ApplicationOutput } from '../../../shared/schemas/applications';
import type { PublicUser } from '../../../shared/schemas/auth';
import { CheckboxField } from '../../components/form-fields';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Form } from '../../components/ui/form';
import { toast } from '../../hooks/use-toast';
import { ApiError, messageOf } from '../../lib/api';
import { applyServerErrors } from '../../lib/form-errors';
import type { ManualPlatformDraft } from '../platforms';
import { PlatformConnections } from '../platforms';
import { useSubmitApplication } from './api';
import { ApplicantCard } from './applicant-card';
import {
  type ApplyFormValues,
  applicationPayload,
  FIELD_NAMES,
  resolver,
  startingValues,
  type TopUpStart,
} from './apply-form-values';
import { FinancingCard, UseOfFundsCard } from './financing-cards';

export type { TopUpStart } from './apply-form-values';

export function ApplicationForm({
  user,
  topUp,
}: {
  user: PublicUser;
  /** A top-up of a loan (the apply page shows it only when the server says it is earned). */
  topUp?: TopUpStart;
}) {
  const navigate = useNavigate();
  const submit = useSubmitApplication();
  const formId = useId();
  const [manualError, setManualError] = useState<string | undefined>();
  const form = useForm<ApplyFormValues, unknown, ApplicationOutput>({
    resolver,
    // Fields appear and disappear with the choices above them, so registration order is not screen order:
    // focusFirstError picks the first one on screen instead.
    shouldFocusError: false,
    defaultValues: startingValues(user, topUp),
  });
  const manualPlatforms = useWatch({ control: form.control, name: 'manualPlatforms' });

  const focusFirstError = (errors: Partial<Record<string, unknown>>) => {
    const first = FIELD_NAMES.find((name) => errors[name]);
    if (first) form.setFocus(first);
  };

  const onSubmit = form.handleSubmit((values) => {
    setManualError(undefined);
    submit.mutate(applicationPayload(values, topUp?.applicationId), {
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
        <ApplicantCard control={form.control} />
        <FinancingCard control={form.control} topUp={topUp} />
        <UseOfFundsCard form={form} />
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

      <TermsCard form={form} formId={formId} submitting={submit.isPending} />
    </Form>
  );
}

/** The terms to accept, and the submit button (outside the form, tied to it by `formId`). */
function TermsCard({
  form,
  formId,
  submitting,
}: {
  form: UseFormReturn<ApplyFormValues, unknown, ApplicationOutput>;
  formId: string;
  submitting: boolean;
}) {
  const termsAccepted = useWatch({ control: form.control, name: 'termsAccepted' });
  return (
    <Card>
      <CardContent className="grid gap-5 pt-6">
        <CheckboxField
          control={form.control}
          name="termsAccepted"
          label="I accept the terms and conditions"
          description={
            <>
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
            </>
          }
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
            loading={submitting}
          >
            Submit Application
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
