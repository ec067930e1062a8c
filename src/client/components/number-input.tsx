// A number field for react-hook-form: the form holds a number (or undefined when empty), never the text,
// so the shared zod schemas can validate it as they do on the server.
import type { ComponentProps } from 'react';
import { Input } from './ui/input';

export type NumberInputProps = Omit<ComponentProps<'input'>, 'type' | 'value' | 'onChange'> & {
  value: number | null | undefined;
  onChange: (value: number | undefined) => void;
};

export function NumberInput({ value, onChange, onWheel, ...props }: NumberInputProps) {
  return (
    <Input
      type="number"
      value={value ?? ''}
      onChange={(event) => {
        const next = event.target.valueAsNumber;
        onChange(Number.isNaN(next) ? undefined : next);
      }}
      // A scroll over a focused number field would silently change the amount.
      onWheel={(event) => {
        event.currentTarget.blur();
        onWheel?.(event);
      }}
      {...props}
    />
  );
}
