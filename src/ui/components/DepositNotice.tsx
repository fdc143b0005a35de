import { Recycle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { DecimalString } from '../../domain/types';
import { usePriceFormatter } from './usePriceFormatter';

/** "Includes a deposit of €0.25 per unit": the deposit (Pfand) is always in euro (spec point 9). */
export function DepositNotice({ amount }: { amount: DecimalString }) {
  const { t } = useTranslation();
  const price = usePriceFormatter();
  if (price.status !== 'ready') return null;
  return (
    <p className="flex items-center gap-2 text-fg-muted">
      <Recycle aria-hidden="true" className="size-4 shrink-0" />
      {t('price.depositNotice', { amount: price.deposit(amount) })}
    </p>
  );
}
