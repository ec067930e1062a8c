// Settings: Bank Account Details (spec sections 2 "Settings" and 5), validated with the shared
// bankDetailsSchema. Choosing a bank fills in its universal branch code, which the creator can still edit.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { accountNumberEnding } from '../../../shared/bank-account';
import { ACCOUNT_TYPES, type AccountType } from '../../../shared/constants';
import type { PublicUser } from '../../../shared/schemas/auth';
import { ACCOUNT_TYPE_LABELS, bankDetailsSchema, SA_BANKS } from '../../../shared/schemas/users';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
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
import { useReportUnsaved } from '../../components/unsaved-changes';
import { applyServerErrors } from '../../lib/form-errors';
import { toastProfileUpdated, toastProfileUpdateFailed, useUpdateUser } from './api';
import { RequiredLabel } from './required-label';

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
            <FormField
              control={form.control}
              name="bankName"
              render={({ field }) => (
                <FormItem>
                  <RequiredLabel>Bank name</RequiredLabel>
                  <Select
                    value={field.value ?? ''}
                    onValueChange={(value) => {
                      field.onChange(value);
                      onBankChange(value);
                    }}
                    name={field.name}
                  >
                    <FormControl>
                      <SelectTrigger ref={field.ref} onBlur={field.onBlur} aria-required="true">
                        <SelectValue placeholder="Select your bank" />
                      </SelectTrigger>
                    </FormControl>
                    <SelectContent>
                      {bankNames.map((name) => (
                        <SelectItem key={name} value={name}>
                          {name}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                  <FormMessage />
                </FormItem>
              )}
            />
            <div className="grid gap-5 sm:grid-cols-2">
              <FormField
                control={form.control}
                name="accountNumber"
                render={({ field }) => (
                  <FormItem className="content-start">
                    {ending ? (
                      <FormLabel>Account number</FormLabel>
                    ) : (
                      <RequiredLabel>Account number</RequiredLabel>
                    )}
                    <FormControl>
                      <Input
                        inputMode="numeric"
                        autoComplete="off"
                        maxLength={16}
                        aria-required={ending ? undefined : 'true'}
                        placeholder={ending ? `Ending in ${ending}` : undefined}
                        {...field}
                        value={field.value ?? ''}
                      />
                    </FormControl>
                    <FormDescription>
                      {ending
                        ? `On file: the account ending in ${ending}. Leave blank to keep it, or enter the full number (digits only) to change it.`
                        : 'Digits only, no spaces.'}
                    </FormDescription>
                    <FormMessage />
                  </FormItem>
                )}
              />
              <FormField
                control={form.control}
                name="branchCode"
                render={({ field }) => (
                  <FormItem className="content-start">
                    <RequiredLabel>Branch code</RequiredLabel>
                    <FormControl>
                      <Input
                        inputMode="numeric"
                        autoComplete="off"
                        maxLength={6}
                        aria-required="true"
                        {...field}
                        value={field.value ?? ''}
                      />
                    </FormControl>
                    <FormDescription>6 digits; filled in with your bank's universal code.</FormDescription>
                    <FormMessage />
                  </FormItem>
                )}
              />
            </div>
            <FormField
              control={form.control}
              name="accountType"
              render={({ field }) => (
                <FormItem>
                  <RequiredLabel>Account type</RequiredLabel>
                  <Select value={field.value ?? ''} onValueChange={field.onChange} name={field.name}>
                    <FormControl>
                      <SelectTrigger ref={field.ref} onBlur={field.onBlur} aria-required="true">
                        <SelectValue placeholder="Select account type" />
                      </SelectTrigger>
                    </FormControl>
                    <SelectContent>
                      {ACCOUNT_TYPES.map((type) => (
                        <SelectItem key={type} value={type}>
                          {ACCOUNT_TYPE_LABELS[type]}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                  <FormMessage />
                </FormItem>
              )}
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
