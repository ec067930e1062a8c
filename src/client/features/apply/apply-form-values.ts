// The financing application form's values (application-form.tsx): what the form holds while it is being filled
// in, the defaults (a top-up starts from the loan it settles), and the payload sent once the shared schema has
// passed them.

import { zodResolver } from '@hookform/resolvers/zod';
import type { Path, Resolver } from 'react-hook-form';
import { USE_OF_FUNDS, type UseOfFunds } from '../../../shared/constants';
import { roundToCent, toDecimal } from '../../../shared/finance/money';
import {
  type ApplicationForm as ApplicationOutput,
  applicationFormSchema,
} from '../../../shared/schemas/applications';
import type { PublicUser } from '../../../shared/schemas/auth';
import type { ListedApplication } from '../applications';
import type { ManualPlatformDraft } from '../platforms';
import type { ApplicationPayload } from './api';

export interface ApplyFormValues {
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
export const resolver = zodResolver(applicationFormSchema) as unknown as Resolver<
  ApplyFormValues,
  unknown,
  ApplicationOutput
>;

export const FIELD_NAMES: ReadonlyArray<Path<ApplyFormValues>> = [
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

/** monthlyRevenue is sent rounded to 2 decimals (half-up, as everywhere in finance). */
function toCents(value: number): number {
  const decimal = toDecimal(value);
  return decimal ? roundToCent(decimal).toNumber() : value;
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

export function topUpDefaults(start: TopUpStart | undefined): Partial<ApplyFormValues> {
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

/** What an empty form holds for `user`, or a top-up's start. */
export function startingValues(user: PublicUser, topUp: TopUpStart | undefined): ApplyFormValues {
  return {
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
  };
}

/** The payload of values the shared schema has passed; a top-up names the loan it settles. */
export function applicationPayload(
  values: ApplicationOutput,
  topUpOf: number | undefined,
): ApplicationPayload {
  return {
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
}
