// The creator's "I can't pay this month": what they can pay is typed the South African way ("8 000,50",
// "R 8 000,50"), the field says what it read, and the request carries that amount as the number the API expects;
// left empty, none is sent, and text that is no amount is refused before anything is sent. The server is answered
// here at the network boundary (fetch).
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../../tests/support/client-fixtures';
import { createQueryClient } from '../../lib/api';
import { HelpRequestPanel } from './help-request-panel';

const LOAN = 7;
let sent: unknown[] = [];

beforeEach(() => {
  sent = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    if (url !== `/api/applications/${LOAN}/help-request`)
      return jsonResponse(500, { message: 'Not expected in this test' });
    if (init?.method === 'POST') {
      sent.push(JSON.parse(String(init.body)));
      return jsonResponse(201, {
        success: true,
        data: null,
        answerBy: null,
        message: 'A collector will call you.',
      });
    }
    return jsonResponse(200, { success: true, data: null, answerBy: null });
  });
});

async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <HelpRequestPanel applicationId={LOAN} />
    </QueryClientProvider>,
  );
  await user.click(await screen.findByRole('button', { name: "I can't pay this month" }));
  const dialog = await screen.findByRole('dialog', { name: "I can't pay this month" });
  await user.type(within(dialog).getByLabelText('What has happened?'), 'My biggest sponsor cancelled.');
  return dialog;
}

const amount = (dialog: HTMLElement) =>
  within(dialog).getByLabelText('What you can pay this month (R, optional)');
/** en-ZA money is grouped with no-break spaces: compare with plain ones. */
const plain = (text: string | null | undefined) => text?.replace(/\s/g, ' ');

describe('what the creator can pay this month', () => {
  it.each(['8 000,50', 'R 8 000,50', '8000,50', '8000.50'])(
    'typed as %j, is read as R 8 000,50 and sent as 8000.5',
    async (typed) => {
      const user = userEvent.setup();
      const dialog = await openDialog(user);
      await user.type(amount(dialog), typed);
      expect(plain(within(dialog).getByText(/^Read as/).textContent)).toBe('Read as R 8 000,50');
      await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
      await waitFor(() => expect(sent).toHaveLength(1));
      expect(sent[0]).toEqual({ reason: 'My biggest sponsor cancelled.', canPay: 8000.5 });
    },
  );

  it('left empty, the request is sent without an amount', async () => {
    const user = userEvent.setup();
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ reason: 'My biggest sponsor cancelled.' });
  });

  it('text that is no amount is refused under the field, and nothing is sent', async () => {
    const user = userEvent.setup();
    const dialog = await openDialog(user);
    await user.type(amount(dialog), '8 000,505');
    expect(within(dialog).getByText('Not an amount: type it like 8 000,50')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await within(dialog).findByText('Amount must be a number in rand, like 1250.50')).toBeTruthy();
    expect(amount(dialog).getAttribute('aria-invalid')).toBe('true');
    expect(sent).toEqual([]);
  });
});
