// The money field: every way a person types an amount, and what the product itself shows, reaches
// the form as that amount; the field says what it read; an empty or unreadable field never turns into another amount.
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { MoneyInput } from './money-input';

/** The field in a form that keeps its value as react-hook-form would, with the value written out for the test. */
function Harness({ initial, required }: { initial?: number; required?: boolean }) {
  const [value, setValue] = useState<number | undefined>(initial);
  return (
    <>
      <label htmlFor="amount">Amount</label>
      <MoneyInput id="amount" value={value} onChange={setValue} required={required} />
      <output data-testid="value">{value === undefined ? 'none' : String(value)}</output>
    </>
  );
}

const type = (text: string) =>
  act(() => {
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: text } });
  });
const held = () => screen.getByTestId('value').textContent;

describe('the money field', () => {
  it.each([
    ['8000,50', '8000.5', 'R 8 000,50'],
    ['8 000,50', '8000.5', 'R 8 000,50'],
    ['R 8 000,50', '8000.5', 'R 8 000,50'],
    ['8000.50', '8000.5', 'R 8 000,50'],
    ['8,000', '8000', 'R 8 000,00'],
  ])('reads %j as %s and says so', (typed, value, words) => {
    render(<Harness />);
    type(typed);
    expect(held()).toBe(value);
    // en-ZA money is grouped with no-break spaces: compare with plain ones.
    expect(screen.getByText(/^Read as/).textContent?.replace(/\s/g, ' ')).toBe(`Read as ${words}`);
  });

  it('an unreadable amount reaches the form as no number, never as another amount', () => {
    render(<Harness />);
    type('8000,505');
    expect(held()).toBe('NaN');
    expect(screen.getByText('Not an amount: type it like 8 000,50')).toBeTruthy();
    expect(screen.getByLabelText('Amount').getAttribute('aria-describedby')).toBeTruthy();
  });

  it('a required field with a starting amount can be cleared and typed again', () => {
    render(<Harness initial={12000} required />);
    const field = screen.getByLabelText('Amount') as HTMLInputElement;
    expect(field.value).toBe('12000');
    type('');
    expect(field.value).toBe('');
    expect(held()).toBe('NaN');
    type('8000');
    expect(field.value).toBe('8000');
    expect(held()).toBe('8000');
  });

  it('an optional field left empty is none', () => {
    render(<Harness initial={250} />);
    type('');
    expect(held()).toBe('none');
    expect(screen.queryByText(/^Read as|^Not an amount/)).toBeNull();
  });
});

describe('a negative amount', () => {
  it('reaches the form as negative, so its schema can say it cannot be', () => {
    render(<Harness />);
    type('-50');
    expect(held()).toBe('-50');
  });
});
