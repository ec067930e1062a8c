import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pageWindow } from './paging';

/** What a window selects from rows in the asked order, read the way the SQL reads them. */
function rowsOf(rows: number[], page: number, pageSize: number) {
  const window = pageWindow(page, pageSize, rows.length);
  if (!window) return [];
  const source = window.reversed ? [...rows].reverse() : rows;
  const picked = source.slice(window.offset, window.offset + window.limit);
  return window.reversed ? picked.reverse() : picked;
}

describe('pageWindow', () => {
  it('selects exactly the rows of the page, from whichever end it reads', () => {
    fc.assert(
      fc.property(
        fc.nat(700),
        fc.integer({ min: 1, max: 200 }),
        fc.integer({ min: 1, max: 40 }),
        (total, size, page) => {
          const rows = Array.from({ length: total }, (_, i) => i);
          expect(rowsOf(rows, page, size)).toEqual(rows.slice((page - 1) * size, page * size));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('never skips more than half the set', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000 }),
        fc.integer({ min: 1, max: 200 }),
        fc.nat(3000),
        (total, size, p) => {
          const window = pageWindow(p + 1, size, total);
          if (window) expect(window.offset).toBeLessThanOrEqual(total / 2);
        },
      ),
    );
  });

  it('reads the first page forwards and the last backwards; nothing beyond the end', () => {
    expect(pageWindow(1, 50, 99_300)).toEqual({ offset: 0, limit: 50, reversed: false });
    expect(pageWindow(1986, 50, 99_300)).toEqual({ offset: 0, limit: 50, reversed: true });
    expect(pageWindow(3, 25, 60)).toEqual({ offset: 0, limit: 10, reversed: true });
    expect(pageWindow(4, 25, 60)).toBeNull();
    expect(pageWindow(1, 50, 0)).toBeNull();
  });
});
