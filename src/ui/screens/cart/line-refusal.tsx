import { useSelector } from '@xstate/react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Unit } from '../../../domain/types';
import { unitDisplayName } from '../../../domain/units';
import type { CartLineRef, LineRefusal } from '../../../machines/cart';
import { selectLineRefusal, selectRefusalOffer, selectRefusedUnit } from '../../../machines/cart';

const buttonClass = 'tap-target rounded-md px-2 font-medium underline';

/** The refusal in the interface language; the server's own text only for a code the portal has no words for. */
function refusalText(t: TFunction, refusal: LineRefusal, unitName: string): string {
  switch (refusal.code) {
    case 'not_enough_stock':
      if (refusal.maxQuantity !== null)
        return t('stock.notEnough', { max: refusal.maxQuantity, unit: unitName });
      break;
    case 'out_of_stock':
      return t('cart.refused.outOfStock');
    case 'invalid_unit':
      return t('cart.refused.invalidUnit');
    case 'invalid_quantity':
      return t('cart.refused.invalidQuantity');
    case 'unknown_product':
      return t('cart.refused.unknownProduct');
    case 'product_not_available':
      return t('cart.refused.productNotAvailable');
    case 'gone':
      return t('cart.refused.gone');
    case 'demo_account':
      return t('cart.refused.demo');
    case 'other':
      break;
  }
  return refusal.detail
    ? t('cart.refused.otherWithReason', { reason: refusal.detail })
    : t('cart.refused.other');
}

/**
 * A change the server refused, with its reason and what can succeed (the most stock allows, or
 * removal) in place of a Try again that cannot. Nothing shows while the line has no refusal.
 */
export function LineRefusalMessage({
  line,
  units,
  className = '',
}: {
  line: CartLineRef;
  units: Unit[];
  /** where it sits: in the line's flow (the drawer) or over what is below (a list row, whose height is fixed) */
  className?: string;
}) {
  const { t, i18n } = useTranslation();
  const refusal = useSelector(line, selectLineRefusal);
  const offer = useSelector(line, selectRefusalOffer);
  const unitId = useSelector(line, selectRefusedUnit);
  if (!refusal) return null;
  const unit = units.find((candidate) => candidate.id === unitId);
  const language = i18n.resolvedLanguage ?? i18n.language;
  const unitName = unit ? unitDisplayName(unit, refusal.maxQuantity ?? 0, language) : '';
  return (
    <div
      role="alert"
      className={`flex flex-wrap items-center gap-2 rounded-md bg-danger-soft px-2 py-1 text-danger ${className}`}
    >
      <span className="flex-1">{refusalText(t, refusal, unitName)}</span>
      {offer === 'takeMost' && (
        <button
          type="button"
          onClick={() => line.send({ type: 'line.mostAccepted' })}
          className={buttonClass}
        >
          {t('cart.takeMost', { max: refusal.maxQuantity, unit: unitName })}
        </button>
      )}
      {offer === 'remove' && (
        <button
          type="button"
          onClick={() => line.send({ type: 'line.removeRequested' })}
          className={buttonClass}
        >
          {t('cart.remove')}
        </button>
      )}
      <button
        type="button"
        onClick={() => line.send({ type: 'line.errorDismissed' })}
        className="tap-target rounded-md px-2"
      >
        {t('common.close')}
      </button>
    </div>
  );
}
