import { useActorRef, useSelector } from '@xstate/react';
import { Bookmark, CircleCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { cartLinesOf } from '../../../domain/quick-order';
import type { FavouriteLineWrite } from '../../../domain/types';
import { bindFavouriteListCreate, selectCreatedList } from '../../../machines/favourites';
import { selectPreviewRows } from '../../../machines/quick-order';
import { selectIsDemo } from '../../../machines/session';
import { bidiIsolate } from '../../app/layout/bidi-isolate';
import { paths } from '../../app/routes';
import { useUnits } from '../../hooks/cart-hooks';
import { useBoundMachine, usePortalInspection, useSessionRef } from '../../hooks/use-app-actor';
import { useCapability } from '../../hooks/use-capability';
import { NewListFields } from '../favourites/new-list-fields';
import { secondaryButton } from './button-classes';
import type { QuickOrderRef } from './quick-order-ref';

/**
 * "Save as list": the preview's valid rows, one line per product as the cart would take
 * them, become a new favourite list in one call. Hidden for demo users (they have no lists) and on a
 * backend without favourite lists.
 */
export function SaveAsList({ quickOrder }: { quickOrder: QuickOrderRef }) {
  const isDemo = useSelector(useSessionRef(), selectIsDemo);
  const hasLists = useCapability('favourites');
  if (isDemo || !hasLists) return null;
  return <SaveAsListForm quickOrder={quickOrder} />;
}

function SaveAsListForm({ quickOrder }: { quickOrder: QuickOrderRef }) {
  const { t, i18n } = useTranslation();
  const isolate = bidiIsolate(i18n.dir());
  const [open, setOpen] = useState(false);
  const rows = useSelector(quickOrder, selectPreviewRows);
  const units = useUnits();
  const create = useActorRef(useBoundMachine(bindFavouriteListCreate), {
    ...usePortalInspection(),
    input: {},
  });
  const created = useSelector(create, selectCreatedList);
  const lines = (): FavouriteLineWrite[] =>
    cartLinesOf(rows, units ?? []).map((line) => ({
      product: line.product.id,
      quantity: String(line.quantity),
      unit: line.unit.id,
    }));

  if (created) {
    return (
      <p role="status" className="flex flex-wrap items-center gap-2">
        <CircleCheck aria-hidden="true" className="size-5 text-emerald-700 dark:text-emerald-400" />
        <span>{t('quickOrder.saveAsList.saved', { name: isolate(created.name) })}</span>
        <Link href={paths.favouriteList(created.id)} className="font-medium text-brand underline">
          {t('quickOrder.saveAsList.openList')}
        </Link>
      </p>
    );
  }
  if (!open) {
    return (
      <button type="button" onClick={() => setOpen(true)} className={`${secondaryButton} self-start`}>
        <Bookmark aria-hidden="true" className="size-4" />
        {t('quickOrder.saveAsList.button')}
      </button>
    );
  }
  return (
    <section aria-label={t('quickOrder.saveAsList.title')} className="rounded-md border border-line p-3">
      <p className="mb-2 text-fg-muted">{t('quickOrder.saveAsList.hint')}</p>
      <NewListFields
        create={create}
        items={lines}
        withSharing
        autoFocus
        submitLabel={t('quickOrder.saveAsList.submit')}
      />
    </section>
  );
}
