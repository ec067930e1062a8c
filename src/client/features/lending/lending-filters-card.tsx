// The Filter card (spec section 2): search (debounced), client (a picker searched on the server), status,
// days past due (the delinquency bucket), month, year, platform and mode.
// Values live in the URL (lending-filters.ts); this component only reads and changes them.
import { RotateCcw, Search } from 'lucide-react';
import { useCallback, useId } from 'react';
import type { DashboardMode } from '../../../shared/constants';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { useDebouncedInput } from '../../hooks/use-debounce';
import { ClientPicker } from './client-picker';
import {
  BUCKET_OPTIONS,
  type LendingFilters,
  MODE_LABELS,
  MONTH_NAMES,
  SEARCH_MAX_LENGTH,
  STATUS_OPTIONS,
  yearOptions,
} from './lending-filters';
import type { Platform } from './types';

const DASHBOARD_SETTING = 'dashboard-setting';
export const SEARCH_DEBOUNCE_MS = 350;
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

          <div className="col-span-2 grid gap-2 sm:col-span-1">
            <Label htmlFor={`${id}-status`}>Status</Label>
            <Select
              value={filters.status ?? ALL}
              onValueChange={(value) =>
                setFilter('status', value === ALL ? undefined : (value as LendingFilters['status']))
              }
            >
              <SelectTrigger id={`${id}-status`}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={ALL}>All Statuses</SelectItem>
                {STATUS_OPTIONS.map((option) => (
                  <SelectItem key={option.value} value={option.value}>
                    {option.label}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>

          <div className="col-span-2 grid gap-2 sm:col-span-1">
            <Label htmlFor={`${id}-bucket`}>Days past due</Label>
            <Select
              value={filters.bucket ?? ALL}
              onValueChange={(value) =>
                setFilter('bucket', value === ALL ? undefined : (value as LendingFilters['bucket']))
              }
            >
              <SelectTrigger id={`${id}-bucket`}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={ALL}>All</SelectItem>
                {BUCKET_OPTIONS.map((option) => (
                  <SelectItem key={option.value} value={option.value}>
                    {option.label}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>

          <div className="grid grid-cols-1 gap-2">
            <Label htmlFor={`${id}-month`}>Month</Label>
            <Select
              value={filters.month ? String(filters.month) : ALL}
              onValueChange={(value) => setFilter('month', numberOrUndefined(value))}
            >
              <SelectTrigger id={`${id}-month`}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={ALL}>All Months</SelectItem>
                {MONTH_NAMES.map((name, index) => (
                  <SelectItem key={name} value={String(index + 1)}>
                    {name}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>

          <div className="grid grid-cols-1 gap-2">
            <Label htmlFor={`${id}-year`}>Year</Label>
            <Select
              value={filters.year ? String(filters.year) : ALL}
              onValueChange={(value) => setFilter('year', numberOrUndefined(value))}
            >
              <SelectTrigger id={`${id}-year`}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={ALL}>All Years</SelectItem>
                {years.map((year) => (
                  <SelectItem key={year} value={String(year)}>
                    {year}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>

          <div className="grid grid-cols-1 gap-2">
            <Label htmlFor={`${id}-platform`}>Platform</Label>
            <Select
              value={filters.platformId ? String(filters.platformId) : ALL}
              onValueChange={(value) => setFilter('platformId', numberOrUndefined(value))}
            >
              <SelectTrigger id={`${id}-platform`}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={ALL}>All Platforms</SelectItem>
                {filters.platformId && !platforms?.some((p) => p.id === filters.platformId) ? (
                  <SelectItem value={String(filters.platformId)}>Platform #{filters.platformId}</SelectItem>
                ) : null}
                {(platforms ?? []).map((platform) => (
                  <SelectItem key={platform.id} value={String(platform.id)}>
                    {platform.name}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>

          <div className="grid grid-cols-1 gap-2">
            <Label htmlFor={`${id}-mode`}>Mode</Label>
            {/* "Default" follows the admin panel's mode; picking a mode here filters this page only.
                Its own option keeps a pick of the same mode a real change, whatever the global setting. */}
            <Select
              value={filters.mode ?? DASHBOARD_SETTING}
              onValueChange={(value) =>
                setFilter('mode', value === DASHBOARD_SETTING ? undefined : (value as DashboardMode))
              }
            >
              <SelectTrigger id={`${id}-mode`}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={DASHBOARD_SETTING}>
                  {defaultMode ? `Default (${MODE_LABELS[defaultMode]})` : 'Default'}
                </SelectItem>
                {(Object.keys(MODE_LABELS) as DashboardMode[]).map((mode) => (
                  <SelectItem key={mode} value={mode}>
                    {MODE_LABELS[mode]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
        </div>
      </CardContent>
    </Card>
  );
}
