// Adding a platform by hand to an application: an entry with anything missing is refused with every missing field
// named beside it and a Missing Information toast, each message goes once its field is valid, and nothing is uploaded
// until the entry is whole; a whole entry uploads its proof and is listed. The upload is answered here at the network
// boundary (fetch), as the server answers it.
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../../tests/support/client-fixtures';
import type { ProofFileAnswer } from '../../../shared/schemas/platforms';
import { Toaster } from '../../components/ui/toaster';
import { createQueryClient } from '../../lib/api';
import { type ManualPlatformDraft, ManualPlatformOption } from './manual-platform-form';

const MESSAGES = [
  'Platform name is required',
  'Username is required',
  'Number of followers is required',
  'Monthly earnings is required',
  'Proof of earnings is required',
];

let requests: Array<{ method: string; url: string }> = [];

beforeEach(() => {
  requests = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    requests.push({ method: init?.method ?? 'GET', url });
    if (init?.method === 'POST' && url.endsWith('/api/proof-files')) {
      const file = (init.body as FormData).get('file') as File;
      const stored: ProofFileAnswer = {
        id: 73,
        originalName: file.name,
        mimeType: file.type,
        sizeBytes: file.size,
      };
      return jsonResponse(201, stored);
    }
    return jsonResponse(500, { message: 'Not expected in this test' });
  });
});

/** The manual-entry option as the application form holds it: the entries added so far, in the form's state. */
function ManualEntries() {
  const [entries, setEntries] = useState<ManualPlatformDraft[]>([]);
  return (
    <ManualPlatformOption
      entries={entries}
      onAdd={(entry) => setEntries((previous) => [...previous, entry])}
      onRemove={(index) => setEntries((previous) => previous.filter((_, i) => i !== index))}
    />
  );
}

function renderManualEntry() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ManualEntries />
      <Toaster />
    </QueryClientProvider>,
  );
}

const manual = () => screen.getByRole('region', { name: 'Manual entry' });
const field = (label: string) => within(manual()).getByLabelText(label, { exact: true }) as HTMLInputElement;
const notifications = () => screen.getByRole('region', { name: /Notifications/ });
const proofPdf = () => new File(['%PDF-1.4\n%%EOF\n'], 'proof.pdf', { type: 'application/pdf' });

async function openForm(user: ReturnType<typeof userEvent.setup>) {
  await user.click(within(manual()).getByRole('button', { name: 'Add Manual Platform' }));
  // The form takes the focus to its first field once it shows.
  await waitFor(() => expect(document.activeElement).toBe(field('Platform name')));
}

describe('the manual platform entry', () => {
  it('names each missing field, clears each message once its field is valid, then uploads the proof and lists the entry', async () => {
    renderManualEntry();
    const user = userEvent.setup();
    await openForm(user);
    expect(within(notifications()).queryByText('Missing Information', { exact: true })).toBeNull();
    await user.click(within(manual()).getByRole('button', { name: 'Add Platform' }));

    expect(await within(notifications()).findByText('Missing Information', { exact: true })).toBeTruthy();
    for (const message of MESSAGES)
      expect(within(manual()).getByText(message, { exact: true }), message).toBeTruthy();
    expect(requests, 'nothing is uploaded for an incomplete entry').toEqual([]);

    await user.type(field('Platform name'), 'Patreon');
    await waitFor(() =>
      expect(within(manual()).queryByText('Platform name is required', { exact: true })).toBeNull(),
    );
    expect(within(manual()).getByText('Username is required', { exact: true })).toBeTruthy();
    await user.type(field('Username'), 'naledi');
    await user.type(field('Number of followers'), '900');
    await user.type(field('Monthly earnings (R)'), '1500');
    await user.upload(field('Proof of earnings'), proofPdf());
    for (const message of MESSAGES)
      await waitFor(() => expect(within(manual()).queryByText(message, { exact: true }), message).toBeNull());

    await user.click(within(manual()).getByRole('button', { name: 'Add Platform' }));
    expect(await within(manual()).findByRole('button', { name: 'Remove Patreon' })).toBeTruthy();
    expect(requests).toEqual([{ method: 'POST', url: '/api/proof-files' }]);
  });

  it('refuses an entry with every figure but no proof: the proof field is marked, and nothing is uploaded or added', async () => {
    renderManualEntry();
    const user = userEvent.setup();
    await openForm(user);
    await user.type(field('Platform name'), 'Patreon');
    await user.type(field('Username'), 'lerato-travels');
    await user.type(field('Number of followers'), '800');
    await user.type(field('Monthly earnings (R)'), '1200');
    await user.click(within(manual()).getByRole('button', { name: 'Add Platform' }));

    expect(await within(notifications()).findByText('Missing Information', { exact: true })).toBeTruthy();
    expect(field('Proof of earnings').getAttribute('aria-invalid')).toBe('true');
    expect(within(manual()).getByText('Proof of earnings is required', { exact: true })).toBeTruthy();
    expect(within(manual()).queryByRole('button', { name: 'Remove Patreon' })).toBeNull();
    expect(requests, 'nothing is uploaded or sent').toEqual([]);
  });
});
