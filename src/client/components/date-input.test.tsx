// The date field shows a day the South African way whatever the browser's locale: it reads '29 Nov 2026', takes the
// day typed as a person writes it and gives the form 'YYYY-MM-DD', opens a calendar of its own (by keyboard too), and
// says the chosen day in words beneath, to assistive technology as well.
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { calendarDayInWords as dateInWords } from '../../shared/business-date';
import { DateInput } from './date-input';

/** The field in a form that keeps what it is given, as react-hook-form would, written out for the test. */
function Harness({ initial = '', min, max }: { initial?: string; min?: string; max?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <label htmlFor="day">Payment date</label>
      <DateInput
        id="day"
        value={value}
        min={min}
        max={max}
        onChange={(event) => setValue(event.target.value)}
        aria-describedby="hint"
      />
      <p id="hint">Not after today.</p>
      <output data-testid="value">{value}</output>
    </>
  );
}

const field = () => screen.getByLabelText('Payment date') as HTMLInputElement;
const held = () => screen.getByTestId('value').textContent;

describe('the date field', () => {
  it('reads a calendar day in words, weekday first', () => {
    expect(dateInWords('2026-11-29')).toBe('Sunday, 29 November 2026');
    expect(dateInWords('2027-02-28')).toBe('Sunday, 28 February 2027');
    expect(dateInWords('2026-02-30')).toBeNull();
    expect(dateInWords('')).toBeNull();
    expect(dateInWords(undefined)).toBeNull();
  });

  it('shows the day as the screens do, says it beneath and describes the field with it', () => {
    render(<Harness initial="2026-11-29" />);
    expect(field().type).toBe('text');
    expect(field().value).toBe('29 Nov 2026');
    const words = screen.getByTestId('date-in-words');
    expect(words.textContent).toBe('Sunday, 29 November 2026');
    expect(field().getAttribute('aria-describedby')).toBe(`hint ${words.id}`);
  });

  it.each([['30/11/2026'], ['2026-11-30'], ['2026/11/30'], ['30 November 2026']])(
    'takes %s as typed and gives the form the day',
    (typed) => {
      render(<Harness />);
      act(() => {
        fireEvent.change(field(), { target: { value: typed } });
      });
      expect(held()).toBe('2026-11-30');
      expect(field().value).toBe(typed);
      act(() => {
        fireEvent.blur(field());
      });
      expect(field().value).toBe('30 Nov 2026');
      expect(screen.getByTestId('date-in-words').textContent).toBe('Monday, 30 November 2026');
    },
  );

  it('gives text that names no day as it is, for the form to refuse, and says nothing beneath', () => {
    render(<Harness />);
    act(() => {
      fireEvent.change(field(), { target: { value: '11/30/2026' } });
    });
    expect(held()).toBe('11/30/2026');
    expect(screen.queryByTestId('date-in-words')).toBeNull();
    expect(field().getAttribute('aria-describedby')).toBe('hint');
  });

  it('keeps spaces while a day is being typed', async () => {
    render(<Harness />);
    await userEvent.type(field(), '30 Nov 2026');
    expect(field().value).toBe('30 Nov 2026');
    expect(held()).toBe('2026-11-30');
  });

  it('picks a day from its own calendar, in en-ZA, by pointer and by keyboard', async () => {
    const user = userEvent.setup();
    render(<Harness initial="2026-11-29" max="2026-12-01" />);
    await user.click(screen.getByRole('button', { name: 'Choose a date, Sunday, 29 November 2026 chosen' }));
    const grid = screen.getByRole('table', { name: 'November 2026' });
    // The chosen day has focus; the arrows move a day, a week.
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Sunday, 29 November 2026');
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Monday, 30 November 2026');
    await user.keyboard('{ArrowDown}');
    // A week on is 7 December, past the latest day allowed: it cannot be picked.
    expect(screen.getByRole('table', { name: 'December 2026' })).toBeTruthy();
    const late = screen.getByRole('button', { name: 'Monday, 7 December 2026' });
    expect(late.getAttribute('aria-disabled')).toBe('true');
    expect(document.activeElement).toBe(late);
    await user.click(late);
    expect(held()).toBe('2026-11-29');
    await user.keyboard('{Shift>}{PageUp}{/Shift}');
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Sunday, 7 December 2025');
    await user.keyboard('{Shift>}{PageDown}{/Shift}');
    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    await user.click(screen.getByRole('button', { name: 'Monday, 30 November 2026' }));
    expect(held()).toBe('2026-11-30');
    expect(field().value).toBe('30 Nov 2026');
    expect(grid.isConnected).toBe(false);
  });

  it('says nothing while it is empty', () => {
    render(<DateInput aria-label="Date of birth" value="" onChange={() => {}} />);
    expect(screen.queryByTestId('date-in-words')).toBeNull();
    expect(screen.getByLabelText('Date of birth').getAttribute('aria-describedby')).toBeNull();
  });
});
