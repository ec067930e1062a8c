import { describe, expect, it } from 'vitest';
import { mandateMaximum, universalBranchCode } from '../debit-orders';
import { mandateFormSchema } from './debit-orders';

const form = {
  accountHolder: 'Zola Test',
  bank: 'FNB',
  branchCode: '250655',
  accountType: 'cheque',
  accountNumber: '62001234567',
  consent: true,
};

describe('the mandate form', () => {
  it('takes 6 to 11 digits, a 6-digit branch code, a holder and the consent', () => {
    expect(mandateFormSchema.safeParse(form).success).toBe(true);
    expect(mandateFormSchema.safeParse({ ...form, accountNumber: '123456' }).success).toBe(true);
    for (const bad of [
      { accountNumber: '12345' },
      { accountNumber: '123456789012' },
      { accountNumber: '6200 1234' },
      { branchCode: '25065' },
      { accountHolder: 'Z' },
      { bank: 'Bank of Nowhere' },
      { accountType: 'current' },
      { consent: false },
    ]) {
      expect(mandateFormSchema.safeParse({ ...form, ...bad }).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it('knows the universal branch codes and the maximum of 1.5 instalments', () => {
    expect(universalBranchCode('Capitec')).toBe('470010');
    expect(universalBranchCode('Standard Bank')).toBe('051001');
    expect(mandateMaximum('1025.55')).toBe('1538.33');
  });
});
