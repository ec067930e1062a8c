import { GraduationCap } from 'lucide-react';
import { EmptyState, PageContainer, PageHeader } from '../../components/page-header';
import { useDocumentTitle } from '../../hooks/use-document-title';

export function LearningQuestsPage() {
  useDocumentTitle('Learning Quests');
  return (
    <PageContainer>
      <PageHeader
        title="Learning Quests"
        description="Short courses on creative, financial and platform skills."
      />
      <EmptyState icon={<GraduationCap />} title="Quests are coming soon">
        <p>Earn XP by completing quests and quizzes that help you grow your creative business.</p>
      </EmptyState>
    </PageContainer>
  );
}
