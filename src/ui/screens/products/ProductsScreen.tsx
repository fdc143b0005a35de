import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState';
import { PageTitle } from '../../components/PageTitle';

// Placeholder for issue 2: the product list (lazy, with a preselected category) comes in a later issue.
export function ProductsScreen() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t('products.title')}</PageTitle>
      <EmptyState>{t('products.empty')}</EmptyState>
    </>
  );
}
