// The User Details view (tabs Profile, Connected Platforms and AI Analysis), used by the /admin/users/{id} screen and by the Application
// Details dialog. It reads GET /api/admin/users/{id}, the same cache entry the screen uses.
import { useQuery } from '@tanstack/react-query';
import { BadgeCheck, FileText, MonitorPlay, PenLine, Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import { CREATOR_TYPE_LABELS, type CreatorType } from '../../../shared/constants';
import { ACCOUNT_TYPE_LABELS } from '../../../shared/schemas/users';
import { QueryErrorPanel } from '../../components/query-error-panel';
import { Badge } from '../../components/ui/badge';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { messageOf } from '../../lib/api';
import { formatDate, formatPercent, formatZar } from '../../lib/format';
import type { ManualPlatform } from '../applications';
import { AiAnalysisPanel } from '../insights';
import { formatReportedCount, type PlatformEntry, readPlatformEntries } from '../platforms';
import { type AdminUserDetail, type AdminUserDetails, adminUserQueryOptions } from './users-api';
import { fullName, roleLabel } from './users-selectors';
import { UsersSkeleton } from './users-states';
import { UserStatusBadge } from './users-status-badge';

// Registration stores 'Default' for a country or city left empty.
const PLACEHOLDER_PLACE = 'Default';
const NOT_PROVIDED = 'Not provided';

function place(value: string | null | undefined): string {
  const trimmed = value?.trim();
  return trimmed && trimmed !== PLACEHOLDER_PLACE ? trimmed : NOT_PROVIDED;
}

function text(value: string | null | undefined): string {
  return value?.trim() || NOT_PROVIDED;
}

interface Fact {
  term: string;
  value: ReactNode;
}

function FactList({ facts }: { facts: Fact[] }) {
  return (
    <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[minmax(8rem,auto)_1fr]">
      {facts.map((fact) => (
        <div key={fact.term} className="grid gap-0.5 sm:contents">
          <dt className="text-slate-600">{fact.term}</dt>
          <dd className="min-w-0 font-medium text-slate-900 [overflow-wrap:anywhere]">{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}

function SectionHeading({ children }: { children: ReactNode }) {
  return <h3 className="mb-3 text-sm font-semibold tracking-wide text-slate-700 uppercase">{children}</h3>;
}

function ProfilePanel({ user }: { user: AdminUserDetail }) {
  const creatorType = CREATOR_TYPE_LABELS[user.creatorType as CreatorType] ?? text(user.creatorType);
  const accountType =
    ACCOUNT_TYPE_LABELS[user.accountType as keyof typeof ACCOUNT_TYPE_LABELS] ?? text(user.accountType);
  const hasBank = Boolean(user.bankName || user.accountNumber || user.branchCode || user.accountType);
  return (
    <div className="grid gap-6">
      <section>
        <SectionHeading>Profile</SectionHeading>
        <FactList
          facts={[
            { term: 'Name', value: fullName(user) },
            { term: 'Email (username)', value: user.username },
            { term: 'Country', value: place(user.country) },
            { term: 'City', value: place(user.city) },
            { term: 'Creator type', value: creatorType },
            {
              term: 'Bio',
              value: user.bio?.trim() ? (
                <span className="font-normal whitespace-pre-line">{user.bio}</span>
              ) : (
                NOT_PROVIDED
              ),
            },
            { term: 'Role', value: roleLabel(user.role) },
            { term: 'Status', value: <UserStatusBadge status={user.status} /> },
            {
              term: 'Verified',
              value: user.verified ? (
                <Badge variant="success">
                  <BadgeCheck className="size-3.5" aria-hidden="true" />
                  Verified
                </Badge>
              ) : (
                <Badge variant="warning">Not verified</Badge>
              ),
            },
            { term: 'Joined', value: formatDate(user.createdAt) },
          ]}
        />
      </section>
      <section>
        <SectionHeading>Bank details</SectionHeading>
        {hasBank ? (
          <FactList
            facts={[
              { term: 'Bank name', value: text(user.bankName) },
              {
                term: 'Account number',
                value: user.accountNumber ? (
                  <span className="font-mono tabular-nums" data-testid="masked-account-number">
                    {user.accountNumber}
                  </span>
                ) : (
                  NOT_PROVIDED
                ),
              },
              { term: 'Branch code', value: text(user.branchCode) },
              { term: 'Account type', value: accountType },
            ]}
          />
        ) : (
          <p className="text-sm text-slate-600">No bank details on file.</p>
        )}
        <p className="mt-3 text-xs text-slate-500">
          Only the last 4 digits of an account number are shown to admins.
        </p>
      </section>
    </div>
  );
}

function platformFacts(entry: PlatformEntry): Fact[] {
  const { data } = entry;
  const facts: Array<{ term: string; value: string | undefined }> = [
    { term: 'Status', value: data.status },
    { term: 'Channel', value: data.channelTitle },
    { term: 'Username', value: data.username },
    { term: 'Email', value: data.email },
    {
      term: 'Followers',
      value: data.followers === undefined ? undefined : formatReportedCount(data.followers),
    },
    {
      term: 'Engagement',
      value: data.engagement === undefined ? undefined : formatPercent(data.engagement),
    },
    {
      term: 'Monthly earnings',
      value: data.monthlyEarnings === undefined ? undefined : formatZar(data.monthlyEarnings),
    },
    { term: 'Connected', value: data.connectedAt ? formatDate(data.connectedAt) : undefined },
  ];
  return facts.filter((fact): fact is Fact & { value: string } => Boolean(fact.value));
}

function CompactFacts({ facts }: { facts: Fact[] }) {
  return (
    <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
      {facts.map((fact) => (
        <div key={fact.term} className="contents">
          <dt className="text-slate-600">{fact.term}</dt>
          <dd className="min-w-0 font-medium text-slate-900 [overflow-wrap:anywhere]">{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}

function PlatformIcon({ kind }: { kind: 'youtube' | 'visionary' | 'other' | 'manual' }) {
  const Icon =
    kind === 'youtube'
      ? MonitorPlay
      : kind === 'visionary'
        ? Sparkles
        : kind === 'manual'
          ? FileText
          : PenLine;
  return (
    <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-emerald-50 text-emerald-700">
      <Icon className="size-4" aria-hidden="true" />
    </span>
  );
}

interface ManualEntry extends ManualPlatform {
  applicationId: number;
  key: string;
}

function manualEntries(details: AdminUserDetails): ManualEntry[] {
  return details.applications.flatMap((application) =>
    (application.manualPlatforms ?? []).map((platform, position) => ({
      ...platform,
      applicationId: application.id,
      key: `${application.id}:${position}`,
    })),
  );
}

function PlatformsPanel({ details }: { details: AdminUserDetails }) {
  const entries = readPlatformEntries(details.user.socialMediaData);
  const manual = manualEntries(details);
  return (
    <div className="grid gap-6">
      <section>
        <SectionHeading>On the profile</SectionHeading>
        {entries.length === 0 ? (
          <p className="text-sm text-slate-600">No platforms on this user's profile.</p>
        ) : (
          <ul className="grid gap-3" aria-label="Profile platforms">
            {entries.map((entry) => (
              <li key={entry.key} className="flex gap-3 rounded-lg border border-border bg-white p-4">
                <PlatformIcon
                  kind={
                    entry.key === 'youtube' ? 'youtube' : entry.key === 'visionary' ? 'visionary' : 'other'
                  }
                />
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
                  <CompactFacts facts={platformFacts(entry)} />
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section>
        <SectionHeading>Entered on applications</SectionHeading>
        {manual.length === 0 ? (
          <p className="text-sm text-slate-600">No platforms were entered by hand on an application.</p>
        ) : (
          <ul className="grid gap-3" aria-label="Manual platforms">
            {manual.map((entry) => (
              <li key={entry.key} className="flex gap-3 rounded-lg border border-border bg-white p-4">
                <PlatformIcon kind="manual" />
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <p className="font-semibold text-slate-900 [overflow-wrap:anywhere]">{entry.platform}</p>
                    <Badge variant="outline">Application #{entry.applicationId}</Badge>
                  </div>
                  <CompactFacts
                    facts={[
                      { term: 'Username', value: text(entry.username) },
                      { term: 'Followers', value: formatReportedCount(Number(entry.estimatedFollowers)) },
                      { term: 'Monthly earnings', value: formatZar(entry.estimatedRevenue) },
                      { term: 'Proof', value: entry.proofFile ?? 'None' },
                    ]}
                  />
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

export function UserDetailsTabs({ userId }: { userId: number }) {
  const query = useQuery(adminUserQueryOptions(userId));

  if (query.isPending) return <UsersSkeleton label="Loading user details…" rows={3} />;
  if (!query.data) {
    return (
      <QueryErrorPanel
        query={query}
        title="Error Loading User Details"
        message="Failed to load user details. Please try again."
        detail={messageOf(query.error, 'Failed to fetch user details')}
      />
    );
  }

  const details = query.data;
  return (
    <Tabs defaultValue="profile">
      <TabsList className="grid h-auto w-full grid-cols-3" aria-label="User details">
        <TabsTrigger value="profile" className="min-h-9 py-1.5 leading-tight whitespace-normal">
          Profile
        </TabsTrigger>
        <TabsTrigger value="platforms" className="min-h-9 py-1.5 leading-tight whitespace-normal">
          Connected Platforms
        </TabsTrigger>
        <TabsTrigger value="ai" className="min-h-9 py-1.5 leading-tight whitespace-normal">
          AI Analysis
        </TabsTrigger>
      </TabsList>
      <TabsContent value="profile">
        <ProfilePanel user={details.user} />
      </TabsContent>
      <TabsContent value="platforms">
        <PlatformsPanel details={details} />
      </TabsContent>
      <TabsContent value="ai">
        <AiAnalysisPanel userId={userId} />
      </TabsContent>
    </Tabs>
  );
}
