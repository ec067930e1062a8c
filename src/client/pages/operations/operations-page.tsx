// /admin/operations: the money that moves by itself, checked by people. The earnings the platforms
// reported waiting for approval, the bank statements imported with their matches, the suspense worklist (money
// that reached us without a loan to go to) and the debit-order runs with their results. The open tab is kept in
// the address (?tab=) so a reload or a link keeps it, with the open list's page and filters beside it.
import { Banknote, FileUp, Inbox, Repeat } from 'lucide-react';
import { Link } from 'react-router';
import { PageContainer, PageHeader } from '../../components/page-header';
import { buttonVariants } from '../../components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { BankImportTab, SuspenseTab } from '../../features/bank-statements';
import { DebitOrdersTab } from '../../features/debit-orders';
import { EarningsReviewTab } from '../../features/earnings-review';
import { useAddressSearch } from '../../hooks/use-address-search';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { listViewHref } from '../../lib/list-memory';

const TABS = ['earnings', 'bank', 'suspense', 'debit-orders'] as const;
type OperationsTab = (typeof TABS)[number];

export function OperationsPage() {
  useDocumentTitle('Operations');
  const [params, replaceSearch] = useAddressSearch();
  const requested = params.get('tab');
  const tab: OperationsTab = (TABS as readonly string[]).includes(requested ?? '')
    ? (requested as OperationsTab)
    : 'earnings';

  // Each tab keeps its list's page and filters in the address; another tab starts from its defaults.
  const selectTab = (value: string) => {
    replaceSearch(() => new URLSearchParams(value === 'earnings' ? {} : { tab: value }));
  };

  return (
    <PageContainer>
      <PageHeader
        title="Operations"
        description="Earnings from the platforms, bank statements, suspense and debit orders."
        actions={
          <Link to={listViewHref('/admin')} className={buttonVariants({ variant: 'outline' })}>
            Admin Panel
          </Link>
        }
      />
      <Tabs value={tab} onValueChange={selectTab} className="min-w-0">
        {/* Four tabs fit a phone's width with their words alone; the icons come back from sm up. */}
        <TabsList className="w-full sm:w-auto [&_svg]:max-sm:hidden">
          <TabsTrigger value="earnings">
            <Banknote aria-hidden="true" />
            Earnings
          </TabsTrigger>
          <TabsTrigger value="bank">
            <FileUp aria-hidden="true" />
            Bank
          </TabsTrigger>
          <TabsTrigger value="suspense">
            <Inbox aria-hidden="true" />
            Suspense
          </TabsTrigger>
          <TabsTrigger value="debit-orders">
            <Repeat aria-hidden="true" />
            Debit orders
          </TabsTrigger>
        </TabsList>
        <TabsContent value="earnings" className="mt-6">
          <EarningsReviewTab />
        </TabsContent>
        <TabsContent value="bank" className="mt-6">
          <BankImportTab />
        </TabsContent>
        <TabsContent value="suspense" className="mt-6">
          <SuspenseTab />
        </TabsContent>
        <TabsContent value="debit-orders" className="mt-6">
          <DebitOrdersTab />
        </TabsContent>
      </Tabs>
    </PageContainer>
  );
}
