import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import {
  selectBrands,
  selectCampaigns,
  selectHasCampaigns,
  selectResourceStatus,
  selectSortedCategories,
} from '../../../machines/catalogue.selectors';
import { selectClaims, selectIsDemo } from '../../../machines/session.selectors';
import { paths } from '../../app/routes';
import { PageTitle } from '../../components/page-title';
import { ResourceState } from '../../components/resource-state';
import { Section } from '../../components/section';
import { useSessionRef } from '../../hooks/use-app-actor';
import { useCatalogueResource } from '../../hooks/use-catalogue-resource';
import { LatestOrders } from '../orders/latest-orders';
import { QuickOrderSection } from '../quick-order/quick-order-section';
import { AnnouncementList } from './announcement-list';
import { BrandList } from './brand-list';
import { CampaignCarousel } from './campaign-carousel';
import { CategoryButtons } from './category-buttons';
import { FeaturedAndNewest } from './featured-and-newest';
import { NotificationBanner } from './notification-banner';

/**
 * Spec point 2, Home: the first notification, the campaign carousel, category buttons, the latest
 * orders, the Excel import, featured and newest products (only when campaigns exist) and the brands.
 */
export function HomeScreen() {
  const { t, i18n } = useTranslation();
  const session = useSessionRef();
  const claims = useSelector(session, selectClaims);
  const isDemo = useSelector(session, selectIsDemo);
  const campaignsRef = useCatalogueResource('campaigns');
  const campaigns = useSelector(campaignsRef, selectCampaigns);
  const campaignsStatus = useSelector(campaignsRef, selectResourceStatus);
  const hasCampaigns = useSelector(campaignsRef, selectHasCampaigns);
  const categoriesRef = useCatalogueResource('categories');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const categories = useSelector(categoriesRef, (snapshot) => selectSortedCategories(snapshot, language));
  const categoriesStatus = useSelector(categoriesRef, selectResourceStatus);
  const brandsRef = useCatalogueResource('brands');
  const brands = useSelector(brandsRef, selectBrands);
  const brandsStatus = useSelector(brandsRef, selectResourceStatus);
  const linkClass = 'tap-target inline-flex items-center text-brand hover:underline';

  return (
    <div className="flex flex-col gap-6">
      <div>
        <PageTitle>
          {claims?.name ? t('home.welcome', { name: claims.name }) : t('home.welcomeAnonymous')}
        </PageTitle>
        {claims?.accountName && (
          <p className="-mt-3 text-fg-muted">{t('home.account', { account: claims.accountName })}</p>
        )}
      </div>
      <NotificationBanner />
      <AnnouncementList />
      <Section
        title={t('home.sections.campaigns')}
        action={
          <Link href={paths.campaigns} className={linkClass}>
            {t('home.allCampaigns')}
          </Link>
        }
      >
        <ResourceState
          status={campaignsStatus}
          isEmpty={campaigns.length === 0}
          loadingLabel={t('campaigns.loading')}
          emptyText={t('campaigns.empty')}
          onRetry={() => campaignsRef.send({ type: 'resource.load' })}
        >
          <CampaignCarousel campaigns={campaigns} />
        </ResourceState>
      </Section>
      <Section title={t('home.sections.categories')}>
        <ResourceState
          status={categoriesStatus}
          isEmpty={categories.length === 0}
          loadingLabel={t('catalog.loadingCategories')}
          emptyText={t('catalog.noCategories')}
          onRetry={() => categoriesRef.send({ type: 'resource.load' })}
        >
          <CategoryButtons categories={categories} />
        </ResourceState>
      </Section>
      <div className="grid gap-6 lg:grid-cols-2">
        {!isDemo && <LatestOrders />}
        {!isDemo && <QuickOrderSection title={t('home.sections.import')} />}
      </div>
      {hasCampaigns && <FeaturedAndNewest />}
      <Section
        title={t('home.sections.brands')}
        action={
          <Link href={paths.catalog} className={linkClass}>
            {t('home.allBrands')}
          </Link>
        }
      >
        <ResourceState
          status={brandsStatus}
          isEmpty={brands.length === 0}
          loadingLabel={t('catalog.loadingBrands')}
          emptyText={t('catalog.noBrands')}
          onRetry={() => brandsRef.send({ type: 'resource.load' })}
        >
          <BrandList brands={brands} />
        </ResourceState>
      </Section>
    </div>
  );
}
