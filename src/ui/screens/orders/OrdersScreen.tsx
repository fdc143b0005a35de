import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState';
import { PageTitle } from '../../components/PageTitle';

// Placeholder for issue 2: the order list (open/closed, invoices) comes in a later issue.
export function OrdersScreen() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t('orders.title')}</PageTitle>
      <EmptyState>{t('orders.empty')}</EmptyState>
    </>
  );
}
