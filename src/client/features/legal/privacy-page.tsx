import { useDocumentTitle } from '../../hooks/use-document-title';
import { LegalDocument } from './legal-document';
import { PRIVACY_LAST_UPDATED, PRIVACY_SECTIONS } from './privacy-content';

export function PrivacyPage() {
  useDocumentTitle('Privacy Policy');
  return (
    <LegalDocument
      title="Privacy Policy"
      intro="How Vuka Capital collects, uses and protects your personal information under the Protection of Personal Information Act (POPIA)."
      lastUpdated={PRIVACY_LAST_UPDATED}
      sections={PRIVACY_SECTIONS}
    />
  );
}
