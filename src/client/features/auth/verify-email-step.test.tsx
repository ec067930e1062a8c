// The e-mail verification step's Resend Code button: asked too soon, the server refuses with a 429 whose Retry-After
// says how long to wait (tests/api/register-verify.test.ts shows the server sending it); the step says the resend
// failed and the button waits those seconds, counting them down. The refusal is answered here at the network
// boundary (fetch), as the server answers it.
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../../tests/support/client-fixtures';
import { Toaster } from '../../components/ui/toaster';
import { createQueryClient } from '../../lib/api';
import { VerifyEmailStep } from './verify-email-step';

const TOO_SOON = 'Please wait 40 seconds before requesting another code.';

function renderStep() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <VerifyEmailStep email="ayanda@example.com" reason="unverified-login" onCancel={() => {}} />
      <Toaster />
    </QueryClientProvider>,
  );
}

describe('Resend Code', () => {
  it('counts down the seconds the server asks to wait when it refuses a resend', async () => {
    const sent: Array<{ url: string; body: unknown }> = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      sent.push({ url: String(input), body: JSON.parse(String(init?.body ?? '{}')) });
      return jsonResponse(429, { message: TOO_SOON }, { 'retry-after': '40' });
    });
    renderStep();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Resend Code' }));

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ url: '/api/resend-verification', body: { email: 'ayanda@example.com' } });
    const notifications = screen.getByRole('region', { name: /Notifications/ });
    expect(await within(notifications).findByText('Failed to Resend Code', { exact: true })).toBeTruthy();
    expect(within(notifications).getByText(TOO_SOON, { exact: true })).toBeTruthy();

    const waiting = await screen.findByRole('button', { name: /^Resend Code in \d+s$/ });
    expect((waiting as HTMLButtonElement).disabled).toBe(true);
    expect(waiting.textContent).toBe('Resend Code in 40s');
    // A second later it shows one second less, and it still waits.
    await waitFor(() => expect(waiting.textContent).toBe('Resend Code in 39s'), { timeout: 2_000 });
    expect((waiting as HTMLButtonElement).disabled).toBe(true);
  });
});
