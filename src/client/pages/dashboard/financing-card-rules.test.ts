import { describe, expect, it } from 'vitest';
import type { ListedApplication } from '../../features/applications';
import { financingCardApplication, isClosedLoan, offersNothing } from './financing-card-rules';

// Only the fields the rule reads; the rest of an application does not matter to it.
const app = (id: number, status: string, createdAt: string) =>
  ({ id, status, createdAt }) as unknown as ListedApplication;

describe('the Available Financing card', () => {
  it('describes the newest application, a cancelled one included', () => {
    const older = app(1, 'completed', '2026-01-01T10:00:00Z');
    const cancelled = app(2, 'cancelled', '2026-03-01T10:00:00Z');
    expect(financingCardApplication([older, cancelled])?.id).toBe(2);
    expect(financingCardApplication([app(3, 'rejected', '2026-04-01T10:00:00Z'), older])?.id).toBe(3);
  });

  it('stays on an open application while a newer one was cancelled or rejected', () => {
    const active = app(1, 'active', '2026-01-01T10:00:00Z');
    const cancelled = app(2, 'cancelled_testing', '2026-03-01T10:00:00Z');
    expect(financingCardApplication([cancelled, active])?.id).toBe(1);
  });

  it('stays on an offer or an accepted agreement while a newer one was cancelled', () => {
    const cancelled = app(3, 'cancelled', '2026-03-01T10:00:00Z');
    expect(financingCardApplication([cancelled, app(1, 'offered', '2026-01-01T10:00:00Z')])?.id).toBe(1);
    expect(financingCardApplication([cancelled, app(2, 'accepted', '2026-01-01T10:00:00Z')])?.id).toBe(2);
    expect(offersNothing({ status: 'offered' })).toBe(false);
    expect(offersNothing({ status: 'accepted' })).toBe(false);
  });

  it('has nothing to describe without applications', () => {
    expect(financingCardApplication([])).toBeNull();
  });

  it('offers nothing for a rejected or cancelled application only', () => {
    expect(offersNothing({ status: 'rejected' })).toBe(true);
    expect(offersNothing({ status: 'cancelled_testing' })).toBe(true);
    expect(offersNothing({ status: 'pending_review' })).toBe(false);
    expect(offersNothing({ status: 'approved' })).toBe(false);
  });
  it('treats a repaid loan as closed: its amount is not money on offer', () => {
    expect(isClosedLoan({ status: 'completed' })).toBe(true);
    expect(isClosedLoan({ status: 'completed_testing' })).toBe(true);
    for (const status of ['active', 'defaulted', 'approved', 'offered']) {
      expect(isClosedLoan({ status })).toBe(false);
    }
  });
});
