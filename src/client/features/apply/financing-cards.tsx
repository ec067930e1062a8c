// The application form's Financing and Use of funds cards (application-form.tsx): the amount (a top-up's within
// the least and the most it can be), the monthly revenue and what comes off it, and what the money is for.
import { useId } from 'react';
import { type Control, type UseFormReturn, useWatch } from 'react-hook-form';
import { USE_OF_FUNDS, USE_OF_FUNDS_LABELS, type UseOfFunds } from '../../../shared/constants';
import {
  AMOUNT_RANGE_HINT,
  type ApplicationForm as ApplicationOutput,
} from '../../../shared/schemas/applications';
import { MoneyField, TextField } from '../../components/form-fields';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Checkbox } from '../../components/ui/checkbox';
import { FormField, FormItem, FormMessage, useFormField } from '../../components/ui/form';
import { Label } from '../../components/ui/label';
import { formatZar, formatZarWhole } from '../../lib/format';
import type { ApplyFormValues, TopUpStart } from './apply-form-values';

type ApplyControl = Control<ApplyFormValues, unknown, ApplicationOutput>;

export function FinancingCard({ control, topUp }: { control: ApplyControl; topUp: TopUpStart | undefined }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Financing</CardTitle>
        <CardDescription>How much you need and what you earn from your content each month.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5 sm:grid-cols-2">
        <MoneyField
          control={control}
          name="requestedAmount"
          label="Requested amount (R)"
          className="content-start"
          wholeRands
          required
          placeholder="e.g. 15 000"
          description={
            topUp
              ? `Suggested: ${formatZarWhole(topUp.suggestedAmount)}, what you were financed last time. From ${formatZarWhole(topUp.minimumAmount)} (more than the ${formatZar(topUp.settlesAmount)} it settles) to ${formatZarWhole(topUp.maximumAmount)}.`
              : AMOUNT_RANGE_HINT
          }
        />
        {/* The tour points at the revenue (features/tour). */}
        <div data-tour="revenue-details" className="grid content-start">
          <MoneyField
            control={control}
            name="monthlyRevenue"
            label="Monthly revenue (R)"
            className="content-start"
            required
            placeholder="e.g. 8 000"
            description="Your average monthly earnings from all platforms."
          />
        </div>
        <MoneyField
          control={control}
          name="monthlyDeductions"
          label="Tax and other deductions a month (R)"
          className="content-start"
          placeholder="0"
          description="Income tax and the like. Leave empty for none."
        />
        <MoneyField
          control={control}
          name="monthlyDebtRepayments"
          label="Repayments on other debt a month (R)"
          className="content-start"
          placeholder="0"
          description="Loans, credit cards and accounts. We check that the instalment fits what is left, as the National Credit Act requires."
        />
      </CardContent>
    </Card>
  );
}

export function UseOfFundsCard({
  form,
}: {
  form: UseFormReturn<ApplyFormValues, unknown, ApplicationOutput>;
}) {
  const useOfFunds = useWatch({ control: form.control, name: 'useOfFunds' });
  return (
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
          <TextField
            control={form.control}
            name="otherUseOfFunds"
            label="Describe other use of funds"
            autoComplete="on"
          />
        ) : null}
      </CardContent>
    </Card>
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
    // Keep the list's order whatever order the boxes were ticked in.
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
