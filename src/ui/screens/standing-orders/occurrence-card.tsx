import { shallowEqual, useActorRef, useSelector } from '@xstate/react';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { Binder } from '../../../machines/kernel/ports';
import type { Occurrence, ReviewReason } from '../../../machines/standing-orders';
import {
  bindDeliverySubstituteChoice,
  bindOccurrence,
  selectIsOccurrenceBusy,
  selectOccurrence,
  selectOccurrenceDraft,
  selectOccurrencePendingWrite,
  selectOccurrenceView,
} from '../../../machines/standing-orders';
import type { substituteChoiceMachine } from '../../../machines/substitutes';
import { fullDay, intlLocale } from '../../components/delivery-day-picker/date-texts';
import { Spinner } from '../../components/spinner';
import { useBoundMachine, usePortalInspection } from '../../hooks/use-app-actor';
import { primaryButton, secondaryButton } from '../quick-order/button-classes';
import { SubstituteChoice } from '../substitutes/substitute-choice';
import { LinesEditor } from './lines-editor';
import { OccurrenceStatusBadge } from './standing-order-badges';
import { standingOrderPaths } from './standing-order-paths';

const cutoffText = (instant: string, language: string) =>
  new Intl.DateTimeFormat(intlLocale(language), {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(instant));

/**
 * One delivery of a series: its lines, its state, and what can still be done before the cut-off.
 * A write made beside its chart (a substitute taken in the review) hands back the server's answer,
 * and the delivery starts again from it, so what shows is what the server holds.
 */
export function OccurrenceCard({ occurrence }: { occurrence: Occurrence }) {
  const [shown, setShown] = useState({ occurrence, version: 0 });
  const onWritten = useCallback(
    (answer: Occurrence) => setShown((before) => ({ occurrence: answer, version: before.version + 1 })),
    [],
  );
  return <DeliveryCard key={shown.version} occurrence={shown.occurrence} onWritten={onWritten} />;
}

function DeliveryCard({
  occurrence: initial,
  onWritten,
}: {
  occurrence: Occurrence;
  onWritten: (answer: Occurrence) => void;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const ref = useActorRef(useBoundMachine(bindOccurrence), {
    input: { occurrence: initial },
    ...usePortalInspection(),
  });
  const view = useSelector(ref, selectOccurrenceView);
  const occurrence = useSelector(ref, selectOccurrence);
  const draft = useSelector(ref, selectOccurrenceDraft, shallowEqual);
  const busy = useSelector(ref, selectIsOccurrenceBusy);
  const pending = useSelector(ref, selectOccurrencePendingWrite);
  const spin = (kind: string) => (busy && pending === kind ? <Spinner className="size-4" /> : null);
  const nameOf = (productId: number | null) =>
    occurrence.lines.find((line) => line.productId === productId)?.productName ??
    t('standingOrders.productGone');
  // one binder per delivery and its lines: a substitute taken goes into this delivery, not the cart
  const bindDelivery = useMemo<Binder<typeof substituteChoiceMachine>>(
    () => (ports) =>
      bindDeliverySubstituteChoice(ports, {
        seriesId: occurrence.seriesId,
        date: occurrence.deliveryDate,
        lines: occurrence.lines,
        onWritten,
      }),
    [occurrence, onWritten],
  );
  const headingId = `occurrence-${occurrence.seriesId}-${occurrence.deliveryDate}`;
  const open = view === 'open' || view === 'needsReview';

  return (
    <li aria-labelledby={headingId} className="rounded-md border border-line bg-surface-raised p-3">
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={headingId} className="flex-1 font-semibold">
          {fullDay(occurrence.deliveryDate, language)}
        </h3>
        <OccurrenceStatusBadge status={occurrence.status} />
      </div>
      {open && (
        <p className="text-sm text-fg-muted">
          {t('standingOrders.occurrence.changesUntil', { time: cutoffText(occurrence.cutoffAt, language) })}
        </p>
      )}
      {occurrence.thisDeliveryOnly && (
        <p className="text-sm text-fg-muted">{t('standingOrders.occurrence.thisDeliveryChanged')}</p>
      )}
      {view === 'needsReview' && (
        <div
          role="status"
          className="mt-2 rounded-md border border-danger/40 bg-danger-soft px-3 py-2 text-fg"
        >
          <p className="font-medium">{t('standingOrders.occurrence.reviewTitle')}</p>
          <ul className="mt-1 flex flex-col gap-1">
            {occurrence.reviewReasons.map((reason, index) => (
              <ReviewReasonLine
                key={`${reason.code}-${reason.productId ?? index}`}
                reason={reason}
                name={nameOf(reason.productId)}
                canRemove={occurrence.lines.length > 1 && !busy}
                onRemove={(productId) => ref.send({ type: 'review.lineDropped', productId })}
              />
            ))}
          </ul>
          {occurrence.reviewReasons.flatMap((reason) =>
            reason.code === 'unavailable' && reason.productId !== null
              ? [
                  <SubstituteChoice
                    // started again when the lines change, so a substitute is written into these lines
                    key={`substitutes-${reason.productId}-${occurrence.lines
                      .map((line) => `${line.productId}:${line.quantity}:${line.unit}`)
                      .join(',')}`}
                    productId={reason.productId}
                    productName={nameOf(reason.productId)}
                    shortage={t('standingOrders.occurrence.unavailable')}
                    bind={bindDelivery}
                    onRemove={() =>
                      ref.send({ type: 'review.lineDropped', productId: reason.productId as number })
                    }
                  />,
                ]
              : [],
          )}
        </div>
      )}
      {view === 'editing' ? (
        <div className="mt-2">
          <LinesEditor
            lines={draft}
            saveLabel={t('standingOrders.occurrence.saveThisDelivery')}
            onQuantity={(productId, quantity) =>
              ref.send({ type: 'line.quantityChanged', productId, quantity })
            }
            onRemove={(productId) => ref.send({ type: 'line.removed', productId })}
            onSave={() => ref.send({ type: 'edit.saved' })}
            onCancel={() => ref.send({ type: 'edit.cancelled' })}
          />
        </div>
      ) : (
        view !== 'skipped' && (
          <ul className="mt-2 flex flex-col gap-1">
            {occurrence.lines.map((line) => (
              <li key={line.productId} className="flex flex-wrap gap-2">
                <span className="tabular-nums">{line.quantity} ×</span>
                <span dir="auto">{line.productName ?? t('standingOrders.productGone')}</span>
                {!line.available && (
                  <span className="text-sm text-danger">{t('standingOrders.occurrence.unavailable')}</span>
                )}
              </li>
            ))}
          </ul>
        )
      )}
      {view === 'skipped' && <p className="mt-2">{t('standingOrders.occurrence.skippedNote')}</p>}
      {view === 'placed' && occurrence.orderId !== null && (
        <Link
          href={standingOrderPaths.order(occurrence.orderId)}
          className="mt-2 inline-block text-brand underline"
        >
          {t('standingOrders.occurrence.placedAs', { id: occurrence.orderId })}
        </Link>
      )}
      {view === 'failed' && (
        <p className="mt-2 text-danger">
          {t('standingOrders.occurrence.failedNote')} <span dir="auto">{occurrence.failure}</span>
        </p>
      )}
      {view === 'refused' && (
        <p role="alert" className="mt-2 text-danger">
          {t('standingOrders.occurrence.refused')}
        </p>
      )}
      {view === 'writeFailed' && (
        <div
          role="alert"
          className="mt-2 flex flex-wrap items-center gap-2 rounded-md bg-danger-soft px-3 py-2 text-danger"
        >
          <span className="flex-1">{t('standingOrders.occurrence.writeFailed')}</span>
          <button
            type="button"
            className={secondaryButton}
            onClick={() => ref.send({ type: 'occurrence.retried' })}
          >
            {t('common.retry')}
          </button>
          <button
            type="button"
            className={secondaryButton}
            onClick={() => ref.send({ type: 'failure.dismissed' })}
          >
            {t('standingOrders.close')}
          </button>
        </div>
      )}
      <div className="mt-2 flex flex-wrap gap-2">
        {view === 'needsReview' && (
          <button
            type="button"
            className={primaryButton}
            onClick={() => ref.send({ type: 'occurrence.approveRequested' })}
          >
            {t('standingOrders.occurrence.approve')}
          </button>
        )}
        {open && (
          <>
            <button
              type="button"
              className={secondaryButton}
              onClick={() => ref.send({ type: 'occurrence.editStarted' })}
            >
              {t('standingOrders.occurrence.changeThisDelivery')}
            </button>
            <button
              type="button"
              className={secondaryButton}
              onClick={() => ref.send({ type: 'occurrence.skipRequested' })}
            >
              {t('standingOrders.occurrence.skip')}
            </button>
          </>
        )}
        {view === 'skipped' && (
          <button
            type="button"
            className={secondaryButton}
            onClick={() => ref.send({ type: 'occurrence.unskipRequested' })}
          >
            {t('standingOrders.occurrence.unskip')}
          </button>
        )}
        {view === 'writing' && (
          <p role="status" className="inline-flex items-center gap-2 text-fg-muted">
            {spin(pending ?? '')}
            {t('standingOrders.occurrence.saving')}
          </p>
        )}
      </div>
    </li>
  );
}

function ReviewReasonLine(props: {
  reason: ReviewReason;
  name: string;
  canRemove: boolean;
  onRemove: (productId: number) => void;
}) {
  const { t } = useTranslation();
  const { reason, name } = props;
  const text =
    reason.code === 'price_rose'
      ? t('standingOrders.occurrence.priceRose', { name, was: reason.was ?? '', now: reason.now ?? '' })
      : reason.code === 'unavailable'
        ? t('standingOrders.occurrence.productUnavailable', { name })
        : t('standingOrders.occurrence.notPlaceable', { message: reason.message ?? '' });
  return (
    <li className="flex flex-wrap items-center gap-2">
      <span className="min-w-48 flex-1">{text}</span>
      {reason.code === 'unavailable' && reason.productId !== null && (
        <button
          type="button"
          disabled={!props.canRemove}
          className={secondaryButton}
          onClick={() => props.onRemove(reason.productId as number)}
        >
          {t('standingOrders.occurrence.removeLine')}
        </button>
      )}
    </li>
  );
}
