// The Lending page's view lives in the address, under the dialogs it opens (/admin/lending/4/payment?search=...). A
// search typed into the box is written once typing pauses; a click on a card's Add Payment within that pause opens
// the dialog first, and the search written a moment later must land under it, not take the page back to the list.
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AddPaymentOverLendingList } from '../../../../tests/support/lending-dialog-harness';
import { useDebouncedInput } from '../../hooks/use-debounce';
import { useLendingView } from './use-lending-view';

const TYPING_PAUSE_MS = 300;

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  window.history.replaceState(null, '', '/');
});

/** The page's parts that take part: the search box, a card's Add Payment with its dialog, and the pager. */
function LendingHarness() {
  const view = useLendingView();
  const search = useDebouncedInput(
    view.filters.search ?? '',
    (trimmed) => view.setFilter('search', trimmed || undefined),
    TYPING_PAUSE_MS,
  );
  return (
    <>
      <label>
        Search
        <input value={search.text} onChange={(event) => search.setText(event.target.value)} />
      </label>
      <AddPaymentOverLendingList />
      <button type="button" onClick={() => view.setList({ page: 3 })}>
        Page 3
      </button>
    </>
  );
}

function renderLendingAt(address: string) {
  window.history.replaceState(null, '', address);
  // As the app's router has it: one page route, its dialogs a child route, so the page stays mounted under them.
  const router = createBrowserRouter([
    {
      path: '/admin/lending',
      element: <LendingHarness />,
      children: [{ index: true }, { path: ':applicationId/:dialog?' }],
    },
  ]);
  render(<RouterProvider router={router} />);
  return router;
}

const addressOf = (router: ReturnType<typeof renderLendingAt>) =>
  `${router.state.location.pathname}${router.state.location.search}`;

describe('the Lending view in the address', () => {
  it('keeps a dialog opened within the search box’s pause open when the search lands', async () => {
    const router = renderLendingAt('/admin/lending');
    fireEvent.change(screen.getByRole('textbox', { name: 'Search' }), { target: { value: 'Khumalo' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Add Payment' }));
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(TYPING_PAUSE_MS + 50);
    });

    expect(screen.getByRole('dialog', { name: 'Add Payment' })).toBeTruthy();
    expect(addressOf(router)).toBe('/admin/lending/4/payment?search=Khumalo');

    // Closed, it goes back to the list searched as typed, not as it was at the click.
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(addressOf(router)).toBe('/admin/lending?search=Khumalo');
  });

  it('builds each change from the address as it is, so two quick changes both land', async () => {
    const router = renderLendingAt('/admin/lending?status=active');
    // The search lands, and before the page is drawn again the list is moved to page 3.
    fireEvent.change(screen.getByRole('textbox', { name: 'Search' }), { target: { value: 'Dlamini' } });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(TYPING_PAUSE_MS + 50);
      fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    });

    const params = new URLSearchParams(router.state.location.search);
    expect(router.state.location.pathname).toBe('/admin/lending');
    expect(params.get('status')).toBe('active');
    expect(params.get('search')).toBe('Dlamini');
    expect(params.get('page')).toBe('3');
  });
});
