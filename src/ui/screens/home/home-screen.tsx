import { useSelector } from '@xstate/react';
import { memo, useDeferredValue, useState } from 'react';
import { preload } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import {
  selectAnnouncementsStatus,
  selectBrands,
  selectCampaigns,
  selectHasCampaigns,
  selectResourceStatus,
  selectSortedCategories,
} from '../../../machines/catalogue';
import { selectNotificationsStatus } from '../../../machines/notifications';
import { selectClaims, selectIsDemo } from '../../../machines/session';
import { bidiIsolate } from '../../app/layout/bidi-isolate';
import { paths } from '../../app/routes';
import { CatalogueSection } from '../../components/catalogue-section';
import { LoadingState } from '../../components/loading-state';
import { PageTitle } from '../../components/page-title';
import { useSessionRef } from '../../hooks/use-app-actor';
import { useCapability } from '../../hooks/use-capability';
import {
  type CatalogueResourceId,
  useCatalogueResource,
  useNotificationsRef,
} from '../../hooks/use-catalogue-resource';
import { LatestOrders } from '../orders/latest-orders';
import { QuickOrderSection } from '../quick-order/quick-order-section';
import { AnnouncementList } from './announcement-list';
import { BrandList } from './brand-list';
import { CampaignCarousel } from './campaign-carousel';
import { CategoryButtons } from './category-buttons';
import { FeaturedAndNewest } from './featured-and-newest';
import { NotificationBanner } from './notification-banner';
import { useBackgroundList } from './use-background-list';
import { WhenNear } from './when-near';

/**
 * Spec point 2, Home: the first notification, the campaign carousel, category buttons, the latest
 * orders, the Excel import, featured and newest products (only when campaigns exist) and the brands.
 */
export function HomeScreen() {
  const { t, i18n } = useTranslation();
  const isolate = bidiIsolate(i18n.dir());
  const claims = useSelector(useSessionRef(), selectClaims);
  // The notification banner and the announcements sit above the rest and appear only once loaded:
  // showing the rest before them would push it down under the reader's eyes (a layout
  // shift of 0.5 in Lighthouse), so the rest waits for them, however they end. They stay mounted
  // meanwhile: mounting one asks for its list again, which would retry a failed load unasked.
  // Their arrival is drawn in the background: the banner, the announcements, the loading
  // line leaving and the rest mounting, in one pass of slices, not in the task that received them.
  const announcementsStatus = useDeferredValue(
    useSelector(useCatalogueResource('announcements'), selectAnnouncementsStatus),
  );
  const notificationsRef = useNotificationsRef();
  const notificationsStatus = useDeferredValue(useSelector(notificationsRef, selectNotificationsStatus));
  const [topSettled, setTopSettled] = useState(false);
  // once shown, the rest stays: a later reload of either list must not blank the page
  if (!topSettled && isSettled(announcementsStatus) && (!notificationsRef || isSettled(notificationsStatus)))
    setTopSettled(true);
  // The rest of the page is mounted in a transition, in slices of a few milliseconds, not in the same
  // long task as the lists that settled the top (the signed-in home's blocking time).
  const restShown = useDeferredValue(topSettled);
  // The lists of the part below are asked for now, beside the top's: waiting for the top
  // to settle before asking put two round trips before the first banner, the page's largest paint.
  const campaignsRef = useCatalogueResource('campaigns');
  const categoriesRef = useCatalogueResource('categories');
  // a backend without the brand list (capability `brands`) is not asked for it, and the home has no brands part
  const hasBrands = useCapability('brands');

  return (
    <div className="flex flex-col gap-6">
      <div>
        <PageTitle>
          {claims?.name ? t('home.welcome', { name: isolate(claims.name) }) : t('home.welcomeAnonymous')}
        </PageTitle>
        {claims?.accountName && (
          <p className="-mt-3 text-fg-muted">{t('home.account', { account: claims.accountName })}</p>
        )}
      </div>
      <NotificationBanner />
      <AnnouncementList />
      {/* the loading line goes with the top's own commit: left one frame longer, the banner would push it down */}
      {!topSettled && <LoadingState label={t('app.loading')} />}
      <FirstBannerEarly campaignsRef={campaignsRef} />
      {hasBrands && <BrandsAskedEarly />}
      {restShown && (
        <HomeSections campaignsRef={campaignsRef} categoriesRef={categoriesRef} hasBrands={hasBrands} />
      )}
    </div>
  );
}

/** The catalogue lists of the part below the notifications, asked for by the top (see `HomeScreen`). */
interface HomeLists {
  campaignsRef: CatalogueResourceRef<'campaigns'>;
  categoriesRef: CatalogueResourceRef<'categories'>;
  hasBrands: boolean;
}

/**
 * Below the notifications: campaigns, categories, the latest orders and the Excel import, featured and
 * newest, brands. Each part has its own subscriptions, so a list arriving re-renders its own
 * part only: not the others, not the import panel, and nothing above.
 */
const HomeSections = memo(function HomeSections({ campaignsRef, categoriesRef, hasBrands }: HomeLists) {
  return (
    <>
      <CampaignsSection campaignsRef={campaignsRef} />
      <CategoriesSection categoriesRef={categoriesRef} />
      <OrdersAndImport />
      <FeaturedWhenCampaigns campaignsRef={campaignsRef} />
      {hasBrands && <BrandsSection />}
    </>
  );
});

const linkClass = 'tap-target inline-flex items-center text-brand hover:underline';

const CampaignsSection = memo(function CampaignsSection({ campaignsRef }: Pick<HomeLists, 'campaignsRef'>) {
  const { t } = useTranslation();
  // HomeSections is mounted in the background already: campaigns there by then are drawn with it
  const { list: campaigns, status: campaignsStatus } = useBackgroundList(
    useSelector(campaignsRef, selectCampaigns),
    useSelector(campaignsRef, selectResourceStatus),
    { drawAtMount: true },
  );
  return (
    <CatalogueSection
      kind="campaigns"
      resource={campaignsRef}
      status={campaignsStatus}
      isEmpty={campaigns.length === 0}
      action={
        <Link href={paths.campaigns} className={linkClass}>
          {t('home.allCampaigns')}
        </Link>
      }
    >
      <CampaignCarousel campaigns={campaigns} />
    </CatalogueSection>
  );
});

const CategoriesSection = memo(function CategoriesSection({
  categoriesRef,
}: Pick<HomeLists, 'categoriesRef'>) {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const categories = useSelector(categoriesRef, (snapshot) => selectSortedCategories(snapshot, language));
  const categoriesStatus = useSelector(categoriesRef, selectResourceStatus);
  return (
    <CatalogueSection
      kind="categories"
      resource={categoriesRef}
      status={categoriesStatus}
      isEmpty={categories.length === 0}
    >
      <CategoryButtons categories={categories} />
    </CatalogueSection>
  );
});

/** The latest orders and the Excel import, side by side on a wide screen; neither for a demo user. */
const OrdersAndImport = memo(function OrdersAndImport() {
  const { t } = useTranslation();
  const isDemo = useSelector(useSessionRef(), selectIsDemo);
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      {!isDemo && <LatestOrders />}
      {!isDemo && <QuickOrderSection title={t('home.sections.import')} />}
    </div>
  );
});

const FeaturedWhenCampaigns = memo(function FeaturedWhenCampaigns({
  campaignsRef,
}: Pick<HomeLists, 'campaignsRef'>) {
  const hasCampaigns = useSelector(campaignsRef, selectHasCampaigns);
  if (!hasCampaigns) return null;
  return (
    <WhenNear reserve="60rem">
      <FeaturedAndNewest />
    </WhenNear>
  );
});

/** Asks for the brands beside the top's lists, before the part that shows them is drawn, so they do not hold up the home's first paint. */
function BrandsAskedEarly() {
  useCatalogueResource('brands');
  return null;
}

const BrandsSection = memo(function BrandsSection() {
  const { t } = useTranslation();
  const brandsRef = useCatalogueResource('brands');
  const { list: brands, status: brandsStatus } = useBackgroundList(
    useSelector(brandsRef, selectBrands),
    useSelector(brandsRef, selectResourceStatus),
  );
  return (
    <CatalogueSection
      kind="brands"
      resource={brandsRef}
      status={brandsStatus}
      isEmpty={brands.length === 0}
      action={
        <Link href={paths.catalog} className={linkClass}>
          {t('home.allBrands')}
        </Link>
      }
    >
      <WhenNear reserve="12rem">
        <BrandList brands={brands} />
      </WhenNear>
    </CatalogueSection>
  );
});

/**
 * Starts the first campaign banner, the signed-in home's largest paint, as soon as the campaigns are
 * known: the carousel that shows it is drawn only once the top has settled, in the
 * background, and its image would only then be asked for. Its `<img>` finds it loaded or on its way.
 */
const FirstBannerEarly = memo(function FirstBannerEarly({ campaignsRef }: Pick<HomeLists, 'campaignsRef'>) {
  const banner = useSelector(campaignsRef, selectFirstBanner);
  if (banner) preload(banner, { as: 'image', fetchPriority: 'high' });
  return null;
});

const selectFirstBanner = (snapshot: Parameters<typeof selectCampaigns>[0]) =>
  selectCampaigns(snapshot)[0]?.banner ?? null;

type CatalogueResourceRef<K extends CatalogueResourceId> = ReturnType<typeof useCatalogueResource<K>>;

const isSettled = (status: string) => status !== 'new' && status !== 'loading';
