import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/page-title';

// PLACEHOLDER (issue 12 contract): replaced by the helper who owns documents.
/** /documents/: the supplier's documents and the company's invoices. */
export function DocumentsScreen() {
  const { t } = useTranslation();
  return <PageTitle>{t('menu.documents')}</PageTitle>;
}
