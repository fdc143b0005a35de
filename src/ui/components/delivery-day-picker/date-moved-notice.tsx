import { useTranslation } from 'react-i18next';
import type { IsoDate } from '../../../domain/types';
import { longDay } from './date-texts';

/**
 * The cut-off of the chosen day passed while the cart was open and the caller moved the order to the
 * next served day: said at once, never silently.
 */
export function DateMovedNotice({ from, to }: { from: IsoDate; to: IsoDate }) {
  const { t, i18n } = useTranslation();
  return (
    <p role="alert" className="rounded-md border border-line bg-surface-sunken px-3 py-2 text-sm text-fg">
      {t('deliveryDays.moved', { from: longDay(from, i18n.language), to: longDay(to, i18n.language) })}
    </p>
  );
}
