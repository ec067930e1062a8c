// The Lending list's Status filter: any number of statuses at once (the book is Active and Defaulted together),
// chosen in a popover of checkboxes, with the book and "All statuses" one click each. Test-world twins are offered
// where the dashboard shows them (Test or Mixed).
import { ChevronDown } from 'lucide-react';
import { useId } from 'react';
import type { ApplicationStatus, DashboardMode } from '../../../shared/constants';
import { isTestingStatus } from '../../../shared/status-machine';
import { Button } from '../../components/ui/button';
import { Checkbox } from '../../components/ui/checkbox';
import { Label } from '../../components/ui/label';
import { Popover, PopoverContent, PopoverTrigger } from '../../components/ui/popover';
import { BOOK_STATUSES, STATUS_OPTIONS, statusFilterText } from './lending-filters';

export function StatusFilter({
  value,
  onChange,
  mode,
  className,
}: {
  value: ApplicationStatus[] | undefined;
  onChange: (statuses: ApplicationStatus[] | undefined) => void;
  /** The world the list shows: testing twins are offered outside Live. */
  mode: DashboardMode | undefined;
  className?: string;
}) {
  const id = useId();
  const chosen = new Set(value ?? []);
  const options = STATUS_OPTIONS.filter(
    (option) => mode !== 'production' || !isTestingStatus(option.value) || chosen.has(option.value),
  );
  const toggle = (status: ApplicationStatus, on: boolean) => {
    const next = STATUS_OPTIONS.map((o) => o.value).filter((s) => (s === status ? on : chosen.has(s)));
    onChange(next.length > 0 ? next : undefined);
  };
  return (
    <div className={className}>
      <div className="grid gap-2">
        <Label id={`${id}-label`}>Status</Label>
        <Popover>
          <PopoverTrigger asChild>
            <Button
              variant="outline"
              className="h-10 w-full justify-between px-3 text-base font-normal sm:text-sm"
              aria-labelledby={`${id}-label`}
              aria-describedby={`${id}-value`}
            >
              <span id={`${id}-value`} className="truncate">
                {statusFilterText(value)}
              </span>
              <ChevronDown aria-hidden="true" className="opacity-60" />
            </Button>
          </PopoverTrigger>
          <PopoverContent align="start" className="grid max-h-96 w-64 gap-3 overflow-y-auto p-3">
            <div className="flex flex-wrap gap-2">
              <Button size="sm" variant="outline" onClick={() => onChange([...BOOK_STATUSES])}>
                The book
              </Button>
              <Button size="sm" variant="ghost" onClick={() => onChange(undefined)}>
                All statuses
              </Button>
            </div>
            <fieldset className="grid gap-2">
              <legend className="sr-only">Statuses shown</legend>
              {options.map((option) => {
                const box = `${id}-${option.value}`;
                return (
                  <div key={option.value} className="flex items-center gap-2">
                    <Checkbox
                      id={box}
                      checked={chosen.has(option.value)}
                      onCheckedChange={(checked) => toggle(option.value, checked === true)}
                    />
                    <Label htmlFor={box} className="font-normal">
                      {option.label}
                    </Label>
                  </div>
                );
              })}
            </fieldset>
          </PopoverContent>
        </Popover>
      </div>
    </div>
  );
}
