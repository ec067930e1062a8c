// /admin/approvals (docs/decisions/028-dual-control.md): the changes that wait for a second person, oldest first, and
// the last decided ones. Each card says what the change is, who asked and when; a second person with the change's
// duty approves it (it is made then, as asked) or rejects it with a reason; its maker may withdraw it. What the
// reader may do comes from the server (canDecide, canWithdraw). Cards at every width.
import { CheckCircle2, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { APPROVAL_KIND_LABELS, APPROVAL_STATUS_LABELS } from '../../../shared/approvals';
import { EmptyState } from '../../components/empty-state';
import { PageContainer, PageHeader } from '../../components/page-header';
import { QueryErrorPanel } from '../../components/query-error-panel';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '../../components/ui/alert-dialog';
import { Badge } from '../../components/ui/badge';
import { Button, buttonVariants } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { Spinner } from '../../components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { useAddressSearch } from '../../hooks/use-address-search';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { toast } from '../../hooks/use-toast';
import { messageOf } from '../../lib/api';
import { formatCountOf, formatDateTimeSast } from '../../lib/format';
import { listViewHref } from '../../lib/list-memory';
import {
  type ApprovalRequestView,
  type ApprovalsView,
  useApprovals,
  useDecideApproval,
} from './approvals-api';
import { RejectApprovalDialog } from './reject-approval-dialog';

const STATUS_TONE = {
  pending: 'warning',
  approved: 'success',
  rejected: 'destructive',
  withdrawn: 'secondary',
} as const;

/** What is asked of the reader, in one line, when they may not decide. */
function waitingNote(request: ApprovalRequestView): string {
  if (request.canWithdraw) return 'You asked for this: a second person approves it.';
  return 'Waiting for a second person with the rights for this change.';
}

type Confirming = { request: ApprovalRequestView; action: 'approve' | 'withdraw' } | null;

function RequestCard({
  request,
  busy,
  onConfirm,
  onReject,
}: {
  request: ApprovalRequestView;
  busy: boolean;
  onConfirm: (action: 'approve' | 'withdraw') => void;
  onReject: () => void;
}) {
  const pending = request.status === 'pending';
  return (
    <Card className="grid gap-3 p-4" data-testid={`approval-${request.id}`}>
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant="info">{APPROVAL_KIND_LABELS[request.kind]}</Badge>
        <Badge variant={STATUS_TONE[request.status]}>{APPROVAL_STATUS_LABELS[request.status]}</Badge>
        <span className="text-xs text-slate-600">Request #{request.id}</span>
      </div>
      <p className="font-medium text-slate-900 [overflow-wrap:anywhere]">{request.summary}</p>
      {request.reason ? (
        <p className="text-sm text-slate-700 [overflow-wrap:anywhere]">Reason: {request.reason}</p>
      ) : null}
      <dl className="grid gap-1 text-sm text-slate-600 sm:grid-cols-2">
        {request.subjectUserId !== null ? (
          <div>
            <dt className="inline">Concerning: </dt>
            <dd className="inline">
              <Link
                to={`/admin/users/${request.subjectUserId}`}
                className="font-medium text-slate-900 underline-offset-2 hover:underline"
              >
                {request.subjectName ?? `User #${request.subjectUserId}`}
              </Link>
            </dd>
          </div>
        ) : null}
        <div>
          <dt className="inline">Asked by: </dt>
          <dd className="inline">
            {request.maker.name}, {formatDateTimeSast(request.createdAt)}
          </dd>
        </div>
        {request.checker ? (
          <div>
            <dt className="inline">{APPROVAL_STATUS_LABELS[request.status]} by: </dt>
            <dd className="inline">
              {request.checker.name}, {formatDateTimeSast(request.decidedAt)}
            </dd>
          </div>
        ) : request.status === 'withdrawn' ? (
          <div>
            <dt className="inline">Withdrawn: </dt>
            <dd className="inline">{formatDateTimeSast(request.decidedAt)}</dd>
          </div>
        ) : null}
        {request.decisionNote ? (
          <div className="sm:col-span-2">
            <dt className="inline">Why: </dt>
            <dd className="inline [overflow-wrap:anywhere]">{request.decisionNote}</dd>
          </div>
        ) : null}
      </dl>
      {pending ? (
        <div className="flex flex-wrap items-center gap-2">
          {request.canDecide ? (
            <>
              <Button type="button" disabled={busy} onClick={() => onConfirm('approve')}>
                Approve
              </Button>
              <Button type="button" variant="outline" disabled={busy} onClick={onReject}>
                Reject
              </Button>
            </>
          ) : null}
          {request.canWithdraw ? (
            <Button type="button" variant="outline" disabled={busy} onClick={() => onConfirm('withdraw')}>
              Withdraw
            </Button>
          ) : null}
          {busy ? <Spinner className="text-slate-500" label="Saving…" /> : null}
          {!request.canDecide ? <p className="text-sm text-slate-600">{waitingNote(request)}</p> : null}
        </div>
      ) : null}
    </Card>
  );
}

function ConfirmDecision({
  confirming,
  decide,
  onClose,
}: {
  confirming: Confirming;
  decide: ReturnType<typeof useDecideApproval>;
  onClose: () => void;
}) {
  const request = confirming?.request;
  const approving = confirming?.action === 'approve';
  const run = () => {
    if (!confirming) return;
    const { request: target, action } = confirming;
    decide.mutate(
      { id: target.id, action },
      {
        onSuccess: () => {
          toast({
            title:
              action === 'approve' ? `Request #${target.id} approved` : `Request #${target.id} withdrawn`,
            description: action === 'approve' ? `Done: ${target.summary}` : 'Nothing was changed.',
          });
          onClose();
        },
        onError: (error) => {
          toast({
            variant: 'destructive',
            title: action === 'approve' ? 'Not approved' : 'Not withdrawn',
            description: messageOf(error, 'Server error occurred'),
          });
          onClose();
        },
      },
    );
  };
  return (
    <AlertDialog
      open={confirming !== null}
      onOpenChange={(open) => (open || decide.isPending ? null : onClose())}
    >
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>
            {approving ? 'Approve' : 'Withdraw'} request #{request?.id}?
          </AlertDialogTitle>
          <AlertDialogDescription>
            {approving
              ? `${request?.summary}. It is made now, as ${request?.maker.name} asked it.`
              : `${request?.summary}. Nothing changes; you can ask again later.`}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={decide.isPending}>Cancel</AlertDialogCancel>
          <Button
            type="button"
            onClick={run}
            disabled={decide.isPending}
            aria-busy={decide.isPending || undefined}
          >
            {decide.isPending ? <Spinner label={approving ? 'Approving…' : 'Withdrawing…'} /> : null}
            {approving ? 'Approve' : 'Withdraw'}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

function RequestList({
  view,
  query,
  busyId,
  onConfirm,
  onReject,
}: {
  view: ApprovalsView;
  query: ReturnType<typeof useApprovals>;
  busyId: number | null;
  onConfirm: (confirming: NonNullable<Confirming>) => void;
  onReject: (request: ApprovalRequestView) => void;
}) {
  if (query.isPending) {
    return (
      <div className="grid gap-3" aria-busy="true">
        <span className="sr-only">Loading requests…</span>
        {['a', 'b', 'c'].map((key) => (
          <Skeleton key={key} className="h-36 w-full" />
        ))}
      </div>
    );
  }
  if (query.isError) {
    return (
      <QueryErrorPanel query={query} title="Error loading approvals" fallback="Failed to fetch approvals" />
    );
  }
  if (query.data.data.length === 0) {
    return (
      <EmptyState
        icon={view === 'pending' ? <CheckCircle2 /> : <ShieldCheck />}
        title={view === 'pending' ? 'Nothing waits for approval' : 'No decided requests yet'}
        headingLevel={2}
      >
        {view === 'pending'
          ? 'Changes a colleague asks for appear here until a second person decides them.'
          : 'Approved, rejected and withdrawn requests appear here.'}
      </EmptyState>
    );
  }
  return (
    <section
      aria-label={view === 'pending' ? 'Waiting for approval' : 'Decided requests'}
      className="grid gap-3"
    >
      {view === 'decided' ? (
        <p className="text-sm text-slate-600">
          The last {formatCountOf(query.data.data.length, 'decided request')}, newest first.
        </p>
      ) : null}
      {query.data.data.map((request) => (
        <RequestCard
          key={request.id}
          request={request}
          busy={busyId === request.id}
          onConfirm={(action) => onConfirm({ request, action })}
          onReject={() => onReject(request)}
        />
      ))}
    </section>
  );
}

export function ApprovalsPage() {
  useDocumentTitle('Approvals');
  const [params, replaceSearch] = useAddressSearch();
  const view: ApprovalsView = params.get('view') === 'decided' ? 'decided' : 'pending';
  const query = useApprovals(view);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [rejecting, setRejecting] = useState<ApprovalRequestView | null>(null);
  const decide = useDecideApproval();
  const pendingCount = query.data?.pendingCount;

  return (
    <PageContainer>
      <PageHeader
        title="Approvals"
        description="Payouts, restructures, reversals, write-offs, role changes, score changes and large approvals wait here for a second person before they happen."
        actions={
          <Link to={listViewHref('/admin')} className={buttonVariants({ variant: 'outline' })}>
            Admin Panel
          </Link>
        }
      />
      <Tabs
        value={view}
        onValueChange={(value) =>
          replaceSearch(() => new URLSearchParams(value === 'decided' ? { view: 'decided' } : {}))
        }
      >
        <TabsList>
          <TabsTrigger value="pending">
            Waiting{pendingCount !== undefined ? ` (${pendingCount})` : ''}
          </TabsTrigger>
          <TabsTrigger value="decided">Decided</TabsTrigger>
        </TabsList>
        {(['pending', 'decided'] as const).map((tab) => (
          <TabsContent key={tab} value={tab} className="mt-4">
            {tab === view ? (
              <RequestList
                view={view}
                query={query}
                busyId={decide.isPending ? (decide.variables?.id ?? null) : null}
                onConfirm={setConfirming}
                onReject={setRejecting}
              />
            ) : null}
          </TabsContent>
        ))}
      </Tabs>
      <ConfirmDecision confirming={confirming} decide={decide} onClose={() => setConfirming(null)} />
      <RejectApprovalDialog target={rejecting} onOpenChange={(open) => (open ? null : setRejecting(null))} />
    </PageContainer>
  );
}
