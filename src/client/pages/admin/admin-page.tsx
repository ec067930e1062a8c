// /admin: the platform and dashboard-mode controls, then the Overview,
// Applications, Users and Reports (the NCR's Form 39 return) tabs. The open tab is kept in the address (?tab=) so a
// reload or a link keeps it, with the open list's page, sort and filters beside it. /admin/applications/{id}[/{dialog}]
// is the same page with an application's dialog open.
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
import { useEffect } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { PageContainer, PageHeader } from '../../components/page-header';
import { buttonVariants } from '../../components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { DashboardModeSelector, OverviewTab, PlatformSelector } from '../../features/admin';
import { ApplicationsTab } from '../../features/admin-applications';
import { ApprovalsLink } from '../../features/admin-approvals';
import { ReportsTab } from '../../features/admin-reports';
import { UsersTab } from '../../features/admin-users';
import { useAddressSearch } from '../../hooks/use-address-search';
import { useDocumentTitle } from '../../hooks/use-document-title';
import {
  listViewHref,
  rememberedListView,
  rememberListView,
  useRememberListView,
} from '../../lib/list-memory';

const TABS = ['overview', 'applications', 'users', 'reports'] as const;
type AdminTab = (typeof TABS)[number];

export function AdminPage() {
  useDocumentTitle('Admin Panel');
  const [params, replaceSearch] = useAddressSearch();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  // An application's dialog has its own address (/admin/applications/4, /admin/applications/4/payment), over the
  // Applications tab.
  const dialogRoute = pathname !== '/admin';
  const requested = dialogRoute ? 'applications' : params.get('tab');
  const tab: AdminTab = (TABS as readonly string[]).includes(requested ?? '')
    ? (requested as AdminTab)
    : 'overview';

  // Each tab keeps its list's page, sort and filters in the address, and they are remembered when another tab (or
  // another page) is opened: coming back shows the list as it was left (lib/list-memory.ts).
  useRememberListView('/admin');
  useEffect(() => {
    if (!dialogRoute) rememberListView(`/admin#${tab}`, search);
  }, [dialogRoute, tab, search]);
  const selectTab = (value: string) => {
    const kept = rememberedListView(`/admin#${value}`);
    const next = kept
      ? new URLSearchParams(kept)
      : new URLSearchParams(value === 'overview' ? '' : { tab: value });
    if (dialogRoute) navigate({ pathname: '/admin', search: next.toString() }, { replace: true });
    else replaceSearch(() => next);
  };

  return (
    <PageContainer>
      <PageHeader
        title="Admin Panel"
        description="Review applications, manage users and service repayments."
        actions={
          <>
            <Link to={listViewHref('/admin/lending')} className={buttonVariants({ variant: 'outline' })}>
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
