// Settings, Connected Platforms: the platforms a creator reports themselves are edited with the same fields as the
// application's manual entry, and saving sends the whole socialMediaData map (PATCH /api/users/{id}) under the names
// the server keeps them by (followers, monthlyEarnings), the verified entries as they were. What the card reads
// through react-query is put in the cache; every request is recorded at the network boundary (fetch).
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  creatorUser,
  jsonResponse,
  type RecordedRequest,
  recordFetch,
  seedPlatformReads,
} from '../../../../tests/support/client-fixtures';
import { createQueryClient } from '../../lib/api';
import { PlatformsCard } from './platforms-card';

const VISIONARY = {
  platform: 'visionary',
  status: 'connected',
  verified: true,
  email: 'lerato@example.com',
  connectedAt: '2026-01-10T08:00:00.000Z',
};
const CREATOR = creatorUser({ socialMediaData: { visionary: VISIONARY } });

let requests: RecordedRequest[] = [];

beforeEach(() => {
  requests = [];
  recordFetch(requests, ({ method, body }) =>
    method === 'PATCH'
      ? jsonResponse(200, {
          ...CREATOR,
          socialMediaData: (body as { socialMediaData: unknown }).socialMediaData,
        })
      : undefined,
  );
});

function renderCard() {
  const client = createQueryClient();
  seedPlatformReads(client, CREATOR);
  const router = createMemoryRouter([{ path: '/settings', element: <PlatformsCard user={CREATOR} /> }], {
    initialEntries: ['/settings'],
  });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const editor = () => screen.getByRole('form', { name: 'Other platforms you report yourself' });
const field = (label: string) => within(editor()).getByLabelText(label, { exact: true });
const patches = () => requests.filter((request) => request.method === 'PATCH');

describe('the self-reported platforms in Settings', () => {
  it('saves a platform typed the South African way under the names PATCH /api/users/{id} takes', async () => {
    renderCard();
    const user = userEvent.setup();
    expect(within(editor()).getByText('You have not listed any other platforms.')).toBeTruthy();
    await user.click(within(editor()).getByRole('button', { name: 'Add Platform' }));
    await waitFor(() => expect(document.activeElement).toBe(field('Platform name')));
    await user.type(field('Platform name'), 'TikTok');
    await user.type(field('Username'), '@naledi.makes');
    await user.type(field('Number of followers'), '12 000');
    await user.type(field('Monthly earnings (R)'), 'R 8 000,50');
    await user.click(within(editor()).getByRole('button', { name: 'Save Platform Changes' }));

    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(patches()[0]).toEqual({
      method: 'PATCH',
      url: `/api/users/${CREATOR.id}`,
      body: {
        socialMediaData: {
          visionary: VISIONARY,
          tiktok: {
            platform: 'TikTok',
            username: '@naledi.makes',
            followers: 12000,
            monthlyEarnings: 8000.5,
          },
        },
      },
    });
  });

  it('lists a platform by its name alone, and refuses a row without a name', async () => {
    renderCard();
    const user = userEvent.setup();
    await user.click(within(editor()).getByRole('button', { name: 'Add Platform' }));
    await user.click(within(editor()).getByRole('button', { name: 'Save Platform Changes' }));
    expect(await within(editor()).findByText('Platform name is required', { exact: true })).toBeTruthy();
    expect(patches()).toEqual([]);

    await user.type(field('Platform name'), 'Patreon');
    await user.click(within(editor()).getByRole('button', { name: 'Save Platform Changes' }));
    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(patches()[0]?.body).toEqual({
      socialMediaData: { visionary: VISIONARY, patreon: { platform: 'Patreon' } },
    });
  });
});
