import { CalendarRange } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatDayMonthYear } from '../../../domain/dates';
import type { Campaign } from '../../../domain/types';

/** "1.11.2026 – 30.11.2026": start and end date of a campaign (dd.mm.yyyy, spec point 9). */
export function CampaignDates({ campaign }: { campaign: Campaign }) {
  const { t } = useTranslation();
  return (
    <p className="flex items-center gap-2 text-fg-muted">
      <CalendarRange aria-hidden="true" className="size-4 shrink-0" />
      <span>
        {t('campaigns.dates', {
          start: formatDayMonthYear(campaign.startsAt),
          end: formatDayMonthYear(campaign.endsAt),
        })}
      </span>
    </p>
  );
}
