import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { pollHeaders } from './api';

describe('pollHeaders', () => {
  it('marks a refresh of data on screen as background, never a first load', () => {
    const client = new QueryClient();
    const queryKey = ['/api/admin/users', 'list', 'page=1'];
    expect(pollHeaders({ client, queryKey })).toEqual({});
    client.setQueryData(queryKey, { items: [] });
    expect(pollHeaders({ client, queryKey })).toEqual({ 'x-vuka-background': '1' });
    // Another page or filter is the person's doing: a key with no data yet.
    expect(pollHeaders({ client, queryKey: ['/api/admin/users', 'list', 'page=2'] })).toEqual({});
  });
});
