import { describe, expect, it } from 'vitest';
import { PRODUCTION_STATUSES } from './constants';
import {
  adminStatusChoices,
  baseStatus,
  canPreviewTerms,
  canTransition,
  isCancellable,
  isFinal,
  sameWorld,
  statusLabel,
} from './status-machine';

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

  it('never leaves cancelled; completed only back to active, by an admin reversing the payment that closed it', () => {
    for (const to of PRODUCTION_STATUSES) {
      for (const actor of ['creator', 'admin', 'system'] as const) {
        expect(canTransition('cancelled', to, actor)).toBe(false);
        expect(canTransition('completed', to, actor)).toBe(to === 'active' && actor === 'admin');
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

  it('prices terms until the payout: under review, approved and while an offer waits, never with a schedule', () => {
    for (const status of PRODUCTION_STATUSES) {
      expect(canPreviewTerms(status, false)).toBe(['pending_review', 'approved', 'offered'].includes(status));
      expect(canPreviewTerms(status, true)).toBe(false);
    }
  });

  it('never offers Active in the Edit dialog: only the payout starts a loan', () => {
    expect(adminStatusChoices('approved', false)).toEqual(['pending_review', 'approved', 'rejected']);
    expect(adminStatusChoices('offered', false)).toEqual(['pending_review', 'approved', 'rejected']);
    expect(adminStatusChoices('accepted', false)).toEqual(['pending_review', 'rejected']);
    expect(adminStatusChoices('active', true)).toEqual(['active']);
  });
});

describe('statusLabel', () => {
  it('says every status in capitalised words a person reads, never the stored code', () => {
    for (const status of PRODUCTION_STATUSES) {
      const label = statusLabel(status);
      expect(label).toMatch(/^[A-Z]/);
      expect(label).not.toContain('_');
      expect(statusLabel(`${status}_testing`)).toBe(`${label} (test)`);
    }
    expect(PRODUCTION_STATUSES.map(statusLabel)).toEqual([
      'Under Review',
      'Approved',
      'Offer made',
      'Accepted, awaiting payout',
      'Rejected',
      'Active',
      'Defaulted',
      'Cancelled',
      'Repaid',
    ]);
  });

  it("reads a schedule's status the same way, its own 'pending' as a word", () => {
    expect(statusLabel('completed')).toBe('Repaid');
    expect(statusLabel('active')).toBe('Active');
    expect(statusLabel('pending')).toBe('Pending');
  });
});
