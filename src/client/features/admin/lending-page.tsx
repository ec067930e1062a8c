import { ArrowLeft, Landmark } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState, PageContainer, PageHeader } from '../../components/page-header';
import { buttonVariants } from '../../components/ui/button';
import { useDocumentTitle } from '../../hooks/use-document-title';

export function LendingPage() {
  useDocumentTitle('Lending Management Dashboard');
  return (
    <PageContainer>
      <PageHeader
        title="Lending Management Dashboard"
        description="Credit disbursed, repayments, platform fees and defaults."
        actions={
          <Link to="/admin" className={buttonVariants({ variant: 'outline' })}>
            <ArrowLeft aria-hidden="true" />
            Admin Panel
          </Link>
        }
      />
      <EmptyState icon={<Landmark />} title="Lending data is coming soon">
        <p>
          Summary cards, expected returns, default statistics and the lending data table will appear here.
        </p>
      </EmptyState>
    </PageContainer>
  );
}
