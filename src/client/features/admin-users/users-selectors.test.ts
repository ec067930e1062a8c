import { describe, expect, it } from 'vitest';
import {
  actionLabel,
  canImpersonate,
  formatDateTime,
  fullName,
  hasUserFilters,
  roleLabel,
  userStatusTone,
  usersApiQuery,
  usersStateFromParams,
  usersStateToParams,
} from './users-selectors';

describe('the Users tab state in the address', () => {
  const read = (query: string) => usersStateFromParams(new URLSearchParams(query));

  it('reads nothing as page 1 of 50, newest first, no filter', () => {
    expect(read('tab=users')).toEqual({ page: 1, pageSize: 50, sort: '-createdAt', search: '' });
  });

  it('reads the role and status filters and the sort columns', () => {
    expect(read('role=admin&status=suspended&sort=-applicationCount&page=2&pageSize=25&search=nal')).toEqual({
      page: 2,
      pageSize: 25,
      sort: '-applicationCount',
      search: 'nal',
      role: 'admin',
      status: 'suspended',
    });
  });

  it('ignores unknown roles, statuses and sorts one by one', () => {
    expect(read('role=owner&status=banned&sort=password&page=x&search=%20%20')).toEqual({
      page: 1,
      pageSize: 50,
      sort: '-createdAt',
      search: '',
    });
    expect(read('role=user&status=ACTIVE')).toMatchObject({ role: 'user' });
    expect(read('role=user&status=ACTIVE').status).toBeUndefined();
  });

  it('writes what differs from the defaults, keeps ?tab=, and round-trips', () => {
    const state = read('role=user&status=deleted&sort=name&page=3');
    const written = usersStateToParams(state, new URLSearchParams('tab=users&page=9&role=admin'));
    expect(written.toString()).toBe('tab=users&sort=name&page=3&role=user&status=deleted');
    expect(usersStateFromParams(written)).toEqual(state);
  });

  it('asks the API for the page, size and sort always, the filters when set', () => {
    expect(usersApiQuery(read(''))).toBe('page=1&pageSize=50&sort=-createdAt');
    expect(usersApiQuery(read('search=khumalo&role=user'))).toBe(
      'page=1&pageSize=50&sort=-createdAt&search=khumalo&role=user',
    );
  });

  it('knows when the list is filtered', () => {
    expect(hasUserFilters(read(''))).toBe(false);
    expect(hasUserFilters(read('status=active'))).toBe(true);
  });
});

describe('canImpersonate', () => {
  it('offers only active creators', () => {
    expect(canImpersonate({ role: 'user', status: 'active' })).toBe(true);
    expect(canImpersonate({ role: 'admin', status: 'active' })).toBe(false);
    expect(canImpersonate({ role: 'user', status: 'suspended' })).toBe(false);
    expect(canImpersonate({ role: 'user', status: 'deleted' })).toBe(false);
  });
});

describe('labels', () => {
  it('joins the name', () => {
    expect(fullName({ firstName: 'Naledi', lastName: 'Khumalo' })).toBe('Naledi Khumalo');
    expect(fullName({ firstName: ' ', lastName: '' })).toBe('-');
  });

  it('reads roles, statuses and actions', () => {
    expect(roleLabel('admin')).toBe('Admin');
    expect(roleLabel('user')).toBe('User');
    expect(userStatusTone('active')).toBe('success');
    expect(userStatusTone('suspended')).toBe('warning');
    expect(userStatusTone('deleted')).toBe('destructive');
    expect(userStatusTone('other')).toBe('secondary');
    expect(actionLabel('user_status_changed')).toBe('User status changed');
    expect(actionLabel('impersonation_started')).toBe('Impersonation started');
    expect(actionLabel('mfa_enrolled')).toBe('MFA enrolled');
    expect(actionLabel('ai_analysis')).toBe('AI analysis');
    expect(actionLabel('')).toBe('-');
  });

  it('formats a log time with the date and the time of day on the Johannesburg clock', () => {
    expect(formatDateTime('2026-03-05T12:30:00.000Z')).toBe('05 Mar 2026, 14:30');
    // 23:30 UTC is already the next day, 01:30, in South Africa: the day and the hour both move.
    expect(formatDateTime('2026-03-05T23:30:00.000Z')).toBe('06 Mar 2026, 01:30');
    expect(formatDateTime(null)).toBe('-');
    expect(formatDateTime('not a date')).toBe('-');
  });
});
