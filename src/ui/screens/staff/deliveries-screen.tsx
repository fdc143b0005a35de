import { useActorRef, useSelector } from '@xstate/react';
import { RotateCw } from 'lucide-react';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import { selectResourceValue } from '../../../machines/kernel/resource.selectors';
import {
  bindWebhookDeliveries,
  bindWebhookEndpointChoices,
  selectDeliveries,
  selectDeliveriesEmpty,
  selectDeliveriesLoadFailed,
  selectDeliveriesLoading,
  selectDeliveryDraft,
  selectDeliveryOrderProblem,
  selectHasOlderDeliveries,
  selectIsReplaying,
  selectLoadingOlderDeliveries,
  selectOlderDeliveriesFailed,
  selectReplayStep,
  type WebhookDeliveriesInput,
  type WebhookDelivery,
  type WebhookDeliveryStateName,
  webhookDeliveryStates,
} from '../../../machines/staff';
import { EmptyState } from '../../components/empty-state';
import { ErrorState } from '../../components/error-state';
import { inputClass, labelClass } from '../../components/field-classes';
import { LoadingState } from '../../components/loading-state';
import { Spinner } from '../../components/spinner';
import { usePortalInspection } from '../../hooks/use-app-actor';
import { cardClass, primaryButton, secondaryButton } from './staff-buttons';
import { useStaffArea } from './staff-context';
import { useStaffDate } from './staff-format';
import { staffPaths } from './staff-paths';

type DeliveriesActor = ActorRefFrom<ReturnType<typeof bindWebhookDeliveries>>;

const positiveId = (text: string | null) =>
  text !== null && /^[1-9][0-9]{0,8}$/.test(text) ? Number(text) : undefined;

/** The filter a link opened the log with (`?state=dead&endpoint=1&order=42`); anything else is no filter. */
function filterOfSearch(search: string): WebhookDeliveriesInput['filter'] {
  const query = new URLSearchParams(search);
  const state = query.get('state');
  const endpointId = positiveId(query.get('endpoint'));
  const orderId = positiveId(query.get('order'));
  return {
    ...((webhookDeliveryStates as readonly (string | null)[]).includes(state)
      ? { state: state as WebhookDeliveryStateName }
      : {}),
    ...(endpointId === undefined ? {} : { endpointId }),
    ...(orderId === undefined ? {} : { orderId }),
  };
}

/** The webhook delivery log: filtered by state, endpoint and order, older pages, replay. */
export function DeliveriesScreen() {
  const search = useSearch();
  // a link with another filter opens the log afresh
  return <DeliveryLog key={search} input={{ filter: filterOfSearch(search) }} />;
}

function DeliveryLog({ input }: { input: WebhookDeliveriesInput }) {
  const { t } = useTranslation();
  const { bind } = useStaffArea();
  const actor = useActorRef(bind(bindWebhookDeliveries), { ...usePortalInspection(), input });
  const loading = useSelector(actor, selectDeliveriesLoading);
  const loadFailed = useSelector(actor, selectDeliveriesLoadFailed);
  const empty = useSelector(actor, selectDeliveriesEmpty);
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h2 className="text-base font-semibold">{t('staff.deliveries.title')}</h2>
        <p className="text-fg-muted">{t('staff.deliveries.intro')}</p>
      </div>
      <DeliveryFilter actor={actor} />
      {loading && <LoadingState label={t('staff.common.loading')} />}
      {loadFailed && (
        <ErrorState
          message={t('staff.deliveries.loadFailed')}
          onRetry={() => actor.send({ type: 'deliveries.retried' })}
        />
      )}
      {empty && <EmptyState>{t('staff.deliveries.empty')}</EmptyState>}
      <DeliveryList actor={actor} />
    </div>
  );
}

function DeliveryFilter({ actor }: { actor: DeliveriesActor }) {
  const { t } = useTranslation();
  const id = useId();
  const { bind } = useStaffArea();
  const choices = useActorRef(bind(bindWebhookEndpointChoices), usePortalInspection());
  const endpoints = useSelector(choices, selectResourceValue);
  const draft = useSelector(actor, selectDeliveryDraft);
  const orderProblem = useSelector(actor, selectDeliveryOrderProblem);
  const loading = useSelector(actor, selectDeliveriesLoading);
  useEffect(() => {
    choices.send({ type: 'resource.load' });
  }, [choices]);
  // an endpoint named by the link is offered even before (or without) the list of endpoints
  const offered =
    draft.endpointId !== null && !endpoints?.some((endpoint) => endpoint.id === draft.endpointId)
      ? [{ id: draft.endpointId, url: `#${draft.endpointId}` }, ...(endpoints ?? [])]
      : (endpoints ?? []);
  return (
    <form
      noValidate
      aria-label={t('staff.deliveries.filter')}
      className={`${cardClass} flex flex-wrap items-end gap-3`}
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'deliveries.filterApplied' });
      }}
    >
      <div className="min-w-[10rem] flex-1">
        <label htmlFor={`${id}-state`} className={labelClass}>
          {t('staff.deliveries.state')}
        </label>
        <select
          id={`${id}-state`}
          value={draft.state ?? ''}
          onChange={(event) =>
            actor.send({
              type: 'deliveries.stateChosen',
              state: (event.target.value || null) as WebhookDeliveryStateName | null,
            })
          }
          className={inputClass}
        >
          <option value="">{t('staff.deliveries.anyState')}</option>
          {webhookDeliveryStates.map((state) => (
            <option key={state} value={state}>
              {t(`staff.deliveries.states.${state}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="min-w-[12rem] flex-[2]">
        <label htmlFor={`${id}-endpoint`} className={labelClass}>
          {t('staff.deliveries.endpoint')}
        </label>
        <select
          id={`${id}-endpoint`}
          value={draft.endpointId === null ? '' : String(draft.endpointId)}
          onChange={(event) =>
            actor.send({
              type: 'deliveries.endpointChosen',
              endpointId: event.target.value === '' ? null : Number(event.target.value),
            })
          }
          className={inputClass}
        >
          <option value="">{t('staff.deliveries.anyEndpoint')}</option>
          {offered.map((endpoint) => (
            <option key={endpoint.id} value={String(endpoint.id)}>
              {endpoint.url}
            </option>
          ))}
        </select>
      </div>
      <div className="min-w-[8rem] flex-1">
        <label htmlFor={`${id}-order`} className={labelClass}>
          {t('staff.deliveries.orderLabel')}
        </label>
        <input
          id={`${id}-order`}
          inputMode="numeric"
          autoComplete="off"
          value={draft.orderText}
          aria-invalid={orderProblem || undefined}
          aria-describedby={orderProblem ? `${id}-order-problem` : undefined}
          onChange={(event) => actor.send({ type: 'deliveries.orderTyped', text: event.target.value })}
          className={inputClass}
        />
        {orderProblem && (
          <p id={`${id}-order-problem`} className="mt-1 text-danger">
            {t('staff.deliveries.orderInvalid')}
          </p>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={primaryButton} disabled={loading}>
          {t('staff.deliveries.apply')}
        </button>
        <button
          type="button"
          className={secondaryButton}
          disabled={loading}
          onClick={() => actor.send({ type: 'deliveries.refreshed' })}
        >
          <RotateCw aria-hidden="true" className="size-4" />
          {t('staff.deliveries.refresh')}
        </button>
      </div>
    </form>
  );
}

function DeliveryList({ actor }: { actor: DeliveriesActor }) {
  const { t } = useTranslation();
  const deliveries = useSelector(actor, selectDeliveries);
  const loading = useSelector(actor, selectDeliveriesLoading);
  const loadFailed = useSelector(actor, selectDeliveriesLoadFailed);
  const hasOlder = useSelector(actor, selectHasOlderDeliveries);
  const loadingOlder = useSelector(actor, selectLoadingOlderDeliveries);
  const olderFailed = useSelector(actor, selectOlderDeliveriesFailed);
  if (loading || loadFailed || deliveries.length === 0) return null;
  return (
    <section aria-label={t('staff.deliveries.listLabel')} className="flex flex-col gap-3">
      <ul className="divide-y divide-line rounded-lg border border-line bg-surface-raised">
        {deliveries.map((delivery) => (
          <DeliveryRow key={delivery.id} actor={actor} delivery={delivery} />
        ))}
      </ul>
      {olderFailed && (
        <p role="alert" className="text-danger">
          {t('staff.deliveries.olderFailed')}
        </p>
      )}
      {hasOlder && (
        <div>
          <button
            type="button"
            className={secondaryButton}
            disabled={loadingOlder}
            onClick={() => actor.send({ type: 'deliveries.olderAsked' })}
          >
            {loadingOlder && <Spinner className="size-4" />}
            {loadingOlder ? t('staff.common.loading') : t('staff.deliveries.older')}
          </button>
        </div>
      )}
    </section>
  );
}

const stateBadge: Record<WebhookDeliveryStateName, string> = {
  pending: 'bg-surface-sunken text-fg',
  failing: 'bg-danger-soft text-danger',
  dead: 'bg-danger text-danger-contrast',
  delivered: 'bg-brand-soft text-brand',
};

function DeliveryRow({ actor, delivery }: { actor: DeliveriesActor; delivery: WebhookDelivery }) {
  const { t } = useTranslation();
  const formatDate = useStaffDate();
  const replay = useSelector(actor, (s) => selectReplayStep(s, delivery.id));
  const anotherReplaying = useSelector(actor, selectIsReplaying) && replay === null;
  const replayable = delivery.state === 'failing' || delivery.state === 'dead';
  const when =
    delivery.state === 'delivered' && delivery.deliveredAt
      ? t('staff.deliveries.deliveredAt', { when: formatDate(delivery.deliveredAt) })
      : delivery.state === 'dead'
        ? delivery.lastAttemptAt &&
          t('staff.deliveries.lastTry', { when: formatDate(delivery.lastAttemptAt) })
        : delivery.nextAttemptAt &&
          t('staff.deliveries.nextTry', { when: formatDate(delivery.nextAttemptAt) });
  return (
    <li className="flex flex-col gap-1 px-4 py-3">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <code dir="ltr" className="font-medium">
          {delivery.eventType}
        </code>
        <span className={`rounded-md px-2 py-0.5 ${stateBadge[delivery.state]}`}>
          {t(`staff.deliveries.states.${delivery.state}`)}
        </span>
        {delivery.orderId !== null && (
          <Link href={staffPaths.subordersOf(delivery.orderId)} className="text-brand underline">
            {t('staff.deliveries.order', { id: delivery.orderId })}
          </Link>
        )}
      </div>
      <p className="break-all font-mono text-fg-muted">
        <span dir="ltr">{delivery.endpointUrl}</span>
      </p>
      <p className="text-fg-muted">
        {t('staff.deliveries.attempts', { count: delivery.attempts })}
        {delivery.lastStatus !== null &&
          ` · ${t('staff.deliveries.lastStatus', { status: delivery.lastStatus })}`}
        {when && ` · ${when}`}
      </p>
      {delivery.lastError && (
        <p dir="auto" className="break-words text-danger">
          {t('staff.deliveries.lastError', { error: delivery.lastError })}
        </p>
      )}
      {replay === 'failed' && (
        <p role="alert" className="text-danger">
          {t('staff.deliveries.replayFailed')}
        </p>
      )}
      {replay === 'alreadyDelivered' && (
        <p role="alert" className="text-fg">
          {t('staff.deliveries.alreadyDelivered')}
        </p>
      )}
      {replayable && (
        <div>
          <button
            type="button"
            className={secondaryButton}
            disabled={replay === 'replaying' || anotherReplaying}
            onClick={() => actor.send({ type: 'deliveries.replayAsked', id: delivery.id })}
          >
            {replay === 'replaying' && <Spinner className="size-4" />}
            {replay === 'replaying' ? t('staff.deliveries.replaying') : t('staff.deliveries.replay')}
            <span className="sr-only">
              : {delivery.eventType} {t('staff.deliveries.order', { id: delivery.orderId ?? '' })}
            </span>
          </button>
        </div>
      )}
    </li>
  );
}
