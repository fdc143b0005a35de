import { Repeat } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { StandingOrderSource } from '../../../machines/standing-orders';
import { useCapability } from '../../hooks/use-capability';
import { useCloseCart } from '../../hooks/use-open-cart';
import { secondaryButton } from '../quick-order/button-classes';
import { standingOrderPaths } from './standing-order-paths';

/**
 * "Make a standing order" on the favourite list, the order detail and the cart: opens the create form
 * with that source; absent when the backend has no standing orders.
 */
export function MakeStandingOrderLink({ source }: { source: StandingOrderSource }) {
  const { t } = useTranslation();
  // from the cart drawer the form opens on the page, so the drawer closes
  const closeCart = useCloseCart();
  if (!useCapability('standingOrders')) return null;
  return (
    <Link
      href={standingOrderPaths.create(source)}
      onClick={source.kind === 'cart' ? closeCart : undefined}
      className={secondaryButton}
    >
      <Repeat aria-hidden="true" className="size-4" />
      {t('standingOrders.make')}
    </Link>
  );
}
