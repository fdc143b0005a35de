import { useActorRef, useSelector } from '@xstate/react';
import { CircleCheck, Plus, RotateCw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { Product } from '../../../domain/types';
import type { FavouriteListsRef } from '../../../machines/favourites';
import {
  bindAddToList,
  bindFavouriteListCreate,
  selectAddToListProblemKey,
  selectAreFavouriteListsLoading,
  selectCanRetryWrite,
  selectCreatedList,
  selectFavouriteListsFailed,
  selectHasLoadedFavouriteLists,
  selectIsWritingItem,
  selectOwnFavouriteLists,
  selectWritingListId,
} from '../../../machines/favourites';
import { bidiIsolate } from '../../app/layout/bidi-isolate';
import { paths } from '../../app/routes';
import { LoadingState } from '../../components/loading-state';
import { Spinner } from '../../components/spinner';
import { useBoundMachine, usePortalInspection } from '../../hooks/use-app-actor';
import type { PreferredLine } from './add-to-list-line';
import { NewListFields } from './new-list-fields';

interface AddToListPanelProps {
  product: Pick<Product, 'id' | 'name'>;
  line: PreferredLine | null;
  lists: FavouriteListsRef;
  onClose: () => void;
}

/** The open menu: the user's own lists as checkboxes (checked = the product is on it) and "New list". */
export function AddToListPanel({ product, line, lists, onClose }: AddToListPanelProps) {
  const { t, i18n } = useTranslation();
  const isolate = bidiIsolate(i18n.dir());
  // one machine per opened menu: the line is what the caller showed when the menu opened
  const writer = useActorRef(useBoundMachine(bindAddToList), {
    ...usePortalInspection(),
    input: { productId: product.id, quantity: line?.quantity ?? '1', unit: line?.unit ?? 0 },
  });
  const create = useActorRef(useBoundMachine(bindFavouriteListCreate), {
    ...usePortalInspection(),
    input: {},
  });
  const own = useSelector(lists, selectOwnFavouriteLists);
  const loading = useSelector(lists, selectAreFavouriteListsLoading);
  const failed = useSelector(lists, selectFavouriteListsFailed);
  const loaded = useSelector(lists, selectHasLoadedFavouriteLists);
  const busy = useSelector(writer, selectIsWritingItem);
  const writingId = useSelector(writer, selectWritingListId);
  const problemKey = useSelector(writer, selectAddToListProblemKey);
  const canRetry = useSelector(writer, selectCanRetryWrite);
  const created = useSelector(create, selectCreatedList);
  const [naming, setNaming] = useState(false);
  const titleId = `add-to-list-${product.id}-title`;

  return (
    <section className="flex flex-col gap-2" aria-labelledby={titleId}>
      <p id={titleId} className="px-1 text-sm font-semibold">
        {t('favourites.addToList.title')}
      </p>
      {loading && <LoadingState label={t('favourites.addToList.loading')} />}
      {failed && !loaded && (
        <div role="alert" className="flex flex-wrap items-center gap-2 px-1 text-sm text-danger">
          <span>{t('favourites.errors.loadFailed')}</span>
          <button
            type="button"
            onClick={() => lists.send({ type: 'favourites.load' })}
            className="tap-target inline-flex items-center gap-1 font-medium text-brand underline"
          >
            <RotateCw aria-hidden="true" className="size-4" />
            {t('common.retry')}
          </button>
        </div>
      )}
      {loaded && own.length === 0 && !created && (
        <p className="px-1 text-sm text-fg-muted">{t('favourites.addToList.noLists')}</p>
      )}
      {own.length > 0 && (
        <ul className="flex max-h-60 flex-col overflow-y-auto">
          {own.map((list) => {
            const checked = list.productIds.includes(product.id);
            return (
              <li key={list.id}>
                <label className="tap-target flex cursor-pointer items-center gap-2 rounded px-1 hover:bg-surface-sunken has-aria-disabled:cursor-wait">
                  <input
                    type="checkbox"
                    checked={checked}
                    // not `disabled` while a write runs: that would drop the keyboard focus (the chart
                    // ignores a toggle until the write is answered)
                    disabled={line === null}
                    aria-disabled={busy || undefined}
                    onChange={() =>
                      writer.send({ type: 'addToList.toggled', listId: list.id, onList: checked })
                    }
                    className="size-4 accent-brand"
                  />
                  <bdi dir="auto" className="min-w-0 flex-1 truncate [text-align:match-parent]">
                    {list.name}
                  </bdi>
                  {writingId === list.id && <Spinner className="size-4" />}
                </label>
              </li>
            );
          })}
        </ul>
      )}
      {problemKey && (
        <div role="alert" className="flex flex-wrap items-center gap-2 px-1 text-sm text-danger">
          <span>{t(problemKey as 'favourites.errors.failed')}</span>
          {canRetry && (
            <button
              type="button"
              onClick={() => writer.send({ type: 'addToList.retried' })}
              className="tap-target inline-flex items-center gap-1 font-medium text-brand underline"
            >
              <RotateCw aria-hidden="true" className="size-4" />
              {t('common.retry')}
            </button>
          )}
        </div>
      )}
      <div className="border-t border-line pt-2">
        {created ? (
          <p role="status" className="flex flex-wrap items-center gap-2 px-1 text-sm">
            <CircleCheck aria-hidden="true" className="size-4 text-emerald-700 dark:text-emerald-400" />
            <span>{t('favourites.addToList.created', { name: isolate(created.name) })}</span>
            <Link
              href={paths.favouriteList(created.id)}
              onClick={onClose}
              className="font-medium text-brand underline"
            >
              {t('favourites.create.openList')}
            </Link>
          </p>
        ) : naming && line ? (
          <NewListFields
            create={create}
            items={() => [{ product: product.id, quantity: line.quantity, unit: line.unit }]}
            compact
            autoFocus
          />
        ) : (
          <button
            type="button"
            disabled={line === null}
            onClick={() => setNaming(true)}
            className="tap-target flex w-full items-center gap-2 rounded px-1 text-start font-medium text-brand hover:bg-surface-sunken"
          >
            <Plus aria-hidden="true" className="size-4" />
            {t('favourites.addToList.newList')}
          </button>
        )}
      </div>
    </section>
  );
}
