// The financing application form as a creator fills it in: the terms hold the submit button back, an invalid form
// names every mistake at once beside its field and is never sent, a mistake's message goes once it is put right,
// and the 'Other' use of funds has its own text field. Only the form is under test: what the page reads through
// react-query (the session, which platforms can be connected) is put in the cache as the server would answer, and
// every request the form makes is recorded at the network boundary (fetch).
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
import { Toaster } from '../../components/ui/toaster';
import { createQueryClient } from '../../lib/api';
import { formatZarWhole } from '../../lib/format';
import { ApplicationForm } from './application-form';

const TERMS = 'I accept the terms and conditions';

const CREATOR = creatorUser();

let requests: RecordedRequest[] = [];

beforeEach(() => {
  requests = [];
  // Nothing here should reach the server but a proof's upload; whatever is asked is recorded, the rest refused.
  recordFetch(requests, ({ method, url }) =>
    method === 'POST' && url.endsWith('/api/proof-files')
      ? jsonResponse(201, { id: 73, originalName: 'proof.pdf', mimeType: 'application/pdf', sizeBytes: 15 })
      : undefined,
  );
});

function renderApply() {
  const client = createQueryClient();
  // The reads the form's platform panel makes, under the keys the app reads them with (platforms/api.ts).
  seedPlatformReads(client, CREATOR);
  const router = createMemoryRouter(
    [
      { path: '/apply', element: <ApplicationForm user={CREATOR} /> },
      { path: '/dashboard', element: <h1>Dashboard</h1> },
    ],
    { initialEntries: ['/apply'] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return router;
}

// Testing Library compares a page's text with its spaces made plain, the no-break spaces of money included; the words
// looked for are written the same way.
const plain = (words: string) => words.replace(/\s+/g, ' ');
const posts = () => requests.filter((request) => request.method === 'POST');
const submitButton = () => screen.getByRole('button', { name: 'Submit Application' }) as HTMLButtonElement;
const termsBox = () => screen.getByRole('checkbox', { name: TERMS });
const field = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;

describe('the application form', () => {
  it('keeps Submit Application disabled until the terms are accepted, and says the amount range', async () => {
    renderApply();
    const user = userEvent.setup();
    expect(
      screen.getByText(
        plain(`Minimum amount: ${formatZarWhole(2_000)} - Maximum: ${formatZarWhole(50_000)}`),
        {
          exact: true,
        },
      ),
    ).toBeTruthy();
    expect(submitButton().disabled).toBe(true);
    await user.click(termsBox());
    expect(submitButton().disabled).toBe(false);
    await user.click(termsBox());
    expect(submitButton().disabled).toBe(true);
  });

  it('refuses a business application under the minimum without a name, sends nothing, and clears the amount once valid', async () => {
    const router = renderApply();
    const user = userEvent.setup();
    await user.click(
      within(screen.getByRole('radiogroup', { name: 'Application type' })).getByRole('radio', {
        name: 'Business',
      }),
    );
    expect(field('Business Name')).toBeTruthy();
    expect(screen.queryByLabelText('First Name')).toBeNull();
    await user.type(field('Requested amount (R)'), '1000');
    await user.type(field('Monthly revenue (R)'), '5000');
    await user.click(screen.getByRole('checkbox', { name: 'Working Capital' }));
    await user.click(termsBox());
    await user.click(submitButton());

    const minimum = plain(`Minimum amount: ${formatZarWhole(2_000)}`);
    expect(await screen.findByText(minimum, { exact: true })).toBeTruthy();
    expect(field('Requested amount (R)').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Business name is required', { exact: true })).toBeTruthy();
    expect(field('Business Name').getAttribute('aria-invalid')).toBe('true');
    expect(router.state.location.pathname).toBe('/apply');
    expect(posts(), 'an invalid form is not sent').toEqual([]);

    // Correcting the amount clears its message.
    await user.clear(field('Requested amount (R)'));
    await user.type(field('Requested amount (R)'), '2000');
    await waitFor(() => expect(screen.queryByText(minimum, { exact: true })).toBeNull());
    expect(posts()).toEqual([]);
  });

  it('reports every error in one round, names included, and takes the focus to the first', async () => {
    renderApply();
    const user = userEvent.setup();
    await user.clear(field('First Name'));
    await user.clear(field('Last Name'));
    await user.click(termsBox());
    await user.click(submitButton());

    for (const message of [
      'First name is required',
      'Last name is required',
      'Enter your SA ID number',
      'Enter the amount you need',
      'Enter your monthly revenue',
      'Please select at least one use of funds',
    ]) {
      expect(await screen.findByText(message, { exact: true }), message).toBeTruthy();
    }
    expect(document.activeElement).toBe(field('First Name'));
    expect(posts()).toEqual([]);
  });

  it("shows a text field for 'Other' only while it is ticked, and unticking it clears the text", async () => {
    renderApply();
    const user = userEvent.setup();
    const other = screen.getByRole('checkbox', { name: 'Other' });
    const otherText = () => screen.queryByLabelText('Describe other use of funds') as HTMLInputElement | null;
    expect(otherText()).toBeNull();
    await user.click(other);
    await user.type(otherText()!, 'Travel to shoot a series in the Drakensberg');
    expect(otherText()!.value).toBe('Travel to shoot a series in the Drakensberg');
    await user.click(other);
    expect(otherText()).toBeNull();
    await user.click(other);
    expect(otherText()!.value).toBe('');
  });

  it('sends a manual platform typed the South African way under the names POST /api/applications takes', async () => {
    renderApply();
    const user = userEvent.setup();
    await user.type(field('SA ID number'), '9001155009086');
    await user.type(field('Requested amount (R)'), '15000');
    await user.type(field('Monthly revenue (R)'), '9000');
    await user.click(screen.getByRole('checkbox', { name: 'Working Capital' }));

    const manual = screen.getByRole('region', { name: 'Manual entry' });
    const manualField = (label: string) => within(manual).getByLabelText(label, { exact: true });
    await user.click(within(manual).getByRole('button', { name: 'Add Manual Platform' }));
    await waitFor(() => expect(document.activeElement).toBe(manualField('Platform name')));
    await user.type(manualField('Platform name'), 'TikTok');
    await user.type(manualField('Username'), '@zola.cooks');
    await user.type(manualField('Number of followers'), '12 000');
    await user.type(manualField('Monthly earnings (R)'), 'R 8 000,50');
    await user.upload(
      manualField('Proof of earnings'),
      new File(['%PDF-1.4\n%%EOF\n'], 'proof.pdf', { type: 'application/pdf' }),
    );
    await user.click(within(manual).getByRole('button', { name: 'Add Platform' }));
    expect(await within(manual).findByRole('button', { name: 'Remove TikTok' })).toBeTruthy();

    await user.click(termsBox());
    await user.click(submitButton());
    await waitFor(() => expect(posts().map((request) => request.url)).toContain('/api/applications'));
    const sent = posts().find((request) => request.url === '/api/applications')?.body as {
      manualPlatforms: unknown;
    };
    expect(sent.manualPlatforms).toEqual([
      {
        platform: 'TikTok',
        username: '@zola.cooks',
        estimatedFollowers: 12000,
        estimatedRevenue: 8000.5,
        proofFileId: 73,
      },
    ]);
  });
});
