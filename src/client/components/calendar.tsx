// A month of days to pick one from, in en-ZA whatever the browser's locale (the date field's picker,
// date-input.tsx): the month by name, weeks from Sunday, each day read out in full ('Monday, 30 November 2026').
// By keyboard as the WAI-ARIA date picker's grid (a table of day buttons, the chosen one pressed): the arrows move a
// day or a week, Page Up and Page Down a month (with Shift, a year), Home and End to the week's ends, Enter or Space
// picks. Days outside `min`..`max` cannot be picked (the keyboard still passes over them).
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { addDays, addMonths, calendarDayInWords, type IsoDate, monthLabel } from '../../shared/business-date';
import { monthGrid } from '../lib/date-entry';
import { cn } from '../lib/utils';
import { Button } from './ui/button';

const WEEKDAYS = [
  ['Su', 'Sunday'],
  ['Mo', 'Monday'],
  ['Tu', 'Tuesday'],
  ['We', 'Wednesday'],
  ['Th', 'Thursday'],
  ['Fr', 'Friday'],
  ['Sa', 'Saturday'],
] as const;

const monthIndex = (day: IsoDate) => Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7)) - 1;

/** The day a key moves to from `day`, or null for a key the grid does not use. */
function dayAfterKey(key: string, shift: boolean, day: IsoDate): IsoDate | null {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  switch (key) {
    case 'ArrowLeft':
      return addDays(day, -1);
    case 'ArrowRight':
      return addDays(day, 1);
    case 'ArrowUp':
      return addDays(day, -7);
    case 'ArrowDown':
      return addDays(day, 7);
    case 'PageUp':
      return addMonths(day, shift ? -12 : -1);
    case 'PageDown':
      return addMonths(day, shift ? 12 : 1);
    case 'Home':
      return addDays(day, -weekday);
    case 'End':
      return addDays(day, 6 - weekday);
    default:
      return null;
  }
}

export function Calendar({
  value,
  today,
  min,
  max,
  onPick,
}: {
  /** The day chosen, if any ('YYYY-MM-DD'). */
  value: IsoDate | null;
  /** Where the calendar opens without a chosen day. */
  today: IsoDate;
  min?: IsoDate;
  max?: IsoDate;
  onPick: (day: IsoDate) => void;
}) {
  const [focused, setFocused] = useState<IsoDate>(value ?? today);
  const grid = useRef<HTMLTableElement>(null);
  const moved = useRef(false);
  const outOfRange = (day: IsoDate) => Boolean((min && day < min) || (max && day > max));

  // Focus follows the keyboard (not the first render: the popover puts focus on the chosen day itself).
  useEffect(() => {
    if (!moved.current) return;
    grid.current?.querySelector<HTMLButtonElement>(`[data-day="${focused}"]`)?.focus();
  }, [focused]);

  const move = (day: IsoDate) => {
    moved.current = true;
    setFocused(day);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const next = dayAfterKey(event.key, event.shiftKey, focused);
    if (!next) return;
    event.preventDefault();
    move(next);
  };

  const weeks = monthGrid(focused);
  const shownMonth = monthIndex(focused);
  const title = monthLabel(shownMonth);
  return (
    <div className="grid gap-2">
      <div className="flex items-center justify-between gap-2">
        <Button
          type="button"
          variant="ghost"
          size="icon"
          className="size-9"
          aria-label="Previous month"
          onClick={() => move(addMonths(focused, -1))}
        >
          <ChevronLeft aria-hidden="true" />
        </Button>
        <p className="text-sm font-semibold text-slate-900" aria-live="polite">
          {title}
        </p>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          className="size-9"
          aria-label="Next month"
          onClick={() => move(addMonths(focused, 1))}
        >
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
      <table ref={grid} aria-label={title} className="w-full border-collapse text-center text-sm">
        <thead>
          <tr>
            {WEEKDAYS.map(([short, full]) => (
              <th key={short} scope="col" abbr={full} className="pb-1 text-xs font-medium text-slate-500">
                {short}
              </th>
            ))}
          </tr>
        </thead>
        <tbody onKeyDown={onKeyDown}>
          {weeks.map((week) => (
            <tr key={week[0]}>
              {week.map((day) => {
                const chosen = day === value;
                const inMonth = monthIndex(day) === shownMonth;
                return (
                  <td key={day} className="p-0.5">
                    <button
                      type="button"
                      data-day={day}
                      tabIndex={day === focused ? 0 : -1}
                      // Still focusable, so the keyboard can pass over it; not pickable.
                      aria-disabled={outOfRange(day) || undefined}
                      aria-label={calendarDayInWords(day) ?? day}
                      aria-current={day === today ? 'date' : undefined}
                      aria-pressed={chosen}
                      onClick={() => {
                        if (!outOfRange(day)) onPick(day);
                      }}
                      onFocus={() => setFocused(day)}
                      className={cn(
                        'size-9 rounded-md tabular-nums outline-none hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-ring aria-disabled:cursor-not-allowed aria-disabled:opacity-40 aria-disabled:hover:bg-transparent',
                        !inMonth && 'text-slate-400',
                        day === today && !chosen && 'font-semibold text-emerald-800',
                        chosen && 'bg-primary text-primary-foreground hover:bg-primary',
                      )}
                    >
                      {Number(day.slice(8, 10))}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
