import { ArrowLeft, UserRound } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { EmptyState, PageContainer, PageHeader } from '../../components/page-header';
import { buttonVariants } from '../../components/ui/button';
import { useDocumentTitle } from '../../hooks/use-document-title';

export function AdminUserPage() {
  const { id } = useParams();
  useDocumentTitle(`User ${id ?? ''}`);
  return (
    <PageContainer>
      <PageHeader
        title={`User #${id ?? ''}`}
        description="Profile, connected platforms and AI analysis."
        actions={
          <Link to="/admin" className={buttonVariants({ variant: 'outline' })}>
            <ArrowLeft aria-hidden="true" />
            Admin Panel
          </Link>
        }
      />
      <EmptyState icon={<UserRound />} title="User details are coming soon">
        <p>This user's profile, platforms and analyses will appear here.</p>
      </EmptyState>
    </PageContainer>
  );
}
