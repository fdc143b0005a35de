import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'wouter';
import {
  bindProductList,
  type ResourceSnapshot,
  selectEntryName,
  selectResourceStatus,
} from '../../../machines/catalogue';
import { BackButton } from '../../components/back-button';
import { NotOffered } from '../../components/not-offered';
import { PageTitle } from '../../components/page-title';
import { useBoundMachine, usePortalInspection } from '../../hooks/use-app-actor';
import { useCapability } from '../../hooks/use-capability';
import { useCatalogueResource } from '../../hooks/use-catalogue-resource';
import { NotFoundPage } from '../error/not-found-page';
import { ProductListView } from '../products/product-list-view';
import { SaveCsvButton } from './save-csv-button';

/**
 * /catalog/brand/{id}; another id is another list, so the page starts afresh. A backend without the
 * brand list (capability `brands`) has no brand pages: a kept link says so in one sentence.
 */
export function CatalogBrandScreen() {
  const id = Number(useParams<{ id: string }>().id);
  if (!useCapability('brands')) return <NotOffered />;
  return <KnownEntry key={id} kind="brand" id={id} />;
}

/** /catalog/category/{id} */
export function CatalogCategoryScreen() {
  const id = Number(useParams<{ id: string }>().id);
  return <KnownEntry key={id} kind="category" id={id} />;
}

/**
 * An id that is not in the loaded list of brands or categories is an address that leads nowhere:
 * the not-found page says so, where an empty product list would look like a brand without stock.
 */
type NamedEntry = { id: number; name: string };

function KnownEntry({ kind, id }: { kind: 'brand' | 'category'; id: number }) {
  const entries = useCatalogueResource(kind === 'brand' ? 'brands' : 'categories');
  const resolved =
    useSelector(entries, (snapshot) => selectResourceStatus(snapshot as ResourceSnapshot<NamedEntry[]>)) ===
    'resolved';
  const name = useSelector(entries, (snapshot) => selectEntryName(snapshot, id));
  if (!Number.isSafeInteger(id) || id <= 0 || (resolved && name === '')) return <NotFoundPage />;
  return <CatalogDetail kind={kind} id={id} />;
}

/** The products of one brand or category, savable as a CSV file (spec point 2, catalog detail). */
function CatalogDetail({ kind, id }: { kind: 'brand' | 'category'; id: number }) {
  const { t } = useTranslation();
  const canLoadPages = useCapability('productPages');
  const list = useActorRef(useBoundMachine(bindProductList), {
    ...usePortalInspection(),
    input: {
      filters: {
        category: kind === 'category' ? id : null,
        brand: kind === 'brand' ? id : null,
        campaign: null,
      },
      canLoadPages,
    },
  });
  const name = useSelector(useCatalogueResource(kind === 'brand' ? 'brands' : 'categories'), (snapshot) =>
    selectEntryName(snapshot, id),
  );
  const title = name || (kind === 'brand' ? t('catalog.brand') : t('catalog.category'));
  return (
    <div className="flex flex-col gap-4">
      <div>
        <BackButton />
      </div>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <p className="text-xs font-medium text-fg-muted uppercase">
            {kind === 'brand' ? t('catalog.brand') : t('catalog.category')}
          </p>
          <PageTitle>{title}</PageTitle>
        </div>
        <SaveCsvButton list={list} fileName={name || `${kind}-${id}`} />
      </div>
      <ProductListView
        list={list}
        label={title}
        inCategory={kind === 'category'}
        onSearch={(query) => list.send({ type: 'productList.filtersChanged', filters: { q: query } })}
      />
    </div>
  );
}
