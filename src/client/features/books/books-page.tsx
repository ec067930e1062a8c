// /admin/books (docs/accounting.md): the books a finance team closes. The trial balance on a day (kept in the
// address as ?asOf=), the loss allowance with its provisioning runs, the accounting months with the next to close,
// the journal export for Xero or Sage, and capital received. Every member of staff reads them; finance and admins close a month and record capital.
import { ArrowLeft, Landmark } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { isIsoDate } from '../../../shared/business-date';
import { mayDo } from '../../../shared/staff-roles';
import { PageContainer, PageHeader } from '../../components/page-header';
import { Button, buttonVariants } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { useAddressSearch } from '../../hooks/use-address-search';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { listViewHref } from '../../lib/list-memory';
import { useUser } from '../../lib/session';
import { usePeriods } from './books-api';
import { CapitalDialog } from './capital-dialog';
import { JournalExportCard } from './journal-export-card';
import { PeriodsCard } from './periods-card';
import { ProvisionsCard } from './provisions-card';
import { TrialBalanceCard } from './trial-balance-card';

export function BooksPage() {
  useDocumentTitle('Books');
  const me = useUser();
  const mayFinance = me ? mayDo(me.role, 'finance') : false;
  const [params, replaceSearch] = useAddressSearch();
  const asked = params.get('asOf');
  const asOf = asked && isIsoDate(asked) ? asked : null;
  const today = usePeriods().data?.today;
  const [capitalOpen, setCapitalOpen] = useState(false);

  const chooseDay = (day: string | null) => {
    replaceSearch({ asOf: day && isIsoDate(day) ? day : null });
  };

  return (
    <PageContainer>
      <PageHeader
        title="Books"
        description="The trial balance, month-end close and the journals for your accounting package."
        actions={
          <>
            <Link to={listViewHref('/admin')} className={buttonVariants({ variant: 'outline' })}>
              <ArrowLeft aria-hidden="true" />
              Admin Panel
            </Link>
            {mayFinance ? (
              <Button onClick={() => setCapitalOpen(true)} disabled={!today}>
                <Landmark aria-hidden="true" />
                Record capital
              </Button>
            ) : null}
          </>
        }
      />
      <div className="grid min-w-0 grid-cols-1 gap-6 lg:grid-cols-[3fr_2fr]">
        <div className="grid min-w-0 content-start gap-6">
          <TrialBalanceCard asOf={asOf} today={today} onAsOf={chooseDay} />
          <ProvisionsCard mayRun={mayFinance} />
        </div>
        <div className="grid min-w-0 content-start gap-6">
          <PeriodsCard mayClose={mayFinance} />
          {today ? <JournalExportCard today={today} /> : <Skeleton className="h-56 w-full" />}
        </div>
      </div>
      {today ? <CapitalDialog open={capitalOpen} today={today} onOpenChange={setCapitalOpen} /> : null}
    </PageContainer>
  );
}
