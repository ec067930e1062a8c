import { BarChart3, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState, PageContainer, PageHeader } from '../../components/page-header';
import { buttonVariants } from '../../components/ui/button';
import { useDocumentTitle } from '../../hooks/use-document-title';

export function AdminPage() {
  useDocumentTitle('Admin Panel');
  return (
    <PageContainer>
      <PageHeader
        title="Admin Panel"
        description="Review applications, manage users and service repayments."
        actions={
          <Link to="/admin/lending" className={buttonVariants({ variant: 'outline' })}>
            <BarChart3 aria-hidden="true" />
            Lending Management
          </Link>
        }
      />
      <EmptyState icon={<ShieldCheck />} title="Admin tools are coming soon">
        <p>The overview, applications and users tabs will appear here.</p>
      </EmptyState>
    </PageContainer>
  );
}
