import { useSelector } from '@xstate/react';
import { CircleCheck } from 'lucide-react';
import { type FormEvent, useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  SIGN_OFF_COMMENT_LIMIT,
  selectCurrentVersionSignOff,
  selectSignOffComment,
  selectSignOffCommentProblem,
  selectSignOffFormStatus,
  selectSignOffHistoryStatus,
  selectSignOffs,
  selectSignOffVersion,
} from '../../../../machines/studio';
import { ErrorState } from '../../../components/error-state';
import { inputClass, labelClass } from '../../../components/field-classes';
import { LoadingState } from '../../../components/loading-state';
import { Spinner } from '../../../components/spinner';
import type { SignOffActor } from './use-sign-off-actor';
import { formatMoment } from './version-dates';

const primaryButton =
  'tap-target inline-flex items-center justify-center gap-2 rounded-md bg-brand px-3 text-sm font-medium text-brand-contrast hover:bg-brand-strong disabled:opacity-60';
const secondaryButton =
  'tap-target inline-flex items-center justify-center gap-2 rounded-md border border-line bg-surface-raised px-3 text-sm font-medium text-fg hover:bg-surface-sunken';

/** The machine's sign-offs, newest first, and the form that signs the version on screen off. */
export function SignOffPanel({ signOff }: { signOff: SignOffActor }) {
  const { t } = useTranslation('studio');
  const status = useSelector(signOff, selectSignOffHistoryStatus);
  return (
    <section aria-labelledby="sign-off-heading" className="flex flex-col gap-3">
      <h2 id="sign-off-heading" className="text-lg font-semibold">
        {t('versions.signOff.heading')}
      </h2>
      {status === 'loading' && <LoadingState label={t('versions.signOff.loading')} />}
      {status === 'failed' && (
        <ErrorState
          message={t('versions.signOff.loadFailed')}
          onRetry={() => signOff.send({ type: 'signOff.historyRetried' })}
        />
      )}
      {status === 'loaded' && (
        <>
          <SignOffForm signOff={signOff} />
          <SignOffHistory signOff={signOff} />
        </>
      )}
    </section>
  );
}

function SignOffHistory({ signOff }: { signOff: SignOffActor }) {
  const { t, i18n } = useTranslation('studio');
  const signOffs = useSelector(signOff, selectSignOffs);
  const version = useSelector(signOff, selectSignOffVersion);
  if (signOffs.length === 0) return <p className="text-fg-muted">{t('versions.signOff.none')}</p>;
  return (
    <ol className="flex flex-col gap-2" aria-label={t('versions.signOff.heading')}>
      {signOffs.map((each) => (
        <li key={each.id} className="rounded-md border border-line bg-surface-raised px-3 py-2">
          <p className="text-sm font-medium">
            {t('versions.signOff.entry', {
              name: each.signedBy ?? t('versions.signOff.removedUser'),
              version: each.version,
              date: formatMoment(i18n.language, each.signedAt),
            })}
            {each.version === version && (
              <span className="ms-2 rounded-sm bg-surface-sunken px-1 text-xs font-normal">
                {t('versions.signOff.thisVersion')}
              </span>
            )}
          </p>
          <p className="mt-1 whitespace-pre-wrap break-words text-sm">{each.comment}</p>
        </li>
      ))}
    </ol>
  );
}

function SignOffForm({ signOff }: { signOff: SignOffActor }) {
  const { t } = useTranslation('studio');
  const id = useId();
  const formStatus = useSelector(signOff, selectSignOffFormStatus);
  const version = useSelector(signOff, selectSignOffVersion);
  const signed = useSelector(signOff, selectCurrentVersionSignOff);
  const comment = useSelector(signOff, selectSignOffComment);
  const problem = useSelector(signOff, selectSignOffCommentProblem);

  const summary = signed ? (
    <p className="inline-flex items-center gap-2">
      <CircleCheck aria-hidden="true" className="size-5 text-brand" />
      {t('versions.signOff.currentSigned')}
    </p>
  ) : (
    <p>{t('versions.signOff.currentNotSigned', { version })}</p>
  );

  if (formStatus === 'closed' || formStatus === 'signedOff')
    return (
      <div className="flex flex-col items-start gap-2">
        {formStatus === 'signedOff' && (
          <p role="status" className="font-medium">
            {t('versions.signOff.done')}
          </p>
        )}
        {summary}
        <button
          type="button"
          className={primaryButton}
          onClick={() => signOff.send({ type: 'signOff.started' })}
        >
          {t('versions.signOff.start')}
        </button>
      </div>
    );

  const busy = formStatus === 'submitting';
  const hintId = `${id}-hint`;
  const messageId = `${id}-message`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    signOff.send({ type: 'signOff.submitted' });
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-2" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="font-semibold">
        {t('versions.signOff.formTitle', { version })}
      </h3>
      <div>
        <label htmlFor={id} className={labelClass}>
          {t('versions.signOff.comment')}
          <span aria-hidden="true"> *</span>
        </label>
        <p id={hintId} className="mb-1 text-sm text-fg-muted">
          {t('versions.signOff.commentHint')}
        </p>
        <textarea
          id={id}
          value={comment}
          rows={4}
          required
          // biome-ignore lint/a11y/noAutofocus: the form opens on the reviewer's own click, to be typed in
          autoFocus
          readOnly={busy || undefined}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${hintId} ${messageId}` : hintId}
          onChange={(event) => signOff.send({ type: 'signOff.commentChanged', comment: event.target.value })}
          className={`${inputClass} h-auto py-2 desktop:h-auto`}
        />
        {problem && (
          <p id={messageId} className="mt-1 text-sm text-danger">
            {problem === 'required'
              ? t('versions.signOff.required')
              : t('versions.signOff.tooLong', { max: SIGN_OFF_COMMENT_LIMIT })}
          </p>
        )}
      </div>
      {formStatus === 'failed' && (
        <div role="alert" className="rounded-md border border-danger/40 bg-danger-soft px-3 py-2 text-danger">
          {t('versions.signOff.failed')}
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={primaryButton} disabled={busy}>
          {busy && <Spinner className="size-4" />}
          {busy
            ? t('versions.signOff.submitting')
            : formStatus === 'failed'
              ? t('versions.signOff.retry')
              : t('versions.signOff.submit')}
        </button>
        <button
          type="button"
          className={secondaryButton}
          disabled={busy}
          onClick={() => signOff.send({ type: 'signOff.cancelled' })}
        >
          {t('versions.signOff.cancel')}
        </button>
      </div>
    </form>
  );
}
