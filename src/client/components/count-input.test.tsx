// The count field (followers): every way a person types a count, and the way the product shows one, reaches the form
// as that whole number; the field says what it read; an empty or unreadable field never turns into another count.
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { CountInput } from './count-input';

/** The field in a form that keeps its value as react-hook-form would, with the value written out for the test. */
function Harness({ initial, required }: { initial?: number; required?: boolean }) {
  const [value, setValue] = useState<number | undefined>(initial);
  return (
    <>
      <label htmlFor="followers">Followers</label>
      <CountInput id="followers" value={value} onChange={setValue} required={required} />
      <output data-testid="value">{value === undefined ? 'none' : String(value)}</output>
    </>
  );
}

const type = (text: string) =>
  act(() => {
    fireEvent.change(screen.getByLabelText('Followers'), { target: { value: text } });
  });
const held = () => screen.getByTestId('value').textContent;

describe('the count field', () => {
  it.each([
    ['12000', '12000', '12 000'],
    ['12 000', '12000', '12 000'],
    ['12,000', '12000', '12 000'],
    ['12.000', '12000', '12 000'],
    ['12\u00a0000', '12000', '12 000'],
    ['12\u202f000', '12000', '12 000'],
    ['1 250 000', '1250000', '1 250 000'],
  ])('reads %j as %s and says so', (typed, value, words) => {
    render(<Harness />);
    type(typed);
    expect(held()).toBe(value);
    // en-ZA counts are grouped with no-break spaces: compare with plain ones.
    expect(screen.getByText(/^Read as/).textContent?.replace(/\s/g, ' ')).toBe(`Read as ${words}`);
    expect(screen.getByLabelText('Followers').getAttribute('inputmode')).toBe('numeric');
  });

  it.each(['abc', '12,5', '12k'])('%j reaches the form as no number, never as another count', (typed) => {
    render(<Harness />);
    type(typed);
    expect(held()).toBe('NaN');
    expect(screen.getByText('Not a whole number: type it like 12 000')).toBeTruthy();
    expect(screen.getByLabelText('Followers').getAttribute('aria-describedby')).toBeTruthy();
  });

  it('a negative count reaches the form as negative, so its schema can say it cannot be', () => {
    render(<Harness />);
    type('-12');
    expect(held()).toBe('-12');
  });

  it('an optional field left empty is none', () => {
    render(<Harness initial={900} />);
    expect((screen.getByLabelText('Followers') as HTMLInputElement).value).toBe('900');
    type('');
    expect(held()).toBe('none');
    expect(screen.queryByText(/^Read as|^Not a whole number/)).toBeNull();
  });

  it('a required field with a starting count can be cleared and typed again', () => {
    render(<Harness initial={900} required />);
    const field = screen.getByLabelText('Followers') as HTMLInputElement;
    type('');
    expect(field.value).toBe('');
    expect(held()).toBe('NaN');
    type('1 200');
    expect(field.value).toBe('1 200');
    expect(held()).toBe('1200');
  });
});
