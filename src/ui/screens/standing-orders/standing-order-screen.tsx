import { shallowEqual, useActorRef, useSelector } from '@xstate/react';
import { Pause, Pencil, Play, Square } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter';
import type { StandingOrder } from '../../../machines/standing-orders';
import {
  bindStandingOrder,
  selectIsConfirmingEnd,
  selectIsEditingSeriesLines,
  selectIsStandingOrderBusy,
  selectSeriesDraft,
  selectSeriesPendingWrite,
  selectSeriesWriteFailed,
  selectStandingOrder,
  selectStandingOrderView,
} from '../../../machines/standing-orders';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { fullDay } from '../../components/delivery-day-picker/date-texts';
import { EmptyState } from '../../components/empty-state';
import { ErrorState } from '../../components/error-state';
import { LoadingState } from '../../components/loading-state';
import { PageTitle } from '../../components/page-title';
import { Spinner } from '../../components/spinner';
import { useBoundMachine, usePortalInspection } from '../../hooks/use-app-actor';
import { NotFoundPage } from '../error/not-found-page';
import { secondaryButton } from '../quick-order/button-classes';
import { LinesEditor } from './lines-editor';
import { OccurrenceCard } from './occurrence-card';
import { SeriesStatusBadge } from './standing-order-badges';
import { standingOrderPaths } from './standing-order-paths';
import { rhythmText } from './standing-order-texts';

/** /standing-orders/{id}/: one series, its lines and deliveries, and what can be done with them. */
export function StandingOrderScreen() {
  const { id } = useParams<{ id: string }>();
  const seriesId = Number(id);
  if (!Number.isInteger(seriesId) || seriesId <= 0) return <NotFoundPage />;
  return <SeriesView key={seriesId} seriesId={seriesId} />;
}

function SeriesView({ seriesId }: { seriesId: number }) {
  const { t } = useTranslation();
  const ref = useActorRef(useBoundMachine(bindStandingOrder), usePortalInspection());
  const view = useSelector(ref, selectStandingOrderView);
  const series = useSelector(ref, selectStandingOrder);
  useEffect(() => {
    ref.send({ type: 'series.opened', seriesId });
  }, [ref, seriesId]);

  if (view === 'notFound') return <EmptyState>{t('standingOrders.notFound')}</EmptyState>;
  if (view === 'loadFailed')
    return (
      <div className="flex flex-col gap-4">
        <PageTitle>{t('standingOrders.title')}</PageTitle>
        <ErrorState
          message={t('standingOrders.seriesFailed')}
          onRetry={() => ref.send({ type: 'series.retried' })}
        />
      </div>
    );
  if (!series) return <LoadingState label={t('standingOrders.seriesLoading')} />;
  return <SeriesDetail series={series} seriesRef={ref} />;
}

type SeriesRef = ReturnType<typeof useActorRef<ReturnType<typeof bindStandingOrder>>>;

function SeriesDetail({ series, seriesRef }: { series: StandingOrder; seriesRef: SeriesRef }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const busy = useSelector(seriesRef, selectIsStandingOrderBusy);
  const pending = useSelector(seriesRef, selectSeriesPendingWrite);
  const failed = useSelector(seriesRef, selectSeriesWriteFailed);
  const editing = useSelector(seriesRef, selectIsEditingSeriesLines);
  const confirmingEnd = useSelector(seriesRef, selectIsConfirmingEnd);
  const draft = useSelector(seriesRef, selectSeriesDraft, shallowEqual);
  const ended = series.status === 'ended';
  const spinnerFor = (kind: string) => (busy && pending === kind ? <Spinner className="size-4" /> : null);

  return (
    <div className="flex flex-col gap-4">
      <Link href={standingOrderPaths.list} className="self-start text-brand hover:underline">
        {t('standingOrders.back')}
      </Link>
      <div className="flex flex-wrap items-center gap-2">
        <PageTitle>
          <span dir="auto">{series.name}</span>
        </PageTitle>
        <span className="mb-4">
          <SeriesStatusBadge status={series.status} />
        </span>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="text-fg-muted">{t('standingOrders.rhythmLabel')}</dt>
        <dd>{rhythmText(t, series, language)}</dd>
        <dt className="text-fg-muted">{t('standingOrders.firstDelivery')}</dt>
        <dd>{fullDay(series.firstDeliveryDate, language)}</dd>
        <dt className="text-fg-muted">{t('standingOrders.endDate')}</dt>
        <dd>{series.endDate ? fullDay(series.endDate, language) : t('standingOrders.noEnd')}</dd>
      </dl>
      {series.status === 'paused' && (
        <p className="rounded-md border border-danger/40 bg-danger-soft px-3 py-2 text-fg">
          {t('standingOrders.pausedNote')}
        </p>
      )}
      {failed && (
        <div
          role="alert"
          className="flex flex-wrap items-center gap-2 rounded-md bg-danger-soft px-3 py-2 text-danger"
        >
          <span className="flex-1">{t('standingOrders.writeFailed')}</span>
          <button
            type="button"
            className={secondaryButton}
            onClick={() => seriesRef.send({ type: 'series.retried' })}
          >
            {t('common.retry')}
          </button>
          <button
            type="button"
            className={secondaryButton}
            onClick={() => seriesRef.send({ type: 'failure.dismissed' })}
          >
            {t('standingOrders.close')}
          </button>
        </div>
      )}
      <section aria-labelledby="series-lines" className="flex flex-col gap-2">
        <h2 id="series-lines" className="text-lg font-semibold">
          {t('standingOrders.everyDelivery')}
        </h2>
        {editing ? (
          <LinesEditor
            lines={draft}
            saveLabel={t('standingOrders.saveEveryDelivery')}
            onQuantity={(productId, quantity) =>
              seriesRef.send({ type: 'line.quantityChanged', productId, quantity })
            }
            onRemove={(productId) => seriesRef.send({ type: 'line.removed', productId })}
            onSave={() => seriesRef.send({ type: 'edit.saved' })}
            onCancel={() => seriesRef.send({ type: 'edit.cancelled' })}
          />
        ) : (
          <ul className="flex flex-col gap-1">
            {series.lines.map((line) => (
              <li key={line.productId} className="flex gap-2">
                <span className="tabular-nums">{line.quantity} ×</span>
                <span dir="auto">{line.productName ?? t('standingOrders.productGone')}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
      {!ended && !editing && (
        <div className="flex flex-wrap gap-2">
          {series.status === 'paused' ? (
            <button
              type="button"
              disabled={busy}
              className={secondaryButton}
              onClick={() => seriesRef.send({ type: 'series.resumeRequested' })}
            >
              {spinnerFor('resume') ?? <Play aria-hidden="true" className="size-4" />}
              {t('standingOrders.resume')}
            </button>
          ) : (
            <button
              type="button"
              disabled={busy}
              className={secondaryButton}
              onClick={() => seriesRef.send({ type: 'series.pauseRequested' })}
            >
              {spinnerFor('pause') ?? <Pause aria-hidden="true" className="size-4" />}
              {t('standingOrders.pause')}
            </button>
          )}
          <button
            type="button"
            disabled={busy}
            className={secondaryButton}
            onClick={() => seriesRef.send({ type: 'series.editStarted' })}
          >
            {spinnerFor('lines') ?? <Pencil aria-hidden="true" className="size-4" />}
            {t('standingOrders.changeEveryDelivery')}
          </button>
          <button
            type="button"
            disabled={busy}
            className={`${secondaryButton} text-danger`}
            onClick={() => seriesRef.send({ type: 'series.endRequested' })}
          >
            <Square aria-hidden="true" className="size-4" />
            {t('standingOrders.end')}
          </button>
        </div>
      )}
      <ConfirmDialog
        open={confirmingEnd || (busy && pending === 'end')}
        title={t('standingOrders.endTitle')}
        message={t('standingOrders.endMessage')}
        confirmLabel={t('standingOrders.end')}
        cancelLabel={t('standingOrders.keep')}
        busy={busy && pending === 'end'}
        busyLabel={t('standingOrders.ending')}
        danger
        onConfirm={() => seriesRef.send({ type: 'end.confirmed' })}
        onCancel={() => seriesRef.send({ type: 'end.cancelled' })}
      />
      {!ended && (
        <section aria-labelledby="series-deliveries" className="flex flex-col gap-2">
          <h2 id="series-deliveries" className="text-lg font-semibold">
            {t('standingOrders.deliveries')}
          </h2>
          {series.nextOccurrences.length === 0 ? (
            <EmptyState>{t('standingOrders.noDeliveries')}</EmptyState>
          ) : (
            <ul className="flex flex-col gap-3">
              {series.nextOccurrences.map((occurrence) => (
                <OccurrenceCard
                  key={`${occurrence.deliveryDate}:${occurrence.status}:${series.status}`}
                  occurrence={occurrence}
                />
              ))}
            </ul>
          )}
        </section>
      )}
    </div>
  );
}
