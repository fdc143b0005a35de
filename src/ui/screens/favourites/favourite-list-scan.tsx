import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { createActor } from 'xstate';
import type { DecimalString } from '../../../domain/types';
import { unitDisplayName } from '../../../domain/units';
import {
  bindAddToList,
  selectAddToListProblemKey,
  selectFavouriteList,
  selectIsListEditable,
  selectIsWritingItem,
} from '../../../machines/favourites';
import type { ScanResult } from '../../../machines/scan';
import { useUnits } from '../../hooks/cart-hooks';
import { useBoundMachine, usePortalInspection } from '../../hooks/use-app-actor';
import { ScanLauncher } from '../scan/scan-launcher';
import type { FavouriteListRef } from './favourite-list-types';

/**
 * The scan button of a list its owner may change: a product already on the list gets the scanned unit
 * and quantity (the line's own save), another one is put on the list (as Add to list does) and the
 * list is fetched again.
 */
export function FavouriteListScan({ list }: { list: FavouriteListRef }) {
  const { t, i18n } = useTranslation();
  const editable = useSelector(list, selectIsListEditable);
  const shown = useSelector(list, selectFavouriteList);
  const addToList = useBoundMachine(bindAddToList);
  const inspection = usePortalInspection();
  const units = useUnits();
  if (!editable || !shown) return null;

  const onConfirmed = ({ product, unit, quantity }: ScanResult) => {
    const unitRecord = units?.find((candidate) => candidate.id === unit);
    const told = t('scan.addedToList', {
      quantity,
      unit: unitRecord ? unitDisplayName(unitRecord, quantity, i18n.language) : '',
      name: product.name,
    });
    if (shown.items.some((item) => item.productId === product.id)) {
      list.send({ type: 'line.unitChanged', productId: product.id, unit });
      list.send({ type: 'line.quantityTyped', productId: product.id, text: String(quantity) });
      toast.success(told);
      return;
    }
    const actor = createActor(addToList, {
      ...inspection,
      input: { productId: product.id, quantity: String(quantity) as DecimalString, unit },
    });
    let started = false;
    actor.subscribe((snapshot) => {
      if (selectIsWritingItem(snapshot)) {
        started = true;
        return;
      }
      if (!started) return;
      actor.stop();
      if (selectAddToListProblemKey(snapshot)) toast.error(t('cart.addFailed'));
      else {
        toast.success(told);
        list.send({ type: 'favouriteList.reloadRequested' });
      }
    });
    actor.start();
    actor.send({ type: 'addToList.toggled', listId: shown.id, onList: false });
  };
  return <ScanLauncher onConfirmed={onConfirmed} />;
}
