import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api';
import { applyServerErrors, serverFieldErrors } from './form-errors';

const refusal = new ApiError(
  400,
  'The payment date cannot be in the future: today is 2026-11-23 in South Africa.',
  {},
  {
    paymentDate: ['The payment date cannot be in the future: today is 2026-11-23 in South Africa.'],
    other: ['not asked for'],
  },
);

describe('serverFieldErrors', () => {
  it('takes the first message of each asked field', () => {
    expect(serverFieldErrors(refusal, ['paymentDate', 'amount'])).toEqual({
      paymentDate: 'The payment date cannot be in the future: today is 2026-11-23 in South Africa.',
    });
  });

  it('is empty for other errors and answers without field errors', () => {
    expect(serverFieldErrors(new Error('boom'), ['paymentDate'])).toEqual({});
    expect(serverFieldErrors(new ApiError(409, 'Conflict'), ['paymentDate'])).toEqual({});
    expect(serverFieldErrors(new ApiError(400, 'x', {}, { paymentDate: ['  '] }), ['paymentDate'])).toEqual(
      {},
    );
  });
});

describe('applyServerErrors', () => {
  it('sets each refused field and focuses only the first', () => {
    const setError = vi.fn();
    const both = new ApiError(400, 'month', {}, { earningsMonth: ['Too late'], earningsYear: ['Too late'] });
    expect(applyServerErrors({ setError }, both, ['earningsMonth', 'earningsYear'])).toEqual([
      'earningsMonth',
      'earningsYear',
    ]);
    expect(setError).toHaveBeenNthCalledWith(
      1,
      'earningsMonth',
      { type: 'server', message: 'Too late' },
      { shouldFocus: true },
    );
    expect(setError).toHaveBeenNthCalledWith(
      2,
      'earningsYear',
      { type: 'server', message: 'Too late' },
      { shouldFocus: false },
    );
  });

  it('says false and sets nothing when no asked field is named', () => {
    const setError = vi.fn();
    expect(applyServerErrors({ setError }, new ApiError(409, 'Expired'), ['paymentDate'])).toEqual([]);
    expect(setError).not.toHaveBeenCalled();
  });

  it('leaves focus to the caller when asked', () => {
    const setError = vi.fn();
    applyServerErrors({ setError }, refusal, ['paymentDate'], { focus: false });
    expect(setError).toHaveBeenCalledWith('paymentDate', expect.anything(), { shouldFocus: false });
  });
});
