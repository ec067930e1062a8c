// A list's sort lives in the address (useListState). A column header pressed twice before the list is drawn again
// must sort one way and then the other, as a person pressing it twice expects: the second press reads the sort the
// first one wrote, not the one the last render saw.
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { ariaSort, nextSort, type SortValue } from '../lib/list-params';
import { useListState } from './list-controls';

type Column = 'amount' | 'createdAt';
type ListState = { page: number; sort: SortValue<Column> };

const read = (params: URLSearchParams): ListState => ({
  page: Number(params.get('page') ?? 1),
  sort: (params.get('sort') as SortValue<Column> | null) ?? '-createdAt',
});
const write = (state: ListState, params: URLSearchParams) => {
  const next = new URLSearchParams(params);
  next.set('sort', state.sort);
  if (state.page > 1) next.set('page', String(state.page));
  else next.delete('page');
  return next;
};

function SortableList() {
  const [state, update] = useListState(read, write);
  return (
    <table>
      <thead>
        <tr>
          <th scope="col" aria-sort={ariaSort(state.sort, 'amount')}>
            <button
              type="button"
              onClick={() => update((current) => ({ sort: nextSort(current.sort, 'amount', true) }))}
            >
              Amount
            </button>
          </th>
        </tr>
      </thead>
    </table>
  );
}

function renderListAt(address: string) {
  window.history.replaceState(null, '', address);
  const router = createBrowserRouter([{ path: '/admin', element: <SortableList /> }]);
  render(<RouterProvider router={router} />);
  return router;
}

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

describe('a sortable list in the address', () => {
  it('sorts one way and then the other when its header is pressed twice before it is drawn again', async () => {
    const router = renderListAt('/admin?page=3');
    const header = screen.getByRole('button', { name: 'Amount' });
    await act(async () => {
      fireEvent.click(header);
      fireEvent.click(header);
    });

    expect(screen.getByRole('columnheader', { name: 'Amount' }).getAttribute('aria-sort')).toBe('ascending');
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('sort')).toBe('amount');
    // A new order starts again at the first page.
    expect(params.get('page')).toBeNull();
  });
});
