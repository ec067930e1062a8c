// The reset-password page reached from the e-mailed link: passwords that differ are refused on the page and nothing is
// sent; matching ones are sent with the link's token, and a refusal is shown without leaving the page; without a token
// the page says the link is invalid, in the product's words, and leads back to the login. Requests are answered here at
// the network boundary (fetch); the real server's refusal of an unknown token is the accounts journey's.
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../../tests/support/client-fixtures';
import { Toaster } from '../../components/ui/toaster';
import { createQueryClient } from '../../lib/api';
import { ResetPasswordPage } from './reset-password-page';

const INVALID_LINK = 'Invalid reset link. Please request a new password reset.';

let sent: Array<{ method: string; url: string; body: unknown }> = [];

beforeEach(() => {
  sent = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    sent.push({
      method: init?.method ?? 'GET',
      url: String(input),
      body: JSON.parse(String(init?.body ?? '{}')),
    });
    // What the server answers for a token it does not know (auth.service.ts).
    return jsonResponse(400, { message: INVALID_LINK });
  });
});

function renderResetAt(address: string) {
  const router = createMemoryRouter(
    [
      { path: '/reset-password', element: <ResetPasswordPage /> },
      { path: '/auth', element: <h1>Sign in</h1> },
    ],
    { initialEntries: [address] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return router;
}

const address = (router: ReturnType<typeof renderResetAt>) =>
  `${router.state.location.pathname}${router.state.location.search}`;
const password = (label: string) => screen.getByLabelText(label, { exact: true });

describe('the reset-password page', () => {
  it('refuses passwords that do not match, sends nothing and stays on the link', async () => {
    const router = renderResetAt('/reset-password?token=not-a-real-token');
    const user = userEvent.setup();
    await user.type(password('New Password'), 'Matching-pass-1');
    await user.type(password('Confirm Password'), 'Different-pass-2');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    expect(await screen.findByText('Passwords do not match', { exact: true })).toBeTruthy();
    expect(sent.filter((request) => request.method === 'POST')).toEqual([]);
    expect(address(router)).toBe('/reset-password?token=not-a-real-token');
  });

  it('sends matching passwords with the token, and shows a refusal where it is', async () => {
    const router = renderResetAt('/reset-password?token=not-a-real-token');
    const user = userEvent.setup();
    await user.type(password('New Password'), 'Matching-pass-1');
    await user.type(password('Confirm Password'), 'Matching-pass-1');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      method: 'POST',
      url: '/api/reset-password',
      body: { token: 'not-a-real-token', newPassword: 'Matching-pass-1' },
    });
    const notifications = screen.getByRole('region', { name: /Notifications/ });
    expect(await within(notifications).findByText('Error', { exact: true })).toBeTruthy();
    expect(within(notifications).getByText(INVALID_LINK, { exact: true })).toBeTruthy();
    expect(screen.queryByText('Passwords do not match')).toBeNull();
    expect(address(router)).toBe('/reset-password?token=not-a-real-token');
  });

  it('without a token says the link is invalid in the product’s words, and Back to Login leads to /auth', async () => {
    const router = renderResetAt('/reset-password');
    const user = userEvent.setup();
    expect(screen.getByRole('heading', { name: 'Invalid Reset Link' })).toBeTruthy();
    expect(screen.getByText(INVALID_LINK, { exact: true })).toBeTruthy();
    expect(screen.queryByLabelText('New Password')).toBeNull();
    expect(screen.queryByLabelText('Confirm Password')).toBeNull();

    await user.click(screen.getByRole('link', { name: 'Back to Login' }));
    expect(address(router)).toBe('/auth');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(sent).toEqual([]);
  });
});
