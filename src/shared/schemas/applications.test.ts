import { describe, expect, it } from 'vitest';
import { formatZarWhole } from '../finance/money';
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
  identityType: 'sa_id',
  idNumber: '9001155009086',
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
      identityType: 'Choose SA ID number or passport',
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
      registrationNumber: "Enter the business's registration number",
      annualTurnover: "Enter the business's annual turnover",
      assetValue: "Enter the value of the business's assets",
      otherUseOfFunds: 'Please describe the other use of funds',
      requestedAmount: `Minimum amount: ${formatZarWhole(2_000)}`,
    });
  });

  it('checks the identity: an SA ID number that fails its check digit, a passport without a date of birth', () => {
    expect(fieldsWithErrors({ ...COMPLETE, idNumber: '9001155009087' })).toEqual({
      idNumber: 'This is not a valid SA ID number: its check digit does not match. Check for a typo.',
    });
    expect(fieldsWithErrors({ ...COMPLETE, idNumber: undefined })).toEqual({
      idNumber: 'Enter your SA ID number',
    });
    expect(
      fieldsWithErrors({ ...COMPLETE, identityType: 'passport', idNumber: undefined, passportNumber: 'A12' }),
    ).toEqual({
      passportNumber: 'A passport number is 6 to 20 letters and digits',
      dateOfBirth: 'Enter your date of birth',
    });
    expect(
      fieldsWithErrors({
        ...COMPLETE,
        identityType: 'passport',
        idNumber: undefined,
        passportNumber: 'ZW1234567',
        dateOfBirth: '1992-04-30',
      }),
    ).toEqual({});
  });

  it("checks a business's registration number, turnover and assets", () => {
    const business = {
      ...COMPLETE,
      applicationType: 'business',
      businessName: 'Studio Zola (Pty) Ltd',
      registrationNumber: '2019/123456/07',
      annualTurnover: 240_000,
      assetValue: 50_000,
    };
    expect(fieldsWithErrors(business)).toEqual({});
    expect(fieldsWithErrors({ ...business, registrationNumber: '123456' })).toEqual({
      registrationNumber: 'A registration number looks like 2015/123456/07',
    });
    expect(fieldsWithErrors({ ...business, annualTurnover: -1 })).toEqual({
      annualTurnover: 'Annual turnover cannot be negative',
    });
  });

  it('still reports a malformed field itself, without a cross-check built on it', () => {
    expect(fieldsWithErrors({ ...COMPLETE, useOfFunds: 'other' })).toEqual({
      useOfFunds: 'Please select at least one use of funds',
    });
  });

  it("a number where an identity or registration text belongs is that field's type error, never a crash", () => {
    // Found by the fuzz sweep: an ID number of -5e-324 reached the check digit and threw (a 500 for the API).
    expect(fieldsWithErrors({ ...COMPLETE, idNumber: -5e-324 })).toEqual({
      idNumber: 'Invalid input: expected string, received number',
    });
    const passport = { ...COMPLETE, identityType: 'passport', idNumber: undefined };
    expect(fieldsWithErrors({ ...passport, passportNumber: 12345678, dateOfBirth: 19900101 })).toEqual({
      passportNumber: 'Invalid input: expected string, received number',
      dateOfBirth: 'Invalid input: expected string, received number',
    });
    const business = {
      ...COMPLETE,
      applicationType: 'business',
      businessName: 'Kasi',
      annualTurnover: 1,
      assetValue: 1,
    };
    expect(fieldsWithErrors({ ...business, registrationNumber: 201512345607 })).toEqual({
      registrationNumber: 'Invalid input: expected string, received number',
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
