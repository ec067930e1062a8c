// Leaving a page with edits not saved (Settings): a move to another page asks first, naming the
// forms that hold the edits; Stay keeps them, Leave goes; nothing is asked when nothing changed or once it is saved.
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { UnsavedChangesGuard, unsavedNames, useReportUnsaved } from './unsaved-changes';

/** A form that is dirty while its text differs from what was saved, with a Save button. */
function Field({ name }: { name: string }) {
  const [saved, setSaved] = useState('');
  const [text, setText] = useState('');
  useReportUnsaved(name, text !== saved);
  return (
    <>
      <label htmlFor={name}>{name}</label>
      <input id={name} value={text} onChange={(event) => setText(event.target.value)} />
      <button type="button" onClick={() => setSaved(text)}>
        Save {name}
      </button>
    </>
  );
}

function renderSettings() {
  const router = createMemoryRouter(
    [
      {
        path: '/settings',
        element: (
          <UnsavedChangesGuard>
            <Field name="Profile Information" />
            <Field name="Bank Account Details" />
            <Link to="/dashboard">Dashboard</Link>
            <Link to="/settings#bank-details">Bank details</Link>
          </UnsavedChangesGuard>
        ),
      },
      { path: '/dashboard', element: <h1>Dashboard page</h1> },
    ],
    { initialEntries: ['/settings'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const type = (label: string, text: string) =>
  act(() => {
    fireEvent.change(screen.getByLabelText(label), { target: { value: text } });
  });
const click = (name: string) =>
  act(() => {
    fireEvent.click(screen.getByRole('link', { name }));
  });

describe('leaving with unsaved changes', () => {
  it('goes at once when nothing was changed', async () => {
    renderSettings();
    await click('Dashboard');
    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeTruthy();
  });

  it('asks first, naming the forms with edits; Stay keeps them, Leave goes', async () => {
    const router = renderSettings();
    type('Profile Information', 'Naledi');
    type('Bank Account Details', '1234');
    await click('Dashboard');
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    expect(dialog.textContent).toContain(
      'Your changes to Profile Information and Bank Account Details are not saved.',
    );
    await act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Stay and save' }));
    });
    expect(router.state.location.pathname).toBe('/settings');
    expect((screen.getByLabelText('Profile Information') as HTMLInputElement).value).toBe('Naledi');

    await click('Dashboard');
    await act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Leave without saving' }));
    });
    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeTruthy();
  });

  it('asks nothing once the edits are saved, nor for a move within the page', async () => {
    const router = renderSettings();
    type('Profile Information', 'Naledi');
    await click('Bank details');
    expect(router.state.location.hash).toBe('#bank-details');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Save Profile Information' }));
    });
    await click('Dashboard');
    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeTruthy();
  });

  it('names one, two or more forms in words', () => {
    expect(unsavedNames(['Profile Information'])).toBe('Profile Information');
    expect(unsavedNames(['A', 'B', 'C'])).toBe('A, B and C');
  });
});
