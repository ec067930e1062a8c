// The Filter card: search (debounced), client (a picker searched on the server), statuses (any
// number of them),
// days past due (the delinquency bucket), month, year, platform and mode.
// Values live in the URL (lending-filters.ts); this component only reads and changes them.
import { RotateCcw, Search } from 'lucide-react';
import { useCallback, useId } from 'react';
import type { DashboardMode } from '../../../shared/constants';
import { ChoiceSelect } from '../../components/list-controls';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { useDebouncedInput } from '../../hooks/use-debounce';
import { ClientPicker } from './client-picker';
import {
  BUCKET_OPTIONS,
  type LendingFilters,
  MODE_LABELS,
  MONTH_NAMES,
  periodLabel,
  SEARCH_MAX_LENGTH,
  yearOptions,
} from './lending-filters';
import { StatusFilter } from './status-filter';
import type { Platform } from './types';

const DASHBOARD_SETTING = 'dashboard-setting';
const SEARCH_DEBOUNCE_MS = 350;
const ALL = 'all';

type SetFilter = <K extends keyof LendingFilters>(key: K, value: LendingFilters[K] | undefined) => void;

interface LendingFiltersCardProps {
  filters: LendingFilters;
  setFilter: SetFilter;
  onReset: () => void;
  platforms: Platform[] | undefined;
  /** The server's dashboard mode: what the data shows while no mode is chosen here. */
  defaultMode: DashboardMode | undefined;
}

function numberOrUndefined(value: string): number | undefined {
  return value === ALL ? undefined : Number(value);
}

export function LendingFiltersCard({
  filters,
  setFilter,
  onReset,
  platforms,
  defaultMode,
}: LendingFiltersCardProps) {
  const id = useId();
  const years = yearOptions();
  const period = periodLabel(filters);
  const search = useDebouncedInput(
    filters.search ?? '',
    useCallback((trimmed: string) => setFilter('search', trimmed || undefined), [setFilter]),
    SEARCH_DEBOUNCE_MS,
  );

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3 space-y-0">
        <CardTitle as="h2">Filters</CardTitle>
        <Button
          variant="outline"
          size="sm"
          onClick={() => {
            search.clear();
            onReset();
          }}
        >
          <RotateCcw aria-hidden="true" />
          Reset All Filters
        </Button>
      </CardHeader>
      <CardContent>
        {/* Two columns even on phones: month/year and platform/mode are short choices. */}
        <div className="grid grid-cols-2 gap-x-3 gap-y-4 sm:gap-x-4 lg:grid-cols-4">
          <div className="col-span-2 grid gap-2 lg:col-span-1">
            <Label htmlFor={`${id}-search`}>Search</Label>
            <div className="relative">
              <Search
                className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
                aria-hidden="true"
              />
              <Input
                id={`${id}-search`}
                type="search"
                className="pl-9"
                placeholder="Search by name or email"
                value={search.text}
                maxLength={SEARCH_MAX_LENGTH}
                onChange={(event) => search.setText(event.target.value)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') search.flush();
                }}
                onBlur={search.flush}
              />
            </div>
          </div>

          <div className="col-span-2 grid gap-2 sm:col-span-1">
            <Label htmlFor={`${id}-client`}>Client</Label>
            <ClientPicker
              id={`${id}-client`}
              userId={filters.userId}
              onChange={(userId) => setFilter('userId', userId)}
            />
          </div>

          <StatusFilter
            className="col-span-2 sm:col-span-1"
            value={filters.status}
            onChange={(statuses) => setFilter('status', statuses)}
            mode={filters.mode ?? defaultMode}
          />
          <ChoiceSelect
            label="Days past due"
            className="col-span-2 sm:col-span-1"
            value={filters.bucket ?? ALL}
            onChange={(value) =>
              setFilter('bucket', value === ALL ? undefined : (value as LendingFilters['bucket']))
            }
            options={[{ value: ALL, label: 'All' }, ...BUCKET_OPTIONS]}
          />
          <ChoiceSelect
            label="Month"
            value={filters.month ? String(filters.month) : ALL}
            onChange={(value) => setFilter('month', numberOrUndefined(value))}
            options={[
              { value: ALL, label: 'All Months' },
              ...MONTH_NAMES.map((name, index) => ({ value: String(index + 1), label: name })),
            ]}
          />
          <ChoiceSelect
            label="Year"
            value={filters.year ? String(filters.year) : ALL}
            onChange={(value) => setFilter('year', numberOrUndefined(value))}
            options={[
              { value: ALL, label: 'All Years' },
              ...years.map((year) => ({ value: String(year), label: String(year) })),
            ]}
          />
          {/* Platform and Mode take the full width on a phone: their choices are too long for half of 390 px. */}
          <ChoiceSelect
            label="Platform"
            className="col-span-2 sm:col-span-1"
            value={filters.platformId ? String(filters.platformId) : ALL}
            onChange={(value) => setFilter('platformId', numberOrUndefined(value))}
            options={[
              { value: ALL, label: 'All Platforms' },
              // A platform in the address that the list does not hold (removed since) stays choosable.
              ...(filters.platformId && !platforms?.some((p) => p.id === filters.platformId)
                ? [{ value: String(filters.platformId), label: `Platform #${filters.platformId}` }]
                : []),
              ...(platforms ?? []).map((platform) => ({ value: String(platform.id), label: platform.name })),
            ]}
          />
          {/* "Default" follows the admin panel's mode; picking a mode here filters this page only. Its own
              option keeps a pick of the same mode a real change, whatever the global setting. */}
          <ChoiceSelect
            label="Mode"
            className="col-span-2 sm:col-span-1"
            value={filters.mode ?? DASHBOARD_SETTING}
            onChange={(value) =>
              setFilter('mode', value === DASHBOARD_SETTING ? undefined : (value as DashboardMode))
            }
            options={[
              {
                value: DASHBOARD_SETTING,
                label: defaultMode ? `Default (${MODE_LABELS[defaultMode]})` : 'Default',
              },
              ...(Object.keys(MODE_LABELS) as DashboardMode[]).map((mode) => ({
                value: mode,
                label: MODE_LABELS[mode],
              })),
            ]}
          />
        </div>
        <p className="mt-4 text-sm text-slate-600" data-testid="lending-period-note">
          {period
            ? `Showing the money that moved in ${period}: payments by the day they were received, payouts by the day the money went out, and the loans it moved on. Balances and rates are as they stand today.`
            : 'Month and year pick a period: the payments received and the payouts made in it, and the loans they moved on.'}
        </p>
      </CardContent>
    </Card>
  );
}
