import { useTranslation } from 'react-i18next';
import { catalogEntry } from '../../../../studio/machine-catalog';
import { EmptyState } from '../../../components/empty-state';
import { PageTitle } from '../../../components/page-title';

/** /statecharts/<machine>/: the machine's diagram (placeholder until the diagram lands). */
export function MachineScreen({ name }: { name: string }) {
  const { t } = useTranslation('studio');
  const entry = catalogEntry(name);
  if (!entry) return <EmptyState>{t('machine.notFound', { name })}</EmptyState>;
  return <PageTitle>{entry.name}</PageTitle>;
}
