import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { selectFeatured, selectNewest, selectResourceStatus } from '../../../machines/catalogue';
import { CatalogueSection } from '../../components/catalogue-section';
import { PriceFormatterProvider } from '../../hooks/price-formatter-provider';
import { useCatalogueResource } from '../../hooks/use-catalogue-resource';
import { ProductTable } from '../products/product-table';
import { useBackgroundList } from './use-background-list';

/**
 * Spec point 2: featured and newest product tables; the home screen shows them only when campaigns exist.
 * Their forty prices share one formatter.
 */
export function FeaturedAndNewest() {
  return (
    <PriceFormatterProvider>
      <FeaturedAndNewestTables />
    </PriceFormatterProvider>
  );
}

function FeaturedAndNewestTables() {
  const { t } = useTranslation();
  const featuredRef = useCatalogueResource('featured');
  const { list: featured, status: featuredStatus } = useBackgroundList(
    useSelector(featuredRef, selectFeatured),
    useSelector(featuredRef, selectResourceStatus),
  );
  const newestRef = useCatalogueResource('newest');
  const { list: newest, status: newestStatus } = useBackgroundList(
    useSelector(newestRef, selectNewest),
    useSelector(newestRef, selectResourceStatus),
  );
  return (
    // side by side only from 2xl: at xl (1280 px) the second table's prices were scrolled out of its column
    <div className="grid gap-6 2xl:grid-cols-2">
      <CatalogueSection
        kind="featured"
        resource={featuredRef}
        status={featuredStatus}
        isEmpty={featured.length === 0}
      >
        <ProductTable products={featured} caption={t('home.sections.featured')} />
      </CatalogueSection>
      <CatalogueSection
        kind="newest"
        resource={newestRef}
        status={newestStatus}
        isEmpty={newest.length === 0}
      >
        <ProductTable
          products={newest}
          caption={t('home.sections.newest')}
          namesBasis={featured.length === 0}
        />
      </CatalogueSection>
    </div>
  );
}
