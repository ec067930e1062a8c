import { describe, expect, it } from 'vitest';
import { statusLabel, statusTone } from './badge-tones';

describe('status badges', () => {
  it('gives the steps between approval and payout their own words and tones', () => {
    expect(statusLabel('offered')).toBe('Offer made');
    expect(statusLabel('accepted')).toBe('Accepted, awaiting payout');
    expect(statusLabel('accepted_testing')).toBe('Accepted, awaiting payout (test)');
    expect(statusTone('offered')).toBe('info');
    expect(statusTone('accepted')).toBe('success');
    expect(statusTone('offered_testing')).toBe('info');
  });

  it('keeps the tones of the other statuses', () => {
    expect(statusTone('approved')).toBe('success');
    expect(statusTone('pending_review')).toBe('warning');
    expect(statusTone('rejected')).toBe('destructive');
    expect(statusTone('active')).toBe('info');
    expect(statusTone('cancelled')).toBe('secondary');
  });
});
