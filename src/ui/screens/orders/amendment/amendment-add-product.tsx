import { useActorRef, useSelector } from '@xstate/react';
import { Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { quantityOfWire } from '../../../../domain/quantity';
import type { Product } from '../../../../domain/types';
import { bindSearch, selectSearchPanel, selectSearchResults } from '../../../../machines/catalogue';
import {
  bindFavouriteList,
  selectFavouriteListStatus,
  selectFavouriteLists,
  selectShownItems,
} from '../../../../machines/favourites';
import { Spinner } from '../../../components/spinner';
import { useBoundMachine, usePortalInspection } from '../../../hooks/use-app-actor';
import { useFavouriteLists } from '../../../hooks/use-favourite-lists';
import type { OrderAmendmentRef } from './amendment-ref';

const addButtonClass =
  'tap-target inline-flex shrink-0 items-center gap-1 rounded-md border border-line bg-surface-raised px-2 text-sm font-medium hover:bg-surface-sunken';

/** Add a product to the draft: found by the header's search, or from one of the buyer's favourite lists. */
export function AmendmentAddProduct({ amendment }: { amendment: OrderAmendmentRef }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="amendment-add" className="flex flex-col gap-3">
      <h3 id="amendment-add" className="font-semibold">
        {t('orderAmendment.addProduct')}
      </h3>
      <ProductSearch amendment={amendment} />
      <FromFavouriteList amendment={amendment} />
    </section>
  );
}

function AddButton({ product, onAdd }: { product: Product; onAdd: () => void }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      onClick={onAdd}
      aria-label={t('orderAmendment.add', { name: product.name })}
      className={addButtonClass}
    >
      <Plus aria-hidden="true" className="size-4" />
      {t('orderAmendment.addShort')}
    </button>
  );
}

function ProductSearch({ amendment }: { amendment: OrderAmendmentRef }) {
  const { t } = useTranslation();
  const inputId = useId();
  // the header box's search service (debounce, cancelled older calls), one actor for this box
  const search = useActorRef(useBoundMachine(bindSearch), usePortalInspection());
  const results = useSelector(search, selectSearchResults);
  const panel = useSelector(search, selectSearchPanel);
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={inputId} className="text-sm font-medium">
        {t('orderAmendment.searchLabel')}
      </label>
      <input
        id={inputId}
        type="search"
        autoComplete="off"
        onFocus={() => search.send({ type: 'search.focused' })}
        onChange={(event) => search.send({ type: 'search.typed', query: event.target.value })}
        className="h-11 rounded-md border border-line bg-surface-raised px-2 desktop:h-9"
      />
      {(panel === 'pending' || panel === 'loading') && (
        <p role="status" className="flex items-center gap-2 text-sm text-fg-muted">
          <Spinner className="size-4" />
          {t('orderAmendment.searching')}
        </p>
      )}
      {panel === 'notFound' && <p className="text-sm text-fg-muted">{t('orderAmendment.noResults')}</p>}
      {panel === 'failed' && (
        <p role="alert" className="text-sm text-danger">
          {t('errors.unknown')}
        </p>
      )}
      {panel !== 'closed' && results.length > 0 && (
        <ul aria-label={t('orderAmendment.searchResults')} className="flex flex-col gap-1">
          {results.map((product) => (
            <li key={product.id} className="flex items-center justify-between gap-2">
              <span dir="auto">{product.name}</span>
              <AddButton
                product={product}
                onAdd={() => amendment.send({ type: 'amendment.productAdded', product })}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function FromFavouriteList({ amendment }: { amendment: OrderAmendmentRef }) {
  const { t } = useTranslation();
  const selectId = useId();
  const listsRef = useFavouriteLists();
  const lists = useSelector(listsRef, (s) => (s ? selectFavouriteLists(s) : []));
  const [listId, setListId] = useState<number | null>(null);
  if (!listsRef || lists.length === 0) return null;
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={selectId} className="text-sm font-medium">
        {t('orderAmendment.fromList')}
      </label>
      <select
        id={selectId}
        value={listId ?? ''}
        onChange={(event) => setListId(event.target.value === '' ? null : Number(event.target.value))}
        className="tap-target rounded-md border border-line bg-surface-raised px-2"
      >
        <option value="">{t('orderAmendment.chooseList')}</option>
        {lists.map((list) => (
          <option key={list.id} value={list.id}>
            {list.name}
          </option>
        ))}
      </select>
      {listId !== null && <FavouriteListLines key={listId} listId={listId} amendment={amendment} />}
    </div>
  );
}

function FavouriteListLines({ listId, amendment }: { listId: number; amendment: OrderAmendmentRef }) {
  const { t } = useTranslation();
  const list = useActorRef(useBoundMachine(bindFavouriteList), {
    ...usePortalInspection(),
    input: { listId },
  });
  const status = useSelector(list, selectFavouriteListStatus);
  const items = useSelector(list, selectShownItems);
  if (status !== 'loaded')
    return status === 'failed' || status === 'notFound' ? (
      <p role="alert" className="text-sm text-danger">
        {t('errors.unknown')}
      </p>
    ) : (
      <p role="status" className="flex items-center gap-2 text-sm text-fg-muted">
        <Spinner className="size-4" />
        {t('app.loading')}
      </p>
    );
  return (
    <ul aria-label={t('orderAmendment.listProducts')} className="flex flex-col gap-1">
      {items.map((item) =>
        item.product === null ? null : (
          <li key={item.productId} className="flex items-center justify-between gap-2">
            <span dir="auto">{item.product.name}</span>
            <AddButton
              product={item.product}
              onAdd={() =>
                amendment.send({
                  type: 'amendment.productAdded',
                  product: item.product as Product,
                  // the list's preferred quantity and unit
                  preferred: { quantity: quantityOfWire(item.quantity), unit: item.unit },
                })
              }
            />
          </li>
        ),
      )}
    </ul>
  );
}
