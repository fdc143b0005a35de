import { useActorRef, useSelector } from '@xstate/react';
import { Check, ShoppingCart } from 'lucide-react';
import { type RefObject, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { CampaignProduct, Product } from '../../../domain/types';
import { bindAddToCart, selectCanAdd, selectIsAdding, selectIsInCart } from '../../../machines/product';
import { selectIsDemo } from '../../../machines/session';
import { Spinner } from '../../components/spinner';
import { useCartRef } from '../../hooks/cart-hooks';
import { useBoundMachine, usePortalInspection, useSessionRef } from '../../hooks/use-app-actor';

/** Marks a line's quantity box, so Enter can find the next line's (document order). */
export const LINE_QUANTITY_BOX = 'data-favourite-quantity';

/** Enter in a line's quantity box: on to the next line's quantity box in the same list, ready to type over. */
export function focusNextLineQuantity(from: HTMLElement) {
  const scope = from.closest('table') ?? document.body;
  const boxes = [...scope.querySelectorAll<HTMLInputElement>(`input[${LINE_QUANTITY_BOX}]`)];
  const next = boxes.slice(boxes.indexOf(from as HTMLInputElement) + 1).find((box) => !box.disabled);
  next?.focus();
  next?.select();
}

/** What the line's Enter calls: adds the line as shown, when the button could. */
type LineAddHandle = RefObject<(() => void) | null>;

/**
 * A favourite line's own add button, adding the line's quantity and unit as the line shows
 * them (the product dialog's add-to-cart machine and toasts); a line whose product is in the cart
 * shows "In cart" instead. Nothing for a demo user (no cart, no figures).
 */
export function FavouriteLineAdd(props: {
  product: Product | CampaignProduct;
  /** the shown quantity, or null when the shown text is not a quantity */
  quantity: number | null;
  unit: number;
  handle: LineAddHandle;
}) {
  const hasCart = useCartRef() !== undefined;
  const isDemo = useSelector(useSessionRef(), selectIsDemo);
  if (!hasCart || isDemo || props.product.quantityInStock === null) return null;
  return <LineAddButton {...props} />;
}

function LineAddButton({
  product,
  quantity,
  unit,
  handle,
}: {
  product: Product | CampaignProduct;
  quantity: number | null;
  unit: number;
  handle: LineAddHandle;
}) {
  const { t } = useTranslation();
  const actor = useActorRef(useBoundMachine(bindAddToCart), { ...usePortalInspection(), input: { product } });
  const adding = useSelector(actor, selectIsAdding);
  const inCart = useSelector(actor, selectIsInCart);
  const canAdd = useSelector(actor, (s) => selectCanAdd(s, quantity, unit));
  const name = product.name;

  useEffect(() => {
    const added = actor.on('addToCart.added', () => toast.success(t('cart.productAdded')));
    const failed = actor.on('addToCart.failed', () => toast.error(t('cart.addFailed')));
    return () => {
      added.unsubscribe();
      failed.unsubscribe();
    };
  }, [actor, t]);

  const add = () => {
    if (quantity !== null) actor.send({ type: 'addToCart.requested', quantity, unit });
  };
  // the line's Enter adds what is shown now (the machine's guard refuses what the button would)
  useEffect(() => {
    handle.current = add;
    return () => {
      handle.current = null;
    };
  });

  if (inCart) {
    return (
      <span className="inline-flex min-h-11 shrink-0 items-center gap-1 whitespace-nowrap rounded-md border border-line px-3 font-medium text-fg desktop:min-h-9">
        <Check aria-hidden="true" className="size-4 text-brand" />
        {t('orderRow.inCart')}
      </span>
    );
  }
  return (
    <button
      type="button"
      aria-label={t('orderRow.addLabel', { name })}
      disabled={!canAdd}
      aria-busy={adding}
      onClick={add}
      className="tap-target inline-flex shrink-0 items-center justify-center gap-1 rounded-md bg-brand px-3 font-semibold text-brand-contrast hover:bg-brand-strong disabled:cursor-not-allowed disabled:opacity-50"
    >
      {adding ? (
        <Spinner className="size-4" />
      ) : (
        <ShoppingCart aria-hidden="true" className="size-4 rtl:-scale-x-100" />
      )}
      <span aria-hidden="true">{t('orderRow.add')}</span>
    </button>
  );
}
