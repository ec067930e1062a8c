// Capital received: the amount is typed the South African way or as the product shows it ("8 000,50",
// "R 8 000,50"), the field says what it read, and the request carries it as the number the API expects; an empty or
// unreadable amount is refused before anything is sent. The server is answered here at the network boundary (fetch).
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../../tests/support/client-fixtures';
import { createQueryClient } from '../../lib/api';
import { CapitalDialog } from './capital-dialog';

const TODAY = '2026-03-10';
let sent: unknown[] = [];
let closed = false;

beforeEach(() => {
  sent = [];
  closed = false;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    if (init?.method === 'POST' && String(input) === '/api/admin/books/capital') {
      sent.push(JSON.parse(String(init.body)));
      return jsonResponse(201, { success: true, message: 'R 8 000,50 of capital received.' });
    }
    return jsonResponse(500, { message: 'Not expected in this test' });
  });
});

function openDialog() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <CapitalDialog open today={TODAY} onOpenChange={(open) => (closed = !open)} />
    </QueryClientProvider>,
  );
  return screen.getByRole('dialog', { name: 'Record capital received' });
}

const amount = (dialog: HTMLElement) => within(dialog).getByLabelText('Amount (R)');
const plain = (text: string | null | undefined) => text?.replace(/\s/g, ' ');

describe('the capital received', () => {
  it.each(['8 000,50', 'R 8 000,50', 'R\u00a08\u00a0000,50', '8000.50'])(
    'typed as %j, is read as R 8 000,50 and recorded as 8000.5',
    async (typed) => {
      const user = userEvent.setup();
      const dialog = openDialog();
      await user.type(amount(dialog), typed);
      expect(plain(within(dialog).getByText(/^Read as/).textContent)).toBe('Read as R 8 000,50');
      await user.type(within(dialog).getByLabelText('Reference'), 'Funding tranche 3');
      await user.click(within(dialog).getByRole('button', { name: 'Record capital' }));
      await waitFor(() => expect(sent).toHaveLength(1));
      expect(sent[0]).toEqual({ amount: 8000.5, receivedOn: TODAY, reference: 'Funding tranche 3' });
      await waitFor(() => expect(closed).toBe(true));
    },
  );

  it.each([
    ['', 'Amount is required'],
    ['8 000,505', 'Amount must be a number in rand, like 250000.00'],
    ['0', 'Amount must be a positive number'],
  ])('typed as %j, is refused with %j and nothing is sent', async (typed, message) => {
    const user = userEvent.setup();
    const dialog = openDialog();
    if (typed) await user.type(amount(dialog), typed);
    await user.type(within(dialog).getByLabelText('Reference'), 'Funding tranche 3');
    await user.click(within(dialog).getByRole('button', { name: 'Record capital' }));
    expect(await within(dialog).findByText(message)).toBeTruthy();
    expect(amount(dialog).getAttribute('aria-invalid')).toBe('true');
    expect(sent).toEqual([]);
  });
});
