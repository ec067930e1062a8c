import type { z } from 'zod';

/**
 * Plain words for the number checks the shared platform schemas leave to zod's generic wording
 * ('Invalid input: expected number, received undefined'). Checks that carry their own message keep it.
 */
export const numberIssueMessages: z.core.$ZodErrorMap = (issue) => {
  if (issue.code === 'invalid_type' && issue.input === undefined) return 'This field is required';
  if (issue.code === 'invalid_type' && issue.expected === 'int') return 'Use a whole number';
  if (issue.code === 'too_small' && issue.origin === 'number') return 'Cannot be negative';
  if (issue.code === 'too_big' && issue.origin === 'number') return 'This number is too large';
  if (issue.code === 'not_multiple_of') return 'Use at most 2 decimals';
  return undefined;
};
