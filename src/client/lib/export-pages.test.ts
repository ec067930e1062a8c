import { describe, expect, it } from 'vitest';
import { ExportCancelledError, type ExportProgress, fetchAllPages, progressPercent } from './export-pages';

/** A fake server: `total` rows with ids 1..total, paged like the API. Records the pages asked for. */
function fakeServer(total: number) {
  const asked: Array<{ page: number; pageSize: number }> = [];
  const rows = Array.from({ length: total }, (_, i) => ({ id: i + 1 }));
  const fetchPage = async (page: number, pageSize: number) => {
    asked.push({ page, pageSize });
    return { data: rows.slice((page - 1) * pageSize, page * pageSize), total: rows.length };
  };
  return { asked, rows, fetchPage };
}

describe('fetchAllPages', () => {
  it('reads every page in order, one after the other, and reports progress', async () => {
    const server = fakeServer(450);
    const progress: ExportProgress[] = [];
    const rows = await fetchAllPages(server.fetchPage, (r) => r.id, {
      pageSize: 200,
      onProgress: (p) => progress.push(p),
    });
    expect(rows).toHaveLength(450);
    expect(rows.map((r) => r.id)).toEqual(server.rows.map((r) => r.id));
    expect(server.asked).toEqual([
      { page: 1, pageSize: 200 },
      { page: 2, pageSize: 200 },
      { page: 3, pageSize: 200 },
    ]);
    expect(progress).toEqual([
      { loaded: 200, total: 450 },
      { loaded: 400, total: 450 },
      { loaded: 450, total: 450 },
    ]);
  });

  it('stops after the last full page without asking for an empty one', async () => {
    const server = fakeServer(400);
    await fetchAllPages(server.fetchPage, (r) => r.id, { pageSize: 200 });
    expect(server.asked.map((a) => a.page)).toEqual([1, 2]);
  });

  it('asks once for an empty set', async () => {
    const server = fakeServer(0);
    expect(await fetchAllPages(server.fetchPage, (r) => r.id, { pageSize: 200 })).toEqual([]);
    expect(server.asked).toHaveLength(1);
  });

  it('keeps a row once when an insert pushes it onto the next page', async () => {
    let calls = 0;
    const fetchPage = async (page: number) => {
      calls += 1;
      // Page 1: ids 1-2; a new row arrives, so page 2 starts with 2 again.
      if (page === 1) return { data: [{ id: 1 }, { id: 2 }], total: 4 };
      return { data: [{ id: 2 }, { id: 3 }], total: 5 };
    };
    const rows = await fetchAllPages(fetchPage, (r) => r.id, { pageSize: 2 });
    expect(rows.map((r) => r.id)).toEqual([1, 2, 3]);
    expect(calls).toBe(3);
  });

  it('fails with the page error and reads no further', async () => {
    const server = fakeServer(600);
    const failing = async (page: number, pageSize: number) => {
      if (page === 2) throw new Error('Server error');
      return server.fetchPage(page, pageSize);
    };
    await expect(fetchAllPages(failing, (r) => r.id, { pageSize: 200 })).rejects.toThrow('Server error');
    expect(server.asked.map((a) => a.page)).toEqual([1]);
  });

  it('stops at once when cancelled, between pages or during one', async () => {
    const server = fakeServer(1000);
    const controller = new AbortController();
    const rows = fetchAllPages(server.fetchPage, (r) => r.id, {
      pageSize: 200,
      signal: controller.signal,
      onProgress: ({ loaded }) => {
        if (loaded === 400) controller.abort();
      },
    });
    await expect(rows).rejects.toBeInstanceOf(ExportCancelledError);
    expect(server.asked.map((a) => a.page)).toEqual([1, 2]);

    const hanging = new AbortController();
    const never = fetchAllPages(
      () => new Promise<never>(() => {}),
      (r: { id: number }) => r.id,
      {
        pageSize: 200,
        signal: hanging.signal,
      },
    );
    hanging.abort();
    await expect(never).rejects.toBeInstanceOf(ExportCancelledError);
  });

  it('gives up after maxPages on a set that never ends', async () => {
    let next = 0;
    const endless = async () => ({ data: [{ id: ++next }, { id: ++next }], total: 1_000_000 });
    const rows = await fetchAllPages(endless, (r) => r.id, { pageSize: 2, maxPages: 3 });
    expect(rows).toHaveLength(6);
  });
});

describe('progressPercent', () => {
  it('is whole and capped at 100', () => {
    expect(progressPercent({ loaded: 0, total: 0 })).toBe(0);
    expect(progressPercent({ loaded: 200, total: 1234 })).toBe(16);
    expect(progressPercent({ loaded: 1240, total: 1234 })).toBe(100);
  });
});
