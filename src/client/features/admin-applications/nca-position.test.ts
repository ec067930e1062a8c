import { describe, expect, it } from 'vitest';
import type { NcaPosition } from '../../../shared/schemas/compliance';
import { hasNcaRecord, ncaActions, ncaTimelineRows, showsStageBadge } from './nca-position';

type Timeline = NcaPosition['timeline'];

const timeline = (over: Partial<Timeline> = {}): Timeline => ({
  stage: 'current',
  summary: 'Not in arrears: nothing under sections 129-130.',
  arrearsFrom: null,
  noticeDueOn: null,
  noticeDeliveredOn: null,
  registeredPost: null,
  enforcementAllowedFrom: null,
  bureauNoticeOn: null,
  adverseListingAllowedFrom: null,
  enforcementOn: null,
  underDebtReview: false,
  canEnforce: false,
  enforceRefusal: 'The loan is not in arrears.',
  ...over,
});

const position = (over: Partial<Timeline> = {}, rest: Partial<NcaPosition> = {}): NcaPosition => ({
  timeline: timeline(over),
  debtReview: null,
  events: [],
  ...rest,
});

const noticeSent = {
  stage: 'notice_sent',
  arrearsFrom: '2026-12-23',
  noticeDueOn: '2027-01-22',
  noticeDeliveredOn: '2027-01-22',
  enforcementAllowedFrom: '2027-02-06',
  bureauNoticeOn: '2027-01-22',
  adverseListingAllowedFrom: '2027-02-20',
  enforceRefusal:
    'The section 129 notice was delivered on 22 January 2027: no enforcement step before 6 February 2027 (10 business days, s130(1)(a)).',
} as const;

const labels = (p: NcaPosition) => ncaTimelineRows(p).map((r) => [r.label, r.value, r.detail]);

describe('ncaTimelineRows', () => {
  it('says nothing for a loan that is not in arrears', () => {
    expect(ncaTimelineRows(position())).toEqual([]);
  });

  it('gives the day the notice is due while it has not gone', () => {
    expect(
      labels(position({ stage: 'in_arrears', arrearsFrom: '2026-12-23', noticeDueOn: '2027-01-22' })),
    ).toEqual([
      ['In arrears since', '23 December 2026', undefined],
      ['Section 129 notice due', '22 January 2027', undefined],
    ]);
  });

  it('after the notice: when it went, by post too, and the days enforcement and listing wait for', () => {
    expect(
      labels(
        position({ ...noticeSent, registeredPost: { reference: 'RD123456789ZA', postedOn: '2027-01-25' } }),
      ),
    ).toEqual([
      ['In arrears since', '23 December 2026', undefined],
      ['Section 129 notice sent by e-mail', '22 January 2027', undefined],
      ['Sent by registered post', '25 January 2027', 'Reference RD123456789ZA'],
      ['Enforcement allowed from', '6 February 2027', undefined],
      ['Credit bureau notice sent', '22 January 2027', undefined],
      ['Adverse listing allowed from', '20 February 2027', undefined],
    ]);
  });

  it('names the hand-over and its note once enforcement started, instead of the day it was allowed from', () => {
    const rows = labels(
      position(
        { ...noticeSent, stage: 'enforcement_started', enforcementOn: '2027-02-08' },
        {
          events: [
            {
              id: 7,
              kind: 'enforcement',
              occurredOn: '2027-02-08',
              byAdmin: true,
              details: { step: 'collections', note: 'ABC Collections' },
            },
          ],
        },
      ),
    );
    expect(rows).toContainEqual([
      'Enforcement started',
      '8 February 2027',
      'Handed over to collections: ABC Collections',
    ]);
    expect(rows.map((r) => r[0])).not.toContain('Enforcement allowed from');
  });

  it('under debt review: since when, the counsellor, and the order made since the notice', () => {
    const rows = labels(
      position(
        {
          stage: 'debt_review',
          arrearsFrom: '2026-12-23',
          noticeDueOn: '2027-01-22',
          underDebtReview: true,
        },
        {
          debtReview: {
            since: '2026-12-01',
            counsellorName: 'Thuli Mokoena',
            counsellorNcrNumber: 'NCRDC1234',
            reference: 'DR-77',
          },
          events: [
            {
              id: 1,
              kind: 'debt_review_order',
              occurredOn: '2026-06-01',
              byAdmin: true,
              details: { months: 6 },
            },
            { id: 2, kind: 'debt_review', occurredOn: '2026-12-01', byAdmin: true, details: {} },
            {
              id: 3,
              kind: 'debt_review_order',
              occurredOn: '2027-01-20',
              byAdmin: true,
              details: { months: 24, reference: 'MC-2027-115' },
            },
          ],
        },
      ),
    );
    expect(rows).toEqual([
      ['In arrears since', '23 December 2026', undefined],
      ['Under debt review since', '1 December 2026', undefined],
      ['Debt counsellor', 'Thuli Mokoena', 'NCR NCRDC1234 · reference DR-77'],
      ['Restructuring order', '20 January 2027', '24 months · reference MC-2027-115'],
    ]);
  });
});

describe('ncaActions', () => {
  it('offers nothing on a loan no longer being repaid', () => {
    expect(ncaActions(position(noticeSent), 'completed')).toBeNull();
  });

  it('a current loan: only a debt counsellor’s notice, and no refusal to repeat', () => {
    expect(ncaActions(position(), 'active')).toEqual({
      registeredPost: false,
      handOver: { allowed: false, reason: null },
      recordDebtReview: true,
      recordOrder: false,
      endDebtReview: false,
    });
  });

  it('after the notice: registered post until recorded, and the reason no hand-over is allowed yet', () => {
    const actions = ncaActions(position(noticeSent), 'defaulted');
    expect(actions).toMatchObject({
      registeredPost: true,
      handOver: { allowed: false, reason: noticeSent.enforceRefusal },
    });
    expect(
      ncaActions(
        position({ ...noticeSent, registeredPost: { reference: 'RD123456789ZA', postedOn: '2027-01-22' } }),
        'defaulted',
      )?.registeredPost,
    ).toBe(false);
  });

  it('hands over once the server allows it', () => {
    expect(
      ncaActions(
        position({ ...noticeSent, stage: 'enforceable', canEnforce: true, enforceRefusal: null }),
        'active',
      )?.handOver,
    ).toEqual({ allowed: true });
  });

  it('under debt review: the order and the end, not another notice', () => {
    expect(
      ncaActions(
        position({ stage: 'debt_review', underDebtReview: true, enforceRefusal: 'under review' }),
        'active',
      ),
    ).toMatchObject({ recordDebtReview: false, recordOrder: true, endDebtReview: true });
  });
});

describe('which loans', () => {
  it('only paid-out loans have a record; only those with something to say get a badge', () => {
    expect(['active', 'defaulted', 'completed', 'approved', 'offered'].map(hasNcaRecord)).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
    expect(showsStageBadge('current')).toBe(false);
    expect(showsStageBadge('notice_sent')).toBe(true);
  });
});
