import { useActorRef, useSelector } from '@xstate/react';
import { Plus } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import {
  bindWebhookEndpoints,
  selectDeleteStep,
  selectDialogEndpoint,
  selectEndpointActionsOpen,
  selectEndpointCreateFailed,
  selectEndpointDescription,
  selectEndpointSaving,
  selectEndpoints,
  selectEndpointsEmpty,
  selectEndpointsLoadFailed,
  selectEndpointsLoading,
  selectEndpointUrl,
  selectEndpointUrlProblem,
  selectIsAddingEndpoint,
  selectRotateStep,
  selectShownWebhookSecret,
  selectTestFailedEndpointId,
  selectTestingEndpointId,
  selectTestResult,
  selectToggleFailedEndpointId,
  selectTogglingEndpointId,
  selectWebhookCopyState,
  WEBHOOK_DESCRIPTION_MAX,
  WEBHOOK_URL_MAX,
  type WebhookEndpoint,
} from '../../../machines/staff';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { EmptyState } from '../../components/empty-state';
import { ErrorState } from '../../components/error-state';
import { inputClass, labelClass } from '../../components/field-classes';
import { LoadingState } from '../../components/loading-state';
import { Spinner } from '../../components/spinner';
import { usePortalInspection } from '../../hooks/use-app-actor';
import { SaveOrCancel } from './save-or-cancel';
import { ShownOnceSecret } from './shown-once-secret';
import { cardClass, primaryButton, secondaryButton } from './staff-buttons';
import { useStaffArea } from './staff-context';
import { useStaffDate } from './staff-format';
import { staffPaths } from './staff-paths';

type EndpointsActor = ActorRefFrom<ReturnType<typeof bindWebhookEndpoints>>;

/** The webhook endpoints: the list with their deliveries' counts, adding one (its secret shown once), test, rotate, disable, delete. */
export function WebhooksScreen() {
  const { t } = useTranslation();
  const { bind } = useStaffArea();
  const actor = useActorRef(bind(bindWebhookEndpoints), usePortalInspection());
  const loading = useSelector(actor, selectEndpointsLoading);
  const loadFailed = useSelector(actor, selectEndpointsLoadFailed);
  const empty = useSelector(actor, selectEndpointsEmpty);
  const adding = useSelector(actor, selectIsAddingEndpoint);
  const secret = useSelector(actor, selectShownWebhookSecret);
  const actionsOpen = useSelector(actor, selectEndpointActionsOpen);
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center gap-3">
        <div className="min-w-0 flex-1">
          <h2 className="text-base font-semibold">{t('staff.webhooks.title')}</h2>
          <p className="text-fg-muted">{t('staff.webhooks.intro')}</p>
        </div>
        {actionsOpen && (
          <button
            type="button"
            className={primaryButton}
            onClick={() => actor.send({ type: 'webhooks.createStarted' })}
          >
            <Plus aria-hidden="true" className="size-4" />
            {t('staff.webhooks.add')}
          </button>
        )}
      </div>
      {loading && <LoadingState label={t('staff.common.loading')} />}
      {loadFailed && (
        <ErrorState
          message={t('staff.webhooks.loadFailed')}
          onRetry={() => actor.send({ type: 'webhooks.retried' })}
        />
      )}
      {adding && <NewEndpointForm actor={actor} />}
      {secret && <SecretOnce actor={actor} />}
      {empty && <EmptyState>{t('staff.webhooks.empty')}</EmptyState>}
      {!loading && !loadFailed && <EndpointList actor={actor} />}
      <EndpointDialog actor={actor} kind="rotate" />
      <EndpointDialog actor={actor} kind="delete" />
    </div>
  );
}

function NewEndpointForm({ actor }: { actor: EndpointsActor }) {
  const { t } = useTranslation();
  const id = useId();
  const url = useSelector(actor, selectEndpointUrl);
  const description = useSelector(actor, selectEndpointDescription);
  const problem = useSelector(actor, selectEndpointUrlProblem);
  const saving = useSelector(actor, selectEndpointSaving);
  const failed = useSelector(actor, selectEndpointCreateFailed);
  return (
    <form
      noValidate
      aria-labelledby={`${id}-title`}
      className={`${cardClass} flex flex-col gap-4`}
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'webhooks.submitted' });
      }}
    >
      <h3 id={`${id}-title`} className="font-semibold">
        {t('staff.webhooks.add')}
      </h3>
      <div>
        <label htmlFor={`${id}-url`} className={labelClass}>
          {t('staff.webhooks.url')}
        </label>
        <input
          id={`${id}-url`}
          type="url"
          inputMode="url"
          dir="ltr"
          autoComplete="off"
          spellCheck={false}
          value={url}
          maxLength={WEBHOOK_URL_MAX}
          disabled={saving}
          placeholder="https://erp.example.com/webhooks/portal"
          aria-invalid={problem !== null || undefined}
          aria-describedby={`${id}-url-hint${problem ? ` ${id}-url-problem` : ''}`}
          onChange={(event) => actor.send({ type: 'webhooks.urlChanged', url: event.target.value })}
          className={`${inputClass} font-mono`}
        />
        <p id={`${id}-url-hint`} className="mt-1 text-fg-muted">
          {t('staff.webhooks.urlHint')}
        </p>
        {problem && (
          <p id={`${id}-url-problem`} className="mt-1 text-danger">
            {problem === 'missing'
              ? t('staff.webhooks.urlMissing')
              : problem === 'invalid'
                ? t('staff.webhooks.urlInvalid')
                : t('staff.webhooks.urlRefused')}
          </p>
        )}
      </div>
      <div>
        <label htmlFor={`${id}-description`} className={labelClass}>
          {t('staff.webhooks.description')}
        </label>
        <input
          id={`${id}-description`}
          value={description}
          maxLength={WEBHOOK_DESCRIPTION_MAX}
          disabled={saving}
          onChange={(event) =>
            actor.send({ type: 'webhooks.descriptionChanged', description: event.target.value })
          }
          className={inputClass}
        />
      </div>
      <SaveOrCancel
        saving={saving}
        failed={failed}
        saveLabel={t('staff.webhooks.save')}
        savingLabel={t('staff.webhooks.saving')}
        failedText={t('staff.webhooks.createFailed')}
        onCancel={() => actor.send({ type: 'webhooks.cancelled' })}
      />
    </form>
  );
}

function SecretOnce({ actor }: { actor: EndpointsActor }) {
  const { t } = useTranslation();
  const shown = useSelector(actor, selectShownWebhookSecret);
  const endpoints = useSelector(actor, selectEndpoints);
  const copy = useSelector(actor, selectWebhookCopyState);
  const formatDate = useStaffDate();
  if (!shown) return null;
  const url = endpoints.find((endpoint) => endpoint.id === shown.endpointId)?.url ?? '';
  const rotated = shown.previousSecretExpiresAt !== null;
  return (
    <ShownOnceSecret
      title={rotated ? t('staff.webhooks.secretRotatedTitle') : t('staff.webhooks.secretCreatedTitle')}
      warning={t('staff.webhooks.secretWarning')}
      secret={shown.secret}
      copy={copy}
      copyFailed={t('staff.webhooks.copyFailed')}
      onCopy={() => actor.send({ type: 'webhooks.copyAsked' })}
      onDone={() => actor.send({ type: 'webhooks.secretDismissed' })}
      lead={
        <p className="break-all font-mono text-fg-muted">
          <span dir="ltr">{url}</span>
        </p>
      }
    >
      {shown.previousSecretExpiresAt && (
        <p>{t('staff.webhooks.secretOverlap', { when: formatDate(shown.previousSecretExpiresAt) })}</p>
      )}
    </ShownOnceSecret>
  );
}

function EndpointList({ actor }: { actor: EndpointsActor }) {
  const endpoints = useSelector(actor, selectEndpoints);
  if (endpoints.length === 0) return null;
  return (
    <ul className="divide-y divide-line rounded-lg border border-line bg-surface-raised">
      {endpoints.map((endpoint) => (
        <EndpointRow key={endpoint.id} actor={actor} endpoint={endpoint} />
      ))}
    </ul>
  );
}

const deliveryCounts = ['pending', 'failing', 'dead'] as const;

function EndpointRow({ actor, endpoint }: { actor: EndpointsActor; endpoint: WebhookEndpoint }) {
  const { t } = useTranslation();
  const formatDate = useStaffDate();
  const testing = useSelector(actor, selectTestingEndpointId) === endpoint.id;
  const testFailed = useSelector(actor, selectTestFailedEndpointId) === endpoint.id;
  const toggling = useSelector(actor, selectTogglingEndpointId) === endpoint.id;
  const toggleFailed = useSelector(actor, selectToggleFailedEndpointId) === endpoint.id;
  const overlapping =
    endpoint.previousSecretExpiresAt !== null && Date.parse(endpoint.previousSecretExpiresAt) > Date.now();
  const name = <span className="sr-only">: {endpoint.url}</span>;
  return (
    <li className="flex flex-col gap-2 px-4 py-3">
      <div className="flex flex-wrap items-start gap-x-3 gap-y-1">
        <p className="min-w-0 flex-1 break-all font-mono font-medium">
          <span dir="ltr">{endpoint.url}</span>
        </p>
        <span
          className={`rounded-md px-2 py-0.5 ${endpoint.enabled ? 'bg-brand-soft text-brand' : 'bg-surface-sunken text-fg-muted'}`}
        >
          {endpoint.enabled ? t('staff.webhooks.enabled') : t('staff.webhooks.disabled')}
        </span>
      </div>
      {endpoint.description && <p>{endpoint.description}</p>}
      <p className="text-fg-muted">
        {t('staff.webhooks.createdBy', { who: endpoint.createdBy, when: formatDate(endpoint.createdAt) })}
        {overlapping &&
          ` · ${t('staff.webhooks.previousSecret', { when: formatDate(endpoint.previousSecretExpiresAt ?? '') })}`}
      </p>
      <ul aria-label={t('staff.webhooks.countsLabel')} className="flex flex-wrap gap-x-4 gap-y-1">
        {deliveryCounts.map((state) => (
          <li key={state}>
            <Link
              href={staffPaths.deliveriesOf({ endpointId: endpoint.id, state })}
              className={`underline ${state !== 'pending' && endpoint[state] > 0 ? 'font-semibold text-danger' : 'text-brand'}`}
            >
              {t(`staff.webhooks.counts.${state}`, { count: endpoint[state] })}
              {name}
            </Link>
          </li>
        ))}
      </ul>
      <TestResult actor={actor} endpointId={endpoint.id} />
      {testFailed && (
        <p role="alert" className="text-danger">
          {t('staff.webhooks.testFailed')}
        </p>
      )}
      {toggleFailed && (
        <p role="alert" className="text-danger">
          {t('staff.webhooks.toggleFailed')}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <EndpointAction actor={actor} endpoint={endpoint} ask="webhooks.testAsked">
          {testing && <Spinner className="size-4" />}
          {testing ? t('staff.webhooks.testing') : t('staff.webhooks.test')}
        </EndpointAction>
        <EndpointAction actor={actor} endpoint={endpoint} ask="webhooks.enabledToggled">
          {toggling && <Spinner className="size-4" />}
          {endpoint.enabled ? t('staff.webhooks.disable') : t('staff.webhooks.enable')}
        </EndpointAction>
        <EndpointAction actor={actor} endpoint={endpoint} ask="webhooks.rotateAsked">
          {t('staff.webhooks.rotate')}
        </EndpointAction>
        <EndpointAction actor={actor} endpoint={endpoint} ask="webhooks.deleteAsked">
          {t('staff.webhooks.delete')}
        </EndpointAction>
      </div>
    </li>
  );
}

/** One of an endpoint's buttons: closed while another action runs; screen readers hear which endpoint it acts on. */
function EndpointAction({
  actor,
  endpoint,
  ask,
  children,
}: {
  actor: EndpointsActor;
  endpoint: WebhookEndpoint;
  ask: 'webhooks.testAsked' | 'webhooks.enabledToggled' | 'webhooks.rotateAsked' | 'webhooks.deleteAsked';
  children: ReactNode;
}) {
  const actionsOpen = useSelector(actor, selectEndpointActionsOpen);
  return (
    <button
      type="button"
      className={secondaryButton}
      disabled={!actionsOpen}
      onClick={() => actor.send({ type: ask, id: endpoint.id })}
    >
      {children}
      <span className="sr-only">: {endpoint.url}</span>
    </button>
  );
}

function TestResult({ actor, endpointId }: { actor: EndpointsActor; endpointId: number }) {
  const { t } = useTranslation();
  const formatDate = useStaffDate();
  const result = useSelector(actor, selectTestResult);
  if (result?.endpointId !== endpointId) return <p role="status" className="sr-only" />;
  const facts = { when: formatDate(result.testedAt), status: result.status, ms: result.durationMs };
  const summary =
    result.status === null
      ? t('staff.webhooks.testNoAnswer', facts)
      : result.ok
        ? t('staff.webhooks.testOk', facts)
        : t('staff.webhooks.testRefused', facts);
  return (
    <p role="status" className={result.ok ? 'text-fg' : 'text-danger'}>
      {summary}
      {result.error && (
        <>
          {' '}
          <span dir="auto" className="break-words">
            {t('staff.webhooks.testError', { error: result.error })}
          </span>
        </>
      )}
    </p>
  );
}

/** rotating a secret and deleting an endpoint ask the same way; only their words and outcome differ */
const endpointDialogs = {
  rotate: {
    selectStep: selectRotateStep,
    confirmed: 'webhooks.rotateConfirmed',
    danger: false,
    title: 'staff.webhooks.rotateTitle',
    text: 'staff.webhooks.rotateText',
    confirm: 'staff.webhooks.rotate',
    busy: 'staff.webhooks.rotating',
    failed: 'staff.webhooks.rotateFailed',
  },
  delete: {
    selectStep: selectDeleteStep,
    confirmed: 'webhooks.deleteConfirmed',
    danger: true,
    title: 'staff.webhooks.deleteTitle',
    text: 'staff.webhooks.deleteText',
    confirm: 'staff.webhooks.delete',
    busy: 'staff.webhooks.deleting',
    failed: 'staff.webhooks.deleteFailed',
  },
} as const;

function EndpointDialog({ actor, kind }: { actor: EndpointsActor; kind: keyof typeof endpointDialogs }) {
  const { t } = useTranslation();
  const dialog = endpointDialogs[kind];
  const step = useSelector(actor, dialog.selectStep);
  const endpoint = useSelector(actor, selectDialogEndpoint);
  return (
    <ConfirmDialog
      open={step !== null}
      title={t(dialog.title, { url: endpoint?.url ?? '' })}
      message={t(dialog.text)}
      confirmLabel={step === 'failed' ? t('common.tryAgain') : t(dialog.confirm)}
      cancelLabel={t('common.cancel')}
      busy={step === 'working'}
      busyLabel={t(dialog.busy)}
      danger={dialog.danger}
      onConfirm={() => actor.send({ type: dialog.confirmed })}
      onCancel={() => actor.send({ type: 'webhooks.cancelled' })}
    >
      {step === 'failed' ? (
        <p role="alert" className="text-danger">
          {t(dialog.failed)}
        </p>
      ) : null}
    </ConfirmDialog>
  );
}
