import { describe, expect, it } from 'vitest';
import {
  ariaSort,
  listApiParams,
  nextSort,
  pageWindow,
  readListState,
  readPositiveInt,
  writeListState,
} from './list-params';

const COLUMNS = ['createdAt', 'name'] as const;

describe('readListState', () => {
  const read = (query: string) => readListState(new URLSearchParams(query), COLUMNS, '-createdAt');

  it('falls back to page 1 of 50 in the default order', () => {
    expect(read('')).toEqual({ page: 1, pageSize: 50, sort: '-createdAt', search: '' });
  });

  it('takes the page sizes the pager offers and nothing else', () => {
    expect([25, 50, 100, 200].map((n) => read(`pageSize=${n}`).pageSize)).toEqual([25, 50, 100, 200]);
    for (const bad of ['0', '10', '300', '-25', '25.0', 'all'])
      expect(read(`pageSize=${bad}`).pageSize).toBe(50);
  });

  it('takes a known column either way round, else the default', () => {
    expect(read('sort=name').sort).toBe('name');
    expect(read('sort=-name').sort).toBe('-name');
    expect(read('sort=--name').sort).toBe('-createdAt');
    expect(read('sort=email').sort).toBe('-createdAt');
  });

  it('reads only plain positive whole numbers as a page', () => {
    expect(readPositiveInt('12', 100)).toBe(12);
    for (const bad of [null, '', '0', '012', '1.0', '+1', ' 1', '101'])
      expect(readPositiveInt(bad, 100)).toBeUndefined();
  });
});

describe('writeListState', () => {
  it('leaves defaults out, keeps unrelated params and removes stale ones', () => {
    const params = new URLSearchParams('tab=users&page=9&sort=name');
    writeListState(params, { page: 1, pageSize: 50, sort: '-createdAt', search: '' }, '-createdAt');
    expect(params.toString()).toBe('tab=users');
  });

  it('sends the page, size and sort to the API always', () => {
    expect(listApiParams({ page: 1, pageSize: 50, sort: '-createdAt', search: '' }).toString()).toBe(
      'page=1&pageSize=50&sort=-createdAt',
    );
  });
});

describe('sorting by header', () => {
  it('flips the current column and starts another in its first direction', () => {
    expect(nextSort<'createdAt' | 'name'>('-createdAt', 'createdAt', true)).toBe('createdAt');
    expect(nextSort<'createdAt' | 'name'>('createdAt', 'createdAt', true)).toBe('-createdAt');
    expect(nextSort<'createdAt' | 'name'>('-createdAt', 'name', false)).toBe('name');
    expect(nextSort<'createdAt' | 'name'>('name', 'createdAt', true)).toBe('-createdAt');
  });

  it('says how each header is sorted', () => {
    expect(ariaSort<'createdAt' | 'name'>('-createdAt', 'createdAt')).toBe('descending');
    expect(ariaSort<'createdAt' | 'name'>('name', 'name')).toBe('ascending');
    expect(ariaSort<'createdAt' | 'name'>('name', 'createdAt')).toBe('none');
  });
});

describe('pageWindow', () => {
  it('names the rows a page shows and the last page', () => {
    expect(pageWindow(2, 50, 1234, 50)).toEqual({ from: 51, to: 100, lastPage: 25 });
    expect(pageWindow(25, 50, 1234, 34)).toEqual({ from: 1201, to: 1234, lastPage: 25 });
    expect(pageWindow(1, 50, 0, 0)).toEqual({ from: 0, to: 0, lastPage: 1 });
    expect(pageWindow(30, 50, 1234, 0)).toEqual({ from: 0, to: 0, lastPage: 25 });
  });
});
