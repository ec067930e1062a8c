import { describe, expect, it } from 'vitest';
import { outcomeText } from './represent-rule';

describe('what a failed collection means, in words', () => {
  it('names the day it is tried again as a day, never an ISO date', () => {
    expect(outcomeText({ outcome: 'represent', representOn: '2026-12-02' }, 3)).toBe(
      'It will be collected again from 02 Dec 2026.',
    );
  });

  it('says when it is no longer tried, and when the debit order is suspended', () => {
    expect(outcomeText({ outcome: 'exhausted', representOn: null }, 3)).toBe(
      'It was tried 3 times: it is not collected again by itself.',
    );
    expect(outcomeText({ outcome: 'suspend', representOn: null }, 3)).toMatch(/suspended/);
  });
});
