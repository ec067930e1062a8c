// The date field says the chosen day the South African way beneath the browser's picker, whatever the picker's own
// locale shows, and tells assistive technology the same; nothing is said for an empty or unreadable value.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { calendarDayInWords as dateInWords } from '../../shared/business-date';
import { DateInput } from './date-input';

afterEach(cleanup);

describe('the date field', () => {
  it('reads a calendar day in words, weekday first', () => {
    expect(dateInWords('2026-11-29')).toBe('Sunday, 29 November 2026');
    expect(dateInWords('2027-02-28')).toBe('Sunday, 28 February 2027');
    expect(dateInWords('2026-02-30')).toBeNull();
    expect(dateInWords('')).toBeNull();
    expect(dateInWords(undefined)).toBeNull();
  });

  it('says the day beneath the field and describes the field with it', () => {
    render(
      <>
        <label htmlFor="day">Payment date</label>
        <DateInput id="day" value="2026-11-29" onChange={() => {}} aria-describedby="hint" />
        <p id="hint">Not after today.</p>
      </>,
    );
    const field = screen.getByLabelText('Payment date') as HTMLInputElement;
    expect(field.type).toBe('date');
    const words = screen.getByTestId('date-in-words');
    expect(words.textContent).toBe('Sunday, 29 November 2026');
    expect(field.getAttribute('aria-describedby')).toBe(`hint ${words.id}`);
  });

  it('says nothing while it is empty', () => {
    render(<DateInput aria-label="Date of birth" value="" onChange={() => {}} />);
    expect(screen.queryByTestId('date-in-words')).toBeNull();
    expect(screen.getByLabelText('Date of birth').getAttribute('aria-describedby')).toBeNull();
  });
});
