import { useActorRef, useSelector } from '@xstate/react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  bindSubstitutePreference,
  selectPreference,
  selectPreferenceStatus,
} from '../../../../machines/substitutes';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { NotOffered } from '../../../components/not-offered';
import { Spinner } from '../../../components/spinner';
import { useBoundMachine, usePortalInspection } from '../../../hooks/use-app-actor';

/**
 * /settings/substitutes/: whether this user, and (the main user deciding) the whole company, never
 * want substitutes offered for what ran out. Each switch saves at once.
 */
export function SubstitutesSection() {
  const { t } = useTranslation();
  const titleId = useId();
  const userId = useId();
  const companyId = useId();
  const preferenceRef = useActorRef(useBoundMachine(bindSubstitutePreference), usePortalInspection());
  const status = useSelector(preferenceRef, selectPreferenceStatus);
  const preference = useSelector(preferenceRef, selectPreference);
  if (status === 'notOffered') return <NotOffered />;
  if (status === 'loadFailed')
    return (
      <ErrorState
        message={t('errors.unknown')}
        onRetry={() => preferenceRef.send({ type: 'preference.retried' })}
      />
    );
  if (!preference) return <LoadingState label={t('app.loading')} />;
  const saving = status === 'saving';
  return (
    <section aria-labelledby={titleId} className="flex max-w-xl flex-col gap-3">
      <h2 id={titleId} className="font-semibold">
        {t('settings.sections.substitutes.title')}
      </h2>
      <p className="text-sm text-fg-muted">{t('substitutes.settings.intro')}</p>
      <label htmlFor={userId} className="tap-target flex items-center gap-3">
        <input
          id={userId}
          type="checkbox"
          checked={preference.userForbids}
          disabled={saving}
          onChange={(event) =>
            preferenceRef.send({ type: 'preference.changed', change: { userForbids: event.target.checked } })
          }
          className="size-5 accent-brand"
        />
        <span>{t('substitutes.settings.user')}</span>
      </label>
      <label htmlFor={companyId} className="tap-target flex items-center gap-3">
        <input
          id={companyId}
          type="checkbox"
          checked={preference.companyForbids}
          disabled={saving || !preference.canChangeCompany}
          aria-describedby={preference.canChangeCompany ? undefined : `${companyId}-note`}
          onChange={(event) =>
            preferenceRef.send({
              type: 'preference.changed',
              change: { companyForbids: event.target.checked },
            })
          }
          className="size-5 accent-brand"
        />
        <span>{t('substitutes.settings.company')}</span>
      </label>
      {!preference.canChangeCompany && (
        <p id={`${companyId}-note`} className="text-sm text-fg-muted">
          {t('substitutes.settings.companyMainUserOnly')}
        </p>
      )}
      {saving && (
        <p role="status" className="flex items-center gap-1 text-sm text-fg-muted">
          <Spinner className="size-3" />
          {t('substitutes.settings.saving')}
        </p>
      )}
      {status === 'saved' && (
        <p role="status" className="text-sm text-fg-muted">
          {t('substitutes.settings.saved')}
        </p>
      )}
      {status === 'saveFailed' && (
        <p role="alert" className="flex flex-wrap items-center gap-2 text-sm text-danger">
          <span>{t('substitutes.settings.saveFailed')}</span>
          <button
            type="button"
            onClick={() => preferenceRef.send({ type: 'preference.retried' })}
            className="tap-target rounded-md px-2 font-medium underline"
          >
            {t('common.tryAgain')}
          </button>
        </p>
      )}
    </section>
  );
}
