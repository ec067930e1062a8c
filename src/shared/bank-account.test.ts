import { describe, expect, it } from 'vitest';
import { bankAccountText, maskAccountNumber } from './bank-account';

describe('the bank account in words', () => {
  it('names a bank by its short name in brackets and the last four digits', () => {
    expect(bankAccountText('First National Bank (FNB)', maskAccountNumber('62001237890'))).toBe('FNB ..7890');
    expect(bankAccountText('Capitec Bank', '••••••4321')).toBe('Capitec Bank ..4321');
  });

  it('names nothing without both a bank and a number on file', () => {
    expect(bankAccountText(null, '••••7890')).toBeNull();
    expect(bankAccountText('Capitec Bank', null)).toBeNull();
    expect(bankAccountText('  ', '••••7890')).toBeNull();
    expect(bankAccountText('Capitec Bank', '')).toBeNull();
  });
});
