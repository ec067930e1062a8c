// /admin (spec section 2, "Admin panel"): the platform and dashboard-mode controls, then the Overview,
// Applications, Users and Reports (the NCR's Form 39 return) tabs. The open tab is kept in the address (?tab=) so a reload or a link keeps it,
// with the open list's page, sort and filters beside it.
import {
  BarChart3,
  BookOpen,
  FileSpreadsheet,
  FileText,
  HandCoins,
  LayoutDashboard,
  ScrollText,
  Users,
  Workflow,
} from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { PageContainer, PageHeader } from '../../components/page-header';
import { buttonVariants } from '../../components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { ApplicationsTab } from '../admin-applications';
import { ApprovalsLink } from '../admin-approvals';
import { ReportsTab } from '../admin-reports';
import { UsersTab } from '../admin-users';
import { DashboardModeSelector, PlatformSelector } from './admin-controls';
import { OverviewTab } from './overview-tab';

const TABS = ['overview', 'applications', 'users', 'reports'] as const;
type AdminTab = (typeof TABS)[number];

export function AdminPage() {
  useDocumentTitle('Admin Panel');
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: AdminTab = (TABS as readonly string[]).includes(requested ?? '')
    ? (requested as AdminTab)
    : 'overview';

  // Each tab keeps its list's page, sort and filters in the address; another tab starts from its defaults.
  const selectTab = (value: string) => {
    const next = new URLSearchParams();
    if (value !== 'overview') next.set('tab', value);
    setParams(next, { replace: true });
  };

  return (
    <PageContainer>
      <PageHeader
        title="Admin Panel"
        description="Review applications, manage users and service repayments."
        actions={
          <>
            <Link to="/admin/lending" className={buttonVariants({ variant: 'outline' })}>
              <BarChart3 aria-hidden="true" />
              Lending Management
            </Link>
            <Link to="/admin/operations" className={buttonVariants({ variant: 'outline' })}>
              <Workflow aria-hidden="true" />
              Operations
            </Link>
            <ApprovalsLink />
            <Link to="/admin/collections" className={buttonVariants({ variant: 'outline' })}>
              <HandCoins aria-hidden="true" />
              Collections
            </Link>
            <Link to="/admin/books" className={buttonVariants({ variant: 'outline' })}>
              <BookOpen aria-hidden="true" />
              Books
            </Link>
            <Link to="/admin/audit" className={buttonVariants({ variant: 'outline' })}>
              <ScrollText aria-hidden="true" />
              Audit trail
            </Link>
          </>
        }
      />

      <section
        aria-label="Platform and dashboard mode"
        className="grid min-w-0 grid-cols-1 gap-4 rounded-xl border border-border bg-white p-4 md:grid-cols-2"
      >
        <PlatformSelector />
        <DashboardModeSelector />
      </section>

      <Tabs value={tab} onValueChange={selectTab} className="min-w-0">
        {/* Four tabs fit a phone's width with their words alone; the icons come back from sm up. */}
        <TabsList className="w-full sm:w-auto [&_svg]:max-sm:hidden">
          <TabsTrigger value="overview">
            <LayoutDashboard aria-hidden="true" />
            Overview
          </TabsTrigger>
          <TabsTrigger value="applications">
            <FileText aria-hidden="true" />
            Applications
          </TabsTrigger>
          <TabsTrigger value="users">
            <Users aria-hidden="true" />
            Users
          </TabsTrigger>
          <TabsTrigger value="reports">
            <FileSpreadsheet aria-hidden="true" />
            Reports
          </TabsTrigger>
        </TabsList>
        <TabsContent value="overview" className="mt-6">
          <OverviewTab />
        </TabsContent>
        <TabsContent value="applications" className="mt-6">
          <ApplicationsTab />
        </TabsContent>
        <TabsContent value="users" className="mt-6">
          <UsersTab />
        </TabsContent>
        <TabsContent value="reports" className="mt-6">
          <ReportsTab />
        </TabsContent>
      </Tabs>
    </PageContainer>
  );
}
