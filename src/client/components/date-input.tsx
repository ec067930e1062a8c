// A calendar day field. The browser's own date picker lays the day out in the browser's locale (a phone set to US
// English shows 11/29/2026), so the field says the day beneath it the South African way ('Sunday, 29 November
// 2026'): whatever the picker shows, the person reads which day they chose. The value stays 'YYYY-MM-DD'.
import { type ComponentProps, useId } from 'react';
import { calendarDayInWords } from '../../shared/business-date';
import { Input } from './ui/input';

export function DateInput(props: Omit<ComponentProps<'input'>, 'type'>) {
  const readingId = useId();
  const words = calendarDayInWords(typeof props.value === 'string' ? props.value : null);
  const describedBy = [props['aria-describedby'], words ? readingId : null].filter(Boolean).join(' ');
  return (
    <div className="grid gap-1">
      <Input {...props} type="date" aria-describedby={describedBy || undefined} />
      {words ? (
        <p id={readingId} className="text-xs text-slate-600" data-testid="date-in-words">
          {words}
        </p>
      ) : null}
    </div>
  );
}
