import { useTranslation } from 'react-i18next';
import { catalogEntry } from '../../../../studio/machine-catalog';
import { EmptyState } from '../../../components/empty-state';
import { PageTitle } from '../../../components/page-title';

/** /statecharts/<machine>/simulate/: run the machine by hand (placeholder until the simulator lands). */
export function SimulateScreen({ name }: { name: string }) {
  const { t } = useTranslation('studio');
  const entry = catalogEntry(name);
  if (!entry) return <EmptyState>{t('machine.notFound', { name })}</EmptyState>;
  return <PageTitle>{entry.name}</PageTitle>;
}
