import { useDocumentTitle } from '../../hooks/use-document-title';
import { LegalDocument } from './legal-document';
import { TERMS_LAST_UPDATED, TERMS_SECTIONS } from './terms-content';

export function TermsPage() {
  useDocumentTitle('Terms & Conditions');
  return (
    <LegalDocument
      title="Terms & Conditions"
      intro="Please read these terms carefully before you use Vuka Capital or accept financing from us."
      lastUpdated={TERMS_LAST_UPDATED}
      sections={TERMS_SECTIONS}
    />
  );
}
