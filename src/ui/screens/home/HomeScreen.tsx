import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { selectClaims, selectIsDemo } from '../../../machines/session.selectors';
import { useSessionRef } from '../../app/AppActorContext';
import { PageTitle } from '../../components/PageTitle';
import { SectionPlaceholder } from '../../components/SectionPlaceholder';

// Issue 2 shows the dashboard's sections by name only; later issues fill each with its data
// (announcement banner, campaign carousel, category buttons, the 5 latest orders, Excel import,
// featured and newest products, brands).
export function HomeScreen() {
  const { t } = useTranslation();
  const session = useSessionRef();
  const claims = useSelector(session, selectClaims);
  const isDemo = useSelector(session, selectIsDemo);
  const empty = t('home.sectionEmpty');
  return (
    <>
      <PageTitle>
        {claims?.name ? t('home.welcome', { name: claims.name }) : t('home.welcomeAnonymous')}
      </PageTitle>
      {claims?.accountName && (
        <p className="-mt-3 mb-4 text-fg-muted">{t('home.account', { account: claims.accountName })}</p>
      )}
      <div className="grid gap-6 lg:grid-cols-2">
        <SectionPlaceholder title={t('home.sections.announcements')} emptyText={empty} />
        <SectionPlaceholder title={t('home.sections.campaigns')} emptyText={empty} />
        <SectionPlaceholder title={t('home.sections.categories')} emptyText={empty} />
        {!isDemo && <SectionPlaceholder title={t('home.sections.latestOrders')} emptyText={empty} />}
        <SectionPlaceholder title={t('home.sections.import')} emptyText={empty} />
        <SectionPlaceholder title={t('home.sections.featured')} emptyText={empty} />
        <SectionPlaceholder title={t('home.sections.newest')} emptyText={empty} />
        <SectionPlaceholder title={t('home.sections.brands')} emptyText={empty} />
      </div>
    </>
  );
}
