// The creator's connected platforms with their figures and a disconnect button (disconnecting
// removes it). A verified connection asks first: it counts most toward the
// score and takes a new OAuth or e-mailed code to restore.
import { BadgeCheck, Link2Off, MonitorPlay, PenLine, Sparkles } from 'lucide-react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '../../components/ui/alert-dialog';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { toast } from '../../hooks/use-toast';
import { formatDate, formatPercent, formatZar } from '../../lib/format';
import { useDisconnectPlatform } from './api';
import { formatReportedCount, type PlatformEntry } from './platform-entries';

function detailsFor(entry: PlatformEntry): Array<{ term: string; value: string }> {
  const { data } = entry;
  const rows: Array<{ term: string; value: string | undefined }> = [];
  if (entry.key === 'youtube') {
    rows.push(
      { term: 'Channel', value: data.channelTitle ?? data.username },
      {
        term: 'Subscribers',
        value: data.followers === undefined ? undefined : formatReportedCount(data.followers),
      },
      { term: 'Views', value: data.views === undefined ? undefined : formatReportedCount(data.views) },
      {
        term: 'Videos',
        value: data.videoCount === undefined ? undefined : formatReportedCount(data.videoCount),
      },
    );
  } else if (entry.key === 'visionary' && !entry.selfReported) {
    // Visionary publishes no audience figures: the server stores zeros, which would read as a real count.
    rows.push({ term: 'Email', value: data.email });
  } else {
    rows.push(
      { term: 'Email', value: data.email },
      { term: 'Username', value: data.username },
      {
        term: 'Followers',
        value: data.followers === undefined ? undefined : formatReportedCount(data.followers),
      },
    );
  }
  const hasFigures = !(entry.key === 'visionary' && !entry.selfReported);
  rows.push(
    {
      term: 'Engagement',
      value: data.engagement === undefined || !hasFigures ? undefined : formatPercent(data.engagement),
    },
    {
      term: 'Monthly earnings',
      value: data.monthlyEarnings === undefined ? undefined : formatZar(data.monthlyEarnings),
    },
    { term: 'Connected', value: data.connectedAt ? formatDate(data.connectedAt) : undefined },
  );
  return rows.filter((row): row is { term: string; value: string } => Boolean(row.value));
}

function PlatformIcon({ entry }: { entry: PlatformEntry }) {
  const Icon = entry.key === 'youtube' ? MonitorPlay : entry.key === 'visionary' ? Sparkles : PenLine;
  return (
    <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-emerald-50 text-emerald-700">
      <Icon className="size-5" aria-hidden="true" />
    </span>
  );
}

function DisconnectButton({
  entry,
  pending,
  disabled,
  onConfirm,
}: {
  entry: PlatformEntry;
  pending: boolean;
  disabled: boolean;
  onConfirm: () => void;
}) {
  const button = (
    <Button
      writes
      variant="outline"
      size="sm"
      className="self-start"
      loading={pending}
      disabled={disabled}
      aria-label={`Disconnect ${entry.label}`}
      onClick={entry.selfReported ? onConfirm : undefined}
    >
      {pending ? null : <Link2Off aria-hidden="true" />}
      Disconnect
    </Button>
  );
  if (entry.selfReported) return button;
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>{button}</AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Disconnect {entry.label}?</AlertDialogTitle>
          <AlertDialogDescription>
            {entry.label} is a verified connection, which counts most toward your credit score. Its figures
            leave your profile, and adding it back means connecting it again.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Keep {entry.label}</AlertDialogCancel>
          <AlertDialogAction variant="destructive" onClick={onConfirm}>
            Disconnect
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

export function ConnectedPlatformList({ entries }: { entries: PlatformEntry[] }) {
  const disconnect = useDisconnectPlatform();

  const onDisconnect = (entry: PlatformEntry) => {
    disconnect.mutate(entry.key, {
      onSuccess: () =>
        toast({
          title: 'Platform Disconnected',
          description: `${entry.label} has been removed from your profile.`,
        }),
      onError: () =>
        toast({
          variant: 'destructive',
          title: 'Disconnect Failed',
          description: 'Failed to disconnect platform. Please try again.',
        }),
    });
  };

  if (entries.length === 0) {
    return (
      <p className="rounded-lg border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600">
        No platforms connected yet. Connect one below so we can see your audience and earnings.
      </p>
    );
  }

  return (
    <ul className="grid gap-3" aria-label="Connected platforms">
      {entries.map((entry) => {
        const details = detailsFor(entry);
        const pending = disconnect.isPending && disconnect.variables === entry.key;
        return (
          <li
            key={entry.key}
            className="flex flex-col gap-3 rounded-lg border border-border bg-white p-4 sm:flex-row sm:items-start"
          >
            <div className="flex min-w-0 flex-1 gap-3">
              <PlatformIcon entry={entry} />
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-center gap-2">
                  <p className="font-semibold text-slate-900 [overflow-wrap:anywhere]">{entry.label}</p>
                  {entry.selfReported ? (
                    <Badge variant="warning">Self-reported</Badge>
                  ) : (
                    <Badge variant="success">
                      <BadgeCheck className="size-3.5" aria-hidden="true" />
                      Verified
                    </Badge>
                  )}
                </div>
                {details.length > 0 ? (
                  <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                    {details.map((row) => (
                      <div key={row.term} className="contents">
                        <dt className="text-slate-600">{row.term}</dt>
                        <dd className="min-w-0 font-medium text-slate-900 [overflow-wrap:anywhere]">
                          {row.value}
                        </dd>
                      </div>
                    ))}
                  </dl>
                ) : null}
              </div>
            </div>
            <DisconnectButton
              entry={entry}
              pending={pending}
              disabled={disconnect.isPending}
              onConfirm={() => onDisconnect(entry)}
            />
          </li>
        );
      })}
    </ul>
  );
}
