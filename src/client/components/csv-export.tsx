// Export CSV of a paged admin list: every page of the filtered, sorted set is read (200 a page,
// one after the other) while a progress bar shows how far it got and Cancel stops it; the CSV is then
// built in the browser as before. Leaving the screen cancels a running export.
import { Download, X } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '../hooks/use-toast';
import { messageOf } from '../lib/api';
import { downloadCsv } from '../lib/csv';
import {
  ExportCancelledError,
  type ExportProgress,
  fetchAllPages,
  type PageAnswer,
  progressPercent,
} from '../lib/export-pages';
import { formatCount, formatCountOf } from '../lib/format';
import { EXPORT_PAGE_SIZE } from '../lib/list-params';
import { Button } from './ui/button';
import { Progress } from './ui/progress';

interface CsvExportSpec<Row> {
  fetchPage: (page: number, pageSize: number) => Promise<PageAnswer<Row>>;
  keyOf: (row: Row) => string | number;
  build: (rows: Row[]) => string;
  fileName: () => string;
  /** ['application', 'applications'] */
  noun: readonly [string, string];
  /** The toast's wording after the count: 'exported to CSV'. */
  doneText?: string;
}

interface CsvExport {
  running: boolean;
  progress: ExportProgress | null;
  start: () => void;
  cancel: () => void;
  noun: readonly [string, string];
}

export function useCsvExport<Row>(spec: CsvExportSpec<Row>): CsvExport {
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const controller = useRef<AbortController | null>(null);
  const latest = useRef(spec);
  latest.current = spec;

  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(() => {
    if (controller.current) return;
    const { fetchPage, keyOf, build, fileName, noun, doneText = 'exported to CSV' } = latest.current;
    const abort = new AbortController();
    controller.current = abort;
    setProgress({ loaded: 0, total: 0 });
    fetchAllPages(fetchPage, keyOf, {
      pageSize: EXPORT_PAGE_SIZE,
      signal: abort.signal,
      onProgress: (next) => {
        if (!abort.signal.aborted) setProgress(next);
      },
    })
      .then((rows) => {
        downloadCsv(build(rows), fileName());
        toast({
          title: 'Export successful',
          description: `${formatCountOf(rows.length, noun[0], noun[1])} ${doneText}`,
        });
      })
      .catch((error: unknown) => {
        if (error instanceof ExportCancelledError) {
          toast({ title: 'Export cancelled', description: 'No file was saved.' });
          return;
        }
        toast({
          variant: 'destructive',
          title: 'Export failed',
          description: messageOf(error, 'There was an error exporting the data.'),
        });
      })
      .finally(() => {
        if (controller.current === abort) controller.current = null;
        setProgress(null);
      });
  }, []);

  const cancel = useCallback(() => controller.current?.abort(), []);

  return { running: progress !== null, progress, start, cancel, noun: spec.noun };
}

/** The running export: what has been read so far, the bar, and Cancel. Nothing while no export runs. */
export function CsvExportProgress({ csv, label }: { csv: CsvExport; label: string }) {
  const { progress } = csv;
  if (!progress) return null;
  const percent = progressPercent(progress);
  const text =
    progress.total > 0
      ? `${formatCount(progress.loaded)} of ${formatCountOf(progress.total, csv.noun[0], csv.noun[1])} read`
      : 'starting…';
  return (
    <div
      className="grid gap-2 rounded-lg border border-emerald-200 bg-emerald-50/60 p-3"
      data-testid="csv-export-progress"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm font-medium text-slate-800" aria-live="polite">
          {label}: {text}
        </p>
        <Button variant="outline" size="sm" onClick={csv.cancel}>
          <X aria-hidden="true" />
          Cancel export
        </Button>
      </div>
      <Progress
        value={percent}
        aria-label={`${label} progress`}
        getValueLabel={(value) => `${value}% (${text})`}
      />
    </div>
  );
}

/** Export CSV for a paged list: disabled while there is nothing (or not yet the settled page) to export. */
export function CsvExportButton({
  csv,
  disabled,
  label = 'Export CSV',
  variant = 'outline',
  className,
}: {
  csv: CsvExport;
  disabled: boolean;
  label?: string;
  variant?: 'default' | 'outline';
  className?: string;
}) {
  return (
    <Button
      variant={variant}
      onClick={csv.start}
      disabled={disabled}
      loading={csv.running}
      className={className}
    >
      {csv.running ? null : <Download aria-hidden="true" />}
      {label}
    </Button>
  );
}
