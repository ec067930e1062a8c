import { describe, expect, it } from 'vitest';
import { formatCount } from '../../lib/format';
import {
  BUCKET_OPTIONS,
  canCancel,
  canRecordEarnings,
  detailsQueryString,
  filtersFromSearchParams,
  filtersQueryString,
  filtersToSearchParams,
  hasActiveFilters,
  type LendingFilters,
  lendingCountText,
  lendingViewFromSearchParams,
  lendingViewToSearchParams,
  listedNoun,
  STATUS_OPTIONS,
  statusFilterText,
  withFilter,
  yearOptions,
} from './lending-filters';

const now = new Date(2026, 10, 21);

describe('the Status filter', () => {
  it('names each status in the one vocabulary, the test ones marked', () => {
    const label = (value: string) => STATUS_OPTIONS.find((o) => o.value === value)?.label;
    expect(label('pending_review')).toBe('Under Review');
    expect(label('completed')).toBe('Repaid');
    expect(label('pending_review_testing')).toBe('Under Review (test)');
    expect(label('active')).toBe('Active');
  });

  it('lists every status, the _testing ones too', () => {
    expect(STATUS_OPTIONS).toHaveLength(18);
    expect(STATUS_OPTIONS[0]).toEqual({ value: 'pending_review', label: 'Under Review' });
    expect(STATUS_OPTIONS.map((o) => o.value)).toContain('defaulted_testing');
  });
});

describe('yearOptions', () => {
  it('is the current year and the 5 before, newest first', () => {
    expect(yearOptions(now)).toEqual([2026, 2025, 2024, 2023, 2022, 2021]);
    expect(yearOptions(new Date(2030, 0, 1))).toHaveLength(6);
  });
});

describe('canCancel', () => {
  it('only pending_review, approved and their _testing twins', () => {
    for (const s of ['pending_review', 'approved', 'pending_review_testing', 'approved_testing']) {
      expect(canCancel(s)).toBe(true);
    }
    for (const s of ['active', 'rejected', 'cancelled', 'completed', 'defaulted_testing', 'active_testing']) {
      expect(canCancel(s)).toBe(false);
    }
  });
});

describe('filters <-> search params', () => {
  const all: LendingFilters = {
    month: 3,
    year: 2025,
    userId: 42,
    status: ['approved_testing', 'active'],
    platformId: 7,
    mode: 'hybrid',
    search: 'naledi k',
  };

  it('round-trips every filter in a fixed order', () => {
    const params = filtersToSearchParams(all);
    expect(params.toString()).toBe(
      'month=3&year=2025&userId=42&status=approved_testing%2Cactive&platformId=7&mode=hybrid&search=naledi+k',
    );
    expect(filtersFromSearchParams(params, now)).toEqual(all);
  });

  it('leaves out empty filters', () => {
    expect(filtersToSearchParams({}).toString()).toBe('');
    expect(filtersQueryString({})).toBe('');
    expect(filtersQueryString({ search: 'x', month: 1 })).toBe('?month=1&search=x');
    expect(hasActiveFilters({})).toBe(false);
    expect(hasActiveFilters({ mode: 'production' })).toBe(true);
  });

  it('drops values the controls cannot show', () => {
    const params = new URLSearchParams(
      'month=13&year=2019&userId=-1&status=paid&platformId=abc&mode=live&search=%20%20&extra=1',
    );
    expect(filtersFromSearchParams(params, now)).toEqual({});
    expect(filtersFromSearchParams(new URLSearchParams('month=0&year=2027&userId=1.5'), now)).toEqual({});
  });

  it('keeps several statuses, once each, and drops the unknown ones', () => {
    const params = new URLSearchParams('status=active,defaulted,paid,active');
    expect(filtersFromSearchParams(params, now)).toEqual({ status: ['active', 'defaulted'] });
    expect(filtersQueryString({ status: ['active', 'defaulted'] })).toBe('?status=active%2Cdefaulted');
  });

  it('names the chosen statuses, and counts loans only when every status is one of a paid-out loan', () => {
    expect(statusFilterText(undefined)).toBe('All statuses');
    expect(statusFilterText(['active', 'defaulted'])).toBe('Active, Defaulted');
    expect(statusFilterText(['active', 'defaulted', 'completed'])).toBe('3 statuses');
    expect(listedNoun(undefined)).toEqual(['application', 'applications']);
    // Applications counted with how many of them are loans; loans counted once.
    expect(lendingCountText(40, listedNoun(undefined), 12)).toBe('40 applications · 12 loans');
    expect(lendingCountText(1, listedNoun(undefined), 1)).toBe('1 application · 1 loan');
    expect(lendingCountText(1_234, listedNoun(undefined), undefined)).toBe(
      `${formatCount(1_234)} applications`,
    );
    expect(lendingCountText(12, listedNoun(['active', 'defaulted']), 12)).toBe('12 loans');
    expect(listedNoun(['active', 'defaulted_testing', 'completed'])).toEqual(['loan', 'loans']);
    expect(listedNoun(['active', 'pending_review'])).toEqual(['application', 'applications']);
  });

  it('trims the search and holds it to 100 characters', () => {
    const long = 'a'.repeat(150);
    expect(filtersFromSearchParams(new URLSearchParams({ search: `  ${long} ` }), now).search).toHaveLength(
      100,
    );
    expect(filtersFromSearchParams(new URLSearchParams({ search: '  thandi ' }), now).search).toBe('thandi');
  });

  it('withFilter sets and removes one filter without touching the others', () => {
    const base: LendingFilters = { month: 2, search: 'x' };
    expect(withFilter(base, 'status', ['active'])).toEqual({ month: 2, search: 'x', status: ['active'] });
    expect(withFilter({ ...base, status: ['active'] }, 'status', [])).toEqual(base);
    expect(withFilter(base, 'month', undefined)).toEqual({ search: 'x' });
    expect(withFilter(base, 'search', '')).toEqual({ month: 2 });
    expect(base).toEqual({ month: 2, search: 'x' });
  });
});

describe('the days-past-due (bucket) filter', () => {
  it('offers the five buckets in order of lateness, with the shared labels', () => {
    expect(BUCKET_OPTIONS).toEqual([
      { value: 'current', label: 'Current' },
      { value: '1-30', label: '1-30 days' },
      { value: '31-60', label: '31-60 days' },
      { value: '61-90', label: '61-90 days' },
      { value: '90+', label: 'Over 90 days' },
    ]);
  });

  it('round-trips through the URL and goes to the API as bucket', () => {
    const filters: LendingFilters = { status: ['active'], bucket: '31-60' };
    const params = filtersToSearchParams(filters);
    expect(params.toString()).toBe('status=active&bucket=31-60');
    expect(filtersFromSearchParams(params, now)).toEqual(filters);
    expect(filtersQueryString({ bucket: '90+' })).toBe('?bucket=90%2B');
    expect(filtersFromSearchParams(new URLSearchParams('bucket=90%2B'), now)).toEqual({ bucket: '90+' });
    expect(hasActiveFilters({ bucket: 'current' })).toBe(true);
  });

  it('drops a bucket the filter cannot show', () => {
    for (const bad of ['30-60', '90', 'late', '']) {
      expect(filtersFromSearchParams(new URLSearchParams({ bucket: bad }), now)).toEqual({});
    }
  });

  it('is cleared like any other filter', () => {
    expect(withFilter({ bucket: '1-30', month: 2 }, 'bucket', undefined)).toEqual({ month: 2 });
  });
});

describe('the Lending Data list state (page, size, sort)', () => {
  const read = (query: string) => lendingViewFromSearchParams(new URLSearchParams(query), now);

  it('reads page 1 of 50, newest first, without params', () => {
    expect(read('').list).toEqual({ page: 1, pageSize: 50, sort: '-createdAt' });
  });

  it('reads the page, size and sort beside the filters', () => {
    expect(read('status=active&sort=-remainingAmount&pageSize=100&page=4')).toEqual({
      filters: { status: ['active'] },
      list: { page: 4, pageSize: 100, sort: '-remainingAmount' },
    });
  });

  it('ignores a bad page, size or sort without losing the filters', () => {
    expect(read('search=thandi&page=0&pageSize=1000&sort=clientName')).toEqual({
      filters: { search: 'thandi' },
      list: { page: 1, pageSize: 50, sort: '-createdAt' },
    });
  });

  it('writes the filters, then what differs from the defaults, and reads it back the same', () => {
    const view = read('bucket=31-60&sort=nextPaymentDate&page=2');
    const params = lendingViewToSearchParams(view);
    expect(params.toString()).toBe('bucket=31-60&sort=nextPaymentDate&page=2');
    expect(lendingViewFromSearchParams(params, now)).toEqual(view);
    expect(lendingViewToSearchParams(read('')).toString()).toBe('');
  });

  it('asks the API for the filters with page, size and sort always', () => {
    const view = read('month=3&userId=42');
    expect(detailsQueryString(view.filters, view.list)).toBe(
      '?month=3&userId=42&page=1&pageSize=50&sort=-createdAt',
    );
  });
});

describe('Record Earnings', () => {
  it('is offered only where earnings can be recorded: a withholding and something owed', () => {
    expect(canRecordEarnings({ remainingAmount: '1200.00', withholdingRate: 20 })).toBe(true);
    expect(canRecordEarnings({ remainingAmount: '0.00', withholdingRate: 20 })).toBe(false);
    expect(canRecordEarnings({ remainingAmount: null, withholdingRate: null })).toBe(false);
    expect(canRecordEarnings({ remainingAmount: '1200.00', withholdingRate: 0 })).toBe(false);
  });
});
