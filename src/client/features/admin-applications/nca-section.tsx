// Application Details' "National Credit Act" part (docs/compliance.md, "Default and enforcement", "Debt review"): where
// a paid-out loan stands (the server's stage in words and its timeline), and the records the admin can make now. The
// header's badge reads the same query, so a loan in arrears says its stage without another request.
import { Gavel } from 'lucide-react';
import { useRef, useState } from 'react';
import { QueryErrorPanel } from '../../components/query-error-panel';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { useNcaPosition } from './nca-api';
import { NcaDialog, type NcaDialogTarget } from './nca-dialogs';
import { hasNcaRecord, NCA_STAGE_BADGES, ncaActions, ncaTimelineRows, showsStageBadge } from './nca-position';

/** The loan's stage under the Act, for the header: only when there is something to say. */
export function NcaStageBadge({ applicationId, status }: { applicationId: number; status: string }) {
  const nca = useNcaPosition(applicationId, hasNcaRecord(status));
  const stage = nca.data?.timeline.stage;
  if (!stage || !showsStageBadge(stage)) return null;
  const badge = NCA_STAGE_BADGES[stage];
  return (
    <Badge variant={badge.variant} data-testid="details-nca-stage">
      <Gavel className="size-3.5" aria-hidden="true" />
      <span className="sr-only">National Credit Act: </span>
      {badge.label}
    </Badge>
  );
}

export function NcaPanel({
  applicationId,
  status,
  clientName,
}: {
  applicationId: number;
  /** The application's base status (active, defaulted, completed). */
  status: string;
  clientName: string;
}) {
  const nca = useNcaPosition(applicationId, hasNcaRecord(status));
  const [dialog, setDialog] = useState<NcaDialogTarget | null>(null);
  // A record usually takes its own button away (a loan under review is not offered another Form 17.1): focus then
  // returns to the part itself, not to the page's body, so a screen reader reads on from the new position.
  const panel = useRef<HTMLDivElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const returnFocus = (event: Event) => {
    event.preventDefault();
    const target = opener.current?.isConnected ? opener.current : panel.current;
    target?.focus();
  };

  if (nca.isPending) {
    return (
      <div role="status" className="grid gap-2">
        <span className="sr-only">Loading the National Credit Act record…</span>
        <Skeleton className="h-5 w-3/4" />
        <Skeleton className="h-16 w-full" />
      </div>
    );
  }
  if (!nca.data) {
    return (
      <QueryErrorPanel
        query={nca}
        title="Could not load the National Credit Act record"
        fallback="Failed to fetch the loan's record"
      />
    );
  }

  const position = nca.data;
  const rows = ncaTimelineRows(position);
  const actions = ncaActions(position, status);
  const open = (kind: NcaDialogTarget['kind']) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setDialog({
      kind,
      applicationId,
      clientName,
      noticeDeliveredOn: position.timeline.noticeDeliveredOn,
    });
  };

  return (
    <div
      ref={panel}
      tabIndex={-1}
      className="grid min-w-0 gap-3 rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring"
      data-testid="details-nca"
    >
      <p className="text-sm font-medium text-slate-900" data-testid="details-nca-summary">
        {position.timeline.summary}
      </p>
      {rows.length > 0 ? (
        // One column: the days read in the order they came.
        <dl className="grid max-w-lg text-sm" data-testid="details-nca-timeline">
          {rows.map((row) => (
            <div
              key={row.key}
              className="flex items-baseline justify-between gap-4 border-b border-slate-100 py-1.5 last:border-b-0"
              data-testid={`nca-${row.key}`}
            >
              <dt className="min-w-0 text-slate-600">{row.label}</dt>
              {/* The day keeps its line (on a phone the label wraps instead); a reference under it wraps. */}
              <dd className="max-w-[65%] shrink-0 text-right font-medium [overflow-wrap:anywhere] text-slate-900">
                <span className="whitespace-nowrap">{row.value}</span>
                {row.detail ? (
                  <span className="block text-xs font-normal text-slate-500">{row.detail}</span>
                ) : null}
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
      {actions ? (
        <div className="grid gap-2">
          {actions.handOver.allowed || !actions.handOver.reason ? null : (
            <p className="text-xs text-slate-600" data-testid="details-nca-refusal">
              <span className="font-medium text-slate-700">Hand-over not allowed: </span>
              {actions.handOver.reason}
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            {actions.registeredPost ? (
              <Button variant="outline" size="sm" onClick={() => open('registered-post')}>
                Record registered post
              </Button>
            ) : null}
            {actions.handOver.allowed ? (
              <Button variant="destructive" size="sm" onClick={() => open('hand-over')}>
                Hand over
              </Button>
            ) : null}
            {actions.recordDebtReview ? (
              <Button variant="outline" size="sm" onClick={() => open('debt-review')}>
                Record debt review (Form 17.1)
              </Button>
            ) : null}
            {actions.recordOrder ? (
              <Button variant="outline" size="sm" onClick={() => open('order')}>
                Record restructuring order
              </Button>
            ) : null}
            {actions.endDebtReview ? (
              <Button variant="outline" size="sm" onClick={() => open('end')}>
                End debt review
              </Button>
            ) : null}
          </div>
        </div>
      ) : null}
      <NcaDialog
        target={dialog}
        onOpenChange={(isOpen) => !isOpen && setDialog(null)}
        onCloseAutoFocus={returnFocus}
      />
    </div>
  );
}
