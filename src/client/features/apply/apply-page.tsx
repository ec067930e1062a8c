// Application page (spec section 2, "/apply"): a public shell that asks visitors to log in, and the
// financing application form for signed-in creators.
import { BellRing, CalendarCheck, Lock, LogIn, Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { SessionError } from '../../app/route-guards';
import { PageContainer, PageHeader } from '../../components/page-header';
import { buttonVariants } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { PageSpinner } from '../../components/ui/spinner';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useSession } from '../../lib/session';
import { authPathFor } from '../auth';
import { ApplicationForm } from './application-form';

const LOGIN_REASONS = [
  { icon: Lock, title: 'Secure processing', text: 'Your application and documents are handled securely.' },
  {
    icon: BellRing,
    title: 'Status updates',
    text: 'Follow your application and get notified when it changes.',
  },
  {
    icon: Sparkles,
    title: 'Personalised options',
    text: 'See financing options matched to your creator profile.',
  },
  {
    icon: CalendarCheck,
    title: 'Repayment schedule management',
    text: 'Choose and track a repayment plan that fits your income.',
  },
] as const;

function LoginRequired() {
  return (
    <div className="flex flex-1 items-start justify-center px-4 py-12 sm:py-16">
      <Card className="w-full max-w-lg">
        <CardHeader className="items-center text-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-emerald-50 text-emerald-700">
            <LogIn className="size-6" aria-hidden="true" />
          </span>
          <CardTitle as="h1" className="mt-2 text-2xl">
            Login Required
          </CardTitle>
          <CardDescription>
            Please log in or create an account to apply for creator financing.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">
          <div>
            <h2 className="text-sm font-semibold text-slate-900">Why we ask you to log in</h2>
            <ul className="mt-3 grid gap-3">
              {LOGIN_REASONS.map(({ icon: Icon, title, text }) => (
                <li key={title} className="flex gap-3">
                  <Icon className="mt-0.5 size-5 shrink-0 text-emerald-700" aria-hidden="true" />
                  <div>
                    <p className="font-medium text-slate-900">{title}</p>
                    <p className="text-sm text-slate-600">{text}</p>
                  </div>
                </li>
              ))}
            </ul>
          </div>
          <Link to={authPathFor('/apply')} className={buttonVariants({ size: 'lg', className: 'w-full' })}>
            Login or Register Now
          </Link>
        </CardContent>
      </Card>
    </div>
  );
}

export function ApplyPage() {
  useDocumentTitle('Apply');
  const { user, isPending, isError, error, refetch } = useSession();
  if (isPending) return <PageSpinner label="Checking your session…" />;
  if (isError) return <SessionError error={error} onRetry={() => void refetch()} />;
  if (!user) return <LoginRequired />;
  return (
    <PageContainer>
      <div className="mx-auto grid w-full max-w-3xl gap-6">
        <PageHeader
          title="Apply for Creator Financing"
          description="Financing from R2,000 to R50,000, repaid from a share of your platform earnings. Decisions typically within 48 hours."
        />
        <ApplicationForm user={user} />
      </div>
    </PageContainer>
  );
}
