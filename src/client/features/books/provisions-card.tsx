// The loss allowance (IFRS 9; docs/accounting.md, "Provisions"): the latest provisioning run by stage, the allowance's
// movement since the run before, and Run provisions for finance and admins behind a confirmation. Stages are listed
// as blocks, not a table, so they read the same on a phone.
import Decimal from 'decimal.js';
import { ShieldAlert } from 'lucide-react';
import { useState } from 'react';
import { ConfirmActionDialog } from '../../components/confirm-action-dialog';
import { CsvDownloadButton } from '../../components/csv-download-button';
import { EmptyState } from '../../components/empty-state';
import { QueryErrorPanel } from '../../components/query-error-panel';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { formatCount, formatDateTimeSast, formatPercent, formatZar } from '../../lib/format';
import { type ProvisionsAnswer, useDownloadAllowance, useProvisions, useRunProvisions } from './books-api';

/** '0.05' as '5%' (the fraction's text moved two places, no float). */
const percent = (fraction: string) =>
  formatPercent(new Decimal(fraction).times(100).toFixed(2), { decimals: 0 });

export function ProvisionsCard({ mayRun }: { mayRun: boolean }) {
  const query = useProvisions();
  const download = useDownloadAllowance();
  const [confirming, setConfirming] = useState(false);
  const data = query.data;
  return (
    <Card>
      <CardHeader className="gap-2">
        <CardTitle as="h2">Loss allowance (IFRS 9)</CardTitle>
        <CardDescription>
          Each loan on the books in a stage, its expected credit loss (PD × LGD × exposure), and the allowance
          moved to their sum by one journal.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 pt-0">
        {query.isPending ? (
          <Skeleton className="h-64 w-full" />
        ) : !data ? (
          <QueryErrorPanel query={query} title="Could not load the provisions" />
        ) : data.latest ? (
          <LatestRun data={data} latest={data.latest} />
        ) : (
          <EmptyState icon={<ShieldAlert />} title="No provisioning run yet" headingLevel={3}>
            Run provisions to stage the book and set the loss allowance.
          </EmptyState>
        )}
        {data ? (
          <div className="flex flex-wrap gap-2">
            {mayRun ? <Button onClick={() => setConfirming(true)}>Run provisions</Button> : null}
            {data.latest ? (
              <CsvDownloadButton
                label="Allowance CSV"
                save={() => download.mutateAsync()}
                pending={download.isPending}
              />
            ) : null}
          </div>
        ) : null}
      </CardContent>
      <RunConfirm open={confirming} onClose={() => setConfirming(false)} />
    </Card>
  );
}

function LatestRun({
  data,
  latest,
}: {
  data: ProvisionsAnswer;
  latest: NonNullable<ProvisionsAnswer['latest']>;
}) {
  const m = latest.movement;
  const charged = Number(m.charge) >= 0;
  return (
    <>
      <p className="text-sm text-slate-700">
        Run {formatDateTimeSast(latest.runAt)}
        {latest.runBy ? ` by ${latest.runBy}` : ''}: an expected credit loss of{' '}
        <strong>{formatZar(latest.totals.ecl)}</strong> on {formatCount(latest.totals.loans)} loans with{' '}
        {formatZar(latest.totals.exposure)} of exposure.
      </p>
      <ul className="grid gap-2" aria-label="Expected credit loss by stage">
        {latest.stages.map((s) => (
          <li key={s.stage} className="rounded-lg border border-border p-3" data-testid={`stage-${s.stage}`}>
            <p className="font-medium text-slate-900">{s.label}</p>
            <p className="text-xs text-slate-600">
              PD {percent(s.pd)} × LGD {percent(s.lgd)}
            </p>
            <dl className="mt-2 grid grid-cols-[3.5rem_1fr_1fr] gap-x-3 gap-y-2 text-sm">
              <Figure label="Loans" value={formatCount(s.loans)} />
              <Figure label="Exposure" value={formatZar(s.exposure)} />
              <Figure label="Expected loss" value={formatZar(s.ecl)} />
            </dl>
          </li>
        ))}
      </ul>
      <dl
        className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1.5 rounded-lg bg-slate-50 p-3 text-sm"
        aria-label="Movement of the loss allowance"
      >
        <dt className="text-slate-600">At the run before</dt>
        <dd className="text-right tabular-nums">{formatZar(m.opening)}</dd>
        <dt className="text-slate-600">Used by write-offs</dt>
        <dd className="text-right tabular-nums">{formatZar(m.usedByWriteOffs)}</dd>
        <dt className="text-slate-600">{charged ? 'Charged to impairment expense' : 'Released'}</dt>
        <dd className="text-right tabular-nums">
          {formatZar(charged ? m.charge : m.charge.replace('-', ''))}
        </dd>
        <dt className="font-semibold">After this run</dt>
        <dd className="text-right font-semibold tabular-nums">{formatZar(m.closing)}</dd>
        <dt className="text-slate-600">In the books now</dt>
        <dd className="text-right tabular-nums">{formatZar(data.allowanceNow)}</dd>
      </dl>
    </>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="grid min-w-0">
      <dt className="text-xs text-slate-600">{label}</dt>
      <dd className="font-semibold tabular-nums">{value}</dd>
    </div>
  );
}

function RunConfirm({ open, onClose }: { open: boolean; onClose: () => void }) {
  const run = useRunProvisions();
  return (
    <ConfirmActionDialog
      open={open}
      onClose={onClose}
      title="Run provisions today?"
      confirmLabel="Run provisions"
      pendingLabel="Running…"
      failed="Provisions not run"
      action={() => run.mutateAsync()}
    >
      Every loan on the books is staged as it stands today, and one journal moves the loss allowance to their
      expected credit loss: impairment expense when it rises, a release when it falls.
    </ConfirmActionDialog>
  );
}
