import { useSelector } from '@xstate/react';
import { Undo2, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { selectCanChangeList, selectRemovedItem } from '../../../machines/favourites';
import { bidiIsolate } from '../../app/layout/bidi-isolate';
import type { FavouriteListRef } from './favourite-list-types';

/** After a line is removed: says which, with Undo (the line goes back with its quantity and unit). */
export function FavouriteListUndo({ list }: { list: FavouriteListRef }) {
  const { t, i18n } = useTranslation();
  const isolate = bidiIsolate(i18n.dir());
  const removed = useSelector(list, selectRemovedItem);
  const canChange = useSelector(list, selectCanChangeList);
  if (!removed) return null;
  const name = removed.product?.name ?? t('favourites.list.unknownProduct', { id: removed.productId });
  return (
    <div
      role="status"
      className="flex flex-wrap items-center gap-3 rounded-md border border-line bg-surface-raised px-3 py-2"
    >
      <p className="min-w-0 flex-1">{t('favourites.list.removed', { name: isolate(name) })}</p>
      <button
        type="button"
        disabled={!canChange}
        onClick={() => list.send({ type: 'line.restoreRequested' })}
        className="tap-target inline-flex items-center gap-2 rounded-md border border-line px-3 font-medium hover:bg-surface-sunken disabled:opacity-60"
      >
        <Undo2 aria-hidden="true" className="size-4" />
        {t('favourites.list.undo')}
      </button>
      <button
        type="button"
        aria-label={t('common.close')}
        onClick={() => list.send({ type: 'line.restoreDismissed' })}
        className="tap-target inline-flex items-center justify-center rounded-md text-fg-muted hover:bg-surface-sunken"
      >
        <X aria-hidden="true" className="size-5" />
      </button>
    </div>
  );
}
