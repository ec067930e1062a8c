// The followers of a platform the creator reports themselves are a count typed as people write one ("12 000",
// "12,000"): the field says what it read and the entry holds that whole number; text that is no count is refused under
// the field. Shown through the application's manual entry; its proof upload is answered at the network boundary.
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../../tests/support/client-fixtures';
import { createQueryClient } from '../../lib/api';
import { type ManualPlatformDraft, ManualPlatformOption } from './manual-platform-form';

let added: ManualPlatformDraft[] = [];

beforeEach(() => {
  added = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    if (init?.method === 'POST' && String(input).endsWith('/api/proof-files'))
      return jsonResponse(201, {
        id: 73,
        originalName: 'proof.pdf',
        mimeType: 'application/pdf',
        sizeBytes: 15,
      });
    return jsonResponse(500, { message: 'Not expected in this test' });
  });
});

async function fillEntry(followers: string) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ManualPlatformOption entries={[]} onAdd={(entry) => added.push(entry)} onRemove={() => {}} />
    </QueryClientProvider>,
  );
  const manual = screen.getByRole('region', { name: 'Manual entry' });
  const field = (label: string) => within(manual).getByLabelText(label, { exact: true });
  const user = userEvent.setup();
  await user.click(within(manual).getByRole('button', { name: 'Add Manual Platform' }));
  await waitFor(() => expect(document.activeElement).toBe(field('Platform name')));
  await user.type(field('Platform name'), 'TikTok');
  await user.type(field('Username'), '@zola.cooks');
  await user.type(field('Number of followers'), followers);
  await user.type(field('Monthly earnings (R)'), '3 500');
  await user.upload(
    field('Proof of earnings'),
    new File(['%PDF-1.4\n%%EOF\n'], 'proof.pdf', { type: 'application/pdf' }),
  );
  const add = () => user.click(within(manual).getByRole('button', { name: 'Add Platform' }));
  return { manual, field, add };
}

describe('the number of followers', () => {
  it.each(['12 000', '12,000', '12\u00a0000', '12000'])(
    'typed as %j, is read as 12 000 and added as 12000',
    async (typed) => {
      const { manual, add } = await fillEntry(typed);
      expect(within(manual).getByText(/^Read as 12\s000$/)).toBeTruthy();
      await add();
      await waitFor(() => expect(added).toHaveLength(1));
      expect(added[0]).toMatchObject({ estimatedFollowers: 12000, estimatedRevenue: 3500 });
    },
  );

  it('text that is no count is refused under the field, and nothing is added', async () => {
    const { manual, field, add } = await fillEntry('12,5');
    expect(within(manual).getByText('Not a whole number: type it like 12 000')).toBeTruthy();
    await add();
    expect(await within(manual).findByText('Number of followers must be a number')).toBeTruthy();
    expect(field('Number of followers').getAttribute('aria-invalid')).toBe('true');
    expect(added).toEqual([]);
  });
});
