import { useActorRef, useSelector } from '@xstate/react';
import type { TFunction } from 'i18next';
import { Plus } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import {
  bindApiKeys,
  integrationScopes,
  selectCopyState,
  selectIsCreatingKey,
  selectIsRevoking,
  selectKeyCreateFailed,
  selectKeyFormProblems,
  selectKeyName,
  selectKeySaving,
  selectKeyScopes,
  selectKeys,
  selectKeysLoadFailed,
  selectKeysLoading,
  selectRevokeCandidate,
  selectRevokeFailed,
  selectShownSecret,
} from '../../../machines/staff';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { EmptyState } from '../../components/empty-state';
import { ErrorState } from '../../components/error-state';
import { inputClass, labelClass } from '../../components/field-classes';
import { LoadingState } from '../../components/loading-state';
import { usePortalInspection } from '../../hooks/use-app-actor';
import { SaveOrCancel } from './save-or-cancel';
import { ShownOnceSecret } from './shown-once-secret';
import { cardClass, primaryButton, secondaryButton } from './staff-buttons';
import { useStaffArea } from './staff-context';
import { useStaffDate } from './staff-format';

type KeysActor = ActorRefFrom<ReturnType<typeof bindApiKeys>>;

/** a scope's words (a text key cannot hold the scope's colon) */
const scopeTextKey = {
  'catalogue:write': 'catalogue_write',
  'prices:write': 'prices_write',
  'assortments:write': 'assortments_write',
  'customers:write': 'customers_write',
  'jobs:read': 'jobs_read',
  'events:read': 'events_read',
  'suborders:write': 'suborders_write',
  'documents:write': 'documents_write',
  'webhooks:write': 'webhooks_write',
} as const;

/** A scope in words; one this console does not know (a newer server's) as the API names it. */
const scopeName = (t: TFunction, scope: string) =>
  Object.hasOwn(scopeTextKey, scope)
    ? t(`staff.keys.scopeNames.${scopeTextKey[scope as keyof typeof scopeTextKey]}`)
    : scope;

/** The integration keys: the list, a new key (its secret shown once) and revoking one. */
export function KeysScreen() {
  const { t } = useTranslation();
  const { bind } = useStaffArea();
  const actor = useActorRef(bind(bindApiKeys), usePortalInspection());
  const loading = useSelector(actor, selectKeysLoading);
  const loadFailed = useSelector(actor, selectKeysLoadFailed);
  const creating = useSelector(actor, selectIsCreatingKey);
  const secret = useSelector(actor, selectShownSecret);
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center gap-3">
        <h2 className="text-base font-semibold">{t('staff.keys.title')}</h2>
        {!loading && !loadFailed && !creating && !secret && (
          <button
            type="button"
            className={`${primaryButton} ms-auto`}
            onClick={() => actor.send({ type: 'keys.createStarted' })}
          >
            <Plus aria-hidden="true" className="size-4" />
            {t('staff.keys.new')}
          </button>
        )}
      </div>
      {loading && <LoadingState label={t('staff.common.loading')} />}
      {loadFailed && (
        <ErrorState
          message={t('staff.keys.loadFailed')}
          onRetry={() => actor.send({ type: 'keys.retried' })}
        />
      )}
      {creating && <NewKeyForm actor={actor} />}
      {secret && <SecretOnce actor={actor} secret={secret} />}
      {!loading && !loadFailed && <KeyList actor={actor} />}
      <RevokeDialog actor={actor} />
    </div>
  );
}

function NewKeyForm({ actor }: { actor: KeysActor }) {
  const { t } = useTranslation();
  const id = useId();
  const name = useSelector(actor, selectKeyName);
  const scopes = useSelector(actor, selectKeyScopes);
  const problems = useSelector(
    actor,
    selectKeyFormProblems,
    (a, b) => a.name === b.name && a.scopes === b.scopes,
  );
  const saving = useSelector(actor, selectKeySaving);
  const failed = useSelector(actor, selectKeyCreateFailed);
  return (
    <form
      noValidate
      aria-labelledby={`${id}-title`}
      className={`${cardClass} flex flex-col gap-4`}
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'keys.submitted' });
      }}
    >
      <h3 id={`${id}-title`} className="font-semibold">
        {t('staff.keys.new')}
      </h3>
      <div>
        <label htmlFor={`${id}-name`} className={labelClass}>
          {t('staff.keys.name')}
        </label>
        <input
          id={`${id}-name`}
          value={name}
          maxLength={80}
          disabled={saving}
          aria-invalid={problems.name || undefined}
          aria-describedby={problems.name ? `${id}-name-problem` : undefined}
          onChange={(event) => actor.send({ type: 'keys.nameChanged', name: event.target.value })}
          className={inputClass}
        />
        {problems.name && (
          <p id={`${id}-name-problem`} className="mt-1 text-danger">
            {t('staff.keys.nameMissing')}
          </p>
        )}
      </div>
      <fieldset aria-describedby={problems.scopes ? `${id}-scopes-problem` : undefined}>
        <legend className={labelClass}>{t('staff.keys.scopes')}</legend>
        <div className="flex flex-col gap-2">
          {integrationScopes.map((scope) => (
            <label key={scope} className="flex items-start gap-2">
              <input
                type="checkbox"
                checked={scopes.includes(scope)}
                disabled={saving}
                onChange={() => actor.send({ type: 'keys.scopeToggled', scope })}
                className="mt-1 size-4 accent-brand"
              />
              <span>
                {t(`staff.keys.scopeNames.${scopeTextKey[scope]}`)}{' '}
                <code className="text-fg-muted">{scope}</code>
              </span>
            </label>
          ))}
        </div>
        {problems.scopes && (
          <p id={`${id}-scopes-problem`} className="mt-1 text-danger">
            {t('staff.keys.scopesMissing')}
          </p>
        )}
      </fieldset>
      <SaveOrCancel
        saving={saving}
        failed={failed}
        saveLabel={t('staff.keys.create')}
        savingLabel={t('staff.keys.creating')}
        failedText={t('staff.keys.createFailed')}
        onCancel={() => actor.send({ type: 'keys.cancelled' })}
      />
    </form>
  );
}

function SecretOnce({ actor, secret }: { actor: KeysActor; secret: string }) {
  const { t } = useTranslation();
  const copy = useSelector(actor, selectCopyState);
  return (
    <ShownOnceSecret
      title={t('staff.keys.secretTitle')}
      warning={t('staff.keys.secretWarning')}
      secret={secret}
      copy={copy}
      copyFailed={t('staff.keys.copyFailed')}
      onCopy={() => actor.send({ type: 'keys.copyAsked' })}
      onDone={() => actor.send({ type: 'keys.secretDismissed' })}
    />
  );
}

function KeyList({ actor }: { actor: KeysActor }) {
  const { t } = useTranslation();
  const keys = useSelector(actor, selectKeys);
  const formatDate = useStaffDate();
  if (keys.length === 0) return <EmptyState>{t('staff.keys.empty')}</EmptyState>;
  return (
    <ul className="divide-y divide-line rounded-lg border border-line bg-surface-raised">
      {keys.map((key) => (
        <li key={key.id} className="flex flex-wrap items-start gap-x-4 gap-y-1 px-4 py-3">
          <div className="min-w-0 flex-1">
            <p className="font-medium">
              {key.name}{' '}
              <code dir="ltr" className="text-fg-muted">
                {key.keyPrefix}…
              </code>
            </p>
            <p className="text-fg-muted">{key.scopes.map((scope) => scopeName(t, scope)).join(' · ')}</p>
            <p className="text-fg-muted">
              {t('staff.keys.createdBy', { who: key.createdBy, when: formatDate(key.createdAt) })}
              {' · '}
              {key.lastUsedAt
                ? t('staff.keys.lastUsed', { when: formatDate(key.lastUsedAt) })
                : t('staff.keys.never')}
            </p>
          </div>
          {key.revokedAt ? (
            <span className="rounded-md bg-surface-sunken px-2 py-1 text-fg-muted">
              {t('staff.keys.revoked', { when: formatDate(key.revokedAt) })}
            </span>
          ) : (
            <button
              type="button"
              className={secondaryButton}
              onClick={() => actor.send({ type: 'keys.revokeAsked', id: key.id })}
            >
              {t('staff.keys.revoke')}
              <span className="sr-only">: {key.name}</span>
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}

function RevokeDialog({ actor }: { actor: KeysActor }) {
  const { t } = useTranslation();
  const candidate = useSelector(actor, selectRevokeCandidate);
  const revoking = useSelector(actor, selectIsRevoking);
  const failed = useSelector(actor, selectRevokeFailed);
  return (
    <ConfirmDialog
      open={candidate !== null}
      title={t('staff.keys.confirmTitle', { name: candidate?.name ?? '' })}
      message={t('staff.keys.confirmText')}
      confirmLabel={failed ? t('common.tryAgain') : t('staff.keys.revoke')}
      cancelLabel={t('common.cancel')}
      busy={revoking}
      busyLabel={t('staff.keys.revoking')}
      danger
      onConfirm={() => actor.send({ type: 'keys.revokeConfirmed' })}
      onCancel={() => actor.send({ type: 'keys.cancelled' })}
    >
      {failed ? (
        <p role="alert" className="text-danger">
          {t('staff.keys.revokeFailed')}
        </p>
      ) : null}
    </ConfirmDialog>
  );
}
