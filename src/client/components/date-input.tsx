// A calendar day field that shows the day the South African way whatever the browser's locale (a phone set to US
// English would lay the browser's own picker out as 11/29/2026): the field reads '29 Nov 2026', takes the day typed
// as a person writes it (lib/date-entry.ts: 29/11/2026, 2026-11-29, 29 November 2026), and opens a calendar of our
// own (calendar.tsx). The day is said in words beneath ('Sunday, 29 November 2026') and to assistive technology.
// The value it gives its form stays 'YYYY-MM-DD'; text that names no day is given as typed, for the form's schema
// to refuse with its message.
import { CalendarDays } from 'lucide-react';
import { type ComponentProps, useEffect, useId, useRef, useState } from 'react';
import { businessDate, calendarDayInWords, isIsoDate } from '../../shared/business-date';
import { parseDateEntry, showDateEntry } from '../lib/date-entry';
import { cn } from '../lib/utils';
import { Calendar } from './calendar';
import { Button } from './ui/button';
import { Input } from './ui/input';
import { Popover, PopoverContent, PopoverTrigger } from './ui/popover';

/** What the field gives its form: the day ('YYYY-MM-DD') or the text as typed, in an event's shape, so that a
 * react-hook-form field's onChange and a handler reading `event.target.value` both take it. */
type DateInputChange = { target: { value: string; name: string } };

type DateInputProps = Omit<ComponentProps<'input'>, 'type' | 'value' | 'min' | 'max' | 'onChange'> & {
  value?: string;
  min?: string;
  max?: string;
  onChange?: (change: DateInputChange) => void;
};

export function DateInput({
  value,
  onChange,
  onBlur,
  min,
  max,
  className,
  disabled,
  ...input
}: DateInputProps) {
  const readingId = useId();
  const current = value ?? '';
  const [text, setText] = useState(() => showDateEntry(current));
  const [open, setOpen] = useState(false);
  const calendarRef = useRef<HTMLDivElement>(null);
  // A value set from outside (a reset, a default, the calendar) shows as the field shows days; what is being typed
  // stays as typed while it names the same day.
  useEffect(() => {
    setText((shown) => ((parseDateEntry(shown) ?? shown) === current ? shown : showDateEntry(current)));
  }, [current]);

  const give = (next: string) => {
    onChange?.({ target: { value: next, name: input.name ?? '' } });
  };
  const chosen = isIsoDate(current) ? current : null;
  const words = calendarDayInWords(chosen);
  const describedBy = [input['aria-describedby'], words ? readingId : null].filter(Boolean).join(' ');

  return (
    <div className={cn('grid gap-1', className)}>
      <div className="relative">
        <Input
          {...input}
          type="text"
          autoComplete={input.autoComplete ?? 'off'}
          placeholder={input.placeholder ?? 'e.g. 30 Nov 2026'}
          disabled={disabled}
          value={text}
          className="pr-11"
          aria-describedby={describedBy || undefined}
          onChange={(event) => {
            setText(event.target.value);
            give(parseDateEntry(event.target.value) ?? event.target.value);
          }}
          onBlur={(event) => {
            const day = parseDateEntry(text);
            if (day) setText(showDateEntry(day));
            onBlur?.(event);
          }}
        />
        <Popover open={open} onOpenChange={setOpen}>
          <PopoverTrigger asChild>
            <Button
              type="button"
              variant="ghost"
              size="icon"
              disabled={disabled}
              className="absolute top-1/2 right-1 size-9 -translate-y-1/2"
              aria-label={chosen ? `Choose a date, ${calendarDayInWords(chosen)} chosen` : 'Choose a date'}
            >
              <CalendarDays aria-hidden="true" />
            </Button>
          </PopoverTrigger>
          <PopoverContent
            align="end"
            className="w-auto p-3"
            ref={calendarRef}
            onOpenAutoFocus={(event) => {
              // The chosen day (or today) takes focus, not the month's first button.
              event.preventDefault();
              calendarRef.current
                ?.querySelector<HTMLButtonElement>('button[data-day][tabindex="0"]')
                ?.focus();
            }}
          >
            <Calendar
              value={chosen}
              today={businessDate(new Date())}
              min={min && isIsoDate(min) ? min : undefined}
              max={max && isIsoDate(max) ? max : undefined}
              onPick={(day) => {
                setText(showDateEntry(day));
                give(day);
                setOpen(false);
              }}
            />
          </PopoverContent>
        </Popover>
      </div>
      {words ? (
        <p id={readingId} className="text-xs text-slate-600" data-testid="date-in-words">
          {words}
        </p>
      ) : null}
    </div>
  );
}
