// The FAQ is one accordion across its topics: a single question open at a time, which closes again when pressed, and
// the questions reached from the keyboard (ArrowUp/ArrowDown wrapping, Home and End; Enter and Space open and close).
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { FaqPage } from './faq-page';

function renderFaq() {
  const router = createMemoryRouter([{ path: '/faq', element: <FaqPage /> }], { initialEntries: ['/faq'] });
  render(<RouterProvider router={router} />);
  expect(screen.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' })).toBeTruthy();
}

/** Each question's button, in page order: the buttons inside the level-3 headings. */
function questions(): HTMLButtonElement[] {
  return screen
    .getAllByRole('heading', { level: 3 })
    .map((heading) => within(heading).getByRole('button') as HTMLButtonElement);
}

const expanded = (button: HTMLElement) => button.getAttribute('aria-expanded');
const answerTo = (button: HTMLElement) => screen.queryByRole('region', { name: button.textContent ?? '' });

describe('the FAQ accordion', () => {
  it('keeps a single question open, across topics, and closes it again', async () => {
    renderFaq();
    const user = userEvent.setup();
    const all = questions();
    expect(all.length).toBeGreaterThan(2);
    const [first, second] = all as [HTMLButtonElement, HTMLButtonElement];
    const last = all.at(-1)!;
    expect(expanded(first)).toBe('false');

    await user.click(first);
    expect(expanded(first)).toBe('true');
    expect(answerTo(first)).toBeTruthy();

    await user.click(second);
    expect(expanded(second)).toBe('true');
    expect(expanded(first)).toBe('false');

    // Across topics too: it is one accordion.
    await user.click(last);
    expect(expanded(last)).toBe('true');
    expect(expanded(second)).toBe('false');
    expect(screen.getAllByRole('button', { expanded: true })).toEqual([last]);

    await user.click(last);
    expect(expanded(last)).toBe('false');
    expect(screen.queryAllByRole('button', { expanded: true })).toEqual([]);
  });

  it('works from the keyboard: arrows, Home and End move, Enter and Space open', async () => {
    renderFaq();
    const user = userEvent.setup();
    const all = questions();
    const [first, second] = all as [HTMLButtonElement, HTMLButtonElement];
    const last = all.at(-1)!;

    act(() => first.focus());
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(second);
    await user.keyboard('{Enter}');
    expect(expanded(second)).toBe('true');
    const answer = answerTo(second);
    expect(answer).toBeTruthy();
    expect(second.getAttribute('aria-controls')).toBe(answer!.id);

    // Focus skips over the open answer to the next question, and wraps at both ends.
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(last);
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(first);
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(last);
    await user.keyboard('{Home}');
    expect(document.activeElement).toBe(first);

    await user.keyboard(' ');
    expect(expanded(first)).toBe('true');
    expect(expanded(second)).toBe('false');
    expect(answer!.isConnected).toBe(false);
    expect(answerTo(second)).toBeNull();
    await user.keyboard(' ');
    expect(expanded(first)).toBe('false');
    expect(first.hasAttribute('aria-controls')).toBe(false);
  });
});
