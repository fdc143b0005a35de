import { Check, Circle, CircleDot, XCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { IsoDateTime } from '../../../domain/types';
import { shortMoment } from './suborder-life-texts';
import type { ProgressStep } from './suborder-progress';

const markClass = 'mt-0.5 size-4 shrink-0';

function StepMark({ step }: { step: ProgressStep }) {
  if (step.stage === 'done') return <Check aria-hidden="true" className={`${markClass} text-brand`} />;
  if (step.stage === 'upcoming')
    return <Circle aria-hidden="true" className={`${markClass} text-fg-muted`} />;
  if (step.state === 'cancelled')
    return <XCircle aria-hidden="true" className={`${markClass} text-danger`} />;
  return <CircleDot aria-hidden="true" className={`${markClass} text-brand`} />;
}

/**
 * A suborder's way from placed to delivered and invoiced (or cancelled), as an ordered list: each
 * step reached with its time, the one it is in now marked (aria-current), the steps ahead muted.
 * While shipped, the expected arrival shows under that step. One column on a phone, a row of steps
 * where there is room.
 */
export function SuborderTimeline({
  steps,
  eta,
  labelledBy,
}: {
  steps: readonly ProgressStep[];
  /** the expected arrival, shown while the suborder is shipped */
  eta: IsoDateTime | null;
  labelledBy: string;
}) {
  const { t, i18n } = useTranslation();
  return (
    <ol
      aria-labelledby={labelledBy}
      className="flex flex-col gap-2 md:flex-row md:flex-wrap md:gap-x-6 md:gap-y-2"
    >
      {steps.map((step) => {
        const current = step.stage === 'current';
        return (
          <li
            key={step.state}
            aria-current={current ? 'step' : undefined}
            className={`flex items-start gap-2 ${step.stage === 'upcoming' ? 'text-fg-muted' : ''}`}
          >
            <StepMark step={step} />
            <span className="flex flex-col">
              <span className={current ? 'font-semibold' : ''}>
                {t(`orderDetail.progress.steps.${step.state}`, { defaultValue: step.state })}
                {step.stage === 'upcoming' && (
                  <span className="sr-only"> {t('orderDetail.progress.upcoming')}</span>
                )}
              </span>
              {step.at && (
                <time dateTime={step.at} className="text-xs text-fg-muted tabular-nums">
                  {shortMoment(step.at, i18n.language)}
                </time>
              )}
              {current && step.state === 'shipped' && eta && (
                <span className="text-xs font-medium text-brand">
                  {t('orderDetail.progress.expected', { moment: shortMoment(eta, i18n.language) })}
                </span>
              )}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
