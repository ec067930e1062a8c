// A dialog opened from a list keeps the list's view in its address: the search as the address bar has it at the click,
// even when the router has not yet rendered it (a search just typed is written to the address at once and rendered as
// a transition; under load a click can come between the two).
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { AddPaymentOverLendingList } from '../../../tests/support/lending-dialog-harness';

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

function renderLendingAt(address: string) {
  window.history.replaceState(null, '', address);
  const router = createBrowserRouter([
    { path: '/admin/lending', element: <AddPaymentOverLendingList /> },
    { path: '/admin/lending/:applicationId/:dialog', element: <AddPaymentOverLendingList /> },
  ]);
  render(<RouterProvider router={router} />);
  return router;
}

describe('a dialog with an address over its list', () => {
  it('opens with the search the address has at the click, though the page was drawn before it', () => {
    const router = renderLendingAt('/admin/lending');
    // The search reaches the address bar; the page has not been drawn with it yet.
    window.history.replaceState(window.history.state, '', '/admin/lending?search=Khumalo');
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Add Payment' }));
    });
    expect(router.state.location.pathname).toBe('/admin/lending/4/payment');
    expect(router.state.location.search).toBe('?search=Khumalo');
    expect(screen.getByRole('dialog', { name: 'Add Payment' })).toBeTruthy();

    // Closing goes back to the list with its search.
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    });
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
      '/admin/lending?search=Khumalo',
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opened by its address alone, it closes to the list with the address’s search', () => {
    const router = renderLendingAt('/admin/lending/4/payment?status=active');
    expect(screen.getByRole('dialog', { name: 'Add Payment' })).toBeTruthy();
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    });
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
      '/admin/lending?status=active',
    );
  });
});
