import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { createActor } from 'xstate';
import { unitDisplayName } from '../../../domain/units';
import { bindAddToCart, selectCanAdd, selectIsInCart } from '../../../machines/product';
import type { ScanResult } from '../../../machines/scan';
import { useUnits } from '../../hooks/cart-hooks';
import { useBoundMachine, usePortalInspection } from '../../hooks/use-app-actor';

/**
 * Puts a confirmed scan into the cart the way the product dialog does (its add-to-cart chart and
 * toasts), and says what was added. A product already in the cart is left as it is and the toast says so.
 */
export function useAddScannedToCart(): (result: ScanResult) => void {
  const { t, i18n } = useTranslation();
  const logic = useBoundMachine(bindAddToCart);
  const inspection = usePortalInspection();
  const units = useUnits();
  return ({ product, unit, quantity }) => {
    const unitRecord = units?.find((candidate) => candidate.id === unit);
    const unitName = unitRecord ? unitDisplayName(unitRecord, quantity, i18n.language) : '';
    const actor = createActor(logic, { ...inspection, input: { product } });
    actor.on('addToCart.added', () => {
      toast.success(t('scan.addedToCart', { quantity, unit: unitName, name: product.name }));
      actor.stop();
    });
    actor.on('addToCart.failed', () => {
      toast.error(t('cart.addFailed'));
      actor.stop();
    });
    let asked = false;
    actor.subscribe((snapshot) => {
      if (asked) return;
      if (selectCanAdd(snapshot, quantity, unit)) {
        asked = true;
        actor.send({ type: 'addToCart.requested', quantity, unit });
      } else if (selectIsInCart(snapshot)) {
        asked = true;
        toast.info(t('scan.alreadyInCart', { name: product.name }));
        actor.stop();
      }
    });
    actor.start();
  };
}
