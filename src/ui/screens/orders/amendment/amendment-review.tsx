import { useTranslation } from 'react-i18next';
import type { Order, Unit } from '../../../../domain/types';
import { unitDisplayName } from '../../../../domain/units';
import type { AmendmentDraft, LineChange } from '../../../../machines/orders';
import { draftChanges } from '../../../../machines/orders';
import { longDay } from '../../../components/delivery-day-picker/date-texts';

/** What the draft changes, before it is sent: lines added, removed and changed, the day and the note. */
export function AmendmentReview({
  draft,
  order,
  units,
}: {
  draft: AmendmentDraft;
  order: Order;
  units: Unit[] | null;
}) {
  const { t, i18n } = useTranslation();
  const changes = draftChanges(draft, order);
  const amount = ({ quantity, unit }: { quantity: number; unit: number }) => {
    const found = units?.find((candidate) => candidate.id === unit);
    return found ? `${quantity} ${unitDisplayName(found, quantity, i18n.language)}` : String(quantity);
  };
  const lineText = (change: LineChange) => {
    if (change.kind === 'added')
      return t('orderAmendment.reviewAdded', { name: change.name, quantity: amount(change.to) });
    if (change.kind === 'removed') return t('orderAmendment.reviewRemoved', { name: change.name });
    return t('orderAmendment.reviewChanged', {
      name: change.name,
      from: amount(change.from),
      to: amount(change.to),
    });
  };
  const nothing = changes.lines.length === 0 && changes.day === null && changes.note === null;
  return (
    <section aria-labelledby="amendment-review" className="flex flex-col gap-2">
      <h3 id="amendment-review" className="font-semibold">
        {t('orderAmendment.reviewTitle')}
      </h3>
      {nothing ? (
        <p className="text-fg-muted">{t('orderAmendment.nothingChanged')}</p>
      ) : (
        <ul className="list-disc ps-5">
          {changes.lines.map((change) => (
            <li key={`${change.kind}-${change.name}`} dir="auto">
              {lineText(change)}
            </li>
          ))}
          {changes.day && (
            <li>
              {t('orderAmendment.reviewDay', {
                from: changes.day.from ? longDay(changes.day.from, i18n.language) : '—',
                to: changes.day.to ? longDay(changes.day.to, i18n.language) : '—',
              })}
            </li>
          )}
          {changes.note !== null && <li>{t('orderAmendment.reviewNote')}</li>}
        </ul>
      )}
    </section>
  );
}
