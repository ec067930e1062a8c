import { Settings } from 'lucide-react';
import { EmptyState, PageContainer, PageHeader } from '../../components/page-header';
import { useDocumentTitle } from '../../hooks/use-document-title';

export function SettingsPage() {
  useDocumentTitle('Settings');
  return (
    <PageContainer>
      <PageHeader title="Settings" description="Your profile, bank details and connected platforms." />
      <EmptyState icon={<Settings />} title="Account settings are coming soon">
        <p>
          You will be able to edit your profile, add your bank account details and manage connected platforms
          here.
        </p>
      </EmptyState>
    </PageContainer>
  );
}
