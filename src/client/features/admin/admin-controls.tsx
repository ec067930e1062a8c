// The platform selector with its Add Platform dialog, and the Dashboard Mode selector:
// production reads 'Live', testing 'Test', hybrid 'Mixed'. The mode is each staff member's own view: a
// change is saved on the server for this user only, and the lists and overview are fetched again in the new mode.
import { ExternalLink, Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { DASHBOARD_MODES, type DashboardMode } from '../../../shared/constants';
import { Button } from '../../components/ui/button';
import { Label } from '../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../hooks/use-toast';
import { messageOf } from '../../lib/api';
import { AddPlatformDialog } from './add-platform-dialog';
import { useDashboardMode, usePlatforms, useSetDashboardMode } from './admin-api';

const MODE_LABELS: Record<DashboardMode, string> = {
  production: 'Live',
  testing: 'Test',
  hybrid: 'Mixed',
};

const MODE_HINTS: Record<DashboardMode, string> = {
  production: 'Showing live applications only, in your own view.',
  testing: 'Showing test applications only, in your own view.',
  hybrid: 'Showing live and test applications together, in your own view.',
};

const ALL_PLATFORMS = 'all';

export function PlatformSelector() {
  const id = useId();
  const platforms = usePlatforms();
  const [selected, setSelected] = useState(ALL_PLATFORMS);
  const [adding, setAdding] = useState(false);

  const list = platforms.data ?? [];
  const current = list.find((p) => String(p.id) === selected);

  return (
    <div className="grid min-w-0 grid-cols-1 content-start gap-2">
      <Label htmlFor={id}>Platform</Label>
      <div className="flex gap-2">
        <Select value={selected} onValueChange={setSelected} disabled={!platforms.data}>
          <SelectTrigger id={id} className="min-w-0 flex-1" aria-describedby={`${id}-hint`}>
            <SelectValue placeholder={platforms.isPending ? 'Loading platforms…' : 'Platforms unavailable'} />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL_PLATFORMS}>All platforms</SelectItem>
            {list.map((platform) => (
              <SelectItem key={platform.id} value={String(platform.id)}>
                {platform.name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <Button variant="outline" onClick={() => setAdding(true)}>
          <Plus aria-hidden="true" />
          Add Platform
        </Button>
      </div>
      <p id={`${id}-hint`} className="min-h-5 text-sm text-slate-600">
        {platforms.isError ? (
          <>
            Platforms could not be loaded.{' '}
            <button
              type="button"
              onClick={() => platforms.refetch()}
              className="font-medium text-primary underline-offset-4 hover:underline"
            >
              Retry
            </button>
          </>
        ) : current ? (
          <span className="flex flex-wrap items-center gap-x-2">
            <span>{current.description || 'No description.'}</span>
            {current.websiteUrl ? (
              <a
                href={current.websiteUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline"
              >
                Website
                <ExternalLink className="size-3.5" aria-hidden="true" />
                <span className="sr-only">(opens in a new tab)</span>
              </a>
            ) : null}
          </span>
        ) : platforms.data ? (
          `${list.length} ${list.length === 1 ? 'platform' : 'platforms'} registered.`
        ) : null}
      </p>
      <AddPlatformDialog
        open={adding}
        onOpenChange={setAdding}
        onCreated={(platform) => setSelected(String(platform.id))}
      />
    </div>
  );
}

export function DashboardModeSelector() {
  const id = useId();
  const mode = useDashboardMode();
  const setMode = useSetDashboardMode();

  const change = (value: string) => {
    const next = value as DashboardMode;
    if (next === mode.data) return;
    setMode.mutate(next, {
      onSuccess: (saved) =>
        toast({ title: 'Dashboard mode updated', description: `Now in ${MODE_LABELS[saved]} mode.` }),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Failed to set dashboard mode',
          description: messageOf(error, 'Failed to set dashboard mode'),
        }),
    });
  };

  return (
    <div className="grid min-w-0 grid-cols-1 content-start gap-2">
      <Label htmlFor={id} className="flex items-center gap-2">
        Dashboard Mode
        {setMode.isPending ? <Spinner className="size-3.5" label="Saving the mode" /> : null}
      </Label>
      <Select value={mode.data} onValueChange={change} disabled={!mode.data || setMode.isPending}>
        <SelectTrigger id={id} aria-describedby={`${id}-hint`}>
          <SelectValue placeholder={mode.isPending ? 'Loading…' : 'Mode unavailable'} />
        </SelectTrigger>
        <SelectContent>
          {DASHBOARD_MODES.map((value) => (
            <SelectItem key={value} value={value}>
              {MODE_LABELS[value]}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <p id={`${id}-hint`} className="min-h-5 text-sm text-slate-600" data-testid="dashboard-mode-hint">
        {mode.data ? (
          MODE_HINTS[mode.data]
        ) : mode.isError ? (
          <>
            The mode could not be loaded.{' '}
            <button
              type="button"
              onClick={() => mode.refetch()}
              className="font-medium text-primary underline-offset-4 hover:underline"
            >
              Retry
            </button>
          </>
        ) : null}
      </p>
    </div>
  );
}
