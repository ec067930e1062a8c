// The sign-in form by keyboard: Tab goes from Email to Password (not to "Forgot Password?", which sits
// beside the Password label), and Enter in Password signs in rather than opening the reset dialog. The request itself
// is answered here at the network boundary (fetch): what is under test is which step the keys take.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../../tests/support/client-fixtures';
import { LoginForm } from './login-form';

function renderForm() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <LoginForm onNeedsVerification={() => {}} />
    </QueryClientProvider>,
  );
}

describe('signing in by keyboard', () => {
  it('Tab goes from Email to Password, and Enter in Password signs in', async () => {
    const sent: Array<{ url: string; body: unknown }> = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      sent.push({ url: String(input), body: JSON.parse(String(init?.body ?? '{}')) });
      return jsonResponse(401, { message: 'Invalid email or password' });
    });
    renderForm();
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('Email'));
    await user.keyboard('zola@example.com');
    await user.tab();
    expect(document.activeElement).toBe(screen.getByLabelText('Password'));
    await user.keyboard('a-long-password{Enter}');
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.url).toMatch(/\/api\/login$/);
    expect(sent[0]!.body).toMatchObject({ username: 'zola@example.com', password: 'a-long-password' });
    // The reset dialog did not open; the server's refusal is shown.
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByTestId('login-error')).toBeTruthy();
  });

  it('Remember me is ticked by its label, says what it means, and is sent with the sign-in', async () => {
    const sent: unknown[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (_input, init) => {
      sent.push(JSON.parse(String(init?.body ?? '{}')));
      return jsonResponse(401, { message: 'Invalid email or password' });
    });
    renderForm();
    const user = userEvent.setup();
    const remember = screen.getByRole('checkbox', { name: 'Remember me' });
    expect(remember.getAttribute('aria-checked')).toBe('false');
    expect(remember.getAttribute('aria-describedby')).toBeTruthy();
    const hint = document.getElementById(remember.getAttribute('aria-describedby')!.split(' ')[0]!);
    expect(hint?.textContent).toMatch(/^Stay signed in for \d+ days/);
    await user.click(screen.getByText('Remember me'));
    expect(remember.getAttribute('aria-checked')).toBe('true');
    await user.type(screen.getByLabelText('Email'), 'zola@example.com');
    await user.type(screen.getByLabelText('Password'), 'a-long-password{Enter}');
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ username: 'zola@example.com', rememberMe: true });
  });

  it('Forgot Password? comes after the Password field in the tab order', async () => {
    renderForm();
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('Password'));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Forgot Password?' }));
  });

  it('a locked-out sign-in says how long to wait, as the server worked it out', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () =>
      jsonResponse(
        429,
        { message: 'Too many failed sign-in attempts. Try again in 14 minutes.' },
        { 'retry-after': '812' },
      ),
    );
    renderForm();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'zola@example.com');
    await user.type(screen.getByLabelText('Password'), 'a-long-password{Enter}');
    expect((await screen.findByTestId('login-error')).textContent).toContain('Try again in 14 minutes.');
  });
});
