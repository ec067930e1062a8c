import { describe, expect, it } from 'vitest';
import { PRODUCTION_STATUSES } from './constants';
import { baseStatus, canTransition, isCancellable, isFinal, sameWorld } from './status-machine';

describe('application status machine', () => {
  it('lets a creator cancel only before the payout: under review, approved, offered or accepted', () => {
    const beforePayout = ['pending_review', 'approved', 'offered', 'accepted'];
    for (const from of PRODUCTION_STATUSES) {
      expect(canTransition(from, 'cancelled', 'creator')).toBe(beforePayout.includes(from));
      expect(isCancellable(from)).toBe(beforePayout.includes(from));
    }
  });

  it('starts a loan only by the payout of an accepted quote: approved -> offered | accepted -> active', () => {
    // Before a payout (a defaulted loan returns to active by a cure or a restructure, not a payout).
    for (const from of ['pending_review', 'approved', 'offered', 'accepted', 'rejected', 'cancelled']) {
      for (const actor of ['creator', 'admin', 'system'] as const) {
        expect(canTransition(from, 'active', actor)).toBe(from === 'accepted' && actor === 'admin');
      }
    }
    expect(canTransition('approved', 'accepted', 'creator')).toBe(true);
    expect(canTransition('offered', 'accepted', 'creator')).toBe(true);
    expect(canTransition('approved', 'offered', 'admin')).toBe(true);
    expect(canTransition('approved', 'offered', 'creator')).toBe(false);
    expect(canTransition('accepted', 'offered', 'admin')).toBe(false);
  });

  it('never leaves cancelled or completed', () => {
    for (const to of PRODUCTION_STATUSES) {
      for (const actor of ['creator', 'admin', 'system'] as const) {
        expect(canTransition('cancelled', to, actor)).toBe(false);
        expect(canTransition('completed', to, actor)).toBe(false);
      }
    }
    expect(isFinal('cancelled_testing')).toBe(true);
  });

  it('lets only an admin decide a review, and nobody approve a defaulted loan', () => {
    expect(canTransition('pending_review', 'approved', 'admin')).toBe(true);
    expect(canTransition('pending_review', 'approved', 'creator')).toBe(false);
    expect(canTransition('pending_review', 'active', 'admin')).toBe(false);
    expect(canTransition('defaulted', 'approved', 'admin')).toBe(false);
    expect(canTransition('active', 'completed', 'admin')).toBe(false);
    expect(canTransition('active', 'completed', 'system')).toBe(true);
  });

  it('keeps testing applications in their own world', () => {
    expect(canTransition('pending_review_testing', 'approved_testing', 'admin')).toBe(true);
    expect(canTransition('pending_review_testing', 'approved', 'admin')).toBe(false);
    expect(sameWorld('approved_testing', 'active')).toBe('active_testing');
    expect(sameWorld('approved', 'active')).toBe('active');
    expect(baseStatus('defaulted_testing')).toBe('defaulted');
  });
});
