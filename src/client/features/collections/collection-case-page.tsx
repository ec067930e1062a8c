// /admin/collections/:id (docs/collections.md): one loan's collections case. Where it stands (how late, what is
// overdue, the balance, who works it and when next), the creator's requests for help, the collector's forms (assign,
// log a contact, record a promise to pay) for staff who collect, and the history: every contact and every promise,
// kept or broken as the payments say. Staff who only read see the same without the forms.
import { ArrowLeft, SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { CONTACT_CHANNEL_LABELS, CONTACT_OUTCOME_LABELS } from '../../../shared/collections';
import { mayDo } from '../../../shared/staff-roles';
import { EmptyState } from '../../components/empty-state';
import { PageContainer, PageHeader } from '../../components/page-header';
import { QueryErrorPanel } from '../../components/query-error-panel';
import { Badge } from '../../components/ui/badge';
import { buttonVariants } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { ApiError } from '../../lib/api';
import { formatDate, formatDateTimeSast, formatZar } from '../../lib/format';
import { useUser } from '../../lib/session';
import { AnswerHelpForm, AssignForm, ContactForm, PromiseForm } from './case-forms';
import { type CollectionCase, useCollectionCase } from './collections-api';
import { BucketBadge, LoanFigures, PromiseLine, PromiseStatusBadge } from './collections-parts';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">{title}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">{children}</CardContent>
    </Card>
  );
}

function Standing({ loan }: { loan: CollectionCase['data'] }) {
  return (
    <Card className="grid gap-3 p-4" data-testid="case-standing">
      <div className="flex flex-wrap items-center gap-2">
        <BucketBadge bucket={loan.bucket} daysPastDue={loan.daysPastDue} />
        {loan.status === 'defaulted' ? <Badge variant="destructive">Defaulted</Badge> : null}
        {loan.status !== 'active' && loan.status !== 'defaulted' ? (
          <Badge variant="secondary">Not being repaid</Badge>
        ) : null}
      </div>
      <LoanFigures row={loan} />
      <PromiseLine open={loan.openPromise} broken={loan.brokenPromises} />
    </Card>
  );
}

function HelpRequests({ loan, mayCollect }: { loan: CollectionCase['data']; mayCollect: boolean }) {
  if (loan.helpRequests.length === 0) return null;
  return (
    <Section title="Requests for help">
      {loan.helpRequests.map((request) => (
        <div
          key={request.id}
          className="grid gap-2 rounded-lg border p-3"
          data-testid={`help-request-${request.id}`}
        >
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <Badge variant={request.status === 'open' ? 'warning' : 'secondary'}>
              {request.status === 'open' ? 'Waiting for an answer' : 'Answered'}
            </Badge>
            <span className="text-slate-600">Asked {formatDateTimeSast(request.createdAt)}</span>
          </div>
          <p className="text-sm [overflow-wrap:anywhere]">“{request.reason}”</p>
          {request.canPay !== null ? (
            <p className="text-sm text-slate-700">Can pay this month: {formatZar(request.canPay)}</p>
          ) : null}
          {request.outcome ? (
            <p className="text-sm text-slate-700 [overflow-wrap:anywhere]">
              Agreed ({formatDateTimeSast(request.closedAt)}): {request.outcome}
            </p>
          ) : null}
          {request.status === 'open' && mayCollect ? (
            <AnswerHelpForm applicationId={loan.applicationId} requestId={request.id} />
          ) : null}
        </div>
      ))}
    </Section>
  );
}

function History({ loan }: { loan: CollectionCase['data'] }) {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Section title="Promises to pay">
        {loan.promises.length === 0 ? <p className="text-sm text-slate-600">No promise yet.</p> : null}
        <ul className="grid gap-2">
          {loan.promises.map((p) => (
            <li
              key={p.id}
              className="flex flex-wrap items-center gap-2 text-sm"
              data-testid={`promise-${p.id}`}
            >
              <PromiseStatusBadge status={p.status} />
              <span>
                {formatZar(p.amount)} by {formatDate(p.promisedFor)}; {formatZar(p.paid)} in
              </span>
              <span className="text-slate-600">
                (made {formatDate(p.madeOn)}
                {p.madeBy ? ` by ${p.madeBy.name}` : ''})
              </span>
            </li>
          ))}
        </ul>
      </Section>
      <Section title="Contacts">
        {loan.contacts.length === 0 ? <p className="text-sm text-slate-600">No contact logged yet.</p> : null}
        <ol className="grid gap-3">
          {loan.contacts.map((c) => (
            <li key={c.id} className="grid gap-1 text-sm" data-testid={`contact-${c.id}`}>
              <span className="font-medium">
                {CONTACT_CHANNEL_LABELS[c.channel]}: {CONTACT_OUTCOME_LABELS[c.outcome]}
              </span>
              <span className="[overflow-wrap:anywhere]">{c.note}</span>
              <span className="text-xs text-slate-600">
                {formatDateTimeSast(c.contactedAt)}
                {c.staff ? ` · ${c.staff.name}` : ''}
              </span>
            </li>
          ))}
        </ol>
      </Section>
    </div>
  );
}

export function CollectionCasePage() {
  const raw = useParams().id;
  const id = Number(raw);
  const valid = Number.isInteger(id) && id > 0;
  const query = useCollectionCase(valid ? id : 0);
  const me = useUser();
  const loan = query.data?.data;
  useDocumentTitle(loan ? `Loan #${loan.applicationId} · Collections` : 'Collections');
  const back = (
    <Link to="/admin/collections" className={buttonVariants({ variant: 'outline' })}>
      <ArrowLeft aria-hidden="true" />
      Collections
    </Link>
  );
  if (!valid || (query.error instanceof ApiError && query.error.status === 404)) {
    return (
      <PageContainer>
        <PageHeader title="Loan not found" actions={back} />
        <EmptyState icon={<SearchX />} title="No loan with this number" headingLevel={2} className="py-14">
          <p>Application #{raw} has no loan. Pick one from the Collections worklist.</p>
        </EmptyState>
      </PageContainer>
    );
  }
  const mayCollect = me ? mayDo(me.role, 'collect') : false;
  const serviced = loan?.status === 'active' || loan?.status === 'defaulted';
  return (
    <PageContainer>
      <PageHeader
        title={loan ? `Loan #${loan.applicationId} · ${loan.creatorName}` : 'Loan in collections'}
        description={
          loan ? `${loan.creatorEmail}. Days late as at ${formatDate(query.data!.today)}.` : undefined
        }
        actions={back}
      />
      {query.isPending ? (
        <div className="grid gap-3" aria-busy="true">
          <span className="sr-only">Loading the case…</span>
          <Skeleton className="h-32 w-full" />
          <Skeleton className="h-64 w-full" />
        </div>
      ) : !loan ? (
        <QueryErrorPanel query={query} title="Error loading the case" fallback="Failed to fetch the case" />
      ) : (
        <div className="grid gap-4">
          <Standing loan={loan} />
          <HelpRequests loan={loan} mayCollect={mayCollect} />
          {mayCollect && serviced ? (
            <div className="grid gap-4 lg:grid-cols-3">
              <Section title="Assign">
                <AssignForm loan={query.data!} />
              </Section>
              <Section title="Log a contact">
                <ContactForm applicationId={loan.applicationId} />
              </Section>
              <Section title="Promise to pay">
                <PromiseForm loan={query.data!} />
              </Section>
            </div>
          ) : null}
          <History loan={loan} />
          <p className="text-sm">
            <Link to={`/admin/users/${loan.creatorId}`} className="font-medium underline underline-offset-4">
              {loan.creatorName}'s account and payments
            </Link>
          </p>
        </div>
      )}
    </PageContainer>
  );
}
