import { describe, expect, it } from 'vitest';
import { resendLabel, secondsLeft } from './resend-countdown';

describe('the Resend Code cool-down', () => {
  it('counts whole seconds up to the moment the server named', () => {
    const until = 1_000_000 + 60_000;
    expect(secondsLeft(until, 1_000_000)).toBe(60);
    expect(secondsLeft(until, 1_000_001)).toBe(60);
    expect(secondsLeft(until, 1_059_001)).toBe(1);
    expect(secondsLeft(until, until)).toBe(0);
    expect(secondsLeft(until, until + 5_000)).toBe(0);
    expect(secondsLeft(null, 1_000_000)).toBe(0);
  });

  it('shows the seconds on the button while it waits', () => {
    expect(resendLabel(42)).toBe('Resend Code in 42s');
    expect(resendLabel(0)).toBe('Resend Code');
  });
});
