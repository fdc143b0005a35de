import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { CartActorRef } from '../../../machines/cart';
import { selectInvalidLineItem } from '../../../machines/cart';
import { bidiIsolate } from '../../app/layout/bidi-isolate';

/**
 * Above the Order button while a line shows text that is no quantity: Order is disabled then (what
 * the line shows is not what would be ordered), and this says which line to correct.
 */
export function InvalidLineNote({ cart }: { cart: CartActorRef }) {
  const { t, i18n } = useTranslation();
  const item = useSelector(cart, selectInvalidLineItem);
  if (!item) return null;
  return (
    <p role="status" className="text-sm text-danger">
      {t('cart.fixQuantityToOrder', { name: bidiIsolate(i18n.dir())(item.product.name) })}
    </p>
  );
}
