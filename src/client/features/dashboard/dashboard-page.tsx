// Creator dashboard placeholder: the cards, history and plans arrive with the dashboard issue.
import { LayoutDashboard, Plus } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState, PageContainer, PageHeader } from '../../components/page-header';
import { buttonVariants } from '../../components/ui/button';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useUser } from '../auth/api';

export function DashboardPage() {
  useDocumentTitle('Dashboard');
  const user = useUser();
  return (
    <PageContainer>
      <PageHeader
        title={`Welcome, ${user?.firstName ?? ''}`}
        description="Your financing, repayments and creator score in one place."
        actions={
          <Link to="/apply" className={buttonVariants()}>
            <Plus aria-hidden="true" />
            Apply for New Financing
          </Link>
        }
      />
      <EmptyState icon={<LayoutDashboard />} title="Your dashboard is coming soon">
        <p>
          Your credit score, monthly earnings, available financing and application history will appear here.
          In the meantime you can start an application.
        </p>
      </EmptyState>
    </PageContainer>
  );
}
