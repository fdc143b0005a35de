import { useTranslation } from 'react-i18next';
import type { IsoDate } from '../../../domain/types';
import { longDay } from './date-texts';

/**
 * The caller moved the order to another day while the cart was open: the chosen day's cut-off passed
 * (to the next served day), or another delivery address was chosen whose route does not serve it (to
 * its earliest served day). Said at once, never silently.
 */
export function DateMovedNotice({
  from,
  to,
  cause = 'cutoffPassed',
}: {
  from: IsoDate;
  to: IsoDate;
  cause?: 'cutoffPassed' | 'addressChanged';
}) {
  const { t, i18n } = useTranslation();
  const days = { from: longDay(from, i18n.language), to: longDay(to, i18n.language) };
  return (
    <p role="alert" className="rounded-md border border-line bg-surface-sunken px-3 py-2 text-sm text-fg">
      {cause === 'addressChanged'
        ? t('checkout.deliveryAddress.dateMoved', days)
        : t('deliveryDays.moved', days)}
    </p>
  );
}
