import { useTranslation } from 'react-i18next';
import { cartAmountText } from '../../components/cart-amount-text';
import { useUnits } from '../../hooks/cart-hooks';

/** A cart line a bulk add (reorder, a favourite list to the cart) added to or replaced. */
export interface ChangedCartLine {
  key: string;
  /** the product's name (none when the product is no longer known) */
  name: string | undefined;
  status: 'increased' | 'replaced';
  from: { quantity: string; unit: number };
  to: { quantity: string; unit: number };
}

/**
 * The heading and the list of cart lines that were already in the cart, each with its amount before
 * and after. A fragment: the caller's layout decides the spacing between the two.
 */
export function ChangedCartLines({ lines }: { lines: readonly ChangedCartLine[] }) {
  const { t, i18n } = useTranslation();
  const units = useUnits();
  return (
    <>
      <p className="text-fg-muted">{t('cartMode.changedTitle')}</p>
      <ul aria-label={t('cartMode.changedTitle')} className="list-disc ps-5">
        {lines.map(({ key, name, status, from, to }) => (
          <li key={key}>
            <span dir="auto">{name}</span>
            {' — '}
            {t(status === 'increased' ? 'cartMode.lineAdded' : 'cartMode.lineReplaced', {
              from: cartAmountText(from, units, i18n.language),
              to: cartAmountText(to, units, i18n.language),
            })}
          </li>
        ))}
      </ul>
    </>
  );
}
