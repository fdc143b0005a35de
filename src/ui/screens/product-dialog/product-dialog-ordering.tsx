import { shallowEqual, useSelector } from '@xstate/react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { CampaignProduct, Product } from '../../../domain/types';
import { unitDisplayName } from '../../../domain/units';
import { selectUnitsRef } from '../../../machines/app';
import { selectIsResourceRejected } from '../../../machines/catalogue';
import {
  selectAddBlockedKey,
  selectCanDecrease,
  selectCanIncrease,
  selectIsQuantityDisabled,
  selectIsWaitingForUnits,
  selectLineAmount,
  selectListLine,
  selectOrderableUnits,
  selectQuantity,
  selectQuantityMessageKey,
  selectQuantityText,
  selectSelectedUnit,
  selectUnitErrorKey,
} from '../../../machines/product';
import { selectIsDemo } from '../../../machines/session';
import { DepositLine } from '../../app/price/deposit-line';
import { Price } from '../../app/price/price';
import { ErrorState } from '../../components/error-state';
import { LoadingState } from '../../components/loading-state';
import { QuantityControl } from '../../components/quantity-control';
import { usePriceBasis } from '../../hooks/cart-hooks';
import { useAppActor, useSessionRef } from '../../hooks/use-app-actor';
import { AddToListMenu } from '../favourites/add-to-list-menu';
import { AddToCartAction } from './add-to-cart-action';
import type { ProductDialogRef } from './product-dialog-types';

interface ProductDialogOrderingProps {
  dialog: ProductDialogRef;
  product: Product | CampaignProduct;
}

/** Unit selector, quantity control, the line amount and the cart action (spec points 2 and 4). */
export function ProductDialogOrdering({ dialog, product }: ProductDialogOrderingProps) {
  const { t, i18n } = useTranslation();
  const unitSelectId = useId();
  const units = useSelector(useAppActor(), selectUnitsRef);
  const unitsFailed = useSelector(units, (snapshot) =>
    snapshot ? selectIsResourceRejected(snapshot) : false,
  );
  const waiting = useSelector(dialog, selectIsWaitingForUnits);
  const unitErrorKey = useSelector(dialog, selectUnitErrorKey);
  const orderableUnits = useSelector(dialog, selectOrderableUnits);
  const selectedUnit = useSelector(dialog, selectSelectedUnit);
  const listLine = useSelector(dialog, selectListLine, shallowEqual);
  const quantity = useSelector(dialog, selectQuantity);
  const quantityText = useSelector(dialog, selectQuantityText);
  const messageKey = useSelector(dialog, selectQuantityMessageKey);
  const disabled = useSelector(dialog, selectIsQuantityDisabled);
  const canDecrease = useSelector(dialog, selectCanDecrease);
  const canIncrease = useSelector(dialog, selectCanIncrease);
  const basis = usePriceBasis();
  const lineAmount = useSelector(dialog, (s) => selectLineAmount(s, basis));
  const blockedKey = useSelector(dialog, selectAddBlockedKey);
  // Spec point 6: a demo user has no cart.
  const isDemo = useSelector(useSessionRef(), selectIsDemo);

  if (waiting) {
    return unitsFailed ? (
      <ErrorState onRetry={() => units?.send({ type: 'resource.load' })} />
    ) : (
      <LoadingState label={t('product.loadingUnits')} />
    );
  }
  if (unitErrorKey) {
    // The unit chain of this product is broken (unit not found, or a loop): it cannot be ordered.
    return (
      <p role="alert" className="rounded-md border border-danger/40 bg-danger-soft px-3 py-2 text-danger">
        {t('errors.unknown')}
      </p>
    );
  }

  return (
    <div className="flex flex-col gap-3 rounded-lg border border-line bg-surface p-3">
      <div className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor={unitSelectId} className="mb-1 block font-medium">
            {t('product.unit')}
          </label>
          <select
            id={unitSelectId}
            value={selectedUnit?.id ?? ''}
            disabled={orderableUnits.length < 2}
            onChange={(event) =>
              dialog.send({ type: 'productDialog.unitSelected', unitId: Number(event.target.value) })
            }
            className="h-11 min-w-32 rounded-md border border-line bg-surface-raised px-2 desktop:h-9"
          >
            {orderableUnits.map((unit) => (
              <option key={unit.id} value={unit.id}>
                {unit.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <span className="mb-1 block font-medium" aria-hidden="true">
            {t('quantity.label')}
          </span>
          <QuantityControl
            text={quantityText}
            messageKey={messageKey}
            disabled={disabled}
            canDecrease={canDecrease}
            canIncrease={canIncrease}
            onDecrease={() => dialog.send({ type: 'productDialog.quantityDecreased' })}
            onIncrease={() => dialog.send({ type: 'productDialog.quantityIncreased' })}
            onType={(text) => dialog.send({ type: 'productDialog.quantityTyped', text })}
            {...(selectedUnit
              ? { unitName: unitDisplayName(selectedUnit, quantity ?? 2, i18n.language) }
              : {})}
          />
        </div>
      </div>
      {lineAmount && (
        <p className="flex flex-wrap items-baseline gap-2">
          <span className="text-fg-muted">{t('product.lineAmount')}</span>
          <Price current={lineAmount.amount} />
          {lineAmount.deposit && <DepositLine amount={lineAmount.deposit} className="text-sm" />}
        </p>
      )}
      {!isDemo && (
        <div className="flex flex-wrap items-start gap-2">
          <AddToCartAction
            product={product}
            unitId={selectedUnit?.id ?? null}
            quantity={quantity}
            blockedKey={blockedKey}
            onLeave={() => dialog.send({ type: 'productDialog.closed' })}
          />
          {/* the list keeps the quantity and unit chosen here */}
          <AddToListMenu product={product} line={listLine} labelled />
        </div>
      )}
    </div>
  );
}
