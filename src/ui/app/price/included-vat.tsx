import { useTranslation } from 'react-i18next';
import type { DecimalString, RateTax } from '../../../domain/types';
import { Money } from './money';

/**
 * The VAT a gross figure contains (decision 007): one line per rate ("Includes VAT 7 %") when the
 * per-rate figures are known, else the one total. `layout` follows the list it sits in: rows of a
 * two-column grid (a dl) or flex rows.
 */
export function IncludedVat({
  taxes,
  total,
  layout,
}: {
  taxes: readonly RateTax[] | undefined;
  total: DecimalString;
  layout: 'grid' | 'flex';
}) {
  const { t, i18n } = useTranslation();
  const rows =
    taxes && taxes.length > 0
      ? taxes.map((rate) => ({
          key: rate.ratePercent,
          label: t('cart.includedTaxAtRate', {
            rate: new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 }).format(
              Number(rate.ratePercent),
            ),
          }),
          amount: rate.tax,
        }))
      : [{ key: 'all', label: t('cart.includedTax'), amount: total }];
  return (
    <>
      {rows.map((row) =>
        layout === 'grid' ? (
          <div key={row.key} className="col-span-2 grid grid-cols-subgrid text-xs text-fg-muted">
            <dt>{row.label}</dt>
            <dd className="text-end">
              <Money amount={row.amount} />
            </dd>
          </div>
        ) : (
          <p key={row.key} className="-mt-2 flex justify-between gap-3 text-xs text-fg-muted">
            <span>{row.label}</span>
            <Money amount={row.amount} />
          </p>
        ),
      )}
    </>
  );
}
