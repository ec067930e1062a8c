// Settings: Bank Account Details, validated with the shared
// bankDetailsSchema. Choosing a bank fills in its universal branch code, which the creator can still edit.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { accountNumberEnding } from '../../../shared/bank-account';
import { ACCOUNT_TYPES, type AccountType } from '../../../shared/constants';
import type { PublicUser } from '../../../shared/schemas/auth';
import { ACCOUNT_TYPE_LABELS, bankDetailsSchema, SA_BANKS } from '../../../shared/schemas/users';
import { SelectField, TextField } from '../../components/form-fields';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Form } from '../../components/ui/form';
import { useReportUnsaved } from '../../components/unsaved-changes';
import { applyServerErrors } from '../../lib/form-errors';
import { toastProfileUpdated, toastProfileUpdateFailed, useUpdateUser } from './api';

type BankValues = z.input<typeof bankDetailsSchema>;

/**
 * With an account on file the number arrives masked (src/shared/bank-account.ts): the field starts empty, and
 * left empty it keeps the number on file; typed in, it must be a whole valid number.
 */
const bankFormWithNumberOnFile = bankDetailsSchema.extend({
  accountNumber: z.union([z.literal(''), bankDetailsSchema.shape.accountNumber]),
});

const FIELDS = ['bankName', 'accountNumber', 'branchCode', 'accountType'] as const;

function valuesFrom(user: PublicUser): Partial<BankValues> {
  return {
    bankName: user.bankName ?? '',
    accountNumber: '',
    branchCode: user.branchCode ?? '',
    accountType: (ACCOUNT_TYPES as readonly string[]).includes(user.accountType ?? '')
      ? (user.accountType as AccountType)
      : undefined,
  };
}

export function BankDetailsCard({ user }: { user: PublicUser }) {
  const update = useUpdateUser(user.id);
  const ending = accountNumberEnding(user.accountNumber);
  const form = useForm<BankValues>({
    resolver: zodResolver(ending ? bankFormWithNumberOnFile : bankDetailsSchema),
    defaultValues: valuesFrom(user),
  });
  useReportUnsaved('Bank Account Details', form.formState.isDirty);
  // A bank saved before the list existed stays selectable rather than silently disappearing.
  const bankNames = SA_BANKS.map((bank) => bank.name);
  if (user.bankName && !bankNames.includes(user.bankName)) bankNames.push(user.bankName);

  const onSubmit = form.handleSubmit((values) => {
    const { accountNumber, ...rest } = values;
    update.mutate(accountNumber ? values : rest, {
      onSuccess: (saved) => {
        form.reset(saved ? valuesFrom(saved) : values);
        toastProfileUpdated();
      },
      onError: (error) => {
        applyServerErrors(form, error, FIELDS);
        toastProfileUpdateFailed(error);
      },
    });
  });

  const onBankChange = (name: string) => {
    const bank = SA_BANKS.find((b) => b.name === name);
    if (bank) {
      form.setValue('branchCode', bank.branchCode, {
        shouldDirty: true,
        shouldValidate: form.formState.isSubmitted,
      });
    }
  };

  return (
    <Card id="bank-details" className="scroll-mt-20">
      <CardHeader>
        <CardTitle as="h2">Bank Account Details</CardTitle>
        <CardDescription>
          Where we pay out your financing. A South African account in your own name. Fields marked{' '}
          <span aria-hidden="true" className="text-destructive">
            *
          </span>
          <span className="sr-only">with an asterisk</span> are required.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Form {...form}>
          <form onSubmit={onSubmit} noValidate aria-label="Bank Account Details" className="grid gap-5">
            <SelectField
              control={form.control}
              name="bankName"
              label="Bank name"
              markRequired
              required
              placeholder="Select your bank"
              options={bankNames.map((name) => ({ value: name, label: name }))}
              onValueChange={onBankChange}
            />
            <div className="grid gap-5 sm:grid-cols-2">
              <TextField
                control={form.control}
                name="accountNumber"
                label="Account number"
                className="content-start"
                markRequired={!ending}
                required={!ending}
                inputMode="numeric"
                maxLength={16}
                placeholder={ending ? `Ending in ${ending}` : undefined}
                description={
                  ending
                    ? `On file: the account ending in ${ending}. Leave blank to keep it, or enter the full number (digits only) to change it.`
                    : 'Digits only, no spaces.'
                }
              />
              <TextField
                control={form.control}
                name="branchCode"
                label="Branch code"
                className="content-start"
                markRequired
                inputMode="numeric"
                maxLength={6}
                description="6 digits; filled in with your bank's universal code."
              />
            </div>
            <SelectField
              control={form.control}
              name="accountType"
              label="Account type"
              markRequired
              required
              placeholder="Select account type"
              options={ACCOUNT_TYPES.map((type) => ({ value: type, label: ACCOUNT_TYPE_LABELS[type] }))}
            />
            <div className="flex justify-end">
              <Button type="submit" loading={update.isPending} className="w-full sm:w-auto">
                Save Bank Details
              </Button>
            </div>
          </form>
        </Form>
      </CardContent>
    </Card>
  );
}
