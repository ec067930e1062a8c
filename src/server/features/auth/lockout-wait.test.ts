import { describe, expect, it } from 'vitest';
import { lockoutWait } from './auth.service';

describe('lockoutWait', () => {
  it('says the wait in whole minutes, rounded up, never "0 minutes"', () => {
    expect(lockoutWait(900)).toBe('Try again in 15 minutes.');
    expect(lockoutWait(841)).toBe('Try again in 15 minutes.');
    expect(lockoutWait(61)).toBe('Try again in 2 minutes.');
    expect(lockoutWait(60)).toBe('Try again in 1 minute.');
    expect(lockoutWait(5)).toBe('Try again in 1 minute.');
    expect(lockoutWait(0)).toBe('Try again in 1 minute.');
  });
});
