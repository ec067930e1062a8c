// Settings: profile, sign-in e-mail, bank details and platforms, each card saved on
// its own; leaving with a card's edits not saved asks first.
import { PageContainer, PageHeader } from '../../components/page-header';
import { Card, CardContent, CardHeader } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { UnsavedChangesGuard } from '../../components/unsaved-changes';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useScrollToHash } from '../../hooks/use-scroll-to-hash';
import { useSession } from '../../lib/session';
import { BankDetailsCard } from './bank-details-card';
import { NoticesCard } from './notices-card';
import { PlatformsCard } from './platforms-card';
import { ProfileCard } from './profile-card';
import { SignInEmailCard } from './sign-in-email-card';
import { YourDataCard } from './your-data-card';

function CardSkeleton({ fields }: { fields: number }) {
  return (
    <Card>
      <CardHeader>
        <Skeleton className="h-6 w-48" />
        <Skeleton className="h-4 w-72 max-w-full" />
      </CardHeader>
      <CardContent className="grid gap-5">
        {Array.from({ length: fields }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders with no identity
          <div key={i} className="grid gap-2">
            <Skeleton className="h-4 w-28" />
            <Skeleton className="h-10 w-full" />
          </div>
        ))}
        <Skeleton className="h-10 w-32 justify-self-end" />
      </CardContent>
    </Card>
  );
}

export function SettingsPage() {
  useDocumentTitle('Settings');
  const { user } = useSession();
  // The payout notes link to /settings#bank-details: the cards draw once the user is read.
  useScrollToHash(user !== null);
  return (
    <PageContainer>
      <div className="mx-auto grid w-full max-w-3xl gap-6">
        <PageHeader title="Settings" description="Your profile, bank details and connected platforms." />
        {user ? (
          // Leaving with edits not saved asks first, naming the cards that hold them.
          <UnsavedChangesGuard>
            <ProfileCard user={user} />
            <SignInEmailCard user={user} />
            <NoticesCard email={user.username} />
            <BankDetailsCard user={user} />
            <PlatformsCard user={user} />
            <YourDataCard />
          </UnsavedChangesGuard>
        ) : (
          <div role="status" aria-live="polite" className="grid gap-6">
            <span className="sr-only">Loading your settings…</span>
            <CardSkeleton fields={5} />
            <CardSkeleton fields={2} />
            <CardSkeleton fields={4} />
            <CardSkeleton fields={2} />
          </div>
        )}
      </div>
    </PageContainer>
  );
}
