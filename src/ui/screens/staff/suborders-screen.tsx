import { useActorRef, useSelector } from '@xstate/react';
import type { TFunction } from 'i18next';
import { Search } from 'lucide-react';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import { isSuborderLifeState, suborderReportTypes } from '../../../machines/orders';
import {
  bindSuborderLookup,
  type SuborderEvent,
  type SuborderHistory,
  type SuborderLookupKind,
  selectLookupFailed,
  selectLookupKind,
  selectLookupNotFound,
  selectLookupProblem,
  selectLookupQuery,
  selectLookupSearching,
  selectLookupText,
  selectSuborderHistories,
} from '../../../machines/staff';
import { EmptyState } from '../../components/empty-state';
import { ErrorState } from '../../components/error-state';
import { inputClass, labelClass } from '../../components/field-classes';
import { LoadingState } from '../../components/loading-state';
import { Spinner } from '../../components/spinner';
import { usePortalInspection } from '../../hooks/use-app-actor';
import { cardClass, primaryButton } from './staff-buttons';
import { useStaffArea } from './staff-context';
import { useStaffDate } from './staff-format';

type LookupActor = ActorRefFrom<ReturnType<typeof bindSuborderLookup>>;

/** A suborder's state in words; a newer server's state as the API names it. */
const stateName = (t: TFunction, state: string) =>
  isSuborderLifeState(state) ? t(`staff.suborders.states.${state}`) : state;
/** A report's type in words, or as it came. */
const reportName = (t: TFunction, type: string) =>
  Object.hasOwn(suborderReportTypes, type)
    ? t(`staff.suborders.reportTypes.${type as keyof typeof suborderReportTypes}`)
    : type;

/** What the ERP reported of each suborder, looked up by order number or suborder reference. */
export function SubordersScreen() {
  const search = useSearch();
  // a link to another order opens the look-up afresh
  return <SuborderLookup key={search} search={search} />;
}

function SuborderLookup({ search }: { search: string }) {
  const { t } = useTranslation();
  const { bind } = useStaffArea();
  const actor = useActorRef(bind(bindSuborderLookup), usePortalInspection());
  const searching = useSelector(actor, selectLookupSearching);
  const failed = useSelector(actor, selectLookupFailed);
  const notFound = useSelector(actor, selectLookupNotFound);
  const query = useSelector(actor, selectLookupQuery);
  const histories = useSelector(actor, selectSuborderHistories);
  // opened from a delivery's order (?order=42) or with a reference: looked up at once
  useEffect(() => {
    const params = new URLSearchParams(search);
    const order = params.get('order');
    const reference = params.get('reference');
    const asked: { kind: SuborderLookupKind; text: string } | null = order
      ? { kind: 'order', text: order }
      : reference
        ? { kind: 'reference', text: reference }
        : null;
    if (!asked) return;
    actor.send({ type: 'lookup.kindChosen', kind: asked.kind });
    actor.send({ type: 'lookup.textChanged', text: asked.text });
    actor.send({ type: 'lookup.submitted' });
  }, [actor, search]);
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h2 className="text-base font-semibold">{t('staff.suborders.title')}</h2>
        <p className="text-fg-muted">{t('staff.suborders.intro')}</p>
      </div>
      <LookupForm actor={actor} />
      {searching && <LoadingState label={t('staff.suborders.searching')} />}
      {failed && (
        <ErrorState
          message={t('staff.suborders.loadFailed')}
          onRetry={() => actor.send({ type: 'lookup.retried' })}
        />
      )}
      {notFound && query && (
        <EmptyState>
          {query.kind === 'order'
            ? t('staff.suborders.notFoundOrder', { order: query.text })
            : t('staff.suborders.notFoundReference', { reference: query.text })}
        </EmptyState>
      )}
      {histories.length > 0 && query && (
        <section aria-labelledby="staff-suborders-found" className="flex flex-col gap-4">
          <h3 id="staff-suborders-found" className="font-semibold">
            {query.kind === 'order'
              ? t('staff.suborders.ofOrder', { order: query.text, count: histories.length })
              : t('staff.suborders.byReference', { reference: query.text })}
          </h3>
          {histories.map((history) => (
            <SuborderCard key={history.suborder.id} history={history} />
          ))}
        </section>
      )}
    </div>
  );
}

function LookupForm({ actor }: { actor: LookupActor }) {
  const { t } = useTranslation();
  const id = useId();
  const kind = useSelector(actor, selectLookupKind);
  const text = useSelector(actor, selectLookupText);
  const problem = useSelector(actor, selectLookupProblem);
  const searching = useSelector(actor, selectLookupSearching);
  const kinds: readonly SuborderLookupKind[] = ['order', 'reference'];
  return (
    <form
      noValidate
      aria-label={t('staff.suborders.title')}
      className={`${cardClass} flex flex-col gap-4`}
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'lookup.submitted' });
      }}
    >
      <fieldset>
        <legend className={labelClass}>{t('staff.suborders.by')}</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          {kinds.map((each) => (
            <label key={each} className="tap-target inline-flex items-center gap-2">
              <input
                type="radio"
                name={`${id}-kind`}
                value={each}
                checked={kind === each}
                onChange={() => actor.send({ type: 'lookup.kindChosen', kind: each })}
                className="size-4 accent-brand"
              />
              {each === 'order' ? t('staff.suborders.byOrder') : t('staff.suborders.byReferenceLabel')}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-[12rem] flex-1">
          <label htmlFor={`${id}-text`} className={labelClass}>
            {kind === 'order' ? t('staff.suborders.orderNumber') : t('staff.suborders.reference')}
          </label>
          <input
            id={`${id}-text`}
            value={text}
            inputMode={kind === 'order' ? 'numeric' : 'text'}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={problem !== null || undefined}
            aria-describedby={problem ? `${id}-problem` : undefined}
            onChange={(event) => actor.send({ type: 'lookup.textChanged', text: event.target.value })}
            className={inputClass}
          />
        </div>
        <button type="submit" className={primaryButton} disabled={searching}>
          {searching ? <Spinner className="size-4" /> : <Search aria-hidden="true" className="size-4" />}
          {t('staff.suborders.submit')}
        </button>
      </div>
      {problem && (
        <p id={`${id}-problem`} className="text-danger">
          {problem === 'missing'
            ? kind === 'order'
              ? t('staff.suborders.orderMissing')
              : t('staff.suborders.referenceMissing')
            : kind === 'order'
              ? t('staff.suborders.orderInvalid')
              : t('staff.suborders.referenceInvalid')}
        </p>
      )}
    </form>
  );
}

function SuborderCard({ history }: { history: SuborderHistory }) {
  const { t } = useTranslation();
  const formatDate = useStaffDate();
  const { suborder, events } = history;
  const id = useId();
  const facts: Array<[string, string]> = [
    [t('staff.suborders.state'), stateName(t, suborder.state)],
    [t('staff.suborders.order'), String(suborder.orderId)],
    ...(suborder.companyName
      ? [[t('staff.suborders.customer'), suborder.companyName] as [string, string]]
      : []),
    ...(suborder.warehouseName
      ? [[t('staff.suborders.warehouse'), suborder.warehouseName] as [string, string]]
      : []),
    ...(suborder.eta ? [[t('staff.suborders.eta'), formatDate(suborder.eta)] as [string, string]] : []),
    ...(suborder.deliveryNoteNumber
      ? [[t('staff.suborders.deliveryNote'), suborder.deliveryNoteNumber] as [string, string]]
      : []),
  ];
  return (
    <article aria-labelledby={`${id}-title`} className={`${cardClass} flex flex-col gap-3`}>
      <h4 id={`${id}-title`} className="font-semibold">
        <span dir="ltr">{suborder.reference}</span>
      </h4>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        {facts.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-fg-muted">{label}</dt>
            <dd className="min-w-0 break-words">{value}</dd>
          </div>
        ))}
      </dl>
      <h5 className="font-medium">{t('staff.suborders.reports')}</h5>
      {events.length === 0 ? (
        <p className="text-fg-muted">{t('staff.suborders.noReports')}</p>
      ) : (
        <ol className="flex flex-col gap-3 border-s-2 border-line ps-4">
          {events.map((event) => (
            <ReportItem key={event.id} event={event} />
          ))}
        </ol>
      )}
    </article>
  );
}

function ReportItem({ event }: { event: SuborderEvent }) {
  const { t } = useTranslation();
  const formatDate = useStaffDate();
  const { details } = event;
  const facts: string[] = [
    ...(details.eta ? [t('staff.suborders.details.eta', { when: formatDate(details.eta) })] : []),
    ...(details.deliveryNoteNumber
      ? [t('staff.suborders.details.deliveryNote', { number: details.deliveryNoteNumber })]
      : []),
    ...(details.externalId ? [t('staff.suborders.details.externalId', { number: details.externalId })] : []),
    ...(details.reason ? [t('staff.suborders.details.reason', { reason: details.reason })] : []),
    ...(details.document ? [t('staff.suborders.details.document', { number: details.document })] : []),
    ...details.lines.map((line) =>
      [
        line.deliveredQuantity !== null
          ? t('staff.suborders.details.lineDelivered', {
              line: line.lineId,
              quantity: line.deliveredQuantity,
            })
          : t('staff.suborders.details.line', { line: line.lineId }),
        line.substitute &&
          (line.substitute.unit
            ? t('staff.suborders.details.substituteWithUnit', {
                product: line.substitute.product,
                quantity: line.substitute.quantity,
                unit: line.substitute.unit,
              })
            : t('staff.suborders.details.substitute', {
                product: line.substitute.product,
                quantity: line.substitute.quantity,
              })),
      ]
        .filter(Boolean)
        .join(' · '),
    ),
    ...(details.reportId ? [t('staff.suborders.details.reportId', { id: details.reportId })] : []),
    ...details.other.map(({ name, value }) => `${name}: ${value}`),
  ];
  return (
    <li className="flex flex-col gap-0.5">
      <p>
        <span className="font-medium">{reportName(t, event.type)}</span>
        {' · '}
        {details.previousState
          ? t('staff.suborders.stateChange', {
              from: stateName(t, details.previousState),
              to: stateName(t, event.state),
            })
          : t('staff.suborders.stateAfter', { state: stateName(t, event.state) })}
      </p>
      <p className="text-fg-muted">
        {t('staff.suborders.occurred', { when: formatDate(event.occurredAt) })}
        {' · '}
        {t('staff.suborders.recorded', { when: formatDate(event.recordedAt) })}
      </p>
      {facts.length > 0 && (
        <ul className="list-disc ps-5">
          {facts.map((fact) => (
            <li key={fact} dir="auto" className="break-words">
              {fact}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
