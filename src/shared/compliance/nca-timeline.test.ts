import { describe, expect, it } from 'vitest';
import type { IsoDate } from '../business-date';
import { formatDateInWords } from '../format';
import {
  adverseListingAllowedFrom,
  enforcementAllowedFrom,
  ncaTimeline,
  section129DueOn,
} from './nca-timeline';

const day = (d: string) => d as IsoDate;
const base = {
  today: day('2026-12-01'),
  arrearsFrom: null,
  noticeDeliveredOn: null,
  registeredPost: null,
  bureauNoticeOn: null,
  enforcementOn: null,
  underDebtReview: false,
};

describe('the section 129-130 timeline in South African business days', () => {
  it('the notice goes on the 20th business day in arrears, across the December holidays', () => {
    // Due Monday 2 November 2026: 20 business days later (no holidays in November) is Monday 30 November.
    expect(section129DueOn(day('2026-11-02'))).toBe('2026-11-30');
    // Due 1 December 2026: 16 December (Day of Reconciliation) and 25 December are skipped.
    expect(section129DueOn(day('2026-12-01'))).toBe('2026-12-31');
  });

  it('enforcement waits until 10 business days have elapsed after delivery', () => {
    // Delivered Monday 30 November: the 10th business day is Monday 14 December; allowed from 15 December.
    expect(enforcementAllowedFrom(day('2026-11-30'))).toBe('2026-12-15');
    // Adverse information: the 20th business day after 30 November is 30 December (16 and 25 December are
    // holidays; 26 December is a Saturday), so from 31 December.
    expect(adverseListingAllowedFrom(day('2026-11-30'))).toBe('2026-12-31');
  });

  it('says where the loan stands, and refuses enforcement with the reason until it may', () => {
    const inArrears = ncaTimeline({ ...base, arrearsFrom: day('2026-11-02') }, formatDateInWords);
    expect(inArrears).toMatchObject({ stage: 'in_arrears', noticeDueOn: '2026-11-30', canEnforce: false });
    const sent = ncaTimeline(
      {
        ...base,
        today: day('2026-12-14'),
        arrearsFrom: day('2026-11-02'),
        noticeDeliveredOn: day('2026-11-30'),
      },
      formatDateInWords,
    );
    expect(sent).toMatchObject({
      stage: 'notice_sent',
      enforcementAllowedFrom: '2026-12-15',
      canEnforce: false,
    });
    expect(sent.enforceRefusal).toBe(
      'The section 129 notice was delivered on 30 November 2026: no enforcement step before 15 December 2026 (10 business days, s130(1)(a)).',
    );
    const due = ncaTimeline(
      {
        ...base,
        today: day('2026-12-15'),
        arrearsFrom: day('2026-11-02'),
        noticeDeliveredOn: day('2026-11-30'),
      },
      formatDateInWords,
    );
    expect(due).toMatchObject({ stage: 'enforceable', canEnforce: true, enforceRefusal: null });
    const review = ncaTimeline(
      {
        ...base,
        today: day('2027-01-15'),
        arrearsFrom: day('2026-11-02'),
        noticeDeliveredOn: day('2026-11-30'),
        underDebtReview: true,
      },
      formatDateInWords,
    );
    expect(review).toMatchObject({ stage: 'debt_review', canEnforce: false });
  });
});
