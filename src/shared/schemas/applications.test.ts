import { describe, expect, it } from 'vitest';
import { applicationFormSchema } from './applications';

function fieldsWithErrors(input: unknown): Record<string, string> {
  const result = applicationFormSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

const COMPLETE = {
  applicationType: 'personal',
  firstName: 'Zola',
  lastName: 'Test',
  requestedAmount: 5000,
  monthlyRevenue: 2500.5,
  useOfFunds: ['equipment_purchase'],
  termsAccepted: true,
};

describe('applicationFormSchema reports every error in one round', () => {
  it('names missing first and last names together with the other missing fields', () => {
    expect(
      fieldsWithErrors({
        applicationType: 'personal',
        firstName: '',
        lastName: '',
        businessName: '',
        requestedAmount: undefined,
        monthlyRevenue: undefined,
        useOfFunds: [],
        otherUseOfFunds: '',
        termsAccepted: false,
      }),
    ).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      requestedAmount: 'Enter the amount you need',
      monthlyRevenue: 'Enter your monthly revenue',
      useOfFunds: 'Please select at least one use of funds',
      termsAccepted: 'You must accept the terms and conditions to proceed',
    });
  });

  it('names a missing business name and an undescribed Other while the amount is out of range', () => {
    expect(
      fieldsWithErrors({
        applicationType: 'business',
        businessName: ' ',
        requestedAmount: 100,
        monthlyRevenue: 5000,
        useOfFunds: ['other'],
        otherUseOfFunds: '',
        termsAccepted: true,
      }),
    ).toEqual({
      businessName: 'Business name is required',
      otherUseOfFunds: 'Please describe the other use of funds',
      requestedAmount: 'Minimum amount: R2,000',
    });
  });

  it('still reports a malformed field itself, without a cross-check built on it', () => {
    expect(fieldsWithErrors({ ...COMPLETE, useOfFunds: 'other' })).toEqual({
      useOfFunds: 'Please select at least one use of funds',
    });
  });

  it('refuses a body that is not an object without running the cross-checks on it', () => {
    for (const body of [null, 7, 'text', []]) {
      expect(applicationFormSchema.safeParse(body).success).toBe(false);
    }
  });

  it('accepts a complete personal application', () => {
    expect(fieldsWithErrors(COMPLETE)).toEqual({});
  });
});
