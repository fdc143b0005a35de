import { useTranslation } from 'react-i18next';
import type { MinimumOrderHint as Hint } from '../../../machines/checkout';
import { longDay } from '../../components/delivery-day-picker/date-texts';
import { usePriceFormatter } from '../../hooks/use-price-formatter';

// First-strong isolates keep amounts and days in their own direction inside Arabic text.
const isolate = (text: string) => `\u2068${text}\u2069`;

/** The words of a hint: how much is missing for which minimum and day, and the fee below it. */
export function useMinimumOrderText(hint: Hint | null): string | null {
  const { t, i18n } = useTranslation();
  const price = usePriceFormatter();
  if (hint === null || price.status !== 'ready') return null;
  const values = {
    amount: isolate(price.money(hint.missing)),
    minimum: isolate(price.money(hint.minimum)),
    fee: isolate(price.money(hint.fee ?? '0')),
    day: hint.day ? isolate(longDay(hint.day, i18n.language)) : '',
  };
  if (hint.fee !== null)
    return hint.day ? t('minimumOrder.hintFee', values) : t('minimumOrder.hintFeeNoDay', values);
  return hint.day ? t('minimumOrder.hint', values) : t('minimumOrder.hintNoDay', values);
}

/**
 * Under the cart's totals while its goods are below the drop's minimum order value: "€38.50 more to
 * reach the €150.00 minimum for Tuesday 1 December" (with the fee added below it, or, when the minimum
 * blocks, that Order waits for it). Gone the moment the cart reaches it.
 */
export function MinimumOrderHint({ hint, id }: { hint: Hint | null; id?: string }) {
  const { t } = useTranslation();
  const text = useMinimumOrderText(hint);
  // a live region that stays in the page, so a change of the missing amount is read out
  return (
    <p id={id} role="status" className="text-sm empty:hidden">
      {text && hint && (
        <span className="block rounded-md border border-brand/40 bg-surface-sunken px-3 py-2 text-fg">
          {text}
          {hint.mode === 'block' && <span className="block text-fg-muted">{t('minimumOrder.blocked')}</span>}
        </span>
      )}
    </p>
  );
}
