// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { listViewHref, rememberedListView, rememberListView } from './list-memory';

beforeEach(() => window.sessionStorage.clear());

describe('list memory', () => {
  it('links to a list as it was last left, each list on its own', () => {
    expect(listViewHref('/admin')).toBe('/admin');
    rememberListView('/admin', '?tab=users&search=ada');
    rememberListView('/admin/lending', '?status=defaulted&page=2');
    rememberListView('/admin#applications', '?tab=applications&status=pending_review');
    expect(listViewHref('/admin')).toBe('/admin?tab=users&search=ada');
    expect(listViewHref('/admin/lending')).toBe('/admin/lending?status=defaulted&page=2');
    expect(rememberedListView('/admin#applications')).toBe('?tab=applications&status=pending_review');
    expect(rememberedListView('/admin#users')).toBe('');
  });

  it('a list left with its defaults opens with them', () => {
    rememberListView('/admin/lending', '?status=active');
    rememberListView('/admin/lending', '');
    expect(listViewHref('/admin/lending')).toBe('/admin/lending');
  });
});
