// A collector records a promise to pay: the amount is typed the South African way ("1 500,50", "R 1 500,50"), the field
// says what it read, the promise is sent with that amount as a number, and the form is emptied for the next one. The
// server is answered here at the network boundary (fetch).
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../../tests/support/client-fixtures';
import { createQueryClient } from '../../lib/api';
import { PromiseForm } from './case-forms';
import type { CollectionCase } from './collections-api';

const TODAY = '2026-03-10';
/** The parts of a case the promise form reads: the loan and the day. */
const loan = { data: { applicationId: 7 }, today: TODAY } as unknown as CollectionCase;
let sent: unknown[] = [];

beforeEach(() => {
  sent = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    if (init?.method === 'POST' && String(input) === '/api/admin/collections/7/promises') {
      sent.push(JSON.parse(String(init.body)));
      return jsonResponse(201, { success: true, message: 'Promise to pay recorded.' });
    }
    return jsonResponse(200, { success: true, data: [] });
  });
});

describe('a promise to pay', () => {
  it.each(['1 500,50', 'R 1 500,50', '1500.50'])('typed as %j, is sent as 1500.5', async (typed) => {
    render(
      <QueryClientProvider client={createQueryClient()}>
        <PromiseForm loan={loan} />
      </QueryClientProvider>,
    );
    const form = screen.getByRole('form', { name: 'Record a promise to pay' });
    const user = userEvent.setup();
    const amount = within(form).getByLabelText('Amount (R)') as HTMLInputElement;
    await user.type(amount, typed);
    expect(
      within(form)
        .getByText(/^Read as/)
        .textContent?.replace(/\s/g, ' '),
    ).toBe('Read as R 1 500,50');
    await user.type(within(form).getByLabelText('By'), '2026-03-17');
    await user.click(within(form).getByRole('button', { name: 'Record promise' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ amount: 1500.5, promisedFor: '2026-03-17' });
    // Emptied for the next promise.
    await waitFor(() => expect(amount.value).toBe(''));
  });
});
