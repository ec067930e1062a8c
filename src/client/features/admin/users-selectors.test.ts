import { describe, expect, it } from 'vitest';
import {
  actionLabel,
  canImpersonate,
  filterUsers,
  formatDateTime,
  fullName,
  roleLabel,
  userStatusTone,
} from './users-selectors';

const users = [
  { id: 1, firstName: 'Naledi', lastName: 'Khumalo', username: 'naledi@vuka.demo' },
  { id: 2, firstName: 'Sipho', lastName: 'Dlamini', username: 'sipho@vuka.demo' },
  { id: 3, firstName: 'Zoë', lastName: 'Müller', username: 'zoe.m@example.com' },
  { id: 4, firstName: 'Ayanda', lastName: 'Nkosi', username: 'admin@vuka.demo' },
];
const ids = (list: Array<{ id: number }>) => list.map((u) => u.id);

describe('filterUsers', () => {
  it('keeps everyone for a blank query', () => {
    expect(ids(filterUsers(users, ''))).toEqual([1, 2, 3, 4]);
    expect(ids(filterUsers(users, '   '))).toEqual([1, 2, 3, 4]);
  });

  it('finds by first name, last name or username, ignoring case', () => {
    expect(ids(filterUsers(users, 'naledi'))).toEqual([1]);
    expect(ids(filterUsers(users, 'DLAMINI'))).toEqual([2]);
    expect(ids(filterUsers(users, 'admin@'))).toEqual([4]);
    expect(ids(filterUsers(users, 'vuka.demo'))).toEqual([1, 2, 4]);
  });

  it('matches a full name, in any word order, and parts of words', () => {
    expect(ids(filterUsers(users, 'Naledi Khumalo'))).toEqual([1]);
    expect(ids(filterUsers(users, 'khumalo nal'))).toEqual([1]);
    expect(ids(filterUsers(users, 'Naledi Dlamini'))).toEqual([]);
  });

  it('ignores accents both ways', () => {
    expect(ids(filterUsers(users, 'zoe muller'))).toEqual([3]);
    expect(ids(filterUsers(users, 'Zoë'))).toEqual([3]);
  });

  it('returns a new array and leaves the input alone', () => {
    const result = filterUsers(users, '');
    expect(result).not.toBe(users);
    expect(users).toHaveLength(4);
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
    expect(actionLabel('')).toBe('-');
  });

  it('formats a log time with the date and the time of day', () => {
    const local = new Date(2026, 2, 5, 14, 30).toISOString();
    expect(formatDateTime(local)).toBe('05 Mar 2026, 14:30');
    expect(formatDateTime(null)).toBe('-');
    expect(formatDateTime('not a date')).toBe('-');
  });
});
