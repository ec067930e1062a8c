// Settings: e-mail notices (docs/notices.md). The creator turns payment reminders on or off; the switch saves at
// once. Receipts and notices about the loan (decisions, overdue notices, the paid-up letter) are always sent, and
// the card says so.
import { useQuery } from '@tanstack/react-query';
import { BellRing, MailCheck } from 'lucide-react';
import { QueryErrorPanel } from '../../components/query-error-panel';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Label } from '../../components/ui/label';
import { Skeleton } from '../../components/ui/skeleton';
import { Spinner } from '../../components/ui/spinner';
import { Switch } from '../../components/ui/switch';
import { toast } from '../../hooks/use-toast';
import { messageOf } from '../../lib/api';
import { noticePreferencesQuery, useSetNoticePreferences } from './notices-api';

const ALWAYS_SENT = [
  'Your application received, approved or not approved, or cancelled',
  'Your repayment plan, once it is active, and new terms if it is restructured',
  'A receipt for every payment, with your new balance',
  'Overdue notices at 1, 30 and 60 days past due, and a notice of default',
  'Your paid-up letter when the loan is repaid',
];

export function NoticesCard({ email }: { email: string }) {
  const preferences = useQuery(noticePreferencesQuery);
  const save = useSetNoticePreferences();
  const checked = save.isPending ? save.variables.remindersEnabled : preferences.data?.remindersEnabled;

  const onChange = (remindersEnabled: boolean) =>
    save.mutate(
      { remindersEnabled },
      {
        onSuccess: (answer) =>
          toast({
            title: answer.remindersEnabled ? 'Payment reminders on' : 'Payment reminders off',
            description: answer.remindersEnabled
              ? 'We will e-mail you three days before each instalment falls due.'
              : 'We will not send payment reminders. Receipts and loan notices still reach you.',
          }),
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Could not save your choice',
            description: messageOf(error, 'Failed to update your e-mail notices'),
          }),
      },
    );

  return (
    <Card role="region" aria-labelledby="email-notices-title">
      <CardHeader>
        <CardTitle as="h2" id="email-notices-title">
          Email Notices
        </CardTitle>
        <CardDescription>
          What we e-mail to <span className="font-medium text-slate-900 break-all">{email}</span> about your
          financing.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {preferences.isPending ? (
          <div role="status" className="grid gap-3">
            <span className="sr-only">Loading your e-mail notices…</span>
            <Skeleton className="h-12 w-full" />
            <Skeleton className="h-24 w-full" />
          </div>
        ) : preferences.isError ? (
          <QueryErrorPanel
            query={preferences}
            title="Could not load your e-mail notices"
            fallback="Failed to load your e-mail notices"
          />
        ) : (
          <>
            <div className="flex items-start justify-between gap-4 rounded-lg border border-border p-4">
              <div className="flex gap-3">
                <BellRing className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
                <div className="grid gap-1">
                  <Label htmlFor="payment-reminders">Payment reminders</Label>
                  <p id="payment-reminders-help" className="text-sm text-muted-foreground">
                    An e-mail three days before each instalment falls due, with the amount and the date.
                  </p>
                  {save.isPending ? (
                    <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
                      <Spinner /> Saving…
                    </p>
                  ) : null}
                </div>
              </div>
              <Switch
                id="payment-reminders"
                aria-describedby="payment-reminders-help"
                checked={checked ?? true}
                disabled={save.isPending}
                onCheckedChange={onChange}
              />
            </div>
            <div className="flex gap-3 px-4">
              <MailCheck className="mt-0.5 size-5 shrink-0 text-slate-500" aria-hidden="true" />
              <div className="grid gap-2">
                <p className="text-sm font-medium">Always sent</p>
                <p className="text-sm text-muted-foreground">
                  These are about money you owe or have paid, so they stay on whatever you choose above:
                </p>
                <ul className="list-disc space-y-1 pl-5 text-sm text-muted-foreground">
                  {ALWAYS_SENT.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              </div>
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}
