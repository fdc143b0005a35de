import { ShoppingCart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { CartActionProps } from './ProductDialog';

/**
 * PLACEHOLDER (issue 3): the dialog's add-to-cart button is on screen, but adding (spinner, toast,
 * in-cart notice, go-to-cart) belongs to the cart issue, which replaces this through
 * `<ProductDialogProvider cartAction={...}>`. Until then the button explains itself instead of
 * pretending to add.
 */
export function AddToCartPlaceholder({ quantity, unitId, blockedKey }: CartActionProps) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      disabled={blockedKey !== null || quantity === null || quantity < 1 || unitId === null}
      title={t('product.cartComingSoon')}
      className="tap-target inline-flex items-center justify-center gap-2 rounded-md bg-brand px-4 font-semibold text-brand-contrast hover:bg-brand-strong disabled:opacity-60"
    >
      <ShoppingCart aria-hidden="true" className="size-4" />
      {t('product.addToCart')}
    </button>
  );
}
