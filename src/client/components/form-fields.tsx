// The form fields forms are built from, each one label, one control, an optional description and the field's
// message: the reason written before a final step (cancelling, suspending, deleting), notes, a line of text (a bank
// reference, a name, an identity number), a calendar day (a payment date, a date of birth), money, a count (followers),
// a number (a period, a percentage), a choice among a few options (a frequency, a hand-over) and a yes to tick (terms,
// consent).
import type { ComponentProps, ReactNode } from 'react';
import type { Control, ControllerRenderProps, FieldPath, FieldValues } from 'react-hook-form';
import { CountInput, type CountInputProps } from './count-input';
import { DateInput } from './date-input';
import { MoneyInput, type MoneyInputProps } from './money-input';
import { NumberInput, type NumberInputProps } from './number-input';
import { Checkbox } from './ui/checkbox';
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from './ui/form';
import { Input } from './ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from './ui/select';
import { Textarea } from './ui/textarea';

interface FieldProps<T extends FieldValues, C, O> {
  control: Control<T, C, O>;
  name: FieldPath<T>;
  label: string;
  description?: string;
  disabled?: boolean;
  /**
   * Marks the label with an asterisk, for a form where some fields may be left empty (bank details with a number on
   * file). The mark is hidden from the accessible name: the control's aria-required says it.
   */
  markRequired?: boolean;
}

/** A field's label, with the visual required mark when asked for. */
function FieldLabel({ children, markRequired }: { children: ReactNode; markRequired?: boolean }) {
  return (
    <FormLabel>
      {children}
      {markRequired ? (
        <span aria-hidden="true" className="ml-0.5 text-destructive">
          *
        </span>
      ) : null}
    </FormLabel>
  );
}

function FieldShell<T extends FieldValues, C, O>({
  control,
  name,
  label,
  description,
  markRequired,
  className,
  controlled = true,
  children,
}: Omit<FieldProps<T, C, O>, 'disabled'> & {
  className?: string;
  /** `false` when the child puts FormControl around its own focusable part (a select's trigger). */
  controlled?: boolean;
  children: (field: ControllerRenderProps<T, FieldPath<T>>) => ReactNode;
}) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem className={className}>
          <FieldLabel markRequired={markRequired}>{label}</FieldLabel>
          {controlled ? <FormControl>{children(field)}</FormControl> : children(field)}
          {description ? <FormDescription>{description}</FormDescription> : null}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

export function TextareaField<T extends FieldValues, C, O>({
  disabled,
  placeholder,
  rows = 4,
  required = false,
  maxLength = 1000,
  className,
  ...shell
}: FieldProps<T, C, O> & {
  placeholder?: string;
  rows?: number;
  required?: boolean;
  maxLength?: number;
  className?: string;
}) {
  return (
    <FieldShell {...shell}>
      {(field) => (
        <Textarea
          {...field}
          value={field.value ?? ''}
          rows={rows}
          required={required}
          maxLength={maxLength}
          placeholder={placeholder}
          className={className}
          disabled={disabled}
        />
      )}
    </FieldShell>
  );
}

/** One line in an input of the given kind, required unless said (every one-line field below is one). */
function LineField<T extends FieldValues, C, O>({
  disabled,
  className,
  required = true,
  input,
  ...shell
}: FieldProps<T, C, O> & {
  className?: string;
  required?: boolean;
  input: Omit<ComponentProps<'input'>, 'value' | 'onChange' | 'onBlur' | 'name' | 'disabled' | 'required'>;
}) {
  return (
    <FieldShell {...shell} className={className}>
      {(field) => (
        <Input {...input} aria-required={required} {...field} value={field.value ?? ''} disabled={disabled} />
      )}
    </FieldShell>
  );
}

/** One line of text (a reference, a name, an identity number); required unless said. */
export function TextField<T extends FieldValues, C, O>({
  maxLength,
  autoComplete = 'off',
  placeholder,
  inputMode,
  autoCapitalize,
  ...line
}: FieldProps<T, C, O> & {
  maxLength?: number;
  autoComplete?: string;
  className?: string;
  required?: boolean;
  placeholder?: string;
  inputMode?: 'text' | 'numeric';
  autoCapitalize?: 'characters';
}) {
  return (
    <LineField
      {...line}
      input={{ type: 'text', maxLength, autoComplete, placeholder, inputMode, autoCapitalize }}
    />
  );
}

/** An e-mail address (the sign-in name); `autoComplete` says which (email, or username on the sign-in form). */
export function EmailField<T extends FieldValues, C, O>({
  autoComplete = 'email',
  ...line
}: FieldProps<T, C, O> & { autoComplete?: 'email' | 'username'; className?: string }) {
  return (
    <LineField
      {...line}
      input={{ type: 'email', inputMode: 'email', autoComplete, placeholder: 'you@example.com' }}
    />
  );
}

/** A web address, optional unless said ('https://' as the hint). */
export function UrlField<T extends FieldValues, C, O>({
  required = false,
  ...line
}: FieldProps<T, C, O> & { required?: boolean; className?: string }) {
  return (
    <LineField
      {...line}
      required={required}
      input={{ type: 'url', inputMode: 'url', autoComplete: 'url', placeholder: 'https://' }}
    />
  );
}

/** A password: `autoComplete` says which (current-password to sign in or confirm, new-password to choose one). */
export function PasswordField<T extends FieldValues, C, O>({
  autoComplete,
  ...line
}: FieldProps<T, C, O> & { autoComplete: 'current-password' | 'new-password'; className?: string }) {
  return <LineField {...line} input={{ type: 'password', autoComplete }} />;
}

/** A calendar day (`YYYY-MM-DD`), held between `min` and `max` by the date picker. */
export function DateField<T extends FieldValues, C, O>({
  disabled,
  min,
  max,
  autoComplete,
  ...shell
}: FieldProps<T, C, O> & { min?: string; max?: string; autoComplete?: string }) {
  return (
    <FieldShell {...shell}>
      {(field) => (
        <DateInput
          min={min}
          max={max}
          autoComplete={autoComplete}
          aria-required="true"
          {...field}
          value={field.value ?? ''}
          disabled={disabled}
        />
      )}
    </FieldShell>
  );
}

/**
 * A number: the form holds a number or nothing (NumberInput). `onBlur` runs before the field's own blur
 * (to show a clamped value, say).
 */
export function NumberField<T extends FieldValues, C, O>({
  control,
  name,
  label,
  description,
  markRequired,
  className,
  onBlur,
  ...input
}: FieldProps<T, C, O> &
  Omit<NumberInputProps, 'value' | 'onChange' | 'onBlur' | 'name'> & {
    onBlur?: (value: number | undefined, onChange: (value: number | undefined) => void) => void;
  }) {
  return (
    <FieldShell {...{ control, name, label, description, markRequired, className }}>
      {(field) => (
        <NumberInput
          {...input}
          name={field.name}
          ref={field.ref}
          value={field.value as number | undefined}
          onChange={field.onChange}
          onBlur={() => {
            onBlur?.(field.value as number | undefined, field.onChange);
            field.onBlur();
          }}
        />
      )}
    </FieldShell>
  );
}

/**
 * An amount of money typed the South African way ("8 000,50", "R 8 000,50", "8000.50"): the form holds a number
 * (MoneyInput), and the field says beneath it what it read.
 */
export function MoneyField<T extends FieldValues, C, O>({
  control,
  name,
  label,
  description,
  markRequired,
  className,
  ...input
}: FieldProps<T, C, O> & Omit<MoneyInputProps, 'value' | 'onChange' | 'onBlur' | 'name'>) {
  return (
    <FieldShell {...{ control, name, label, description, markRequired, className }}>
      {(field) => (
        <MoneyInput
          {...input}
          name={field.name}
          ref={field.ref}
          value={field.value as number | undefined}
          onChange={field.onChange}
          onBlur={field.onBlur}
        />
      )}
    </FieldShell>
  );
}

/**
 * A count typed as people write one ("12 000", "12,000"): the form holds a whole number (CountInput), and the field
 * says beneath it what it read.
 */
export function CountField<T extends FieldValues, C, O>({
  control,
  name,
  label,
  description,
  markRequired,
  className,
  ...input
}: FieldProps<T, C, O> & Omit<CountInputProps, 'value' | 'onChange' | 'onBlur' | 'name'>) {
  return (
    <FieldShell {...{ control, name, label, description, markRequired, className }}>
      {(field) => (
        <CountInput
          {...input}
          name={field.name}
          ref={field.ref}
          value={field.value as number | undefined}
          onChange={field.onChange}
          onBlur={field.onBlur}
        />
      )}
    </FieldShell>
  );
}

/**
 * One of a few options, in a select labelled by the field. `placeholder` shows while none is chosen; `onValueChange`
 * runs after the form holds the choice (to fill in what follows from it, a bank's branch code say).
 */
export function SelectField<T extends FieldValues, C, O>({
  disabled,
  options,
  className,
  placeholder,
  required,
  onValueChange,
  ...shell
}: FieldProps<T, C, O> & {
  options: ReadonlyArray<{ value: string; label: string }>;
  className?: string;
  placeholder?: string;
  required?: boolean;
  onValueChange?: (value: string) => void;
}) {
  return (
    <FieldShell {...shell} className={className} controlled={false}>
      {(field) => (
        <Select
          value={field.value ?? ''}
          onValueChange={(value) => {
            field.onChange(value);
            onValueChange?.(value);
          }}
          name={field.name}
          disabled={disabled}
        >
          <FormControl>
            <SelectTrigger ref={field.ref} onBlur={field.onBlur} aria-required={required || undefined}>
              <SelectValue placeholder={placeholder} />
            </SelectTrigger>
          </FormControl>
          <SelectContent>
            {options.map((option) => (
              <SelectItem key={option.value} value={option.value}>
                {option.label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      )}
    </FieldShell>
  );
}

/**
 * A yes to tick (the terms accepted, a debit order authorised, staying signed in): the box, its label beside it, and
 * beneath the label what it means (which may hold a link) and the field's message. The form holds true or false.
 */
export function CheckboxField<T extends FieldValues, C, O>({
  control,
  name,
  label,
  description,
  disabled,
}: Omit<FieldProps<T, C, O>, 'description' | 'markRequired'> & { description?: ReactNode }) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem className="flex items-start gap-3">
          <FormControl>
            <Checkbox
              ref={field.ref}
              name={field.name}
              checked={field.value === true}
              onCheckedChange={(checked) => field.onChange(checked === true)}
              onBlur={field.onBlur}
              disabled={disabled}
              className="mt-0.5"
            />
          </FormControl>
          <div className="grid gap-1.5">
            <FormLabel className="cursor-pointer leading-snug">{label}</FormLabel>
            {description ? <FormDescription>{description}</FormDescription> : null}
            <FormMessage />
          </div>
        </FormItem>
      )}
    />
  );
}
