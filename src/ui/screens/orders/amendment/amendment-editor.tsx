import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  dayProblems,
  lineProblems,
  otherProblems,
  selectAmendedOrder,
  selectAmendmentDraft,
  selectAmendmentRefusal,
  selectCanReview,
  selectCutoffPassed,
  selectIsConfirmingLeave,
  selectIsReviewing,
  selectIsSending,
} from '../../../../machines/orders';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Spinner } from '../../../components/spinner';
import { useUnits } from '../../../hooks/cart-hooks';
import { AmendmentAddProduct } from './amendment-add-product';
import { AmendmentLine } from './amendment-line';
import type { OrderAmendmentRef } from './amendment-ref';
import { AmendmentReview } from './amendment-review';
import { localWallTime } from './amendment-texts';

const secondaryButton =
  'tap-target inline-flex items-center gap-2 rounded-md border border-line bg-surface-raised px-3 font-medium hover:bg-surface-sunken disabled:opacity-60';
const primaryButton =
  'tap-target inline-flex items-center gap-2 rounded-md bg-brand px-3 font-medium text-brand-contrast hover:bg-brand-strong disabled:opacity-60';

/** The order's lines as a local draft (nothing is sent until Send changes), its review and its leave question. */
export function AmendmentEditor({
  amendment,
  onLeave,
}: {
  amendment: OrderAmendmentRef;
  /** the leave question's answer: the caller goes on to a link the buyer followed, if any */
  onLeave: (confirmed: boolean) => void;
}) {
  const { t, i18n } = useTranslation();
  const units = useUnits();
  const ids = useId();
  const order = useSelector(amendment, selectAmendedOrder);
  const draft = useSelector(amendment, selectAmendmentDraft);
  const refusal = useSelector(amendment, selectAmendmentRefusal);
  const reviewing = useSelector(amendment, selectIsReviewing);
  const sending = useSelector(amendment, selectIsSending);
  const canReview = useSelector(amendment, selectCanReview);
  const passed = useSelector(amendment, selectCutoffPassed);
  const confirmingLeave = useSelector(amendment, selectIsConfirmingLeave);
  const general = otherProblems(refusal);
  const dayErrors = dayProblems(refusal);
  const dayErrorId = `${ids}-day-error`;
  const close = () => amendment.send({ type: 'amendment.closeRequested' });

  return (
    <section
      aria-labelledby={`${ids}-title`}
      aria-busy={sending}
      className="flex flex-col gap-4 rounded-md border border-line bg-surface-raised p-4"
    >
      <h2 id={`${ids}-title`} className="text-lg font-semibold">
        {t('orderAmendment.editorTitle', { number: order.id })}
      </h2>
      {passed && order.amendableUntil && (
        <p role="alert" className="rounded-md bg-danger-soft px-3 py-2 text-danger">
          {t('orderAmendment.passedWhileEditing', {
            time: localWallTime(order.amendableUntil, i18n.language),
          })}
        </p>
      )}
      {general.length > 0 && (
        <ul role="alert" className="rounded-md bg-danger-soft px-3 py-2 text-danger">
          {general.map((problem) => (
            <li key={problem} dir="auto">
              {problem}
            </li>
          ))}
        </ul>
      )}
      {reviewing || sending ? (
        <>
          <AmendmentReview draft={draft} order={order} units={units} />
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              disabled={sending}
              onClick={() => amendment.send({ type: 'amendment.sendRequested' })}
              className={primaryButton}
            >
              {sending && <Spinner className="size-4" />}
              {sending ? t('orderAmendment.sending') : t('orderAmendment.send')}
            </button>
            <button
              type="button"
              disabled={sending}
              onClick={() => amendment.send({ type: 'amendment.editRequested' })}
              className={secondaryButton}
            >
              {t('orderAmendment.backToEditing')}
            </button>
          </div>
        </>
      ) : (
        <>
          {draft.lines.length === 0 ? (
            <p className="text-fg-muted">{t('orderAmendment.noLines')}</p>
          ) : (
            <ul aria-label={t('orderAmendment.lines')}>
              {draft.lines.map((line, index) => (
                <AmendmentLine
                  key={line.key}
                  line={line}
                  units={units}
                  problems={lineProblems(refusal, index)}
                  amendment={amendment}
                />
              ))}
            </ul>
          )}
          <AmendmentAddProduct amendment={amendment} />
          <div className="grid gap-3 desktop:grid-cols-2">
            <div className="flex flex-col gap-1">
              <label htmlFor={`${ids}-day`} className="text-sm font-medium">
                {t('orderAmendment.day')}
              </label>
              <input
                id={`${ids}-day`}
                type="date"
                value={draft.day}
                aria-invalid={dayErrors.length > 0}
                aria-describedby={dayErrors.length > 0 ? dayErrorId : undefined}
                onChange={(event) =>
                  amendment.send({ type: 'amendment.dayChanged', day: event.target.value })
                }
                className="h-11 rounded-md border border-line bg-surface-raised px-2 desktop:h-9"
              />
              {dayErrors.length > 0 && (
                <p id={dayErrorId} role="alert" dir="auto" className="text-sm text-danger">
                  {dayErrors.join(' ')}
                </p>
              )}
            </div>
            <div className="flex flex-col gap-1">
              <label htmlFor={`${ids}-note`} className="text-sm font-medium">
                {t('orderDetail.note')}
              </label>
              <textarea
                id={`${ids}-note`}
                dir="auto"
                value={draft.note}
                maxLength={2000}
                onChange={(event) =>
                  amendment.send({ type: 'amendment.noteChanged', note: event.target.value })
                }
                className="min-h-20 rounded-md border border-line bg-surface-raised px-2 py-1"
              />
            </div>
          </div>
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              disabled={!canReview}
              onClick={() => amendment.send({ type: 'amendment.reviewRequested' })}
              className={primaryButton}
            >
              {t('orderAmendment.review')}
            </button>
            <button type="button" onClick={close} className={secondaryButton}>
              {t('orderAmendment.close')}
            </button>
          </div>
        </>
      )}
      <ConfirmDialog
        open={confirmingLeave}
        title={t('orderAmendment.leaveTitle')}
        message={t('orderAmendment.leaveMessage')}
        confirmLabel={t('orderAmendment.discard')}
        cancelLabel={t('orderAmendment.keepEditing')}
        danger
        onConfirm={() => onLeave(true)}
        onCancel={() => onLeave(false)}
      />
    </section>
  );
}
