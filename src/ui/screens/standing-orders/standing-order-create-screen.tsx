import { shallowEqual, useActorRef, useSelector } from '@xstate/react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import type { IsoWeekday } from '../../../domain/delivery-calendar';
import {
  bindStandingOrder,
  selectCreateFailed,
  selectFirstDateOptions,
  selectIsStandingOrderBusy,
  selectServedWeekdays,
  selectStandingOrder,
  selectStandingOrderForm,
  selectStandingOrderRefusal,
  selectStandingOrderView,
} from '../../../machines/standing-orders';
import { fullDay, weekdayName } from '../../components/delivery-day-picker/date-texts';
import { ErrorState } from '../../components/error-state';
import { inputClass, labelClass } from '../../components/field-classes';
import { LoadingState } from '../../components/loading-state';
import { PageTitle } from '../../components/page-title';
import { Spinner } from '../../components/spinner';
import { useBoundMachine, usePortalInspection } from '../../hooks/use-app-actor';
import { NotFoundPage } from '../error/not-found-page';
import { primaryButton } from '../quick-order/button-classes';
import { sourceFromSearch, standingOrderPaths } from './standing-order-paths';

const refusalKeys: Record<string, string> = {
  not_served_day: 'standingOrders.form.refused.notServedDay',
  empty_source: 'standingOrders.form.refused.emptySource',
  invalid_date: 'standingOrders.form.refused.invalidDate',
  not_found: 'standingOrders.form.refused.sourceGone',
};

/** /standing-orders/new/?source=…: name, rhythm, a served weekday, the first delivery and an end. */
export function StandingOrderCreateScreen() {
  const source = sourceFromSearch(useSearch());
  return source ? <CreateForm sourceKey={JSON.stringify(source)} /> : <NotFoundPage />;
}

function CreateForm({ sourceKey }: { sourceKey: string }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const [, navigate] = useLocation();
  const ids = useId();
  const series = useActorRef(useBoundMachine(bindStandingOrder), usePortalInspection());
  const view = useSelector(series, selectStandingOrderView);
  const form = useSelector(series, selectStandingOrderForm);
  const weekdays = useSelector(series, selectServedWeekdays, shallowEqual);
  const dates = useSelector(series, selectFirstDateOptions, shallowEqual);
  const busy = useSelector(series, selectIsStandingOrderBusy);
  const failed = useSelector(series, selectCreateFailed);
  const refusal = useSelector(series, selectStandingOrderRefusal);
  const created = useSelector(series, selectStandingOrder);

  // the proposed name is in the language of the start; a later switch keeps what was typed
  const [proposedName] = useState(() => t('standingOrders.form.defaultName'));
  useEffect(() => {
    series.send({ type: 'series.createStarted', source: JSON.parse(sourceKey), name: proposedName });
  }, [series, sourceKey, proposedName]);
  useEffect(() => {
    if (created) navigate(standingOrderPaths.series(created.id), { replace: true });
  }, [created, navigate]);

  const change = (patch: Partial<typeof form>) => series.send({ type: 'form.changed', patch });
  function submit(event: FormEvent) {
    event.preventDefault();
    series.send({ type: failed ? 'series.retried' : 'form.submitted' });
  }

  return (
    <div className="flex max-w-xl flex-col gap-4">
      <PageTitle>{t('standingOrders.form.title')}</PageTitle>
      {view === 'loadingCalendar' ? (
        <LoadingState label={t('standingOrders.form.loadingDays')} />
      ) : view === 'calendarFailed' ? (
        <ErrorState
          message={t('standingOrders.form.daysFailed')}
          onRetry={() => series.send({ type: 'series.retried' })}
        />
      ) : (
        <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
          {failed && (
            <p role="alert" className="rounded-md bg-danger-soft px-3 py-2 text-danger">
              {refusal && refusalKeys[refusal]
                ? t(refusalKeys[refusal] as 'standingOrders.form.refused.notServedDay')
                : t('standingOrders.form.saveFailed')}
            </p>
          )}
          <div>
            <label htmlFor={`${ids}-name`} className={labelClass}>
              {t('standingOrders.form.name')}
            </label>
            <input
              id={`${ids}-name`}
              dir="auto"
              required
              maxLength={100}
              value={form.name}
              onChange={(event) => change({ name: event.target.value })}
              className={inputClass}
            />
          </div>
          <fieldset>
            <legend className={labelClass}>{t('standingOrders.form.rhythm')}</legend>
            <div className="flex flex-wrap gap-4">
              {([1, 2] as const).map((weeks) => (
                <label key={weeks} className="tap-target inline-flex items-center gap-2">
                  <input
                    type="radio"
                    name={`${ids}-interval`}
                    checked={form.intervalWeeks === weeks}
                    onChange={() => change({ intervalWeeks: weeks })}
                  />
                  {weeks === 1
                    ? t('standingOrders.form.everyWeek')
                    : t('standingOrders.form.everySecondWeek')}
                </label>
              ))}
            </div>
          </fieldset>
          <div>
            <label htmlFor={`${ids}-weekday`} className={labelClass}>
              {t('standingOrders.form.weekday')}
            </label>
            <select
              id={`${ids}-weekday`}
              value={form.weekday ?? ''}
              onChange={(event) => change({ weekday: Number(event.target.value) as IsoWeekday })}
              className={inputClass}
            >
              {weekdays.map((day) => (
                <option key={day} value={day}>
                  {weekdayName(day, language).long}
                </option>
              ))}
            </select>
            <p className="mt-1 text-sm text-fg-muted">{t('standingOrders.form.weekdayHint')}</p>
          </div>
          <div>
            <label htmlFor={`${ids}-first`} className={labelClass}>
              {t('standingOrders.form.firstDelivery')}
            </label>
            <select
              id={`${ids}-first`}
              value={form.firstDeliveryDate ?? ''}
              onChange={(event) => change({ firstDeliveryDate: event.target.value })}
              className={inputClass}
            >
              {dates.map((date) => (
                <option key={date} value={date}>
                  {fullDay(date, language)}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={`${ids}-end`} className={labelClass}>
              {t('standingOrders.form.endDate')}
            </label>
            <input
              id={`${ids}-end`}
              type="date"
              min={form.firstDeliveryDate ?? undefined}
              value={form.endDate ?? ''}
              onChange={(event) => change({ endDate: event.target.value === '' ? null : event.target.value })}
              className={inputClass}
              aria-describedby={`${ids}-end-hint`}
            />
            <p id={`${ids}-end-hint`} className="mt-1 text-sm text-fg-muted">
              {t('standingOrders.form.endDateHint')}
            </p>
          </div>
          <button type="submit" disabled={busy} aria-busy={busy} className={`${primaryButton} self-start`}>
            {busy && <Spinner className="size-4" />}
            {failed ? t('common.retry') : t('standingOrders.form.create')}
          </button>
        </form>
      )}
    </div>
  );
}
